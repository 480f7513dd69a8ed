// The plain rows race day is computed from, the same on the server (read from the database) and
// on a race official's tablet (read from the race-day mirror): start lists, start marshall sheets,
// bib lists and timing files are pure functions over these (docs/architecture.md 'Derived views'), so a
// screen shows the same offline as online.
import type { RaceMarkKind } from '../constants/race-day';

/** One race: a discipline, division and gender of an event. */
export interface RaceKey {
  EventId: string;
  DisciplineId: number;
  division: number;
  gender: string;
}

export interface RaceTeam {
  id: string;
  EventId: string;
  SchoolId: string;
  DisciplineId: number;
  division: number;
  gender: string;
  teamRank: string;
}

export interface RaceEntry {
  id: string;
  TeamId: string;
  ParticipantId: string | null;
  position: number;
  bib: number | null;
  bibManual?: boolean;
}

/** A racer as race day needs them: names, snow id, gender and year level, never a date of birth. */
export interface RaceParticipant {
  id: string;
  firstname: string;
  lastname: string;
  snowId: string | null;
  gender: string;
  yearLevel: string;
}

export interface RaceSchool {
  id: string;
  name: string;
}

/** The stored draw of a race: its teams in drawn order (docs/decisions.md 'Race day'). */
export interface StartDraw extends RaceKey {
  seed: number;
  teamOrder: string[];
}

export { type RaceMarkKind };

/** A start hut mark on one entry in one run. */
export interface RaceMark {
  teamEntryId: string;
  run: 'First' | 'Second';
  mark: RaceMarkKind;
}

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
