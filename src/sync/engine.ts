// The offline sync engine (ARCHITECTURE.md 'Client: offline first'): flushes the outbox in
// sequence order under the Web Lock 'outbox' and pulls the delta feed into the mirror. One engine
// per page (or service worker); several engines on one database are safe: only the lock holder
// sends, and the server applies each (client id, sequence number) once.
import { v7 as uuidv7 } from 'uuid';
import { NetworkError, errorDetails, sendOutboxBatch, sendOutboxItem, type FetchFn, type WriteAnswer } from '../api/sync';
import { MAX_WRITES_PER_BATCH } from '../domain/schemas/api/sync';
import type { InterschoolsDb, OutboxItem } from '../db/database';
import { getSessionUser, takeSequenceNumbers } from '../db/meta';
import { listByStatus, markBlocked } from '../db/outbox';
import { ERROR_CODES } from '../domain/errors';
import { parseRetryAfter, retryDelay } from './backoff';
import { OUTBOX_LOCK, defaultLocks, withLockIfAvailable } from './lock';
import {
  answerRows,
  batchElement,
  batchTouches,
  isBatchUndo,
  isPlainObject,
  keyFromString,
  keyOfRow,
  locateRow,
  mergeOnConflict,
  overlay,
  splitAnswerRow,
  withoutPending,
  type BatchUndo,
  type SplitRow,
  type Row,
} from './rows';
import { ENGINE_META, rowKeyString } from './engine-meta';
import { releaseUnlocked } from './blocked';
import { RACE_DAY_FEED, createPull } from './pull';
import { canViewRaceDay } from '../domain/rules/access';
import { syncStatus, type SyncStatusStore } from './status';
import { onOutboxChange } from './writes';

