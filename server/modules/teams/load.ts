// The teams of a school in an event as every answer gives them: discipline name, race entries and
// manager. Read by the module's answers and by the batch check (a stale save is answered with
// the stored team), so it sits apart from service.ts, which the check serves.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Team } from '../../../src/domain/schemas';
import type { Db, Tx } from '../../db/client';
import { disciplines, teamEntries, teamManagers, teams } from '../../db/schema';
import { toTeamEntry } from '../participants';
import { toTeam, type ManagerRef } from './shape';

export type Scope = { schoolId: string; eventId: string };
type Q = Db | Tx;

/** The scope's teams (only those ids when given) with discipline name, entries and manager, in
 *  the order a coordinator reads them: discipline, division, gender, letter. */
export async function loadTeams(db: Q, scope: Scope, ids?: string[]): Promise<Team[]> {
  if (ids && !ids.length) return [];
  const rows = await db
    .select({ team: teams, disciplineName: disciplines.name })
    .from(teams)
    .innerJoin(disciplines, eq(disciplines.id, teams.disciplineId))
    .where(
      and(
        eq(teams.schoolId, scope.schoolId),
        eq(teams.eventId, scope.eventId),
        ids ? inArray(teams.id, ids) : undefined,
      ),
    )
    .orderBy(asc(teams.disciplineId), asc(teams.division), asc(teams.gender), asc(teams.teamRank));
  const teamIds = rows.map((r) => r.team.id);
  const managerIds = [...new Set(rows.flatMap((r) => (r.team.teamManagerId ? [r.team.teamManagerId] : [])))];
  const [entryRows, managerRows] = await Promise.all([
    teamIds.length
      ? db.select().from(teamEntries).where(inArray(teamEntries.teamId, teamIds)).orderBy(asc(teamEntries.position))
      : Promise.resolve([]),
    managerIds.length
      ? db
          .select({ id: teamManagers.id, firstname: teamManagers.firstname, lastname: teamManagers.lastname })
          .from(teamManagers)
          .where(inArray(teamManagers.id, managerIds))
      : Promise.resolve([] as ManagerRef[]),
  ]);
  const entriesOf = new Map<string, typeof entryRows>();
  for (const e of entryRows) entriesOf.set(e.teamId, [...(entriesOf.get(e.teamId) ?? []), e]);
  const managers = new Map(managerRows.map((m) => [m.id, m]));
  return rows.map(({ team, disciplineName }) =>
    toTeam(team, {
      disciplineName,
      entries: (entriesOf.get(team.id) ?? []).map(toTeamEntry),
      manager: team.teamManagerId ? (managers.get(team.teamManagerId) ?? null) : null,
    }),
  );
}
