// What every report shares (docs/reports.md): the event it reports on (?EventId= or the session's;
// 400 without one, 404 unknown), the schools it may show (never a removed one; ?StateId= narrows
// them to one state), and what a race entry is (a team entry holding a participant, as home counts).
import { and, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { events, schools, teamEntries } from '../../db/schema';
import { badRequest, notFound } from '../../http-errors';

const NO_EVENT = 'Choose an event first.';
export const EVENT_NOT_FOUND = 'The event was not found. It may have been removed.';

export type Reader = Db | Tx;
export type ReportEvent = {
  id: string;
  year: number;
  invoiceType: string;
  registrationFee: number;
  teamEntryFee: number;
};
export type SchoolFilter = { StateId?: number | undefined };

const eventColumns = {
  id: events.id,
  year: events.year,
  invoiceType: events.invoiceType,
  registrationFee: events.registrationFee,
  teamEntryFee: events.teamEntryFee,
};

/** The event of a report: the one named, else the session's. */
export async function reportEvent(
  db: Reader,
  requested: string | null | undefined,
  sessionEventId: string | null,
): Promise<ReportEvent> {
  const eventId = requested ?? sessionEventId;
  if (!eventId) throw badRequest(NO_EVENT);
  const [event] = await db.select(eventColumns).from(events).where(eq(events.id, eventId));
  if (!event) throw notFound(EVENT_NOT_FOUND);
  return event;
}

/** Schools a report may show: not removed, and of the state asked for (if any). */
export function visibleSchool(filter: SchoolFilter = {}): SQL {
  const conditions = [isNull(schools.removedAt)];
  if (filter.StateId !== undefined) conditions.push(eq(schools.stateId, filter.StateId));
  return and(...conditions)!;
}

/** The race entries of an event: team entries holding a participant. */
export function raceEntriesOf(eventId: string): SQL {
  return and(eq(teamEntries.eventId, eventId), isNotNull(teamEntries.participantId))!;
}

/** Code-point order (never the locale's): the server and a browser order alike. */
export const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export const toIso = (d: Date | null) => (d ? d.toISOString() : null);
