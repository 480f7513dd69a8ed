// The one way pages write: the change goes into Dexie and the outbox together (src/db/outbox),
// then every flusher hears of it: this page's engine (an in-page event), other tabs (the
// BroadcastChannel 'outbox') and the service worker (Background Sync tag 'outbox', where the
// browser has it). The network is never awaited here.
import type { InterschoolsDb, OutboxItem } from '../db/database';
import { getSessionUser } from '../db/meta';
import { enqueueWrite, type EnqueueWriteInput } from '../db/outbox';
import { idsNamedInBody, isPlainObject, layoutOf, rowsInBody } from '../db/write-intent';
import { itemPatch, keyFromString, rowPart, sameValue, type Row } from './rows';

const OUTBOX_CHANNEL = 'outbox';
export const OUTBOX_SYNC_TAG = 'outbox';
const OUTBOX_EVENT = 'outbox-changed';

/** In-page notifications: a new item was queued, or an item was retried or discarded. */
const pageSignal: EventTarget = new EventTarget();

export type OutboxMessage = { type: 'queued' | 'changed'; database: string; seq?: number };

/** Listens to outbox changes in this page and in other tabs. Returns the unsubscribe function. */
export function onOutboxChange(listener: (message: OutboxMessage) => void): () => void {
  const inPage = (e: Event) => listener((e as CustomEvent<OutboxMessage>).detail);
  pageSignal.addEventListener(OUTBOX_EVENT, inPage);
  let channel: BroadcastChannel | null = null;
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(OUTBOX_CHANNEL);
    channel.onmessage = (e: MessageEvent<OutboxMessage>) => listener(e.data);
  }
  return () => {
    pageSignal.removeEventListener(OUTBOX_EVENT, inPage);
    channel?.close();
  };
}

/** Tells every flusher that the outbox changed. Failures are ignored: the timer catches up. */
export function notifyOutbox(message: OutboxMessage): void {
  pageSignal.dispatchEvent(new CustomEvent<OutboxMessage>(OUTBOX_EVENT, { detail: message }));
  if (typeof BroadcastChannel !== 'undefined') {
    try {
      const channel = new BroadcastChannel(OUTBOX_CHANNEL);
      channel.postMessage(message);
      channel.close();
    } catch {
      // no other tabs to tell
    }
  }
  void registerBackgroundSync();
}

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

async function registerBackgroundSync(): Promise<void> {
  try {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !navigator.serviceWorker) return;
    if (typeof (globalThis as { SyncManager?: unknown }).SyncManager === 'undefined') return;
    // `ready` never settles without a worker; getRegistration does.
    const registration = (await navigator.serviceWorker.getRegistration()) as SyncRegistration | undefined;
    await registration?.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // Background Sync refused (permissions, private mode): the page flushes instead.
  }
}

export type QueueWriteInput = EnqueueWriteInput & {
  base?: unknown;
  /** What this save does with the refused (set-aside) saves of the rows it carries, which go with
   *  it either way, so they hold back nothing (a set-aside save once refused every later save of
   *  its row):
   *  - 'carry': it carries what they changed, where it leaves a field as it was (a grid, which
   *    shows the refused values for the user to fix);
   *  - 'replace': it replaces each whose every row (removals included) it carries or removes: a
   *    form saved whole, which shows the server's values, or a list that sends the refused rows
   *    again as they now stand (teams, volunteers, bibs). One it leaves a row of out stays, listed
   *    on its rows for the user to fix where they are shown. */
  refused?: 'carry' | 'replace';
};

/** Applies a write locally and queues it (one transaction), then wakes the flushers. The item's
 *  user defaults to the signed-in user kept in meta. */
export async function queueWrite(db: InterschoolsDb, input: QueueWriteInput): Promise<OutboxItem> {
  return (await queueWrites(db, [input]))[0]!;
}

/** The row a body element replaces, from the save's base (one row, or a list of rows). */
function baseRowOf(base: unknown, id: unknown): Row | undefined {
  if (Array.isArray(base)) return base.find((row): row is Row => isPlainObject(row) && row.id === id);
  return isPlainObject(base) ? base : undefined;
}

/** `row` with the refused items' fields where `row` keeps the base's value (or lacks the field). */
function withCarried(row: Row, id: unknown, refused: readonly OutboxItem[], baseRow: Row | undefined): Row {
  const next: Row = { ...row };
  for (const item of refused) {
    // A refused batch's fields of this row: its part of the batch's body.
    for (const [field, value] of Object.entries(itemPatch(item, item.rowId ?? id))) {
      if (!(field in row) || (baseRow && sameValue(row[field], baseRow[field]))) next[field] = value;
    }
  }
  return next;
}

type QueuedBody = Pick<QueueWriteInput, 'body' | 'method' | 'intent'> & { rowId?: OutboxItem['rowId'] };

/** The ids of the rows a save carries: its row, or the rows of its list body. */
function rowIdsOf(input: QueuedBody): unknown[] {
  if (input.rowId != null) return [input.rowId];
  return rowsInBody(layoutOf({ ...input, rowId: null }), input.body).map((row) => row.id);
}

/** A refused batch this save carries whole: every row it carries is in this save, and it removes
 *  nothing (a removal has no row here to carry it). */
function carriedWhole(item: OutboxItem, rowIds: ReadonlySet<unknown>): boolean {
  if (!isPlainObject(item.body)) return false;
  const removes = idsNamedInBody(layoutOf(item), item.body).length > 0;
  const ids = rowIdsOf({ ...item, rowId: null });
  return !removes && ids.length > 0 && ids.every((id) => rowIds.has(id));
}

