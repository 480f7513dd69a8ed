// Helpers over mirror rows and outbox bodies: where in a call's body the changed row sits (the
// body itself for POST/PATCH, one element of an array for the batch calls, the one nested object
// for { ticketing: {...} }), which fields an item changes, and the 409 merge.
import type { Table } from 'dexie';
import type { InterschoolsDb, OutboxItem } from '../db/database';

export type Row = Record<string, unknown>;

export function isPlainObject(value: unknown): value is Row {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

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

/** The element with this id in one of a batch body's lists ({ races: [...] }, { trophies: [...] }). */
export function batchElement(body: unknown, id: unknown): Located | null {
  if (!isPlainObject(body) || id === undefined || id === null) return null;
  for (const [key, value] of Object.entries(body)) {
    if (!Array.isArray(value)) continue;
    const index = value.findIndex((el) => isPlainObject(el) && el.id === id);
    if (index >= 0) {
      return {
        row: value[index] as Row,
        replace: (next) => ({ ...body, [key]: value.map((el, i) => (i === index ? next : el)) }),
      };
    }
  }
  return null;
}

/** Does a batch body carry this row, as an element of a list or as an id in a list of removals? */
export function batchTouches(body: unknown, id: unknown): boolean {
  if (!isPlainObject(body)) return false;
  return Object.values(body).some((value) => Array.isArray(value)
    && value.some((el) => el === id || (isPlainObject(el) && el.id === id)));
}

type Located = { row: Row; replace(next: Row): unknown };

/** Finds the object of `body` that carries the row `rowId`, with a way to rebuild the body. */
export function locateRow(body: unknown, rowId: OutboxItem['rowId']): Located | null {
  if (!isPlainObject(body)) return null;
  // A batch: { participants: [...] }, { data: [...] }.
  const element = batchElement(body, rowId);
  if (element) return element;
  // One wrapped row: { ticketing: {...} }.
  const keys = Object.keys(body);
  if (keys.length === 1 && isPlainObject(body[keys[0]!]) && !('id' in body)) {
    const key = keys[0]!;
    return { row: body[key] as Row, replace: (next) => ({ ...body, [key]: next }) };
  }
  return { row: body, replace: (next) => next };
}

/** The fields an item sets on its row (without id and version). */
export function itemPatch(item: Pick<OutboxItem, 'body' | 'rowId' | 'method'>): Row {
  if (item.method === 'DELETE') return {};
  const located = locateRow(item.body, item.rowId);
  if (!located) return {};
  return Object.fromEntries(Object.entries(located.row).filter(([k]) => !META_FIELDS.has(k)));
}

export type MergeResult =
  | { kind: 'resend'; body: unknown }
  | { kind: 'conflict'; fields: string[] }
  | { kind: 'unmergeable' };

/**
 * The 409 merge: fields the item changes that the server did not change since `base` are re-sent
 * on top of `current` with current's version; a field changed on both sides (to different values)
 * is a conflict and the server's value stands.
 */
export function mergeOnConflict(item: Pick<OutboxItem, 'body' | 'rowId' | 'method' | 'base'>, current: Row): MergeResult {
  // A list saved in one batch (rows with their base rows, as a participants PUT keeps them) merges
  // the row the server refused, as a one-row save would.
  const batch = item.rowId === null && Array.isArray(item.base);
  const located = batch ? batchElement(item.body, current.id) : locateRow(item.body, item.rowId);
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

/** Is this answer a row (or rows) of the entity's table? */
/** Answers that carry their saved rows under a name beside others: PUT /api/school answers
 *  { message, school }; PUT /api/results answers { races, overalls }. */
const WRAPPED_ANSWER_ROW: Readonly<Record<string, string>> = { schools: 'school', resultRaces: 'races', resultOveralls: 'overalls' };

export function answerRows(db: InterschoolsDb, entity: string, body: unknown): Row[] {
  const table = db.table(entity);
  const wrapper = WRAPPED_ANSWER_ROW[entity];
  if (wrapper && isPlainObject(body)) body = body[wrapper];
  const candidates = Array.isArray(body) ? body : [body];
  return candidates.filter((r): r is Row => isPlainObject(r) && keyOfRow(table, r) !== null);
}

/** Answers that carry another table's rows inside each row: a saved team answers its entries
 *  (and the names of its discipline and manager). The mirror keeps each table's rows apart, as the
 *  feed sends them, so the nested rows go to their own table and joined names are dropped. */
const NESTED_ROWS: Readonly<Record<string, { field: string; table: string; parentKey: string; joined: readonly string[] }>> = {
  teams: { field: 'TeamEntries', table: 'teamEntries', parentKey: 'TeamId', joined: ['Discipline', 'TeamManager'] },
};

export interface SplitRow {
  row: Row;
  /** The nested rows in their own table, each naming its parent; null when the entity has none. */
  nested: { table: string; parentKey: string; rows: Row[] } | null;
}

export function splitAnswerRow(entity: string, row: Row): SplitRow {
  const spec = NESTED_ROWS[entity];
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

/** The server's row with the local changes still queued for it laid over (blocked and pending
 *  items; a failed item's change was set aside, so the server's value shows). */
export function overlay(server: Row, queued: OutboxItem[]): Row {
  const live = queued.filter((q) => q.status !== 'failed');
  if (!live.length) return withoutPending(server);
  const row: Row = { ...server };
  for (const q of live) Object.assign(row, itemPatch(q));
  row._pending = true;
  return row;
}
