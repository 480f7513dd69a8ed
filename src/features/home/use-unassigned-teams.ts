// Home's warning, from the mirror: the session's teams whose entries have unassigned participants
// (rules/unassigned-participants says what counts as unassigned).
import { useLiveQuery } from 'dexie-react-hooks';
import type { InterschoolsDb } from '../../db/database';
import type { UnassignedEntriesWarning } from '../../domain/rules/unassigned-entries';
import { teamsWithUnassignedParticipants } from '../../domain/rules/unassigned-participants';
import { disciplineNames } from './use-home-metrics';

async function readUnassignedTeams(
  db: InterschoolsDb,
  schoolId: string,
  eventId: string,
): Promise<UnassignedEntriesWarning[]> {
  const [teams, participants, nameOf] = await Promise.all([
    db.teams.where('[SchoolId+EventId]').equals([schoolId, eventId]).toArray(),
    db.participants.where('SchoolId').equals(schoolId).toArray(),
    disciplineNames(db),
  ]);
  const entries = teams.length
    ? await db.teamEntries
        .where('TeamId')
        .anyOf(teams.map((t) => t.id))
        .toArray()
    : [];
  const withEntries = teams.map((team) => ({
    ...team,
    TeamEntries: entries.filter((entry) => entry.TeamId === team.id),
  }));
  return teamsWithUnassignedParticipants(withEntries, participants, nameOf);
}

/** [] when there is nothing to warn about or no school and event to look at. */
export function useUnassignedTeams(db: InterschoolsDb, schoolId: string | null, eventId: string | null) {
  return useLiveQuery(
    async () => (schoolId && eventId ? readUnassignedTeams(db, schoolId, eventId) : []),
    [db, schoolId, eventId],
    [] as UnassignedEntriesWarning[],
  );
}
