// Save of the team managers grid: the rows into the mirror and ONE outbox item holding the spec's
// PUT /api/teamManagers, in one Dexie transaction (queueWrite); the network is never awaited.
import type { InterschoolsDb } from '../../db/database';
import type { SessionUser } from '../../domain/schemas/entities';
import { queueWrite } from '../../sync/writes';
import type { TeamManagersSave } from './team-manager-rows';

export async function saveTeamManagers(
  db: InterschoolsDb,
  save: TeamManagersSave,
  user: Pick<SessionUser, 'username' | 'EventId'>,
): Promise<void> {
  await queueWrite(db, {
    method: 'PUT',
    path: '/api/teamManagers',
    body: save.body,
    entity: 'teamManagers',
    rowId: null,
    eventId: user.EventId,
    userId: user.username,
    base: save.base,
    carriesRefused: true,
    applyLocally: async (tx) => {
      await tx.teamManagers.bulkPut(save.rows.map((row) => ({ ...row, _pending: true })));
      if (save.removedIds.length === 0) return;
      await tx.teamManagers.bulkDelete(save.removedIds);
      // The server leaves a removed manager's teams without a manager; the mirror does the same.
      await tx.teams.where('TeamManagerId').anyOf(save.removedIds).modify({ TeamManagerId: null });
    },
  });
}
