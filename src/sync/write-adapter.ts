// How a feature declares its writes: a small adapter per call (the table it changes, the method
// and path, where the rows sit in the body and where the answer carries them). Queuing through it
// stores the intent with the outbox item (src/db/write-intent.ts), so the engine, in the page or
// the service worker, reads every item the same way and no central map names the features' calls.
import type { EntityName, HttpWriteMethod, InterschoolsDb, OutboxItem } from '../db/database';
import { fillPath, rowIdsOfListBody, type AnswerLayout, type BodyLayout, type WriteIntent, type WriteOp } from '../db/write-intent';
import { queueWrite, queueWrites, type QueueWriteInput } from './writes';

export interface WriteAdapter {
  table: EntityName;
  method: HttpWriteMethod;
  op: WriteOp;
  /** The call's path; '{id}' stands for the row's id. */
  path: string;
  body: BodyLayout;
  /** Where the answer carries the saved rows; absent: the answer is the row, or a list of rows. */
  answer?: AnswerLayout;
}

export const defineWrite = <A extends WriteAdapter>(adapter: A): A => adapter;

/** A row's list body: the rows are elements of `lists`, removed (or otherwise named) rows are ids
 *  in `idLists`. */
export const listBody = (lists: readonly string[], idLists: readonly string[] = []): BodyLayout => ({ kind: 'lists', lists, idLists });

export type AdapterWriteInput = Omit<QueueWriteInput, 'method' | 'path' | 'entity' | 'intent'> & {
  /** The rows the write changes when the body names them in a shape the layout does not read
   *  (a list of { teamEntryId, bib }); by default the row, or the rows of the list body. */
  rowIds?: (string | number)[];
};

/** The queue input of a write through its adapter: the call, and the intent stored with it. */
export function throughAdapter(adapter: WriteAdapter, input: AdapterWriteInput): QueueWriteInput {
  const { rowIds: named, ...rest } = input;
  const rowId = input.rowId ?? null;
  const intent: WriteIntent = {
    table: adapter.table,
    op: adapter.op,
    rowIds: named ?? (rowId !== null ? [rowId] : rowIdsOfListBody(adapter.body, input.body)),
    body: adapter.body,
    answer: adapter.answer ?? {},
    ...(adapter.path.includes('{id}') ? { pathTemplate: adapter.path } : {}),
  };
  return { ...rest, rowId, method: adapter.method, path: fillPath(adapter.path, rowId), entity: adapter.table, intent };
}

export function queueThrough(db: InterschoolsDb, adapter: WriteAdapter, input: AdapterWriteInput): Promise<OutboxItem> {
  return queueWrite(db, throughAdapter(adapter, input));
}

/** Several writes, each through its adapter, queued together in order (all or none). */
export function queueAllThrough(db: InterschoolsDb, writes: readonly { adapter: WriteAdapter; input: AdapterWriteInput }[]): Promise<OutboxItem[]> {
  return queueWrites(db, writes.map(({ adapter, input }) => throughAdapter(adapter, input)));
}

/** A list saved in one batch (invites, results, trophies): the added and changed rows put and the
 *  removed ones deleted in the mirror, and one outbox item whose BatchUndo lets a refused save be
 *  discarded on this device (src/sync/blocked.ts): removed and changed rows come back as they
 *  were, added ones go. */
export function queueListBatch<R extends { id: string }>(db: InterschoolsDb, adapter: WriteAdapter, batch: {
  body: unknown;
  eventId: string | null;
  added: readonly R[];
  changed?: readonly { before: R; after: R }[];
  removed: readonly R[];
}): Promise<OutboxItem> {
  const { table } = adapter;
  const removedIds = batch.removed.map((r) => r.id);
  const changed = batch.changed ?? [];
  return queueThrough(db, adapter, {
    body: batch.body,
    rowId: null,
    eventId: batch.eventId,
    base: { undo: { table, put: [...batch.removed, ...changed.map((c) => c.before)], drop: batch.added.map((a) => a.id) } },
    applyLocally: async (tx) => {
      await tx.table(table).bulkPut([...batch.added, ...changed.map((c) => c.after)].map((row) => ({ ...row, _pending: true })));
      await tx.table(table).bulkDelete(removedIds);
    },
  });
}
