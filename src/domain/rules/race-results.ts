// A race's results (docs/decisions.md, 'Results from the timing system'): racers ranked by the discipline's measure and
// teams by their score, equal results sharing a place (1, 2, 2, 4). Racers without a result and
// teams short of results follow the ranked ones, each with why. The measure comes from the event's
// settings, so no discipline is special-cased here.
import type { DisciplineId } from '../constants/disciplines';
import type { DisciplineMeasure, DisciplineMeasures, ResultStatus } from '../constants/results';

/** A racer of the race, as the start list knows them. */
export interface RaceRacer {
  bib: number | null;
  participantId: string;
  name: string;
  schoolId: string;
  schoolName: string;
  teamId: string;
  /** The team as results show it, e.g. 'Jindabyne Central A'. */
  teamName: string;
}

/** What a racer did: each run's value in the measure's unit (hundredths of a second, or a judged
 *  score), null where the run has none; and their status, if any. */
export interface RacerResult {
  racer: RaceRacer;
  runs: readonly (number | null)[];
  status: ResultStatus | null;
}

export interface RacerStanding {
  racer: RaceRacer;
  /** Null for a racer without a result: they are listed after the ranked racers. */
  place: number | null;
  /** The sum of the runs, or the best score; null without a place. */
  result: number | null;
  runs: readonly (number | null)[];
  status: ResultStatus | null;
  /** Why there is no place ('DNF', 'No time in run 2'); null with a place. */
  unplacedWhy: string | null;
}

/** A value that went into a team's score: whose, from which run (1, 2; null for a racer's whole
 *  result), and how much. */
interface CountedValue {
  participantId: string;
  run: number | null;
  value: number;
}

export interface TeamStanding {
  teamId: string;
  teamName: string;
  schoolId: string;
  schoolName: string;
  /** Null for an incomplete team: it is listed after the ranked teams. */
  place: number | null;
  score: number | null;
  /** The values summed into the score; none for an incomplete team. */
  counted: readonly CountedValue[];
  /** Why the team has no score, e.g. '2 of 3 results: Jane Smith DNF'; null when it has one. */
  incompleteWhy: string | null;
}

export interface RaceStandings {
  racers: RacerStanding[];
  teams: TeamStanding[];
}

/** A discipline's measure in the event's settings; null for a discipline they do not name. */
export function measureOf(disciplineId: DisciplineId, measures: DisciplineMeasures): DisciplineMeasure | null {
  return measures[disciplineId] ?? null;
}

/** Places in the order given, equal values sharing the first place of their run of equals and the
 *  next value skipping the places they took (1, 2, 2, 4). */
export function sharedPlaces(sortedValues: readonly number[]): number[] {
  const places: number[] = [];
  sortedValues.forEach((value, index) => {
    places.push(index > 0 && value === sortedValues[index - 1] ? places[index - 1]! : index + 1);
  });
  return places;
}

// Judged scores are summed and compared in whole hundredths of a point, as times are, so that
// 72.35 + 80.1 ties with 80.1 + 72.35 and prints as 152.45.
const toUnits = (value: number, measure: DisciplineMeasure) =>
  measure.kind === 'score' ? Math.round(value * 100) : value;
const fromUnits = (units: number, measure: DisciplineMeasure) => (measure.kind === 'score' ? units / 100 : units);

/** Negative when `a` is the better value. */
const betterFirst = (measure: DisciplineMeasure) => (a: number, b: number) => (measure.kind === 'time' ? a - b : b - a);

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

function runsOf(result: RacerResult, measure: DisciplineMeasure): (number | null)[] {
  return Array.from({ length: measure.runs }, (_, run) => result.runs[run] ?? null);
}

const missingWord = (measure: DisciplineMeasure) => (measure.kind === 'time' ? 'time' : 'score');

/** The racer's result in whole units, or why they have none. Any status takes the place away:
 *  a file gives one status per racer, for the run they stopped in. */
