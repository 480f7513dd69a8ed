// 410: the event (or only its volunteers) is locked. The event's items are kept as 'blocked'
// (listed, exportable, never dropped) and released after a pull shows the event open again;
// items of other events go on.
import { errorDetails, type WriteAnswer } from '../api/sync';
import type { OutboxItem } from '../db/database';
import { markBlocked } from '../db/outbox';
import { ERROR_CODES } from '../domain/errors';
import type { EngineContext } from './engine-context';
import type { Step } from './answer-step';

export async function answerLocked(ctx: EngineContext, item: OutboxItem, answer: WriteAnswer): Promise<Step> {
  const { db, status } = ctx;
  const { message, code } = errorDetails(answer.body);
  if (item.eventId === null) {
    await db.outbox.update(item.localId!, { status: 'blocked', error: message ?? 'Locked' });
  } else if (code === ERROR_CODES.VOLUNTEERS_LOCKED) {
    await db.outbox
      .where('eventId')
      .equals(item.eventId)
      .filter((q) => q.status === 'pending' && q.entity.startsWith('volunteer'))
      .modify({ status: 'blocked', error: message ?? 'Locked' });
    await db.outbox.update(item.localId!, { status: 'blocked', error: message ?? 'Locked' });
  } else {
    await markBlocked(db, item.eventId);
    await db.outbox
      .where('eventId')
      .equals(item.eventId)
      .filter((q) => q.status === 'blocked' && !q.error)
      .modify({ error: message ?? 'Locked' });
  }
  // Only the volunteers are locked: the rest of the event stays open for editing.
  if (code === ERROR_CODES.VOLUNTEERS_LOCKED)
    status.set({ message: message ?? 'Volunteers are locked: changes are kept but cannot be sent.' });
  else status.set({ locked: true, message: message ?? 'The event is locked: changes are kept but cannot be sent.' });
  return { kind: 'next' };
}
