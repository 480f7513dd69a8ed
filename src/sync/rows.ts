// Helpers over mirror rows and outbox bodies: a row's part of a queued call's body, read through
// the item's intent (src/db/write-intent.ts), which fields an item changes, the 409 merge, the
// rows an answer carries, and the overlay of queued changes on a server row.
import type { Table } from 'dexie';
import type { InterschoolsDb, OutboxItem } from '../db/database';
import {
  idsNamedInBody,
  isPlainObject,
  layoutOf,
  rowInBody,
  type AnswerLayout,
  type Located,
  type Row,
  type WriteIntent,
} from '../db/write-intent';

export { isPlainObject, type Row };

/** Fields that describe the row rather than the user's change. */
const META_FIELDS = new Set(['id', 'version', 'updatedAt', '_pending']);

export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if ((a === undefined || a === null) && (b === undefined || b === null)) return a === b;
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A list saved in one batch (invites, results, trophies) keeps how to undo it on the device: the
 *  rows it removed or changed, to put back as they were, and the ids of the rows it added, to drop. */
export type BatchUndo = { undo: { table: string; put: readonly object[]; drop: string[] } };

export function isBatchUndo(base: unknown): base is BatchUndo {
  if (!isPlainObject(base) || !isPlainObject(base.undo)) return false;
  const { table, put, drop } = base.undo;
  return typeof table === 'string' && Array.isArray(put) && Array.isArray(drop);
}

/** A queued write as the row helpers read it: its body and where its rows sit there. */
export type QueuedWrite = Pick<OutboxItem, 'body' | 'rowId' | 'method'> & { intent?: WriteIntent };

/** The part of an item's body that carries row `id` (the item's own row when omitted). */
export function rowPart(item: QueuedWrite, id: unknown = item.rowId): Located | null {
  return rowInBody(layoutOf(item), item.body, id);
}

/** The fields an item sets on its row (without id and version). */
export function itemPatch(item: QueuedWrite, id: unknown = item.rowId): Row {
  if (item.method === 'DELETE') return {};
  const located = rowPart(item, id);
  if (!located) return {};
  return Object.fromEntries(Object.entries(located.row).filter(([k]) => !META_FIELDS.has(k)));
}

export type MergeResult =
  { kind: 'resend'; body: unknown } | { kind: 'conflict'; fields: string[] } | { kind: 'unmergeable' };

/**
 * The 409 merge: fields the item changes that the server did not change since `base` are re-sent
 * on top of `current` with current's version; a field changed on both sides (to different values)
 * is a conflict and the server's value stands.
 */
export function mergeOnConflict(item: QueuedWrite & Pick<OutboxItem, 'base'>, current: Row): MergeResult {
  // A list saved in one batch (rows with their base rows, as a participants PUT keeps them) merges
  // the row the server refused, as a one-row save would.
  const batch = item.rowId === null && Array.isArray(item.base);
  const located = rowPart(item, batch ? current.id : item.rowId);
  const base = batch ? (item.base as unknown[]).find((row) => isPlainObject(row) && row.id === current.id) : item.base;
  if (!located || !isPlainObject(base)) return { kind: 'unmergeable' };
  const conflicts: string[] = [];
  const next: Row = {};
  for (const [field, mine] of Object.entries(located.row)) {
    if (field === 'version') {
      next.version = current.version;
      continue;
    }
    if (META_FIELDS.has(field) || !(field in current)) {
      next[field] = mine;
      continue;
    }
    const localChanged = !sameValue(mine, base[field]);
    const serverChanged = !sameValue(current[field], base[field]);
    if (localChanged && serverChanged && !sameValue(mine, current[field])) conflicts.push(field);
    next[field] = localChanged ? mine : current[field];
  }
  if (conflicts.length) return { kind: 'conflict', fields: conflicts };
  if (!('version' in next) && current.version !== undefined) next.version = current.version;
  return { kind: 'resend', body: located.replace(next) };
}

/** The primary key of a mirror row as Dexie wants it, from the feed's string form
 *  (composite keys joined by ':'; all-digit parts are the spec's integer ids). */