function individualUnits(result: RacerResult, measure: DisciplineMeasure): { units: number } | { why: string } {
  if (result.status) return { why: result.status };
  const runs = runsOf(result, measure);
  const values = runs.flatMap((value) => (value === null ? [] : [toUnits(value, measure)]));
  if (measure.individual === 'best') {
    return values.length > 0
      ? { units: [...values].sort(betterFirst(measure))[0]! }
      : { why: `No ${missingWord(measure)}` };
  }
  const missing = runs.findIndex((value) => value === null);
  if (missing === -1) return { units: sum(values) };
  return { why: measure.runs > 1 ? `No time in run ${missing + 1}` : `No ${missingWord(measure)}` };
}

const byBib = (a: RaceRacer, b: RaceRacer) => (a.bib ?? Number.POSITIVE_INFINITY) - (b.bib ?? Number.POSITIVE_INFINITY);

/** Every racer of the race: the ranked ones best first (equals by bib), then the rest by bib. */
export function rankRacers(results: readonly RacerResult[], measure: DisciplineMeasure): RacerStanding[] {
  const read = results.map((result) => ({ result, outcome: individualUnits(result, measure) }));
  const ranked = read
    .flatMap(({ result, outcome }) => ('units' in outcome ? [{ result, units: outcome.units }] : []))
    .sort((a, b) => betterFirst(measure)(a.units, b.units) || byBib(a.result.racer, b.result.racer));
  const places = sharedPlaces(ranked.map((entry) => entry.units));
  const placed: RacerStanding[] = ranked.map(({ result, units }, index) => ({
    racer: result.racer,
    place: places[index]!,
    result: fromUnits(units, measure),
    runs: runsOf(result, measure),
    status: null,
    unplacedWhy: null,
  }));
  const unplaced: RacerStanding[] = read
    .flatMap(({ result, outcome }) => ('why' in outcome ? [{ result, why: outcome.why }] : []))
    .sort((a, b) => byBib(a.result.racer, b.result.racer))
    .map(({ result, why }) => ({
      racer: result.racer,
      place: null,
      result: null,
      runs: runsOf(result, measure),
      status: result.status,
      unplacedWhy: why,
    }));
  return [...placed, ...unplaced];
}

interface TeamPick {
  counted: CountedValue[];
  /** Each shortfall in words ('2 of 3 results: Jane Smith DNF'); none when the team is complete. */
  shortfalls: string[];
}

interface Candidate {
  result: RacerResult;
  units: number | null;
}

/** The member's value of one run for a team. A status takes away only the runs without a value
 *  (DNF in run 2 leaves run 1 standing); with every run timed, it takes them all (a DSQ after the
 *  race). */
function runUnitsForTeam(result: RacerResult, run: number, measure: DisciplineMeasure): number | null {
  const runs = runsOf(result, measure);
  const value = runs[run] ?? null;
  if (value === null) return null;
  if (result.status && runs.every((v) => v !== null)) return null;
  return toUnits(value, measure);
}

/** Why these candidates fall short of the values the team counts, or null when they do not: the
 *  members without a value, each with their status, and a team of too few racers. */
function shortfall(candidates: readonly Candidate[], measure: DisciplineMeasure, noun: string): string | null {
  const valid = candidates.filter((c) => c.units !== null).length;
  if (valid >= measure.counted) return null;
  const reasons = candidates
    .filter((c) => c.units === null)
    .sort((a, b) => byBib(a.result.racer, b.result.racer))
    .map((c) => `${c.result.racer.name} ${c.result.status ?? `no ${missingWord(measure)}`}`);
  if (candidates.length < measure.counted) reasons.push(`only ${candidates.length} in the team`);
  return `${valid} of ${measure.counted} ${noun}: ${reasons.join(', ')}`;
}

