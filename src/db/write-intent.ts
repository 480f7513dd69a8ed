// What a queued write changes, kept with its outbox item as plain data (so the engine in the
// service worker, which never loads the features, reads it without a registry): the table, the
// rows, the operation, where each row sits in the REST body and where the answer carries the
// saved rows. The feature that queues the write declares it (src/sync/write-adapter.ts); the
// engine reads and rewrites a row's part of a body only through it.
import type { EntityName } from './database';

export type WriteOp = 'create' | 'update' | 'delete' | 'saveList' | 'command';

/** Where the item's rows sit in its body. */
export type BodyLayout =
  /** No row's fields in the body (a DELETE, a call that names rows only by id). */
  | { kind: 'none' }
  /** The body is the row. */
  | { kind: 'row' }
  /** The row is the object under `key`: { ticketing: {...} }. */
  | { kind: 'wrapped'; key: string }
  /** The rows are elements, found by id, of the lists `lists` ({ teams: [...] }); `idLists` hold
   *  rows named by id only (removed, archived: { teamsDeleted: [...] }). */
  | { kind: 'lists'; lists: readonly string[]; idLists: readonly string[] };

/** Where the answer carries the saved rows. */
export interface AnswerLayout {
  /** The key the rows are under ({ message, school }); absent: the answer is the row, or a list
   *  of rows. */
  key?: string;
  /** Another table's rows nested in each answered row (a team's entries), with the joined fields
   *  the answer adds that the mirror row does not keep. */
  nested?: { field: string; table: EntityName; parentKey: string; joined: readonly string[] };
}

export interface WriteIntent {
  table: EntityName;
  op: WriteOp;
  /** Every row the write changes, removals included. */
  rowIds: (string | number)[];
  /** The path with '{id}' where it names the row, so a renamed row's later calls follow it. */
  pathTemplate?: string;
  body: BodyLayout;
  answer: AnswerLayout;
}

export type Row = Record<string, unknown>;

export function isPlainObject(value: unknown): value is Row {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** A row's part of a body, and the body rebuilt with that part replaced. */
export type Located = { row: Row; replace(next: Row): unknown };

/** The part of `body` that carries row `id`, as the layout says. */
export function rowInBody(layout: BodyLayout, body: unknown, id: unknown): Located | null {
  if (!isPlainObject(body)) return null;
  switch (layout.kind) {
    case 'none':
      return null;
    case 'row':
      return { row: body, replace: (next) => next };
    case 'wrapped': {
      const row = body[layout.key];
      return isPlainObject(row) ? { row, replace: (next) => ({ ...body, [layout.key]: next }) } : null;
    }
    case 'lists':
      if (id === undefined || id === null) return null;
      for (const key of layout.lists) {
        const list = body[key];
        if (!Array.isArray(list)) continue;
        const index = list.findIndex((el) => isPlainObject(el) && el.id === id);
        if (index >= 0)
          return {
            row: list[index] as Row,
            replace: (next) => ({ ...body, [key]: list.map((el, i) => (i === index ? next : el)) }),
          };
      }
      return null;
  }
}

/** The rows a body carries whole or in part (not those named by id only). */
export function rowsInBody(layout: BodyLayout, body: unknown): Row[] {
  if (layout.kind !== 'lists') {
    const located = rowInBody(layout, body, undefined);
    return located ? [located.row] : [];
  }
  if (!isPlainObject(body)) return [];
  return layout.lists.flatMap((key) =>
    Array.isArray(body[key]) ? (body[key] as unknown[]).filter(isPlainObject) : [],
  );
}

/** The ids a body names without their fields (removed, archived). */
export function idsNamedInBody(layout: BodyLayout, body: unknown): unknown[] {
  if (layout.kind !== 'lists' || !isPlainObject(body)) return [];
  return layout.idLists.flatMap((key) => (Array.isArray(body[key]) ? (body[key] as unknown[]) : []));
}

/** The ids of every row a list body changes, in body order: its elements, then the named ids. */
export function rowIdsOfListBody(layout: BodyLayout, body: unknown): (string | number)[] {
  const ids = [...rowsInBody(layout, body).map((row) => row.id), ...idsNamedInBody(layout, body)];
  return ids.filter((id): id is string | number => typeof id === 'string' || typeof id === 'number');
}

const opOfMethod = (method: string, oneRow: boolean): WriteOp =>
  method === 'POST' && oneRow ? 'create' : method === 'DELETE' ? 'delete' : oneRow ? 'update' : 'command';

/** The intent of a write queued without one: it changes at most its one row, which is the body
 *  (or, for a DELETE, named only by the path). Declared, never read from the body's shape. */
export function defaultIntent(item: {
  entity: EntityName;
  rowId: string | number | null;
  method: string;
}): WriteIntent {
  const oneRow = item.rowId !== null;
  return {
    table: item.entity,
    op: opOfMethod(item.method, oneRow),
    rowIds: oneRow ? [item.rowId!] : [],
    body: layoutOf(item),
    answer: {},
  };
}

/** The item's own intent, or the default one for an item queued without. */
export function intentOf(item: {
  entity: EntityName;
  rowId: string | number | null;
  method: string;
  intent?: WriteIntent;
}): WriteIntent {
  return item.intent ?? defaultIntent(item);
}

/** Where an item's rows sit in its body (the default intent's layout for an item without one). */
export function layoutOf(item: { rowId: string | number | null; method: string; intent?: WriteIntent }): BodyLayout {
  if (item.intent) return item.intent.body;
  return item.rowId !== null && item.method !== 'DELETE' ? { kind: 'row' } : { kind: 'none' };
}

/** A path template with its row's id in place of '{id}'. */
export function fillPath(template: string, id: string | number | null | undefined): string {
  return id === null || id === undefined ? template : template.replace('{id}', String(id));
}

/** The call of a write after its row `from` was renamed `to` (a POST the server answered with an
 *  existing row's id): the intent's row ids, the path where it names the row, and the row's id in
 *  the body (its part, or its place in a list of ids). */
export function renameRow(
  item: { path: string; body: unknown; intent: WriteIntent },
  from: string | number,
  to: string | number,
): { path: string; body: unknown; intent: WriteIntent } {
  const { intent } = item;
  const swap = (id: unknown) => (id === from ? to : id);
  let body = item.body;
  const located = rowInBody(intent.body, body, from);
  if (located && located.row.id === from) body = located.replace({ ...located.row, id: to });
  if (intent.body.kind === 'lists' && isPlainObject(body)) {
    const named = Object.fromEntries(
      intent.body.idLists
        .filter((key) => Array.isArray((body as Row)[key]))
        .map((key) => [key, ((body as Row)[key] as unknown[]).map(swap)]),
    );
    body = { ...body, ...named };
  }
  const path =
    intent.pathTemplate && intent.rowIds.length === 1 && intent.rowIds[0] === from
      ? fillPath(intent.pathTemplate, to)
      : item.path;
  return { path, body, intent: { ...intent, rowIds: intent.rowIds.map((id) => swap(id) as string | number) } };
}