export function keyFromString(table: Table, key: string | number): unknown {
  const keyPath = table.schema.primKey.keyPath;
  const part = (p: string) => (/^\d+$/.test(p) ? Number(p) : p);
  if (Array.isArray(keyPath)) return String(key).split(':').map(part);
  return typeof key === 'number' ? key : part(key);
}

/** The key of `row` in `table`, or null when the row lacks a key field. */
export function keyOfRow(table: Table, row: Row): unknown {
  const keyPath = table.schema.primKey.keyPath;
  if (Array.isArray(keyPath)) {
    const parts = keyPath.map((k) => row[k]);
    return parts.every((p) => p !== undefined && p !== null) ? parts : null;
  }
  if (!keyPath) return null;
  const value = row[keyPath];
  return value === undefined || value === null ? null : value;
}

/** The rows an answer carries for the item's table, where the item's answer layout says. */
export function answerRows(db: InterschoolsDb, intent: WriteIntent, body: unknown): Row[] {
  const table = db.table(intent.table);
  if (intent.answer.key !== undefined) body = isPlainObject(body) ? body[intent.answer.key] : undefined;
  const candidates = Array.isArray(body) ? body : [body];
  return candidates.filter((r): r is Row => isPlainObject(r) && keyOfRow(table, r) !== null);
}

export interface SplitRow {
  row: Row;
  /** The nested rows in their own table, each naming its parent; null when the answer has none. */
  nested: { table: string; parentKey: string; rows: Row[] } | null;
}

/** An answered row apart from the other table's rows it nests (a saved team answers its entries
 *  and the names of its discipline and manager): the mirror keeps each table's rows apart, as the
 *  feed sends them, so the nested rows go to their own table and joined names are dropped. */
export function splitAnswerRow(answer: AnswerLayout, row: Row): SplitRow {
  const spec = answer.nested;
  if (!spec) return { row, nested: null };
  const own: Row = { ...row };
  for (const key of [spec.field, ...spec.joined]) delete own[key];
  const list = Array.isArray(row[spec.field]) ? (row[spec.field] as unknown[]) : null;
  if (!list) return { row: own, nested: null };
  const rows = list.filter(isPlainObject).map((child) => ({ ...child, [spec.parentKey]: row.id }));
  return { row: own, nested: { table: spec.table, parentKey: spec.parentKey, rows } };
}

/** A mirror row without the local mark. */
export function withoutPending(row: Row): Row {
  const copy = { ...row };
  delete copy._pending;
  return copy;
}

/** Does a write (queued for this row) remove it: a DELETE, or a list save naming it by id only? */
function removesRow(item: OutboxItem, id: unknown): boolean {
  return item.method === 'DELETE' || idsNamedInBody(layoutOf(item), item.body).includes(id);
}

/** The row the device stores when the server's copy of it arrives (a page of the pull, a write's
 *  answer), from the device's row and the writes queued for it; null leaves the device's row as it
 *  is. One rule for both, which can arrive in either order:
 *  - removed on this device (by a DELETE or a list save's removals still to be sent): it stays
 *    removed;
 *  - the device holds a newer version (another answer or page brought it) and nothing of the row
 *    is queued: the device's stays, without a pending mark;
 *  - otherwise the server's row with the queued changes laid over. */
export function rowOnArrival(local: Row | undefined, arriving: Row, queued: readonly OutboxItem[]): Row | null {
  if (local === undefined && queued.some((q) => q.status !== 'failed' && removesRow(q, arriving.id))) return null;
  if (
    queued.length === 0 &&
    local !== undefined &&
    typeof local.version === 'number' &&
    typeof arriving.version === 'number' &&
    local.version > arriving.version
  )
    return local._pending ? withoutPending(local) : null;
  // A row with nothing queued goes in as it arrived (overlay would copy it).
  return queued.length ? overlay(arriving, queued) : arriving;
}

/** The server's row with the local changes still queued for it laid over (blocked and pending
 *  items; a failed item's change was set aside, so the server's value shows). */
export function overlay(server: Row, queued: readonly OutboxItem[]): Row {
  const live = queued.filter((q) => q.status !== 'failed');
  if (!live.length) return withoutPending(server);
  const row: Row = { ...server };
  // A save of several rows lays over this row its own part (found by the row's id).
  for (const q of live) Object.assign(row, itemPatch(q, q.rowId ?? server.id));
  row._pending = true;
  return row;
}