/** The rows a save names, removals included (its intent's, else its one row). */
const namedRows = (save: { intent?: { rowIds: readonly unknown[] }; rowId?: unknown }): readonly unknown[] =>
  save.intent?.rowIds ?? (save.rowId != null ? [save.rowId] : []);

/** 'replace': drops the refused saves of this save's table whose every row it names. Inside
 *  queueWrite's transaction. */
async function replaceRefused(db: InterschoolsDb, input: QueueWriteInput): Promise<QueueWriteInput> {
  const named = new Set(namedRows(input).map(String));
  const replaced = await db.outbox
    .where('status')
    .equals('failed')
    .filter((item) => {
      const rows = namedRows(item);
      return (
        item.entity === input.entity &&
        item.method !== 'DELETE' &&
        rows.length > 0 &&
        rows.every((id) => named.has(String(id)))
      );
    })
    .primaryKeys();
  await db.outbox.bulkDelete(replaced);
  return input;
}

/** 'carry': folds the refused saves of the rows this save carries (one-row saves, and batches all
 *  of whose rows it carries) into it, drops them, and shows their values in the mirror. Inside
 *  queueWrite's transaction. */
async function carryRefused(db: InterschoolsDb, input: QueueWriteInput): Promise<QueueWriteInput> {
  const rowIds = rowIdsOf(input);
  const carried = new Set(rowIds);
  const refused = await db.outbox
    .where('status')
    .equals('failed')
    .filter(
      (item) =>
        item.entity === input.entity &&
        item.method !== 'DELETE' &&
        (item.rowId !== null || carriedWhole(item, carried)),
    )
    .sortBy('seq');
  if (!refused.length) return input;
  const ofRow = (id: unknown) =>
    refused.filter((item) => (item.rowId === null ? rowPart(item, id) !== null : String(item.rowId) === String(id)));
  const table = db.table(input.entity);
  const queued = (body: unknown) => ({ body, method: input.method, rowId: input.rowId ?? null, intent: input.intent });
  let body = input.body;
  const folded = new Set<OutboxItem>();
  for (const id of rowIds) {
    const items = ofRow(id);
    const located = items.length ? rowPart(queued(body), id) : null;
    if (!located) continue;
    const next = withCarried(located.row, id, items, baseRowOf(input.base, id));
    body = located.replace({ ...next, ...(located.row.version !== undefined ? { version: located.row.version } : {}) });
    for (const item of items) folded.add(item);
  }
  if (!folded.size) return input;
  await db.outbox.bulkDelete([...folded].map((item) => item.localId!));
  const applyLocally = input.applyLocally;
  const foldedRows = rowIds.filter((id) => ofRow(id).length > 0).map(String);
  return {
    ...input,
    body,
    // The mirror shows what is now queued for those rows, carried values included.
    applyLocally: async (tx) => {
      await applyLocally?.(tx);
      for (const id of foldedRows) {
        const row = (await table.get(keyFromString(table, id) as never)) as Row | undefined;
        if (row) await table.put({ ...row, ...itemPatch(queued(body), id), _pending: true });
      }
    },
  };
}

/** Settles the refused saves of the rows this save carries, as `input.refused` says. */
function settleRefused(db: InterschoolsDb, input: QueueWriteInput): Promise<QueueWriteInput> {
  return input.refused === 'replace' ? replaceRefused(db, input) : carryRefused(db, input);
}

/** Several writes queued together, in this order, in one transaction (all or none): a save too
 *  large for one request goes as ordered parts, each sent exactly once. */
export async function queueWrites(db: InterschoolsDb, inputs: readonly QueueWriteInput[]): Promise<OutboxItem[]> {
  const session = await getSessionUser(db);
  const signedIn = session?.username ?? null;
  // Made for the school the session works on now: a school's own, or the one an admin has picked.
  const madeFor = session?.SchoolId ?? null;
  const items = await db.transaction('rw', [...db.mirrorTables(), db.outbox, db.meta], async () => {
    const queued: OutboxItem[] = [];
    for (const input of inputs) {
      const userId = input.userId !== undefined ? input.userId : signedIn;
      const schoolId = input.schoolId !== undefined ? input.schoolId : madeFor;
      queued.push(
        await enqueueWrite(db, { ...(input.refused ? await settleRefused(db, input) : input), userId, schoolId }),
      );
    }
    return queued;
  });
  for (const item of items) notifyOutbox({ type: 'queued', database: db.name, seq: item.seq });
  return items;
}

/** A list save (changed and added rows, their stored versions, removed ids) cut into ordered parts
 *  of at most `max` rows, each with the stored versions of its own rows; the removals (cheap, and
 *  bounded apart) go with the first part. One part when it fits. */
export function listSaveParts<R extends { id: string }>(
  save: { rows: readonly R[]; base: readonly R[]; removedIds: readonly string[] },
  max: number,
): { rows: R[]; base: R[]; removedIds: string[] }[] {
  const parts: { rows: R[]; base: R[]; removedIds: string[] }[] = [];
  for (let start = 0; start < Math.max(1, save.rows.length); start += max) {
    const rows = save.rows.slice(start, start + max);
    const ids = new Set(rows.map((row) => row.id));
    parts.push({
      rows,
      base: save.base.filter((row) => ids.has(row.id)),
      removedIds: start === 0 ? [...save.removedIds] : [],
    });
  }
  return parts;
}
