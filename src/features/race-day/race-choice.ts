// Which race a race-day screen shows, kept in the address (?event=&discipline=&division=&gender=)
// so a list can be bookmarked, shared between screens and reopened offline; anything missing or
// no longer offered falls back to the screen's default, then to the first choice. Previous race
// and Next race step to the neighbouring race with racers in the order the pickers offer them.
import { CO_ED_TEAM, TEAM_GENDERS, type TeamGender } from '../../domain/constants/choices';
import { divisionChoices, teamGenderChoices } from '../../domain/rules/discipline-choices';
import { neighbourRaceWithRacers, racesWithRacers } from '../../domain/rules/race-draw-state';
import type { RaceDayRows } from '../../domain/rules/race-day-rows';
import { neighbourRace, raceSequence } from '../../domain/rules/race-sequence';
import { inRunningOrder } from '../../domain/rules/running-order';
import type { RaceEventRow } from '../../domain/schemas/api/race-day-feed';

export type RaceDiscipline = RaceEventRow['disciplines'][number];

export interface RaceChoice {
  event: RaceEventRow;
  discipline: RaceDiscipline;
  /** One division, or several where the screen takes several (timing files, bib generation). */
  divisions: number[];
  gender: TeamGender;
}

interface ChoiceDefaults {
  DisciplineId?: number;
  division?: number;
  gender?: TeamGender;
}

export interface ChoiceOptions {
  /** The event of the session: chosen when the address names none. */
  sessionEventId?: string | null;
  defaults?: ChoiceDefaults;
  /** Disciplines the screen offers (Live heats: 2, 10 and 11 only). */
  disciplines?: (all: readonly RaceDiscipline[]) => RaceDiscipline[];
  multipleDivisions?: boolean;
}

/** The disciplines an event races (active ones). */
function activeDisciplines(event: RaceEventRow): RaceDiscipline[] {
  return event.disciplines.filter((d) => d.active);
}

/** The disciplines the screen offers of the event's active ones. */
export function offeredDisciplines(
  event: RaceEventRow,
  options: Pick<ChoiceOptions, 'disciplines'> = {},
): RaceDiscipline[] {
  return (options.disciplines ?? ((all) => [...all]))(activeDisciplines(event));
}

export function genderOptions(discipline: RaceDiscipline): TeamGender[] {
  return teamGenderChoices(discipline);
}

const pick = <T>(offered: readonly T[], ...wishes: (T | undefined)[]): T | undefined =>
  wishes.find((w) => w !== undefined && offered.includes(w)) ?? offered[0];

export function raceChoiceFrom(
  params: URLSearchParams,
  events: readonly RaceEventRow[],
  options: ChoiceOptions = {},
): RaceChoice | null {
  const byId = new Map(events.map((e) => [e.id, e]));
  const event = byId.get(params.get('event') ?? '') ?? byId.get(options.sessionEventId ?? '') ?? events[0];
  if (!event) return null;
  const offered = offeredDisciplines(event, options);
  const askedDiscipline = Number(params.get('discipline'));
  const discipline =
    offered.find((d) => d.DisciplineId === askedDiscipline) ??
    offered.find((d) => d.DisciplineId === options.defaults?.DisciplineId) ??
    offered[0];
  if (!discipline) return null;
  const divisionsOffered = divisionChoices(discipline);
  const asked = (params.get('division') ?? '')
    .split(',')
    .map(Number)
    .filter((d) => divisionsOffered.includes(d));
  const wanted = options.multipleDivisions ? [...new Set(asked)].sort((a, b) => a - b) : asked.slice(0, 1);
  const divisions = wanted.length
    ? wanted
    : [pick(divisionsOffered, options.defaults?.division)].filter((d) => d !== undefined);
  const askedGender = TEAM_GENDERS.find((g) => g === params.get('gender'));
  const gender = pick(genderOptions(discipline), askedGender, options.defaults?.gender) ?? CO_ED_TEAM;
  return { event, discipline, divisions, gender };
}

/** The address parameters of a choice. */
export function choiceParams(choice: {
  event: { id: string };
  discipline: { DisciplineId: number };
  divisions: readonly number[];
  gender: string;
}) {
  return {
    event: choice.event.id,
    discipline: String(choice.discipline.DisciplineId),
    division: choice.divisions.join(','),
    gender: choice.gender,
  };
}

/** The address parameters of the race before or after a one-division choice; null at either end.
 *  With the event's race-day rows, the step passes over races without racers. */
export function steppedChoice(
  choice: RaceChoice,
  step: -1 | 1,
  options: Pick<ChoiceOptions, 'disciplines'> = {},
  rows?: Pick<RaceDayRows, 'teams' | 'entries'>,
) {
  // The day's running order first (its races day by day), then the races with no day.
  const sequence = inRunningOrder(
    raceSequence(offeredDisciplines(choice.event, options)),
    choice.event.runningOrder ?? [],
  );
  const next = rows
    ? neighbourRaceWithRacers(sequence, raceOf(choice), step, racesWithRacers(choice.event.id, rows))
    : neighbourRace(sequence, raceOf(choice), step);
  return next && { discipline: String(next.DisciplineId), division: String(next.division), gender: next.gender };
}

/** The race of a one-division choice, as the domain functions take it. */
export function raceOf(choice: RaceChoice, division = choice.divisions[0] ?? 0) {
  return { EventId: choice.event.id, DisciplineId: choice.discipline.DisciplineId, division, gender: choice.gender };
}

/** 'Moguls, Division 2, Male'. */
export function raceTitle(choice: RaceChoice): string {
  const divisions =
    choice.divisions.length > 1 ? `Divisions ${choice.divisions.join(', ')}` : `Division ${choice.divisions[0] ?? ''}`;
  return `${choice.discipline.name}, ${divisions}, ${choice.gender}`;
}
