// Save of the team grid: the teams and their entries into the mirror and ONE outbox item holding
// the spec's PUT /api/teams {multi, teams, teamsDeleted}, in one Dexie transaction (queueThrough);
// the network is never awaited. The server's answer (each team with its entries) replaces these
// rows when it arrives.
import type { InterschoolsDb, TeamEntryRow, TeamRow } from '../../db/database';
import { teamsApi } from '../../domain/schemas/api/teams';
import type { SessionUser } from '../../domain/schemas/entities';
import { defineWrite, listBody, queueThrough } from '../../sync/write-adapter';
import type { TeamsSave, WorkingTeam } from './team-draft';

/** The answer is each team with its entries (and the names of its discipline and manager): the
 *  entries go to their own table, the names are not kept. */
const TEAMS_SAVE = defineWrite({
  table: 'teams',
  op: 'saveList',
  route: teamsApi.save,
  body: listBody(['teams'], ['teamsDeleted']),
  answer: {
    nested: { field: 'TeamEntries', table: 'teamEntries', parentKey: 'TeamId', joined: ['Discipline', 'TeamManager'] },
  },
});

function teamRow(team: WorkingTeam): TeamRow {
  const row = {
    id: team.id,
    SchoolId: team.SchoolId,
    EventId: team.EventId,
    DisciplineId: team.DisciplineId!,
    division: team.division!,
    teamRank: team.teamRank,
    gender: team.gender,
    TeamManagerId: team.TeamManagerId,
    _pending: true,
    ...(team.version !== undefined ? { version: team.version } : {}),
  };
  return row as TeamRow;
}

function entryRows(team: WorkingTeam): TeamEntryRow[] {
  return team.entries.map(
    (e) =>
      ({
        id: e.id,
        TeamId: team.id,
        ParticipantId: e.ParticipantId,
        position: e.position!,
        bib: e.bib,
        _pending: true,
        ...(e.version !== undefined ? { version: e.version } : {}),
      }) as TeamEntryRow,
  );
}

export async function saveTeams(
  db: InterschoolsDb,
  save: TeamsSave,
  user: Pick<SessionUser, 'username' | 'EventId'>,
): Promise<void> {
  await queueThrough(db, TEAMS_SAVE, {
    body: save.body,
    rowId: null,
    eventId: user.EventId,
    userId: user.username,
    base: save.base,
    // The refused saves this one sends again are done with (their teams travel in this one).
    refused: 'replace',
    applyLocally: async (tx) => {
      await tx.teams.bulkPut(save.teams.map(teamRow));
      await tx.teamEntries.bulkDelete(save.droppedEntryIds);
      await tx.teamEntries.bulkPut(save.teams.flatMap(entryRows));
      if (save.removedIds.length === 0) return;
      // Deleting a team deletes its entries with it, on the server and here.
      await tx.teamEntries.where('TeamId').anyOf(save.removedIds).delete();
      await tx.teams.bulkDelete(save.removedIds);
    },
  });
}
