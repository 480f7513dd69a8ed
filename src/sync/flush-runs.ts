// Which items go out next, and under which numbers: the next sendable item (one answered never
// first, other users' items held, later changes of a refused row held behind it), the run of items
// that can travel with it in one batch, and their stamping (a fresh number for an item whose own
// was already passed: numbers may skip, never go back).
import { v7 as uuidv7 } from 'uuid';
import type { OutboxItem } from '../db/database';
import { takeSequenceNumbers } from '../db/meta';
import { listByStatus, rowNamesOf } from '../db/outbox';
import {
  MAX_SYNC_BATCH_BYTES,
  MAX_SYNC_BATCH_ROWS,
  MAX_WRITES_PER_BATCH,
  rowsOfWrite,
} from '../domain/schemas/api/sync';
import { sameUser, type EngineContext } from './engine-context';
import { ENGINE_META } from './engine-meta';
import { rowPart } from './rows';

/** Takes the next item to send and stamps it (a fresh number if its own is already passed). */
async function prepare(ctx: EngineContext, localId: number): Promise<OutboxItem | null> {
  const { db } = ctx;
  return db.transaction('rw', db.outbox, db.meta, async () => {
    const item = await db.outbox.get(localId);
    if (!item || item.status !== 'pending') return null;
    const lastSent = (await ctx.getMeta<number>(ENGINE_META.lastSentSeq)) ?? 0;
    const inFlight = item.inFlightSeq === item.seq;
    if (item.seq <= lastSent && !inFlight) {
      // Sent after later numbers (held, or another user's): numbers may skip, never go back.
      const [seq] = await takeSequenceNumbers(db, 1);
      item.seq = seq!;
      item.idempotencyKey = uuidv7();
    }
    item.attempts += 1;
    item.inFlightSeq = item.seq;
    await db.outbox.put(item);
    await ctx.setMeta(ENGINE_META.lastSentSeq, Math.max(lastSent, item.seq));
    return item;
  });
}

/**
 * Stamps a run of items to send in one batch, in order, each as prepare() would: the first may be
 * given a fresh number; the run ends before an item that would need one, or whose number is not
 * above the one before it (the server takes numbers in order: a lower one after a higher one
 * would be refused as already sent).
 */
export async function prepareRun(ctx: EngineContext, candidates: readonly OutboxItem[]): Promise<OutboxItem[]> {
  const { db } = ctx;
  const first = await prepare(ctx, candidates[0]!.localId!);
  if (!first) return [];
  return db.transaction('rw', db.outbox, db.meta, async () => {
    const run = [first];
    let lastSent = (await ctx.getMeta<number>(ENGINE_META.lastSentSeq)) ?? 0;
    for (const candidate of candidates.slice(1)) {
      const item = await db.outbox.get(candidate.localId!);
      if (!item || item.status !== 'pending') break;
      const inFlight = item.inFlightSeq === item.seq;
      if ((item.seq <= lastSent && !inFlight) || item.seq <= run[run.length - 1]!.seq) break;
      item.attempts += 1;
      item.inFlightSeq = item.seq;
      await db.outbox.put(item);
      lastSent = Math.max(lastSent, item.seq);
      run.push(item);
    }
    await ctx.setMeta(ENGINE_META.lastSentSeq, lastSent);
    return run;
  });
}

export async function pickNext(
  ctx: EngineContext,
  preferred: number | null,
): Promise<{ item: OutboxItem | null; heldForOthers: OutboxItem[]; run: OutboxItem[] }> {
  const { db } = ctx;
  const user = await ctx.activeUser();
  const pending = await listByStatus(db, 'pending');
  const failed = await listByStatus(db, 'failed');
  // A refused one-row save holds its row. A refused list save holds nothing back: the next save
  // of its rows carries it or replaces it.
  const heldRows = new Set(failed.filter((f) => f.rowId !== null).flatMap(rowNamesOf));
  const heldForOthers: OutboxItem[] = [];
  const sendable = pending.filter((item) => {
    if (item.userId && user && !sameUser(item.userId, user)) {
      heldForOthers.push(item);
      return false;
    }
    // A later save of a row waits behind its refused one, a list saved in one batch too: sent
    // first, its value would be overtaken by the older held one afterwards.
    return !rowNamesOf(item).some((row) => heldRows.has(row));
  });
  // An item sent whose answer never came (in flight) goes first, under its own number: were an
  // older item renumbered above it first, the server would take its number as already passed and
  // refuse it as 'already sent' though it never applied it.
  const inFlight = sendable.find((i) => i.inFlightSeq === i.seq);
  const item = inFlight || (preferred !== null && sendable.find((i) => i.localId === preferred)) || sendable[0] || null;
  return { item, heldForOthers, run: item ? runFrom(item, sendable) : [] };
}

/**
 * The items sent in one batch with `first`: those after it, in order, while each can be sent
 * before the answers of the ones before it are known. A batch ends at a list saved in one batch
 * (its rows' versions follow earlier answers), before a second change of a row that states the
 * row's version (the first change's answer gives it its new version), and after a new row (its
 * answer may name the row differently, and later changes follow that name). It stays within the
 * server's bounds on a batch's rows and size, with room for the batch's own wrapping.
 */
function runFrom(first: OutboxItem, sendable: readonly OutboxItem[]): OutboxItem[] {
  const run = [first];
  if (first.rowId === null || first.method === 'POST') return run;
  const rows = new Set(rowNamesOf(first));
  const sizeOf = (item: OutboxItem) => JSON.stringify(item.body ?? null).length + JSON.stringify(item.path).length;
  let rowCount = rowsOfWrite(first.body);
  let size = sizeOf(first);
  for (const item of sendable.slice(sendable.indexOf(first) + 1)) {
    if (run.length >= MAX_WRITES_PER_BATCH || item.rowId === null) break;
    rowCount += rowsOfWrite(item.body);
    size += sizeOf(item);
    if (rowCount > MAX_SYNC_BATCH_ROWS || size > MAX_SYNC_BATCH_BYTES / 2) break;
    const named = rowNamesOf(item);
    if (named.some((row) => rows.has(row)) && typeof rowPart(item)?.row.version === 'number') break;
    for (const row of named) rows.add(row);
    run.push(item);
    if (item.method === 'POST') break;
  }
  return run;
}
