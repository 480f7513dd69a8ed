// The outbox: writes made on this device waiting for the server, in the `outbox` table of the
// Dexie database. A write changes the mirror and appends its outbox item (numbered, with a fresh
// idempotency key) in ONE transaction, so the UI never waits on the network and a change is never
// shown without being queued, nor queued without being shown.
import { Dexie } from 'dexie';
import { v7 as uuidv7 } from 'uuid';
import {
  outboxScope,
  type EntityName,
  type HttpWriteMethod,
  type InterschoolsDb,
  type OutboxItem,
  type OutboxStatus,
} from './database';
import { getClientId, takeSequenceNumbers } from './meta';
import { defaultIntent, type WriteIntent } from './write-intent';

export interface EnqueueWriteInput {
  method: HttpWriteMethod;
  path: string;
  body: unknown;
  entity: EntityName;
  rowId?: string | number | null;
  eventId?: string | null;
  /** The school the write is made for (server/plugins/session.ts places it there). */
  schoolId?: string | null;
  userId?: string | null;
  /** The row before the edit (for the 409 merge); null for a new row. */
  base?: unknown;
  /** A 409 answer means it was already done (e.g. the carry-over from another device): success. */
  conflictIsDone?: boolean;
  /** What the write changes (src/db/write-intent.ts); without one, its one row is the body. */
  intent?: WriteIntent;
  /** Writes the change into the mirror tables; runs inside the same transaction. */
  applyLocally?: (db: InterschoolsDb) => unknown;
}

/** Applies a write locally and queues it, atomically. Resolves to the stored outbox item. */
export function enqueueWrite(db: InterschoolsDb, input: EnqueueWriteInput): Promise<OutboxItem> {
  return db.transaction('rw', [...db.mirrorTables(), db.outbox, db.meta], async () => {
    if (input.applyLocally) await input.applyLocally(db);
    const clientId = await getClientId(db);
    const [seq] = await takeSequenceNumbers(db, 1);
    const eventId = input.eventId ?? null;
    const item: OutboxItem = {
      seq: seq!,
      clientId,
      userId: input.userId ?? null,
      method: input.method,
      path: input.path,
      body: input.body,
      idempotencyKey: uuidv7(),
      entity: input.entity,
      rowId: input.rowId ?? null,
      eventId,
      schoolId: input.schoolId ?? null,
      createdAt: new Date().toISOString(),
      status: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      scope: outboxScope(eventId),
      intent: input.intent ?? defaultIntent({ entity: input.entity, rowId: input.rowId ?? null, method: input.method }),
    };
    if (input.base !== undefined) item.base = input.base;
    if (input.conflictIsDone) item.conflictIsDone = true;
    item.localId = await db.outbox.add(item);
    return item;
  });
}

/** The names a row's id may be queued under: a key read back from text (a feed's key, a compound
 *  key's 'a:b' form) and the id a write declared (a number for a numeric key). */
function namesOfRow(id: unknown): (string | number)[] {
  if (Array.isArray(id)) return [id.join(':')];
  if (typeof id === 'number') return [id, String(id)];
  if (typeof id === 'string') return /^\d+$/.test(id) ? [id, Number(id)] : [id];
  return [];
}

/** The rows a queued write touches, each named `${table}\u0000${key as text}`: the names the
 *  outbox's index holds, for a caller that already has the items in hand. */
export function rowNamesOf(item: Pick<OutboxItem, 'entity' | 'intent'>): string[] {
  return (item.intent?.rowIds ?? []).map((id) => `${item.entity}\u0000${String(id)}`);
}

/** The queued writes (any status) that touch a row, in sequence order. Every write names the rows
 *  it changes in its intent (a list save each row of its body, its removals too), and the outbox
 *  indexes those names (`*intent.rowIds`): the one answer to which queued writes touch a row, for
 *  the flush order, the answers, the pull, a reset and the screens' refusals. */
export async function queuedForRow(db: InterschoolsDb, entity: string, id: unknown): Promise<OutboxItem[]> {
  const names = namesOfRow(id);
  if (!names.length) return [];
  const items = await db.outbox
    .where('intent.rowIds')
    .anyOf(names)
    .distinct()
    .filter((item) => item.entity === entity)
    .toArray();
  return items.sort((a, b) => a.seq - b.seq);
}

/** The same index asked of many rows of a table at once (a page of the pull): their queued writes
 *  by the row's key as text. */
export async function queuedForRows(
  db: InterschoolsDb,
  entity: string,
  ids: readonly unknown[],
): Promise<Map<string, OutboxItem[]>> {
  const byRow = new Map<string, OutboxItem[]>();
  const names = ids.flatMap(namesOfRow);
  if (!names.length) return byRow;
  const items = await db.outbox
    .where('intent.rowIds')
    .anyOf(names)
    .distinct()
    .filter((item) => item.entity === entity)
    .sortBy('seq');
  for (const item of items)
    for (const id of item.intent!.rowIds) {
      const list = byRow.get(String(id));
      if (!list) byRow.set(String(id), [item]);
      else if (list.at(-1) !== item) list.push(item);
    }
  return byRow;
}

/** Every row some queued write touches: the keys as text, by table (a reset keeps these rows). */
export async function rowsWithQueuedWrites(db: InterschoolsDb): Promise<Map<string, Set<string>>> {
  const byTable = new Map<string, Set<string>>();
  await db.outbox.each((item) => {
    const keys = byTable.get(item.entity) ?? new Set<string>();
    for (const id of item.intent?.rowIds ?? []) keys.add(String(id));
    byTable.set(item.entity, keys);
  });
  return byTable;
}

/** The device's queued changes by state: waiting to be sent, kept by a lock (410), set aside with
 *  the server's message (400/422). The one count of the outbox: the status bar reads it live, the
 *  service worker after its flush. */
export interface OutboxCounts {
  pending: number;
  blocked: number;
  failed: number;
}

export async function outboxCounts(db: InterschoolsDb): Promise<OutboxCounts> {
  const [pending, blocked, failed] = await Promise.all(
    (['pending', 'blocked', 'failed'] as const).map((status) => db.outbox.where('status').equals(status).count()),
  );
  return { pending: pending!, blocked: blocked!, failed: failed! };
}

/** Items with this status, in sequence order. */
export function listByStatus(db: InterschoolsDb, status: OutboxStatus): Promise<OutboxItem[]> {
  return db.outbox.where('[status+seq]').between([status, Dexie.minKey], [status, Dexie.maxKey]).toArray();
}

/** The event is locked (410): keep its pending items as 'blocked by lock'. Returns how many. */
export function markBlocked(db: InterschoolsDb, eventId: string): Promise<number> {
  return db.outbox
    .where('eventId')
    .equals(eventId)
    .filter((item) => item.status === 'pending')
    .modify({ status: 'blocked' });
}

/** Deletes an item once the server has answered it. Its sequence number is never reused. */
export function removeItem(db: InterschoolsDb, localId: number): Promise<void> {
  return db.outbox.delete(localId);
}
