// How a feature declares its writes: a small adapter per call (the route of the domain contract it
// sends, the table it changes, where the rows sit in the body and where the answer carries them).
// Queuing through it types the body by the route's schema and stores the intent with the outbox
// item (src/db/write-intent.ts), so the engine, in the page or the service worker, reads every
// item the same way and no central map names the features' calls.
import type { z } from 'zod';
import type { EntityName, HttpWriteMethod, InterschoolsDb, OutboxItem } from '../db/database';
import {
  fillPath,
  rowIdsOfListBody,
  type AnswerLayout,
  type BodyLayout,
  type WriteIntent,
  type WriteOp,
} from '../db/write-intent';
import type { RouteBody, RouteContract } from '../domain/schemas/route';
import { queueWrite, queueWrites, type QueueWriteInput } from './writes';

/** A route that changes something and that the contract marks as queued: the server lets a batch
 *  of queued writes carry only these, so a write queued through another would be refused there. */
export type WriteRoute = RouteContract & { method: HttpWriteMethod; queued: true };

export interface WriteAdapter<R extends WriteRoute = WriteRoute> {
  /** The call, from the domain contract; a row's path names it by its one param (':id'). */
  route: R;
  table: EntityName;
  op: WriteOp;
  body: BodyLayout;
  /** Where the answer carries the saved rows; absent: the answer is the row, or a list of rows. */
  answer?: AnswerLayout;
}

export const defineWrite = <R extends WriteRoute>(adapter: WriteAdapter<R>): WriteAdapter<R> => adapter;

/** The path an outbox item keeps: the route's url with its row param as '{id}' (the stored form
 *  that items queued by earlier versions also use). */
function pathTemplateOf(route: WriteRoute): string {
  return route.url.replace(/:[A-Za-z_][A-Za-z0-9_]*/, '{id}');
}

/** A row's list body: the rows are elements of `lists`, removed (or otherwise named) rows are ids
 *  in `idLists`. */
export const listBody = (lists: readonly string[], idLists: readonly string[] = []): BodyLayout => ({
  kind: 'lists',
  lists,
  idLists,
});

/** Whether an outbox item was queued through this adapter: its table, and its route's method and path. */
export function queuedThrough(adapter: WriteAdapter, item: Pick<OutboxItem, 'entity' | 'method' | 'path'>): boolean {
  return (
    item.entity === adapter.table && item.method === adapter.route.method && item.path === pathTemplateOf(adapter.route)
  );
}

/** The body a write of route R sends: the route's body schema's input, or none. */
type BodyOf<R extends WriteRoute> = R['body'] extends z.ZodType ? { body: RouteBody<R> } : { body?: undefined };

export type AdapterWriteInput<R extends WriteRoute = WriteRoute> = Omit<
  QueueWriteInput,
  'method' | 'path' | 'entity' | 'intent' | 'body'
> &
  BodyOf<R> & {
    /** The rows the write changes when the body names them in a shape the layout does not read
     *  (a list of { teamEntryId, bib }); by default the row, or the rows of the list body. */
    rowIds?: (string | number)[];
  };

/** The queue input of a write through its adapter: the call, and the intent stored with it. */
export function throughAdapter<R extends WriteRoute>(
  adapter: WriteAdapter<R>,
  input: AdapterWriteInput<R>,
): QueueWriteInput {
  const { rowIds: named, ...rest } = input;
  const rowId = input.rowId ?? null;
  const template = pathTemplateOf(adapter.route);
  const intent: WriteIntent = {
    table: adapter.table,
    op: adapter.op,
    rowIds: named ?? (rowId !== null ? [rowId] : rowIdsOfListBody(adapter.body, input.body)),
    body: adapter.body,
    answer: adapter.answer ?? {},
    ...(template.includes('{id}') ? { pathTemplate: template } : {}),
  };
  // The body was checked against the route's schema by the caller's types; the outbox keeps it as sent.
  const queued = rest as Omit<QueueWriteInput, 'method' | 'path' | 'entity' | 'intent'>;
  return {
    ...queued,
    rowId,
    method: adapter.route.method,
    path: fillPath(template, rowId),
    entity: adapter.table,
    intent,
  };
}

export function queueThrough<R extends WriteRoute>(
  db: InterschoolsDb,
  adapter: WriteAdapter<R>,
  input: AdapterWriteInput<R>,
): Promise<OutboxItem> {
  return queueWrite(db, throughAdapter(adapter, input));
}

/** Several writes, each through its adapter (`throughAdapter`), queued together in order (all or none). */
export function queueAllThrough(db: InterschoolsDb, writes: readonly QueueWriteInput[]): Promise<OutboxItem[]> {
  return queueWrites(db, writes);
}

/** A list saved in one batch (invites, results, trophies): the added and changed rows put and the
 *  removed ones deleted in the mirror, and one outbox item whose BatchUndo lets a refused save be
 *  discarded on this device (src/sync/blocked.ts): removed and changed rows come back as they
 *  were, added ones go. */
export function queueListBatch<W extends WriteRoute & { body: z.ZodType }, R extends { id: string }>(
  db: InterschoolsDb,
  adapter: WriteAdapter<W>,
  batch: {
    body: RouteBody<W>;
    eventId: string | null;
    added: readonly R[];
    changed?: readonly { before: R; after: R }[];
    removed: readonly R[];
  },
): Promise<OutboxItem> {
  const { table } = adapter;
  const removedIds = batch.removed.map((r) => r.id);
  const changed = batch.changed ?? [];
  const input = {
    body: batch.body,
    rowId: null,
    eventId: batch.eventId,
    base: {
      undo: { table, put: [...batch.removed, ...changed.map((c) => c.before)], drop: batch.added.map((a) => a.id) },
    },
    applyLocally: async (tx) => {
      await tx
        .table(table)
        .bulkPut([...batch.added, ...changed.map((c) => c.after)].map((row) => ({ ...row, _pending: true })));
      await tx.table(table).bulkDelete(removedIds);
    },
  } as AdapterWriteInput<W>;
  return queueThrough(db, adapter, input);
}
