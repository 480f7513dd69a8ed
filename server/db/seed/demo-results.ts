// The demo's first race day: the NSW event's Alpine races (the races with bibs) put in a running
// order on its first race day, and each race's results as a timing system writes them (Bib, Run 1,
// Run 2, Status; times as m:ss.hh, a few DNF and DNS), read and matched to the racers by the same
// rules as an imported file (src/domain/rules/results-file.ts), and published as the server
// publishes them, so a newcomer sees a day's results, team results and pointscores at once. Deterministic, from the demo's seeded random source.
import { DEFAULT_DISCIPLINE_MEASURES, DEFAULT_POINTSCORE_SETTINGS } from '../../../src/domain/constants/results';
import { eventPointscores, eventRaceStandings, type RaceOfEvent } from '../../../src/domain/rules/event-results';
import {
  individualPlacings,
  pointscorePlacings,
  resultGender,
  teamPlacings,
} from '../../../src/domain/rules/published-results';
import type { RunningOrderEntry } from '../../../src/domain/rules/running-order';
import type { Placing } from '../../../src/domain/schemas/entities/result';
import { raceRacers, recordOfRow, type ResultRecord } from '../../../src/domain/rules/recorded-results';
import { formatTime } from '../../../src/domain/rules/result-times';
import { matchResultRows, readResultsTable } from '../../../src/domain/rules/results-file';
import { TEAM_GENDERS, type TeamGender } from '../../../src/domain/constants/choices';
import type {
  events,
  participants,
  raceResults,
  resultOveralls,
  resultRaces,
  schools,
  teamEntries,
  teams,
} from '../schema';
import type { RaceDayRows } from '../../../src/domain/rules/race-day-rows';
import { raceDayRowsOf, type RaceDayRecords } from '../race-day-records';
import type { Rng } from './prng';

const ALPINE = 1;
const FIRST_START_MINUTES = 9 * 60;
const MINUTES_PER_RACE = 30;

interface Planned {
  event: typeof events.$inferInsert & { id: string };
  schools: readonly (typeof schools.$inferInsert)[];
  participants: readonly (typeof participants.$inferInsert)[];
  teams: readonly (typeof teams.$inferInsert & { id: string })[];
  teamEntries: readonly (typeof teamEntries.$inferInsert & { id: string })[];
}

/** A racer's time in hundredths: older divisions are faster, run 2 a little slower. */
function runTime(rng: Rng, division: number, run: 1 | 2): number {
  return 5500 + division * 300 + (run - 1) * 150 + rng.int(0, 1200);
}

/** The timing system's file of one race, as its rows of text. */
function timingFile(rng: Rng, bibs: readonly number[], division: number): string[][] {
  return [
    ['Bib', 'Run 1', 'Run 2', 'Status'],
    ...bibs.map((bib) => {
      if (rng.chance(0.03)) return [String(bib), '', '', 'DNS'];
      const first = formatTime(runTime(rng, division, 1));
      if (rng.chance(0.06)) return [String(bib), first, '', 'DNF'];
      return [String(bib), first, formatTime(runTime(rng, division, 2)), ''];
    }),
  ];
}

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The event's first race day's running order and the results of its races. */
export function planDemoRaceDay(
  p: Planned,
  rng: Rng,
  recordedBy: string,
): {
  runningOrder: RunningOrderEntry[];
  results: (typeof raceResults.$inferInsert)[];
  resultRaces: (typeof resultRaces.$inferInsert)[];
  resultOveralls: (typeof resultOveralls.$inferInsert)[];
} {
  const day = p.event.firstRaceDay;
  if (!day) return { runningOrder: [], results: [], resultRaces: [], resultOveralls: [] };
  const rows = raceDayRowsOf({
    teams: p.teams,
    entries: p.teamEntries,
    participants: p.participants as RaceDayRecords['participants'],
    schools: p.schools as RaceDayRecords['schools'],
    draws: [],
    marks: [],
  });
  const races = [
    ...new Map(
      p.teams
        .filter((t) => t.eventId === p.event.id && t.disciplineId === ALPINE)
        .map((t) => [`${t.division}|${t.gender}`, { division: t.division, gender: t.gender as TeamGender }]),
    ).values(),
  ].sort((a, b) => a.division - b.division || TEAM_GENDERS.indexOf(a.gender) - TEAM_GENDERS.indexOf(b.gender));
  const runningOrder = races.map((race, i) => ({
    DisciplineId: ALPINE,
    ...race,
    day,
    position: i + 1,
    plannedStart: clock(FIRST_START_MINUTES + i * MINUTES_PER_RACE),
  }));
  const results = races.flatMap((race) => {
    const racers = raceRacers({ EventId: p.event.id, DisciplineId: ALPINE, ...race }, rows);
    const bibs = racers.flatMap((r) => (r.bib === null ? [] : [r.bib]));
    const { matched } = matchResultRows(readResultsTable(timingFile(rng, bibs, race.division)).rows, racers);
    return matched.map(({ row, racer }) => ({
      eventId: p.event.id,
      ...recordOfRow(row, racers.find((r) => r.participantId === racer.participantId)!.teamEntryId),
      source: 'file',
      recordedBy,
    }));
  });
  return { runningOrder, results, ...published(p.event.id, races, rows, results) };
}

/** The computed results published as the server publishes them after an import
 *  (server/modules/results/publish.ts): each race's Individual and Team placings and the event's
 *  pointscores, so a school sees them on the Results screen. */
function published(
  eventId: string,
  races: readonly { division: number; gender: TeamGender }[],
  rows: RaceDayRows,
  results: readonly (typeof raceResults.$inferInsert)[],
) {
  const records = results.map((r) => ({
    teamEntryId: r.teamEntryId,
    run1: r.run1 ?? null,
    run2: r.run2 ?? null,
    score: r.score ?? null,
    status: (r.status ?? null) as ResultRecord['status'],
  }));
  const standings = eventRaceStandings(
    eventId,
    races.map((r) => ({ DisciplineId: ALPINE, ...r })),
    rows,
    records,
    DEFAULT_DISCIPLINE_MEASURES,
  );
  const measure = DEFAULT_DISCIPLINE_MEASURES[ALPINE]!;
  const settings = DEFAULT_POINTSCORE_SETTINGS;
  const race = (r: RaceOfEvent, teamIndividual: 'Individual' | 'Team', placings: Placing[]) => ({
    eventId,
    disciplineId: r.DisciplineId,
    division: r.division,
    gender: resultGender(r.gender),
    teamIndividual,
    placings,
  });
  return {
    resultRaces: standings.flatMap((r) => [
      race(r, 'Individual', individualPlacings(r, measure)),
      race(r, 'Team', teamPlacings(r, measure, settings.pointsByPlace)),
    ]),
    resultOveralls: eventPointscores(standings, settings)
      .filter((t) => t.schools.length > 0)
      .map((t) => ({
        eventId,
        pointscore: t.pointscore,
        schoolType: t.schoolType,
        gender: t.gender,
        placings: pointscorePlacings(t),
      })),
  };
}