export interface SyncEngineOptions {
  db: InterschoolsDb;
  /** '' (default) = same origin. */
  baseUrl?: string;
  fetch?: FetchFn;
  status?: SyncStatusStore;
  /** Default navigator.locks when present; null = the in-process mutex. */
  locks?: LockManager | null;
  random?: () => number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface SyncEngine {
  flush(): Promise<void>;
  pull(): Promise<void>;
  syncNow(): Promise<void>;
  start(): () => void;
  resumeFor(username: string): Promise<void>;
  refreshCounts(): Promise<void>;
}

export const TIMER_MS = 30_000;
const MAX_MERGES_PER_FLUSH = 3;

const sameUser = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
const isFieldList = (fields: string[]) => fields.map((f) => `'${f}'`).join(', ');

/** Items of other users are never sent under this session: say whose they are. */
function heldMessage(items: OutboxItem[]): string {
  const owners = [...new Set(items.map((i) => i.userId))];
  return `${items.length} change(s) made by ${owners.join(', ')} are kept until ${owners.length > 1 ? 'they sign' : 'that user signs'} in again.`;
}

type Step = { kind: 'next' } | { kind: 'stop' } | { kind: 'retry'; ms: number } | { kind: 'again'; localId: number };

/** A success as handle() takes one: a 2xx without the spec's `err` (which is a refusal). */
const isPlainSuccess = (answer: WriteAnswer) =>
  answer.status >= 200 && answer.status < 300 && typeof (answer.body as { err?: unknown } | null)?.err !== 'string';
/** How many answers at the head are plain successes. */
function leadingSuccesses(answers: readonly WriteAnswer[]): number {
  const firstOther = answers.findIndex((a) => !isPlainSuccess(a));
  return firstOther === -1 ? answers.length : firstOther;
}

export function createSyncEngine(opts: SyncEngineOptions): SyncEngine {
  const { db } = opts;
  const baseUrl = (opts.baseUrl ?? '').replace(/\/$/, '');
  const fetchFn: FetchFn = opts.fetch ?? ((...args) => globalThis.fetch(...args));
  const status = opts.status ?? syncStatus;
  const locks = opts.locks === undefined ? defaultLocks() : opts.locks;
  const random = opts.random ?? Math.random;
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  let active = 0;
  let flushing = false;
  let flushAgain = false;
  let retryScheduled = false;
  let notBefore = 0;
  let stopped = false;

  const getMeta = async <T>(key: string): Promise<T | undefined> => (await db.meta.get(key))?.value as T | undefined;
  const setMeta = (key: string, value: unknown) => db.meta.put({ key, value });

  async function busy<T>(fn: () => Promise<T>): Promise<T> {
    active += 1;
    status.set({ syncing: true });
    try {
      return await fn();
    } finally {
      active -= 1;
      if (active === 0) status.set({ syncing: false });
    }
  }

  async function refreshCounts(): Promise<void> {
    const [pending, blocked, failed] = await Promise.all([
      db.outbox.where('status').equals('pending').count(),
      db.outbox.where('status').equals('blocked').count(),
      db.outbox.where('status').equals('failed').count(),
    ]);
    status.set({ pending, blocked, failed });
  }

  /** During a long flush the counts are refreshed a few times a second, not after every item
   *  (three IndexedDB counts per item were a third of the flush time); flush() ends with a full
   *  refresh. */
  let countsAt = 0;
  async function refreshCountsNowAndThen(): Promise<void> {
    if (now() - countsAt < 250) return;
    countsAt = now();
    await refreshCounts();
  }

  async function activeUser(): Promise<string | null> {
    return (await getMeta<string>(ENGINE_META.user)) ?? (await getSessionUser(db))?.username ?? null;
  }

  // ---- mirror updates ------------------------------------------------------------------------

  /** Queued items of a row (any status), in sequence order. */
  async function itemsOfRow(entity: string, rowId: unknown): Promise<OutboxItem[]> {
    if (rowId === null || rowId === undefined) return [];
    const items = await db.outbox.where('[entity+rowId]').equals([entity, rowId as string]).toArray();
    if (typeof rowId === 'number') items.push(...(await db.outbox.where('[entity+rowId]').equals([entity, String(rowId)]).toArray()));
    return items.sort((a, b) => a.seq - b.seq);
  }

  /** After an item is gone: the row loses its mark when nothing else of it is queued. */
  async function clearPendingMark(item: OutboxItem): Promise<void> {
    if (item.rowId === null) return;
    if ((await itemsOfRow(item.entity, item.rowId)).some((q) => q.status !== 'failed')) return;
    const table = db.table(item.entity);
    const key = keyFromString(table, item.rowId);
    const row = (await table.get(key as never)) as Row | undefined;
    if (row?._pending) await table.put(withoutPending(row));
  }

  /** A parent's nested rows as answered (a team's entries): the answer is the whole list, so rows
   *  of the parent it leaves out are gone, unless a change of theirs is still queued. */
  async function putNestedRows(parentId: unknown, nested: NonNullable<SplitRow['nested']>): Promise<void> {
    const table = db.table(nested.table);
    const answered = new Set(nested.rows.map((r) => r.id));
    const held = (await table.where(nested.parentKey).equals(parentId as string).toArray()) as Row[];
    for (const row of held) {
      if (answered.has(row.id) || (await itemsOfRow(nested.table, row.id)).length > 0) continue;
      await table.delete(row.id as never);
    }
    for (const row of nested.rows) {
      const queued = await itemsOfRow(nested.table, row.id);
      // Removed on this device meanwhile (its DELETE still queued): it stays removed here.
      if (queued.some((q) => q.method === 'DELETE' && q.status !== 'failed')) continue;
      await table.put(overlay(row, queued));
    }
  }

  // ---- per answer ----------------------------------------------------------------------------

  async function onSuccess(item: OutboxItem, answer: WriteAnswer): Promise<void> {
    await onSuccesses([item], [answer]);
  }

  /** Successes answered together (a batch's first answers) are recorded in one transaction, in
   *  order: a transaction per item was most of a long flush's time on the device. */
  async function onSuccesses(items: readonly OutboxItem[], answers: readonly WriteAnswer[]): Promise<void> {
    await db.transaction('rw', [...db.mirrorTables(), db.outbox], async () => {
      // Lists saved in one batch, read once: the items of one row are found by index, these are not.
      const listBatches = await db.outbox.filter((q) => q.rowId === null).toArray();
      for (const [i, item] of items.entries()) await applySuccess(item, answers[i]!, listBatches);
    });
  }

  async function applySuccess(item: OutboxItem, answer: WriteAnswer, listBatches: readonly OutboxItem[]): Promise<void> {
    await db.outbox.delete(item.localId!);
    const table = db.table(item.entity);
    const rows = answerRows(db, item.entity, answer.body);
    const sentVersion = locateRow(item.body, item.rowId)?.row.version;

    // POST of a snow id the school already had: the server answers the existing row.
    if (item.method === 'POST' && rows.length === 1 && item.rowId !== null && rows[0]!.id !== undefined && rows[0]!.id !== item.rowId) {
      const newId = rows[0]!.id as string;
      await table.delete(keyFromString(table, item.rowId) as never);
      for (const later of await itemsOfRow(item.entity, item.rowId)) {
        const oldId = String(item.rowId);
        await db.outbox.update(later.localId!, {
          rowId: newId,
          path: later.path.split(oldId).join(newId),
          body: later.body === undefined ? undefined : (JSON.parse(JSON.stringify(later.body).split(JSON.stringify(oldId)).join(JSON.stringify(newId))) as unknown),
        });
      }
    }

    // Lists saved in one batch after this one, whatever this one was (a one-row PATCH too): their
    // rows follow this answer's versions, or they would meet 409 on the device's own change.
    const laterBatches = listBatches.filter((q) => q.entity === item.entity && q.localId !== item.localId);
    for (const row of rows.map((answered) => splitAnswerRow(item.entity, answered).row)) {
      const rowId = rowKeyString(keyOfRow(table, row));
      const queued = await itemsOfRow(item.entity, rowId);
      const sent = item.rowId === null ? batchElement(item.body, row.id)?.row.version : sentVersion;
      // Our own write bumped the version: later edits of the row made on it, or on an older one
      // (before this write was merged onto another device's change and resent), follow it. An
      // edit made on a newer version (a pull brought it) is left as it is.
      for (const later of [...queued, ...laterBatches]) {
        if (later.status !== 'pending' || typeof sent !== 'number' || row.version === undefined) continue;
        const located = later.rowId === null ? batchElement(later.body, row.id) : locateRow(later.body, later.rowId);
        if (located && typeof located.row.version === 'number' && located.row.version <= sent) {
          later.body = located.replace({ ...located.row, version: row.version });
          // Discarding that batch later brings the row back on this version, not the old one.
          if (isBatchUndo(later.base)) {
            const { undo } = later.base;
            later.base = { undo: { ...undo, put: undo.put.map((r) => (isPlainObject(r) && r.id === row.id ? { ...r, version: row.version } : r)) } };
          }
          await db.outbox.put(later);
        }
      }
      // A later batch still to be sent changed or removed this row on the device: the device's row
      // stands. A set-aside batch does not: it must not freeze the row on an old version.
      if (laterBatches.some((later) => later.status !== 'failed' && batchTouches(later.body, row.id))) continue;
      const key = keyOfRow(table, row);
      const local = (await table.get(key as never)) as Row | undefined;
      if (!queued.length && local && typeof local.version === 'number' && typeof row.version === 'number' && local.version > row.version) {
        // A pull already brought a newer row; keep it.
        if (local._pending) await table.put(withoutPending(local));
        continue;
      }
      await table.put(overlay(row, queued));
    }
    for (const answered of rows) {
      const { nested } = splitAnswerRow(item.entity, answered);
      if (nested) await putNestedRows(answered.id, nested);
    }
    await clearPendingMark(item);
  }

  async function onLocked(item: OutboxItem, answer: WriteAnswer): Promise<void> {
    const { message, code } = errorDetails(answer.body);
    if (item.eventId === null) {
      await db.outbox.update(item.localId!, { status: 'blocked', error: message ?? 'Locked' });
    } else if (code === ERROR_CODES.VOLUNTEERS_LOCKED) {
      await db.outbox
        .where('eventId').equals(item.eventId)
        .filter((q) => q.status === 'pending' && q.entity.startsWith('volunteer'))
        .modify({ status: 'blocked', error: message ?? 'Locked' });
      await db.outbox.update(item.localId!, { status: 'blocked', error: message ?? 'Locked' });
    } else {
      await markBlocked(db, item.eventId);
      await db.outbox.where('eventId').equals(item.eventId).filter((q) => q.status === 'blocked' && !q.error)
        .modify({ error: message ?? 'Locked' });
    }
    // Only the volunteers are locked: the rest of the event stays open for editing.
    if (code === ERROR_CODES.VOLUNTEERS_LOCKED) status.set({ message: message ?? 'Volunteers are locked: changes are kept but cannot be sent.' });
    else status.set({ locked: true, message: message ?? 'The event is locked: changes are kept but cannot be sent.' });
  }

  async function setAside(item: OutboxItem, message: string, fields: { path: string; message: string }[] = []): Promise<void> {
    await db.outbox.update(item.localId!, { status: 'failed', error: message, fields, inFlightSeq: undefined });
    status.set({ message });
  }

  /** 409 on a list saved in one batch (results, trophies): one of its rows was changed by someone
   *  else meanwhile. A batch is not merged field by field: it is set aside for the user to discard
   *  or re-apply, the server's row stands in the mirror, and discarding the batch keeps it. */
  async function refuseStaleBatch(item: OutboxItem, { undo }: BatchUndo, current: Row, message: string | null | undefined): Promise<Step> {
    const text = message ?? 'Not saved: a row of this list was changed on the server meanwhile; the server\'s version is kept.';
    await db.transaction('rw', [...db.mirrorTables(), db.outbox], async () => {
      const put = [...undo.put.filter((r) => !(isPlainObject(r) && r.id === current.id)), current];
      await db.outbox.update(item.localId!, { status: 'failed', error: text, base: { undo: { ...undo, put } }, fields: [] });
      await db.table(item.entity).put(current);
    });
    status.set({ message: text });
    return { kind: 'next' };
  }

  /** 409: merge when the changed fields do not overlap, else the server's value stands. */
  async function onConflict(item: OutboxItem, answer: WriteAnswer): Promise<Step> {
    const body = isPlainObject(answer.body) ? answer.body : {};
    const current = body.current;
    const { message } = errorDetails(answer.body);
    if (!isPlainObject(current)) {
      await setAside(item, message ?? 'This change conflicts with the server.');
      return { kind: 'next' };
    }
    if (item.rowId === null && isBatchUndo(item.base)) return refuseStaleBatch(item, item.base, current, message);
    const merge = mergeOnConflict(item, current);
    if (merge.kind === 'resend') {
      const localId = item.localId!;
      await db.transaction('rw', [...db.mirrorTables(), db.outbox, db.meta], async () => {
        const [seq] = await takeSequenceNumbers(db, 1);
        // A batch keeps its other rows' bases; the merged row's is now the server's.
        const base = Array.isArray(item.base) ? item.base.map((row) => (isPlainObject(row) && row.id === current.id ? current : row)) : current;
        const next: OutboxItem = { ...item, seq: seq!, idempotencyKey: uuidv7(), body: merge.body, base, attempts: 0, nextAttemptAt: 0 };
        delete next.inFlightSeq;
        await db.outbox.put(next);
        if (item.rowId !== null) {
          const table = db.table(item.entity);
          await table.put(overlay(current, await itemsOfRow(item.entity, item.rowId)));
        }
      });
      return { kind: 'again', localId };
    }
    const text = merge.kind === 'conflict'
      ? `Not saved: ${isFieldList(merge.fields)} ${merge.fields.length > 1 ? 'were' : 'was'} changed on the server meanwhile; the server's value is kept. Re-apply your change if it should win.`
      : (message ?? 'Not saved: this row was changed on the server meanwhile; the server\'s version is kept.');
    await db.transaction('rw', [...db.mirrorTables(), db.outbox], async () => {
      // Ready for the user's re-apply: on top of the server's row and version.
      // A batch: the refused row among its rows, whose other rows keep their bases.
      const located = item.rowId === null ? batchElement(item.body, current.id) : locateRow(item.body, item.rowId);
      const rebuilt = located && current.version !== undefined ? located.replace({ ...located.row, version: current.version }) : item.body;
      // (a list batch's base is its undo record, kept for a discard).
      const base = Array.isArray(item.base) ? item.base.map((row) => (isPlainObject(row) && row.id === current.id ? current : row))
        : item.rowId === null ? item.base : current;
      await db.outbox.update(item.localId!, { status: 'failed', error: text, body: rebuilt, base, fields: [] });
      if (item.rowId !== null) {
        const table = db.table(item.entity);
        await table.put(overlay(current, await itemsOfRow(item.entity, item.rowId)));
      } else if (current.id !== undefined) {
        // A batch refused for one of its rows: that row as the server holds it stands here too.
        const table = db.table(item.entity);
        const { row, nested } = splitAnswerRow(item.entity, current);
        await table.put(overlay(row, await itemsOfRow(item.entity, rowKeyString(keyOfRow(table, row)))));
        if (nested) await putNestedRows(row.id, nested);
      }
    });
    status.set({ message: text });
    return { kind: 'next' };
  }

  // ---- flush ---------------------------------------------------------------------------------

  /** Takes the next item to send and stamps it (a fresh number if its own is already passed). */
  async function prepare(localId: number): Promise<OutboxItem | null> {
    return db.transaction('rw', db.outbox, db.meta, async () => {
      const item = await db.outbox.get(localId);
      if (!item || item.status !== 'pending') return null;
      const lastSent = (await getMeta<number>(ENGINE_META.lastSentSeq)) ?? 0;
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
      await setMeta(ENGINE_META.lastSentSeq, Math.max(lastSent, item.seq));
      return item;
    });
  }

  /**
   * Stamps a run of items to send in one batch, in order, each as prepare() would: the first may be
   * given a fresh number; the run ends before an item that would need one, or whose number is not
   * above the one before it (the server takes numbers in order: a lower one after a higher one
   * would be refused as already sent).
   */
  async function prepareRun(candidates: readonly OutboxItem[]): Promise<OutboxItem[]> {
    const first = await prepare(candidates[0]!.localId!);
    if (!first) return [];
    return db.transaction('rw', db.outbox, db.meta, async () => {
      const run = [first];
      let lastSent = (await getMeta<number>(ENGINE_META.lastSentSeq)) ?? 0;
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
      await setMeta(ENGINE_META.lastSentSeq, lastSent);
      return run;
    });
  }

  async function pickNext(preferred: number | null): Promise<{ item: OutboxItem | null; heldForOthers: OutboxItem[]; run: OutboxItem[] }> {
    const user = await activeUser();
    const pending = await listByStatus(db, 'pending');
    const failed = await listByStatus(db, 'failed');
    const refusedRows = failed.filter((f) => f.rowId !== null);
    const heldRows = new Set(refusedRows.map((f) => `${f.entity}|${f.rowId}`));
    const heldForOthers: OutboxItem[] = [];
    const sendable = pending.filter((item) => {
      if (item.userId && user && !sameUser(item.userId, user)) {
        heldForOthers.push(item);
        return false;
      }
      // A later save of a row waits behind its refused one, a list saved in one batch too: sent
      // first, its value would be overtaken by the older held one afterwards.
      if (item.rowId === null) return !refusedRows.some((f) => f.entity === item.entity && batchTouches(item.body, f.rowId));
      return !heldRows.has(`${item.entity}|${item.rowId}`);
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
   * answer may name the row differently, and later changes follow that name).
   */
  function runFrom(first: OutboxItem, sendable: readonly OutboxItem[]): OutboxItem[] {
    const run = [first];
    if (first.rowId === null || first.method === 'POST') return run;
    const rows = new Set([`${first.entity}|${first.rowId}`]);
    for (const item of sendable.slice(sendable.indexOf(first) + 1)) {
      if (run.length >= MAX_WRITES_PER_BATCH || item.rowId === null) break;
      const row = `${item.entity}|${item.rowId}`;
      if (rows.has(row) && typeof locateRow(item.body, item.rowId)?.row.version === 'number') break;
      rows.add(row);
      run.push(item);
      if (item.method === 'POST') break;
    }
    return run;
  }

  async function handle(item: OutboxItem, answer: WriteAnswer, merges: Map<number, number>): Promise<Step> {
    const s = answer.status;
    const err = (answer.body as { err?: unknown } | null)?.err;
    if (s >= 200 && s < 300 && typeof err === 'string') {
      // The spec's other refusal: a success status carrying `err` (the profile save).
      await setAside(item, err);
      return { kind: 'next' };
    }
    if (s >= 200 && s < 300) {
      await onSuccess(item, answer);
      return { kind: 'next' };
    }
    if (s === 401) {
      await db.outbox.update(item.localId!, { inFlightSeq: undefined });
      await setMeta(ENGINE_META.pausedFor, item.userId ?? (await activeUser()) ?? '');
      status.set({ needsLogin: true, message: 'Your session has ended: sign in again to send your changes.' });
      return { kind: 'stop' };
    }
    if (s === 410) {
      await onLocked(item, answer);
      return { kind: 'next' };
    }
    if (s === 409 && item.conflictIsDone) {
      await db.outbox.delete(item.localId!);
      return { kind: 'next' };
    }
    if (s === 409) {
      const n = (merges.get(item.localId!) ?? 0) + 1;
      merges.set(item.localId!, n);
      if (n > MAX_MERGES_PER_FLUSH) {
        await setAside(item, 'Not saved: this row keeps changing on the server; try again later.');
        return { kind: 'next' };
      }
      return onConflict(item, answer);
    }
    if (s === 408 || s === 429 || s >= 500) {
      if (s === 429) await db.outbox.update(item.localId!, { inFlightSeq: undefined });
      const ms = retryDelay(item.attempts, random, parseRetryAfter(answer.headers, now));
      await db.outbox.update(item.localId!, { nextAttemptAt: now() + ms });
      return { kind: 'retry', ms };
    }
    // 400, 403, 404, 422...: resending the same cannot succeed.
    const { message, fields } = errorDetails(answer.body);
    await setAside(item, message ?? `The server refused this change (${s}).`, fields);
    return { kind: 'next' };
  }

  async function flushLocked(): Promise<number | null> {
    if ((await getMeta<string>(ENGINE_META.pausedFor)) !== undefined) {
      status.set({ needsLogin: true });
      return null;
    }
    const merges = new Map<number, number>();
    let preferred: number | null = null;
    let reportedHeld = false;
    for (;;) {
      const { item: next, heldForOthers, run: candidates } = await pickNext(preferred);
      preferred = null;
      if (heldForOthers.length && !reportedHeld) {
        reportedHeld = true;
        status.set({ message: heldMessage(heldForOthers) });
      }
      if (!next) return null;
      const run = await prepareRun(candidates);
      if (!run.length) continue;
      let answers: WriteAnswer[];
      try {
        answers = await send(run);
        // Refused as a whole before anything was applied (an ended session, too many requests):
        // the first item's answer stands for all, which go again later in their order.
        const whole = answers.length === 1 && run.length > 1 && (answers[0]!.status === 401 || answers[0]!.status === 429);
        if (whole) await db.outbox.bulkUpdate(run.slice(1).map((item) => ({ key: item.localId!, changes: { inFlightSeq: undefined } })));
      } catch (err) {
        if (!(err instanceof NetworkError)) throw err;
        status.set({ online: false });
        const ms = retryDelay(run[0]!.attempts, random, null);
        await db.outbox.update(run[0]!.localId!, { nextAttemptAt: now() + ms });
        await refreshCounts();
        return ms;
      }
      status.set({ online: true });
      // Each answer dealt with as if its item had been sent alone (the successes at the head
      // together); the items after the last answer were not tried and go again (under their
      // numbers, still in flight).
      const successes = leadingSuccesses(answers);
      if (successes > 1) {
        await onSuccesses(run.slice(0, successes), answers.slice(0, successes));
        await refreshCountsNowAndThen();
      }
      for (const [i, answer] of answers.entries()) {
        if (successes > 1 && i < successes) continue;
        const step = await handle(run[i]!, answer, merges);
        await refreshCountsNowAndThen();
        if (step.kind === 'stop') return null;
        if (step.kind === 'retry') return step.ms;
        if (step.kind === 'again') {
          preferred = step.localId;
          break;
        }
      }
    }
  }

  /** One item as its own request; several in one batch. A batch the server would not take as a
   *  whole (not an overload or an ended session: those hold for every item alike) is retried as
   *  its first item alone, so no item is ever refused for the batch's sake. */
  async function send(run: readonly OutboxItem[]): Promise<WriteAnswer[]> {
    if (run.length === 1) return [await sendOutboxItem(fetchFn, baseUrl, run[0]!)];
    const { answers, whole } = await sendOutboxBatch(fetchFn, baseUrl, run);
    if (!whole) return answers;
    const s = whole.status;
    if (s === 401 || s === 408 || s === 429 || s >= 500) return [whole];
    return [await sendOutboxItem(fetchFn, baseUrl, run[0]!)];
  }

  function scheduleRetry(ms: number): void {
    notBefore = now() + ms;
    if (retryScheduled) return;
    retryScheduled = true;
    void sleep(ms).then(() => {
      retryScheduled = false;
      notBefore = 0;
      if (!stopped) void flush().catch(() => undefined);
    });
  }

  async function flush(): Promise<void> {
    if (flushing) {
      flushAgain = true;
      return;
    }
    if (notBefore && now() < notBefore) return; // a retry is scheduled (backoff, Retry-After)
    flushing = true;
    let retryIn: number | null = null;
    try {
      await busy(async () => {
        do {
          flushAgain = false;
          const result = await withLockIfAvailable(locks, OUTBOX_LOCK, `${OUTBOX_LOCK}:${db.name}`, flushLocked);
          retryIn = result.ran ? result.value : null;
        } while (flushAgain && retryIn === null);
        await refreshCounts();
      });
    } finally {
      flushing = false;
    }
    // After the lock and the flag are released, or the retry would find them taken.
    if (retryIn !== null) scheduleRetry(retryIn);
  }

  const pullContext = { db, fetchFn, baseUrl, status, now, getMeta, setMeta, activeUser };
  const pullMain = createPull(pullContext);
  const pullRaceDay = createPull(pullContext, RACE_DAY_FEED);

  /**
   * Changes blocked by a lock go back to the queue once the pulled event no longer holds them (an
   * admin unlocked the event, or lifted its volunteer lock); the lock signal goes when the session's
   * event is open again. Returns how many changes were released.
   */
  async function liftLocks(): Promise<number> {
    const released = await releaseUnlocked(db);
    const user = await getSessionUser(db);
    const sessionEvent = user?.EventId ? await db.events.get(user.EventId) : undefined;
    if (status.get().locked && sessionEvent && !sessionEvent.locked) status.set({ locked: false, message: null });
    return released;
  }

  /** The session's feed, then for race officials the race day of every event shown; changes a
   *  lock held are sent once the feed says the event is open again. */
  async function pull(): Promise<void> {
    let released = 0;
    await busy(async () => {
      await pullMain();
      const user = await getSessionUser(db);
      if (user && canViewRaceDay(user.type) && status.get().online && !status.get().needsLogin) await pullRaceDay();
      released = await liftLocks();
    });
    if (released) {
      notBefore = 0;
      await flush();
    }
  }

  async function syncNow(): Promise<void> {
    await flush();
    await pull();
  }

  async function resumeFor(username: string): Promise<void> {
    await db.transaction('rw', db.meta, async () => {
      await db.meta.delete(ENGINE_META.pausedFor);
      await setMeta(ENGINE_META.user, username);
    });
    notBefore = 0;
    const others = (await listByStatus(db, 'pending')).filter((i) => i.userId && !sameUser(i.userId, username));
    status.set({ needsLogin: false, message: others.length ? heldMessage(others) : null });
    await refreshCounts();
    await syncNow();
  }

  function start(): () => void {
    stopped = false;
    const cleanups: (() => void)[] = [];
    const kick = () => void syncNow().catch(() => undefined);
    if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
      const onOnline = () => {
        status.set({ online: true });
        notBefore = 0;
        kick();
      };
      const onOffline = () => status.set({ online: false });
      window.addEventListener('online', onOnline);
      window.addEventListener('offline', onOffline);
      window.addEventListener('focus', kick);
      cleanups.push(() => {
        window.removeEventListener('online', onOnline);
        window.removeEventListener('offline', onOffline);
        window.removeEventListener('focus', kick);
      });
    }
    if (typeof document !== 'undefined' && typeof document.addEventListener === 'function') {
      const onVisible = () => {
        if (document.visibilityState === 'visible') kick();
      };
      document.addEventListener('visibilitychange', onVisible);
      cleanups.push(() => document.removeEventListener('visibilitychange', onVisible));
    }
    const timer = setInterval(kick, TIMER_MS);
    cleanups.push(() => clearInterval(timer));
    cleanups.push(onOutboxChange((message) => {
      if (message?.database === db.name) void flush().catch(() => undefined);
    }));
    void refreshCounts().catch(() => undefined);
    kick();
    return () => {
      stopped = true;
      for (const c of cleanups.splice(0)) c();
    };
  }

  return { flush, pull, syncNow, start, resumeFor, refreshCounts };
}