function bestCounted(candidates: readonly Candidate[], measure: DisciplineMeasure, run: number | null): CountedValue[] {
  return candidates
    .flatMap((c) => (c.units === null ? [] : [{ racer: c.result.racer, units: c.units }]))
    .sort((a, b) => betterFirst(measure)(a.units, b.units) || byBib(a.racer, b.racer))
    .slice(0, measure.counted)
    .map(({ racer, units }) => ({ participantId: racer.participantId, run, value: units }));
}

function pickEachRun(members: readonly RacerResult[], measure: DisciplineMeasure): TeamPick {
  const pick: TeamPick = { counted: [], shortfalls: [] };
  for (let run = 0; run < measure.runs; run++) {
    const candidates = members.map((result) => ({ result, units: runUnitsForTeam(result, run, measure) }));
    const short = shortfall(candidates, measure, `${missingWord(measure)}s`);
    if (short) pick.shortfalls.push(measure.runs > 1 ? `Run ${run + 1}: ${short}` : short);
    else pick.counted.push(...bestCounted(candidates, measure, run + 1));
  }
  return pick;
}

function pickResults(members: readonly RacerResult[], measure: DisciplineMeasure): TeamPick {
  const candidates = members.map((result) => {
    const outcome = individualUnits(result, measure);
    return { result, units: 'units' in outcome ? outcome.units : null };
  });
  const short = shortfall(candidates, measure, 'results');
  return short
    ? { counted: [], shortfalls: [short] }
    : { counted: bestCounted(candidates, measure, null), shortfalls: [] };
}

function groupByTeam(results: readonly RacerResult[]): RacerResult[][] {
  const teams = new Map<string, RacerResult[]>();
  for (const result of results) {
    const members = teams.get(result.racer.teamId);
    if (members) members.push(result);
    else teams.set(result.racer.teamId, [result]);
  }
  return [...teams.values()];
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const bySchoolAndTeam = (a: TeamStanding, b: TeamStanding) =>
  byText(a.schoolName, b.schoolName) || byText(a.teamName, b.teamName) || byText(a.teamId, b.teamId);

/** Every team of the race (its members are the racers sharing a team id): the scored ones best
 *  first (equals by school and team name), then the incomplete ones by school and team name. */
export function rankTeams(results: readonly RacerResult[], measure: DisciplineMeasure): TeamStanding[] {
  const picked = groupByTeam(results).map((members) => {
    const pick = measure.team === 'eachRun' ? pickEachRun(members, measure) : pickResults(members, measure);
    const { racer } = members[0]!;
    const complete = pick.shortfalls.length === 0;
    return {
      units: complete ? sum(pick.counted.map((c) => c.value)) : null,
      standing: {
        teamId: racer.teamId,
        teamName: racer.teamName,
        schoolId: racer.schoolId,
        schoolName: racer.schoolName,
        place: null,
        score: null,
        counted: complete ? pick.counted.map((c) => ({ ...c, value: fromUnits(c.value, measure) })) : [],
        incompleteWhy: complete ? null : pick.shortfalls.join('; '),
      } satisfies TeamStanding,
    };
  });
  const scored = picked
    .flatMap(({ units, standing }) => (units === null ? [] : [{ units, standing }]))
    .sort((a, b) => betterFirst(measure)(a.units, b.units) || bySchoolAndTeam(a.standing, b.standing));
  const places = sharedPlaces(scored.map((team) => team.units));
  const ranked = scored.map(({ units, standing }, index) => ({
    ...standing,
    place: places[index]!,
    score: fromUnits(units, measure),
  }));
  const incomplete = picked
    .filter(({ units }) => units === null)
    .map(({ standing }) => standing)
    .sort(bySchoolAndTeam);
  return [...ranked, ...incomplete];
}

/** The race's racers and teams, each ranked by the discipline's measure. */
export function raceStandings(results: readonly RacerResult[], measure: DisciplineMeasure): RaceStandings {
  return { racers: rankRacers(results, measure), teams: rankTeams(results, measure) };
}
