// The event's calendar (docs/decisions.md, 'The event's calendar'): its race days, and when it stops
// taking schools' entries: at its
// entries-close time, a moment kept as an instant and entered and shown in the local time of the
// event's first state. From then on a school's writes are refused as for a locked event, with no
// one ticking 'locked'; an administrator reopens by moving the close later or clearing it. The
// server refuses with this rule (server/plugins/event-lock.ts); the devices read the same rule to
// say so before anyone types.
import { TZDate } from '@date-fns/tz';
import { differenceInCalendarDays, format } from 'date-fns';
import { STATE_TIME_ZONES, type StateTimeZone } from '../constants/choices';

/** The last days before the close in which the coordinator's home and the sign-in form remind. */
export const CLOSE_REMINDER_DAYS = 7;

const DEFAULT_TIME_ZONE: StateTimeZone = 'Australia/Sydney';

export interface EventCalendarFacts {
  locked: boolean;
  /** The instant entries close (ISO 8601), or null: open until someone locks the event. */
  entriesCloseAt: string | null;
  /** The states whose schools may enter: the first one's local time is the event's. */
  states: readonly number[];
}

/** The event's local time zone: its first state's (Sydney's when it names none). */
export function eventTimeZone(event: Pick<EventCalendarFacts, 'states'>): StateTimeZone {
  const first = event.states[0];
  const zones: Partial<Record<number, StateTimeZone>> = STATE_TIME_ZONES;
  return (first !== undefined && zones[first]) || DEFAULT_TIME_ZONE;
}

/** Whether schools can no longer change their entries: locked by hand, or past the close. */
export function closedToSchools(event: Pick<EventCalendarFacts, 'locked' | 'entriesCloseAt'>, now: Date): boolean {
  return event.locked || entriesCloseReached(event, now);
}

/** Whether the event's entries-close time has come (false when it has none). */
export function entriesCloseReached(event: Pick<EventCalendarFacts, 'entriesCloseAt'>, now: Date): boolean {
  return event.entriesCloseAt !== null && now.getTime() >= Date.parse(event.entriesCloseAt);
}

/** The milliseconds until the close, or null when there is none to wait for (none set, or past). */
export function msUntilClose(event: Pick<EventCalendarFacts, 'entriesCloseAt'>, now: Date): number | null {
  if (event.entriesCloseAt === null) return null;
  const left = Date.parse(event.entriesCloseAt) - now.getTime();
  return left > 0 ? left : null;
}

/** A local date (YYYY-MM-DD) and time (HH:mm) in the zone, as the instant it names (ISO 8601, UTC). */
export function localToInstant(date: string, time: string, zone: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, min] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(y, m - 1, d, h, min, zone).getTime()).toISOString();
}

/** An instant as the local date (YYYY-MM-DD) and time (HH:mm) in the zone. */
export function instantToLocal(instant: string, zone: string): { date: string; time: string } {
  const local = new TZDate(Date.parse(instant), zone);
  return { date: format(local, 'yyyy-MM-dd'), time: format(local, 'HH:mm') };
}

/** 'Friday 12 June 2026 at 5:00 pm, Sydney time'. */
export function closeMomentWords(instant: string, zone: string): string {
  const local = new TZDate(Date.parse(instant), zone);
  const place = zone.split('/').pop()!.replaceAll('_', ' ');
  return `${format(local, 'EEEE d MMMM yyyy')} at ${format(local, 'h:mm aaa')}, ${place} time`;
}

export interface EntriesCloseNotice {
  /** 'reminder' in the last seven days, 'closed' once past. */
  tone: 'info' | 'reminder' | 'closed';
  text: string;
}

/** What a coordinator is told of the close: when, with a reminder of the days left in the last
 *  week, or that entries have closed. Null when the event sets no close. */
export function entriesCloseNotice(event: EventCalendarFacts, now: Date): EntriesCloseNotice | null {
  if (event.entriesCloseAt === null) return null;
  const zone = eventTimeZone(event);
  const when = closeMomentWords(event.entriesCloseAt, zone);
  if (entriesCloseReached(event, now)) {
    return { tone: 'closed', text: `Entries closed on ${when}. Ask the organisers if something must still change.` };
  }
  const days = differenceInCalendarDays(
    new TZDate(Date.parse(event.entriesCloseAt), zone),
    new TZDate(now.getTime(), zone),
  );
  if (days > CLOSE_REMINDER_DAYS) return { tone: 'info', text: `Entries close on ${when}.` };
  const left = days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`;
  return { tone: 'reminder', text: `Entries close ${left}: ${when}. Changes after that are not accepted.` };
}

/** The message when the last race day comes before the first. */
export const RACE_DAYS_OUT_OF_ORDER = 'The last race day must not be before the first.';

/** Whether the race days are in order (either may be left out). */
export function raceDaysInOrder(event: { firstRaceDay?: string | null; lastRaceDay?: string | null }): boolean {
  return !event.firstRaceDay || !event.lastRaceDay || event.firstRaceDay <= event.lastRaceDay;
}
