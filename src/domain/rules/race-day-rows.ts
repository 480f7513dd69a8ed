// The plain rows race day is computed from, the same on the server (read from the database) and
// on a race official's tablet (read from the race-day mirror): start lists, start marshall sheets,
// bib lists and timing files are pure functions over these (src/domain/README.md 'Derived views'), so a
// screen shows the same offline as online.
import type { z } from 'zod';
import type { RaceMarkKind } from '../constants/race-day';
import type {
  raceEntryRowSchema,
  raceMarkRowSchema,
  raceParticipantRowSchema,
  raceSchoolRowSchema,
  raceTeamRowSchema,
  startDrawRowSchema,
} from '../schemas/api/race-day-feed';

/** One race: a discipline, division and gender of an event. */
export interface RaceKey {
  EventId: string;
  DisciplineId: number;
  division: number;
  gender: string;
}

// The rows are the race-day feed's rows (src/domain/schemas/api/race-day-feed.ts), narrowed to the
// fields race day reads: one schema says what a row is, on the server and on the tablet.
type Fields<S extends z.ZodType, K extends keyof z.output<S>> = Pick<z.output<S>, K>;

export type RaceTeam = Fields<
  typeof raceTeamRowSchema,
  'id' | 'EventId' | 'SchoolId' | 'DisciplineId' | 'division' | 'gender' | 'teamRank'
>;

export type RaceEntry = Fields<
  typeof raceEntryRowSchema,
  'id' | 'TeamId' | 'ParticipantId' | 'position' | 'bib' | 'bibManual'
>;

/** A racer as race day needs them: names, snow id, gender and year level, never a date of birth. */
export type RaceParticipant = Fields<
  typeof raceParticipantRowSchema,
  'id' | 'firstname' | 'lastname' | 'snowId' | 'gender' | 'yearLevel'
>;

export type RaceSchool = Fields<typeof raceSchoolRowSchema, 'id' | 'name'>;

/** The stored draw of a race: its teams in drawn order (docs/decisions.md 'Race day'). */
export type StartDraw = Fields<
  typeof startDrawRowSchema,
  'EventId' | 'DisciplineId' | 'division' | 'gender' | 'seed' | 'teamOrder'
>;

export { type RaceMarkKind };

/** A start hut mark on one entry in one run. */
export type RaceMark = Fields<typeof raceMarkRowSchema, 'teamEntryId' | 'run' | 'mark'>;

/** Everything race day reads, for one event or several. */
export interface RaceDayRows {
  teams: readonly RaceTeam[];
  entries: readonly RaceEntry[];
  participants: readonly RaceParticipant[];
  schools: readonly RaceSchool[];
  draws: readonly StartDraw[];
  marks: readonly RaceMark[];
}

export function sameRace(a: RaceKey, b: RaceKey): boolean {
  return (
    a.EventId === b.EventId && a.DisciplineId === b.DisciplineId && a.division === b.division && a.gender === b.gender
  );
}
