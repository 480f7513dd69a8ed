// The database's records as the race-day rules read them (src/domain/rules/race-day-rows.ts): the
// one mapping, for the server's loader (server/modules/race-day/rows.ts) and for the demo seed,
// which plans its rows before they are stored (so its fields may be left to their defaults).
import type { TeamGender, TeamLetter } from '../../src/domain/constants/choices';
import type { RaceMarkKind, Run } from '../../src/domain/constants/race-day';
import type { RaceDayRows } from '../../src/domain/rules/race-day-rows';
import type { participants, raceMarks, schools, startDraws, teamEntries, teams } from './schema';

type Stored<T extends { $inferSelect: object }, K extends keyof T['$inferSelect']> = Pick<T['$inferSelect'], K>;
type Planned<T extends { $inferSelect: object }, K extends keyof T['$inferSelect']> = Partial<T['$inferSelect']> &
  Stored<T, K>;

export interface RaceDayRecords {
  teams: readonly Stored<
    typeof teams,
    'id' | 'eventId' | 'schoolId' | 'disciplineId' | 'division' | 'gender' | 'teamRank'
  >[];
  entries: readonly Planned<typeof teamEntries, 'id' | 'teamId' | 'position'>[];
  participants: readonly Planned<typeof participants, 'id'>[];
  schools: readonly Stored<typeof schools, 'id' | 'name'>[];
  draws: readonly Stored<
    typeof startDraws,
    'eventId' | 'disciplineId' | 'division' | 'gender' | 'seed' | 'teamOrder'
  >[];
  marks: readonly Stored<typeof raceMarks, 'teamEntryId' | 'run' | 'mark'>[];
}

export function raceDayRowsOf(r: RaceDayRecords): RaceDayRows {
  return {
    teams: r.teams.map((t) => ({
      id: t.id,
      EventId: t.eventId,
      SchoolId: t.schoolId,
      DisciplineId: t.disciplineId,
      division: t.division,
      // Stored as the contract's schemas accepted them on write.
      gender: t.gender as TeamGender,
      teamRank: t.teamRank as TeamLetter,
    })),
    entries: r.entries.map((e) => ({
      id: e.id,
      TeamId: e.teamId,
      ParticipantId: e.participantId ?? null,
      position: e.position,
      bib: e.bib ?? null,
      bibManual: e.bibManual ?? false,
    })),
    participants: r.participants.map((p) => ({
      id: p.id,
      firstname: p.firstname ?? '',
      lastname: p.lastname ?? '',
      snowId: p.snowId ?? null,
      gender: p.gender ?? '',
      yearLevel: p.yearLevel ?? '',
    })),
    schools: r.schools.map((s) => ({ id: s.id, name: s.name })),
    draws: r.draws.map((d) => ({
      EventId: d.eventId,
      DisciplineId: d.disciplineId,
      division: d.division,
      gender: d.gender as TeamGender,
      seed: d.seed,
      teamOrder: d.teamOrder,
    })),
    marks: r.marks.map((m) => ({ teamEntryId: m.teamEntryId, run: m.run as Run, mark: m.mark as RaceMarkKind })),
  };
}
