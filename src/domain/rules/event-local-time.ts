// An event's calendar in its own local time (docs/decisions.md, 'The event's calendar'): the
// time zone of its first state, a local date and time entered as the instant it names and read
// back, and the words a coordinator reads of the close (on the sign-in form and at home). Apart
// from the close rule itself (event-calendar.ts), which the sync engine reads on every page: the
// time-zone library loads only with the screens that show or edit local times.
import { TZDate } from '@date-fns/tz';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { format } from 'date-fns/format';
import { STATE_TIME_ZONES, type StateTimeZone } from '../constants/choices';
import { entriesCloseReached, type EventCalendarFacts } from './event-calendar';

/** The last days before the close in which the coordinator's home and the sign-in form remind. */
const CLOSE_REMINDER_DAYS = 7;

const DEFAULT_TIME_ZONE: StateTimeZone = 'Australia/Sydney';

/** The event's local time zone: its first state's (Sydney's when it names none). */
export function eventTimeZone(event: Pick<EventCalendarFacts, 'states'>): StateTimeZone {
  const first = event.states[0];
  const zones: Partial<Record<number, StateTimeZone>> = STATE_TIME_ZONES;
  return (first !== undefined && zones[first]) || DEFAULT_TIME_ZONE;
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
export function entriesCloseNotice(
  event: Pick<EventCalendarFacts, 'entriesCloseAt' | 'states'>,
  now: Date,
): EntriesCloseNotice | null {
  if (!event.entriesCloseAt) return null;
  const zone = eventTimeZone(event);
  const when = closeMomentWords(new Date(event.entriesCloseAt).toISOString(), zone);
  if (entriesCloseReached(event, now)) {
    return { tone: 'closed', text: `Entries closed on ${when}. Ask the organisers if something must still change.` };
  }
  const days = differenceInCalendarDays(
    new TZDate(new Date(event.entriesCloseAt).getTime(), zone),
    new TZDate(now.getTime(), zone),
  );
  if (days > CLOSE_REMINDER_DAYS) return { tone: 'info', text: `Entries close on ${when}.` };
  const left = days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`;
  return { tone: 'reminder', text: `Entries close ${left}: ${when}. Changes after that are not accepted.` };
}
