// An event's results as a whole (docs/decisions.md, 'Results from the timing system'): every race
// with results ranked by its discipline's measure, and from its ranked teams the schools'
// pointscores. The same function of the same rows on every device, so a pointscore read on a
// tablet offline is the one the server would give.
import type { DisciplineMeasures, PointscoreSettings } from '../constants/results';
import type { TeamGender } from '../constants/choices';
import { schoolPointscores, type PointscoreTable, type RaceTeamPlaces } from './pointscores';
import type { RaceDayRows } from './race-day-rows';
import { measureOf, raceStandings, type RaceStandings } from './race-results';
import type { SequencedRace } from './race-sequence';
import { raceRacers, recordedResults, type ResultRecord } from './recorded-results';

export interface RaceOfEvent extends SequencedRace {
  standings: RaceStandings;
}

/** The races of the event that have results, in the order given, each with its standings. */
export function eventRaceStandings(
  eventId: string,
  races: readonly SequencedRace[],
  rows: RaceDayRows,
  records: readonly ResultRecord[],
  measures: DisciplineMeasures,
): RaceOfEvent[] {
  const withResults = new Set(records.map((r) => r.teamEntryId));
  return races.flatMap((race) => {
    const measure = measureOf(race.DisciplineId, measures);
    if (!measure) return [];
    const racers = raceRacers({ EventId: eventId, ...race }, rows);
    if (!racers.some((r) => withResults.has(r.teamEntryId))) return [];
    return [{ ...race, standings: raceStandings(recordedResults(racers, records, measure), measure) }];
  });
}

/** The schools' pointscores from the races' team places. */
export function eventPointscores(races: readonly RaceOfEvent[], settings: PointscoreSettings): PointscoreTable[] {
  const places: RaceTeamPlaces[] = races.map((race) => ({
    disciplineId: race.DisciplineId,
    division: race.division,
    gender: race.gender as TeamGender,
    teams: race.standings.teams.map((t) => ({ place: t.place, schoolId: t.schoolId, schoolName: t.schoolName })),
  }));
  return schoolPointscores(places, settings);
}
