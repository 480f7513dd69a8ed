// The event's calendar (docs/decisions.md, 'The event's calendar'): its race days, and when it stops
// taking schools' entries: at its entries-close time, an instant (entered and shown in the local
// time of the event's first state: event-local-time.ts). From then on a school's writes are refused
// as for a locked event, with no one ticking 'locked'; an administrator reopens by moving the close
// later or clearing it. The server refuses with this rule (server/plugins/event-lock.ts); the
// devices read the same rule to say so before anyone types, and to send what a close held back
// once it is reopened.

/** Whether schools can no longer change their entries: locked by hand, or past the close. */
export function closedToSchools(event: Pick<EventCalendarFacts, 'locked' | 'entriesCloseAt'>, now: Date): boolean {
  return event.locked || entriesCloseReached(event, now);
}

/** Whether the event's entries-close time has come (false when it has none). */
export function entriesCloseReached(event: Pick<EventCalendarFacts, 'entriesCloseAt'>, now: Date): boolean {
  return !!event.entriesCloseAt && now.getTime() >= new Date(event.entriesCloseAt).getTime();
}

/** The milliseconds until the close, or null when there is none to wait for (none set, or past). */
export function msUntilClose(event: Pick<EventCalendarFacts, 'entriesCloseAt'>, now: Date): number | null {
  if (!event.entriesCloseAt) return null;
  const left = new Date(event.entriesCloseAt).getTime() - now.getTime();
  return left > 0 ? left : null;
}

/** The message when the last race day comes before the first. */
export const RACE_DAYS_OUT_OF_ORDER = 'The last race day must not be before the first.';

/** Whether the race days are in order (either may be left out). */
export function raceDaysInOrder(event: { firstRaceDay?: string | null; lastRaceDay?: string | null }): boolean {
  return !event.firstRaceDay || !event.lastRaceDay || event.firstRaceDay <= event.lastRaceDay;
}

export interface EventCalendarFacts {
  locked: boolean;
  /** The instant entries close (ISO 8601, or a Date as the database reads it), or null: open
   *  until someone locks the event. */
  entriesCloseAt: string | Date | null;
  /** The states whose schools may enter: the first one's local time is the event's. */
  states: readonly number[];
}
