// Items the flusher set aside: 'blocked' by an event lock (410; kept, listed, exportable as CSV,
// never dropped silently) and 'failed' (a refusal with the server's message, or a merge that kept
// the server's value). A failed item may be retried (under a NEW sequence number: the old one may
// already be below the server's last applied number) or discarded.
import { closedToSchools } from '../domain/rules/event-calendar';
import Papa from 'papaparse';
import { v7 as uuidv7 } from 'uuid';
import type { InterschoolsDb, OutboxItem } from '../db/database';
import { takeSequenceNumbers } from '../db/meta';
import { escapeCell } from '../domain/rules/csv';
import { listByStatus, queuedForRow } from '../db/outbox';
import { isBatchUndo, isPlainObject, keyFromString, withoutPending } from './rows';
import { notifyOutbox } from './writes';

export function listBlocked(db: InterschoolsDb): Promise<OutboxItem[]> {
  return listByStatus(db, 'blocked');
}

export function listFailed(db: InterschoolsDb): Promise<OutboxItem[]> {
  return listByStatus(db, 'failed');
}

const BLOCKED_CSV_COLUMNS = ['queued at', 'method', 'path', 'entity', 'row', 'event', 'change'] as const;

/** The blocked items as CSV, for the user to keep what a lock stopped. */
export async function exportBlockedCsv(db: InterschoolsDb): Promise<string> {
  const items = await listBlocked(db);
  const data = items.map((item) =>
    [
      item.createdAt,
      item.method,
      item.path,
      item.entity,
      item.rowId === null ? '' : String(item.rowId),
      item.eventId ?? '',
      item.body === undefined ? '' : JSON.stringify(item.body),
    ].map(escapeCell),
  );
  return Papa.unparse({ fields: [...BLOCKED_CSV_COLUMNS], data });
}

/**
 * Blocked items whose event the mirror now shows open (an admin unlocked it, moved its entries
 * close later, or lifted its volunteer lock) go back to the queue, in their order, under new sequence numbers and keys: the
 * server remembers the old ones with their 410. Returns how many were released.
 */
export async function releaseUnlocked(db: InterschoolsDb): Promise<number> {
  const released = await db.transaction('rw', db.outbox, db.events, db.meta, async () => {
    const open: OutboxItem[] = [];
    for (const item of await listBlocked(db)) {
      const event = item.eventId === null ? undefined : await db.events.get(item.eventId);
      const now = new Date();
      if (event && !closedToSchools(event, now) && !(item.entity.startsWith('volunteer') && event.volunteerLock))
        open.push(item);
    }
    if (!open.length) return [];
    const seqs = await takeSequenceNumbers(db, open.length);
    const queued = open.map((item, i) => {
      const next: OutboxItem = {
        ...item,
        seq: seqs[i]!,
        idempotencyKey: uuidv7(),
        status: 'pending',
        attempts: 0,
        nextAttemptAt: 0,
      };
      delete next.error;
      delete next.inFlightSeq;
      return next;
    });
    await db.outbox.bulkPut(queued);
    return queued;
  });
  if (released.length) notifyOutbox({ type: 'changed', database: db.name, seq: released.at(-1)!.seq });
  return released.length;
}

/** Sends a failed item again, as the user asked, under a new sequence number and key. */
export async function retryFailed(db: InterschoolsDb, localId: number): Promise<OutboxItem | null> {
  const item = await db.transaction('rw', db.outbox, db.meta, async () => {
    const found = await db.outbox.get(localId);
    if (!found || found.status !== 'failed') return null;
    const [seq] = await takeSequenceNumbers(db, 1);
    const next: OutboxItem = {
      ...found,
      seq: seq!,
      idempotencyKey: uuidv7(),
      status: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
    };
    delete next.error;
    delete next.fields;
    await db.outbox.put(next);
    return next;
  });
  if (item) notifyOutbox({ type: 'changed', database: db.name, seq: item.seq });
  return item;
}

async function undoBatch(db: InterschoolsDb, item: OutboxItem): Promise<void> {
  if (!isBatchUndo(item.base)) return;
  const { table, put, drop } = item.base.undo;
  await db.table(table).bulkDelete(drop);
  await db.table(table).bulkPut(put.map((row) => withoutPending(row as Record<string, unknown>)));
}

/** Drops a failed item; its row goes back to what it was before the edit when nothing else of
 *  that row is queued (a new row that never reached the server is removed); a list batch is
 *  undone by its BatchUndo. */
export async function discardFailed(db: InterschoolsDb, localId: number): Promise<boolean> {
  const done = await db.transaction('rw', [...db.mirrorTables(), db.outbox], async () => {
    const item = await db.outbox.get(localId);
    if (!item || item.status !== 'failed') return false;
    await db.outbox.delete(localId);
    if (item.rowId === null) {
      await undoBatch(db, item);
      return true;
    }
    if ((await queuedForRow(db, item.entity, item.rowId)).length > 0) return true;
    const table = db.table(item.entity);
    const key = keyFromString(table, item.rowId);
    if (isPlainObject(item.base)) {
      await table.put(withoutPending(item.base));
    } else if (item.method === 'POST' && item.base === null) {
      await table.delete(key as never);
    } else {
      const row = (await table.get(key as never)) as Record<string, unknown> | undefined;
      if (row?._pending) await table.put(withoutPending(row));
    }
    return true;
  });
  if (done) notifyOutbox({ type: 'changed', database: db.name });
  return done;
}
