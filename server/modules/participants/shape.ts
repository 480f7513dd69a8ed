// Row -> domain shape for participants and team entries (shared by the participants routes and
// the sync feed, so a pulled row and an answered row look the same).
import type { Gender, YearLevel } from '../../../src/domain/constants';
import type { Participant, TeamEntry } from '../../../src/domain/schemas';
import type { participants, teamEntries } from '../../db/schema';

export type ParticipantRow = typeof participants.$inferSelect;
export type TeamEntryRow = typeof teamEntries.$inferSelect;

const flag = (n: number): 0 | 1 => (n ? 1 : 0);

export function toParticipant(
  row: ParticipantRow,
  extra: { entryCount?: number; TeamEntries?: TeamEntry[] } = {},
): Participant {
  return {
    id: row.id,
    snowId: row.snowId,
    snowIdActive: flag(row.snowIdActive),
    firstname: row.firstname,
    lastname: row.lastname,
    yearLevel: row.yearLevel as YearLevel | '',
    gender: row.gender as Gender | '',
    dob: row.dob,
    email: row.email,
    SchoolId: row.schoolId,
    archived: flag(row.archived),
    ...(extra.entryCount !== undefined ? { entryCount: extra.entryCount } : {}),
    ...(extra.TeamEntries ? { TeamEntries: extra.TeamEntries } : {}),
    version: row.version,
  };
}

export function toTeamEntry(row: TeamEntryRow): TeamEntry {
  return {
    id: row.id,
    TeamId: row.teamId,
    ParticipantId: row.participantId,
    position: row.position,
    bib: row.bib,
    bibManual: row.bibManual,
    version: row.version,
  };
}
