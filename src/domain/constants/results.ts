// Race results (docs/decisions.md, 'Results from the timing system'): how each discipline is measured and scored, the
// points a team's place earns, who qualifies for the next level, and which races make up each
// school pointscore. All of it is an event's default: an event may replace any part, so the rules
// take these as arguments and never branch on a discipline id.
import type { EventLevel, Pointscore, ResultGender, ResultSchoolType, TeamGender } from './choices';
import type { DisciplineId } from './disciplines';

/** Why a racer has no result in a run: did not start, did not finish, disqualified. */
export const RESULT_STATUSES = ['DNS', 'DNF', 'DSQ'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

/** Words a results file may use for a status, in lower case. Timing systems write DQ as often
 *  as DSQ. */
export const RESULT_STATUS_WORDS: Readonly<Record<string, ResultStatus>> = {
  dns: 'DNS',
  dnf: 'DNF',
  dsq: 'DSQ',
  dq: 'DSQ',
};

/**
 * How a discipline's results are measured and a team scored.
 * - `kind`: 'time' (hundredths of a second, lower is better) or 'score' (judged, higher is better).
 * - `runs`: how many runs a racer makes.
 * - `individual`: a racer's result is the 'sum' of every run (each one needed), or their 'best' run.
 * - `team`: 'eachRun' sums the team's `counted` best values of each run, over every run (a run
 *   short of `counted` values leaves the team incomplete); 'results' sums the `counted` best
 *   individual results.
 */
export interface DisciplineMeasure {
  kind: 'time' | 'score';
  runs: number;
  individual: 'sum' | 'best';
  team: 'eachRun' | 'results';
  counted: number;
}
export type DisciplineMeasures = Readonly<Record<DisciplineId, DisciplineMeasure>>;

const twoRunTimes = (counted: number): DisciplineMeasure => ({
  kind: 'time',
  runs: 2,
  individual: 'sum',
  team: 'eachRun',
  counted,
});
const oneRunTime = (counted: number): DisciplineMeasure => ({
  kind: 'time',
  runs: 1,
  individual: 'sum',
  team: 'results',
  counted,
});
// Two judged runs, the better one standing: a file brings one score per racer, which reads as one
// run, and a best-of still ranks it.
const judged: DisciplineMeasure = { kind: 'score', runs: 2, individual: 'best', team: 'results', counted: 2 };

/** The default measure of each discipline, by id. */
export const DEFAULT_DISCIPLINE_MEASURES: DisciplineMeasures = {
  1: twoRunTimes(3), // Alpine
  2: judged, // Moguls
  3: oneRunTime(2), // Skier Cross: the qualifying run
  4: twoRunTimes(2), // Snowboard Giant Slalom
  5: oneRunTime(2), // Snowboard Cross: the qualifying run
  6: oneRunTime(3), // Cross Country Classic
  7: twoRunTimes(3), // Alpine Primary Teams
  8: oneRunTime(3), // Cross Country Freestyle
  9: twoRunTimes(3), // Alpine Relay
  10: judged, // Ski Slopestyle
  11: judged, // Snowboard Slopestyle
};

/** Minutes a race's results stay provisional after the last one was recorded: the protest period. */
export const DEFAULT_PROTEST_MINUTES = 30;

/** Judged scores run from 0 to this. */
export const MAX_JUDGED_SCORE = 100;

/** Points a ranked team earns by its place: 1st the first number, and so on; a place past the
 *  end earns nothing. */
export const DEFAULT_POINTS_BY_PLACE: readonly number[] = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1];

/** How many of a race go on to the next level. Races with fewer starters than `smallRaceStarters`
 *  send `individualsSmallRace` individuals instead of `individuals`. */
export interface QualifierSettings {
  teams: number;
  individuals: number;
  individualsSmallRace: number;
  smallRaceStarters: number;
}
export const DEFAULT_QUALIFIER_SETTINGS: QualifierSettings = {
  teams: 6,
  individuals: 15,
  individualsSmallRace: 10,
  smallRaceStarters: 30,
};

/** The level an event's qualifiers go on to; National is the last. */
export const NEXT_EVENT_LEVEL: Readonly<Record<EventLevel, EventLevel | null>> = {
  Regional: 'State',
  State: 'National',
  National: null,
};

/** The disciplines whose races count for each pointscore ('all': every discipline). */
export type PointscoreGroups = Readonly<Record<Pointscore, readonly DisciplineId[] | 'all'>>;
export const DEFAULT_POINTSCORE_GROUPS: PointscoreGroups = {
  Skiing: [1, 2, 3, 7, 9, 10],
  Snowboard: [4, 5, 11],
  'Cross Country': [6, 8],
  'Overall Pointscore': 'all',
};

/** The divisions whose races count for the primary and the secondary pointscores. */
export type PointscoreDivisions = Readonly<Record<ResultSchoolType, { from: number; to: number }>>;
export const DEFAULT_POINTSCORE_DIVISIONS: PointscoreDivisions = {
  Primary: { from: 4, to: 6 },
  Secondary: { from: 1, to: 3 },
};

/** The pointscore genders a race's points count for: Co-Ed is the school's boys and girls together,
 *  so it takes every race; a co-ed team's race counts for Co-Ed alone. */
export const POINTSCORE_GENDERS_OF_RACE: Readonly<Record<TeamGender, readonly ResultGender[]>> = {
  Male: ['Male', 'Co-Ed'],
  Female: ['Female', 'Co-Ed'],
  'Co-ed': ['Co-Ed'],
};

export interface PointscoreSettings {
  pointsByPlace: readonly number[];
  groups: PointscoreGroups;
  divisions: PointscoreDivisions;
}
export const DEFAULT_POINTSCORE_SETTINGS: PointscoreSettings = {
  pointsByPlace: DEFAULT_POINTS_BY_PLACE,
  groups: DEFAULT_POINTSCORE_GROUPS,
  divisions: DEFAULT_POINTSCORE_DIVISIONS,
};
