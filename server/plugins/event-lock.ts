// Event lock: a write that touches a locked event answers 410 and changes nothing; volunteer
// writes likewise once volunteerLock is set. Admins are exempt. The check reads the event row
// FOR SHARE inside the write's transaction, so an admin locking the event concurrently waits for
// the write to finish (or the write sees the lock): no write slips in after the lock.
import { eq } from 'drizzle-orm';
import { ERROR_CODES } from '../../src/domain/errors';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';
import type { Tx } from '../db/client';
import { events } from '../db/schema';
import { HttpError, notFound } from '../http-errors';
import type { SessionInfo } from './session';

export type LockKind = 'entries' | 'volunteers';

export async function assertEventWritable(tx: Tx, session: SessionInfo, eventId: string, kind: LockKind = 'entries') {
  const [event] = await tx
    .select({ locked: events.locked, volunteerLock: events.volunteerLock })
    .from(events)
    .where(eq(events.id, eventId))
    .for('share');
  if (!event) throw notFound('Event not found');
  if (session.type === 'admin') return;
  if (event.locked) throw new HttpError(410, ERROR_CODES.EVENT_LOCKED, SERVER_MESSAGES.eventLocked);
  if (kind === 'volunteers' && event.volunteerLock) {
    throw new HttpError(410, ERROR_CODES.VOLUNTEERS_LOCKED, SERVER_MESSAGES.volunteersLocked);
  }
}
