// Row -> domain shape of a team manager: the answer of both routes, and the change feed's row
// (without the teams, which a device has in their own mirror table). The season pass is the
// spec's '0'/'1' whatever text a row was given by SQL or an old import.
import type { TeamManager } from '../../../src/domain/schemas';
import type { teamManagers } from '../../db/schema';

export type TeamManagerRow = typeof teamManagers.$inferSelect;

export function toTeamManager(row: TeamManagerRow, teams?: TeamManager['teams']): TeamManager {
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    mobile: row.mobile,
    seasonPass: row.seasonPass === '1' ? '1' : '0',
    SchoolId: row.schoolId,
    EventId: row.eventId,
    ...(teams ? { teams } : {}),
    version: row.version,
  };
}
