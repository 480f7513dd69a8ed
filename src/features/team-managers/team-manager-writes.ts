// Save of the team managers grid: the rows into the mirror and ONE outbox item holding the spec's
// PUT /api/teamManagers, in one Dexie transaction (queueThrough); the network is never awaited.
import type { InterschoolsDb } from '../../db/database';
import type { SessionUser } from '../../domain/schemas/entities';
import { defineWrite, listBody, queueThrough } from '../../sync/write-adapter';
import type { TeamManagersSave } from './team-manager-rows';
import { teamManagersApi } from '../../domain/schemas/api/team-managers';

const TEAM_MANAGERS_SAVE = defineWrite({
  table: 'teamManagers',
  op: 'saveList',
  route: teamManagersApi.save,
  body: listBody(['teamManagers'], ['teamManagersDeleted']),
});

export async function saveTeamManagers(
  db: InterschoolsDb,
  save: TeamManagersSave,
  user: Pick<SessionUser, 'username' | 'EventId'>,
): Promise<void> {
  await queueThrough(db, TEAM_MANAGERS_SAVE, {
    body: save.body,
    rowId: null,
    eventId: user.EventId,
    userId: user.username,
    base: save.base,
    refused: 'carry',
    applyLocally: async (tx) => {
      await tx.teamManagers.bulkPut(save.rows.map((row) => ({ ...row, _pending: true })));
      if (save.removedIds.length === 0) return;
      await tx.teamManagers.bulkDelete(save.removedIds);
      // The server leaves a removed manager's teams without a manager; the mirror does the same.
      await tx.teams.where('TeamManagerId').anyOf(save.removedIds).modify({ TeamManagerId: null });
    },
  });
}
