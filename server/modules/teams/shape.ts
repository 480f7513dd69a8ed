// Row -> domain shape of a team (the answer of every teams route). The bare fields are those the
// sync feed sends for a team row (server/modules/sync/service.ts), so a pulled team and an
// answered team agree; the routes add the discipline's name, the entries and the manager.
import type { TeamGender, TeamLetter } from '../../../src/domain/constants';
import type { Team, TeamEntry } from '../../../src/domain/schemas';
import type { teams } from '../../db/schema';

export type TeamRow = typeof teams.$inferSelect;
export type ManagerRef = { id: string; firstname: string; lastname: string };

export function toTeam(row: TeamRow, extra: { disciplineName?: string; entries?: TeamEntry[]; manager?: ManagerRef | null } = {}): Team {
  return {
    id: row.id,
    DisciplineId: row.disciplineId,
    Discipline: { id: row.disciplineId, ...(extra.disciplineName !== undefined ? { name: extra.disciplineName } : {}) },
    division: row.division,
    teamRank: row.teamRank as TeamLetter,
    gender: row.gender as TeamGender,
    EventId: row.eventId,
    SchoolId: row.schoolId,
    TeamManagerId: row.teamManagerId,
    TeamManager: extra.manager ?? null,
    TeamEntries: extra.entries ?? [],
    version: row.version,
  };
}
