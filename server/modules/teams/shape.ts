// Row -> domain shape of a team. `toTeamRow` is the team's own fields, as the change feed sends a
// team (a device joins the discipline, manager and entries from their own mirror tables);
// `toTeam`, the answer of every teams route, adds the discipline's name, the entries and the
// manager to those same fields.
import type { TeamGender, TeamLetter } from '../../../src/domain/constants';
import type { Team, TeamEntry } from '../../../src/domain/schemas';
import type { teams } from '../../db/schema';

export type TeamRow = typeof teams.$inferSelect;
export type ManagerRef = { id: string; firstname: string; lastname: string };
type JoinedFields = 'Discipline' | 'TeamManager' | 'TeamEntries';

export function toTeamRow(row: TeamRow): Omit<Team, JoinedFields> {
  return {
    id: row.id,
    DisciplineId: row.disciplineId,
    division: row.division,
    teamRank: row.teamRank as TeamLetter,
    gender: row.gender as TeamGender,
    EventId: row.eventId,
    SchoolId: row.schoolId,
    TeamManagerId: row.teamManagerId,
    version: row.version,
  };
}

export function toTeam(
  row: TeamRow,
  extra: { disciplineName?: string; entries?: TeamEntry[]; manager?: ManagerRef | null } = {},
): Team {
  return {
    ...toTeamRow(row),
    Discipline: { id: row.disciplineId, ...(extra.disciplineName !== undefined ? { name: extra.disciplineName } : {}) },
    TeamManager: extra.manager ?? null,
    TeamEntries: extra.entries ?? [],
  };
}
