// The admin's header switch: which school and event the session works on. The choice is kept on
// the session row (sessions live in the database, so any server instance sees it).
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { InvoiceType } from '../../../src/domain/constants';
import type { SessionSelection } from '../../../src/domain/schemas';
import type { Db, Tx } from '../../db/client';
import { eventStates, events, schools, sessions } from '../../db/schema';
import { notFound } from '../../http-errors';

const SCHOOL_NOT_FOUND = 'School not found';
const EVENT_NOT_FOUND = 'Event not found';

/** What the app shows of a school and event choice; null for what is not chosen. */
async function describeSelection(
  db: Db | Tx,
  schoolId: string | null,
  eventId: string | null,
): Promise<SessionSelection> {
  const [school] = schoolId
    ? await db
        .select({ name: schools.name })
        .from(schools)
        .where(and(eq(schools.id, schoolId), isNull(schools.removedAt)))
    : [];
  if (schoolId && !school) throw notFound(SCHOOL_NOT_FOUND);
  const [event] = eventId
    ? await db
        .select({ name: events.name, level: events.level, invoiceType: events.invoiceType })
        .from(events)
        .where(eq(events.id, eventId))
    : [];
  if (eventId && !event) throw notFound(EVENT_NOT_FOUND);
  const states = eventId
    ? await db
        .select({ id: eventStates.stateId })
        .from(eventStates)
        .where(eq(eventStates.eventId, eventId))
        .orderBy(asc(eventStates.stateId))
    : [];
  return {
    SchoolId: schoolId,
    EventId: eventId,
    schoolName: school?.name ?? null,
    eventName: event?.name ?? null,
    eventType: event?.level ?? null,
    invoiceType: (event?.invoiceType as InvoiceType | undefined) ?? null,
    eventStates: states,
  };
}

/** Whether the school's state takes part in the event. */
async function schoolBelongsToEvent(tx: Tx, schoolId: string, eventId: string): Promise<boolean> {
  const [found] = await tx
    .select({ id: schools.id })
    .from(schools)
    .innerJoin(eventStates, and(eq(eventStates.stateId, schools.stateId), eq(eventStates.eventId, eventId)))
    .where(eq(schools.id, schoolId));
  return !!found;
}

/**
 * Checks that the school and event exist, then stores them on the session row. A school whose
 * state is not in the event is cleared (docs/decisions.md 'Signing in'): it would otherwise be
 * editable inside an event it does not belong to.
 */
export async function switchSession(
  tx: Tx,
  tokenHash: string,
  choice: { SchoolId: string | null; EventId: string | null },
) {
  let selection = await describeSelection(tx, choice.SchoolId, choice.EventId);
  const keepSchool =
    !choice.SchoolId || !choice.EventId || (await schoolBelongsToEvent(tx, choice.SchoolId, choice.EventId));
  const schoolId = keepSchool ? choice.SchoolId : null;
  if (!keepSchool) selection = await describeSelection(tx, null, choice.EventId);
  await tx.update(sessions).set({ schoolId, eventId: choice.EventId }).where(eq(sessions.tokenHash, tokenHash));
  return selection;
}
