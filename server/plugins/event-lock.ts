// The event a write acts on, checked in the write's transaction, whether it came from the session
// or from a queued write's X-Event-Id: a school writes only into an active, unarchived event open
// to its state (403 otherwise: the header is the client's word, not ours). A locked event answers
// 410 and changes nothing, and so does an event whose entries have closed (its entries-close time
// has come: rules/event-calendar.ts); volunteer writes likewise once volunteerLock is set. Admins
// are exempt.
// The check reads the event row FOR SHARE, so an admin locking the event concurrently waits for
// the write to finish (or the write sees the lock): no write slips in after the lock.
import { and, eq } from 'drizzle-orm';
import { ERROR_CODES } from '../../src/domain/errors';
import { entriesCloseReached } from '../../src/domain/rules/event-calendar';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';
import type { Db, Tx } from '../db/client';
import { eventStates, events, schools } from '../db/schema';
import { HttpError, forbidden, notFound } from '../http-errors';
import type { SessionInfo } from './session';

export type LockKind = 'entries' | 'volunteers';

export async function assertEventWritable(tx: Tx, session: SessionInfo, eventId: string, kind: LockKind = 'entries') {
  const [event] = await tx
    .select({
      locked: events.locked,
      entriesCloseAt: events.entriesCloseAt,
      volunteerLock: events.volunteerLock,
      active: events.active,
      archived: events.archived,
    })
    .from(events)
    .where(eq(events.id, eventId))
    .for('share');
  if (!event) throw notFound('Event not found');
  if (session.type === 'admin') return;
  if (session.type === 'school') await assertOpenToSchool(tx, session, eventId, event);
  if (event.locked) throw new HttpError(410, ERROR_CODES.EVENT_LOCKED, SERVER_MESSAGES.eventLocked);
  // Entries close on time, as a lock does: the same answer, said as a close.
  if (entriesCloseReached(event, session.at))
    throw new HttpError(410, ERROR_CODES.EVENT_LOCKED, SERVER_MESSAGES.entriesClosed);
  if (kind === 'volunteers' && event.volunteerLock) {
    throw new HttpError(410, ERROR_CODES.VOLUNTEERS_LOCKED, SERVER_MESSAGES.volunteersLocked);
  }
}

/** A school acts only in an active, unarchived event open to its state (403 otherwise); staff
 *  anywhere. Also for what a lock does not stop, such as paying the invoice of a locked event. */
export async function assertOpenToSchool(
  db: Db | Tx,
  session: SessionInfo,
  eventId: string,
  known?: { active: boolean; archived: boolean },
): Promise<void> {
  if (session.type !== 'school') return;
  const event =
    known ??
    (
      await db.select({ active: events.active, archived: events.archived }).from(events).where(eq(events.id, eventId))
    )[0];
  if (!event) throw notFound('Event not found');
  if (!event.active || event.archived) throw forbidden(SERVER_MESSAGES.eventClosed);
  if (!session.schoolId) throw forbidden(SERVER_MESSAGES.eventNotForSchool);
  const [open] = await db
    .select({ eventId: eventStates.eventId })
    .from(eventStates)
    .innerJoin(schools, eq(schools.stateId, eventStates.stateId))
    .where(and(eq(eventStates.eventId, eventId), eq(schools.id, session.schoolId)));
  if (!open) throw forbidden(SERVER_MESSAGES.eventNotForSchool);
}
