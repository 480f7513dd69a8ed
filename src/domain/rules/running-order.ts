// The day's running order (docs/decisions.md, 'The running order'): each race of an event may be
// given a race day, a place in that day's order and a planned start time. Previous and Next race,
// and every list of races on race day, follow it: the races with a day first, day by day in their
// order, then the races with no day yet, in the pickers' order (race-sequence.ts).
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { raceKey, type SequencedRace } from './race-sequence';

export interface RunningOrderEntry extends SequencedRace {
  /** The race day, YYYY-MM-DD. */
  day: string;
  /** Its place in that day's order, from 1. */
  position: number;
  /** The planned start, HH:mm in the event's local time, or null. */
  plannedStart: string | null;
}

/** The races in running order: those with a day by day and place, then the rest as listed. */
export function inRunningOrder<R extends SequencedRace>(races: readonly R[], order: readonly RunningOrderEntry[]): R[] {
  const placed = new Map(order.map((e) => [raceKey(e), e]));
  const withDay = races.filter((r) => placed.has(raceKey(r)));
  const rest = races.filter((r) => !placed.has(raceKey(r)));
  const at = (r: R) => placed.get(raceKey(r))!;
  withDay.sort((a, b) => at(a).day.localeCompare(at(b).day) || at(a).position - at(b).position);
  return [...withDay, ...rest];
}

/** The running order's entry of a race, if it has one. */
export function placeOf(order: readonly RunningOrderEntry[], race: SequencedRace): RunningOrderEntry | undefined {
  return order.find((e) => raceKey(e) === raceKey(race));
}

/** A day's races in their order. */
export function racesOfDay(order: readonly RunningOrderEntry[], day: string): RunningOrderEntry[] {
  return order.filter((e) => e.day === day).sort((a, b) => a.position - b.position);
}

/** The days the order names, in order. */
export function raceDaysOf(order: readonly RunningOrderEntry[]): string[] {
  return [...new Set(order.map((e) => e.day))].sort();
}

export interface RunningOrderProblem {
  index: number;
  message: string;
}

/** What is wrong with an order as sent: a race twice, or two races in one place of a day. */
export function runningOrderProblems(order: readonly RunningOrderEntry[]): RunningOrderProblem[] {
  const problems: RunningOrderProblem[] = [];
  const races = new Set<string>();
  const places = new Set<string>();
  order.forEach((e, index) => {
    if (races.has(raceKey(e))) problems.push({ index, message: 'This race is in the running order twice.' });
    races.add(raceKey(e));
    const place = `${e.day}#${e.position}`;
    if (places.has(place)) problems.push({ index, message: `Two races are number ${e.position} on ${e.day}.` });
    places.add(place);
  });
  return problems;
}

/** A day's races renumbered 1, 2, 3... in the order given (after a move, a removal or a paste). */
export function renumberDay(order: readonly RunningOrderEntry[], day: string, races: readonly SequencedRace[]) {
  const others = order.filter((e) => e.day !== day);
  const ofDay = races.map((race, i) => ({
    DisciplineId: race.DisciplineId,
    division: race.division,
    gender: race.gender,
    day,
    position: i + 1,
    plannedStart: placeOf(order, race)?.plannedStart ?? null,
  }));
  return [...others, ...ofDay];
}

/** A race day as people say it: 'Friday 20 August 2027'. */
export function raceDayWords(day: string): string {
  return format(parseISO(day), 'EEEE d MMMM yyyy');
}
