// Where each race of an event stands, read from the race-day rows a device holds (the same rows the
// start lists are computed from): whether it has racers, and whether its start order is drawn or its
// bibs given. Previous race and Next race step only through races with racers, in the pickers'
// order (race-sequence.ts), so an official never pages through empty races; the picker shows each
// race's state, so an administrator sees which races are still open to a draw.
import { sameRace, type RaceDayRows, type RaceKey } from './race-day-rows';
import { raceKey, type SequencedRace } from './race-sequence';
import { raceHasBibs } from './start-list';

export type RaceDrawState = 'no racers' | 'not drawn yet' | 'drawn' | 'bibs given';

/** The races (as 'DisciplineId|division|gender') of an event with at least one racer: an entry
 *  with a participant in one of its teams (an unassigned position races nobody). */
export function racesWithRacers(EventId: string, rows: Pick<RaceDayRows, 'teams' | 'entries'>): Set<string> {
  const teamsWithRacers = new Set(rows.entries.flatMap((e) => (e.ParticipantId ? [e.TeamId] : [])));
  return new Set(rows.teams.filter((t) => t.EventId === EventId && teamsWithRacers.has(t.id)).map((t) => raceKey(t)));
}

/** 'no racers', else 'bibs given' once any racer has a bib, else 'drawn' once its start order is
 *  drawn, else 'not drawn yet' (still open to a draw). */
export function raceDrawState(
  race: RaceKey,
  rows: RaceDayRows,
  withRacers = racesWithRacers(race.EventId, rows),
): RaceDrawState {
  if (!withRacers.has(raceKey(race))) return 'no racers';
  if (raceHasBibs(race, rows)) return 'bibs given';
  return rows.draws.some((d) => sameRace(d, race)) ? 'drawn' : 'not drawn yet';
}

/** The nearest race before or after `current` in `sequence` that has racers; null when none lies
 *  that way or `current` is not listed. The current race itself may be empty. */
export function neighbourRaceWithRacers(
  sequence: readonly SequencedRace[],
  current: SequencedRace,
  step: -1 | 1,
  withRacers: ReadonlySet<string>,
): SequencedRace | null {
  const at = sequence.findIndex((r) => raceKey(r) === raceKey(current));
  if (at < 0) return null;
  for (let i = at + step; i >= 0 && i < sequence.length; i += step) {
    const race = sequence[i]!;
    if (withRacers.has(raceKey(race))) return race;
  }
  return null;
}
