// The two calls of the offline engine (src/sync): sending one outbox item, and reading one page of
// the delta feed. Plain fetch (the engine is given the fetch to use: the page's, the service
// worker's, or a test's cookie-carrying one); answers are returned, never thrown, so the engine
// decides per status code (src/sync/README.md 'Flush'). Only a network failure throws.
import { FEED_ROW_SCHEMAS } from '../domain/schemas/api/feed-rows';
import { z } from 'zod';
import {
  WRITE_HEADERS,
  syncApi,
  syncChangeSchema,
  syncResponseSchema,
  type SyncChange,
  type SyncResponse,
} from '../domain/schemas/api/sync';
import type { OutboxItem } from '../db/database';

export type FetchFn = typeof fetch;

export interface WriteAnswer {
  status: number;
  /** Parsed JSON body, or null when the body is empty or not JSON. */
  body: unknown;
  headers: Headers;
}

/** A failure to reach the server at all (offline, DNS, reset, timeout). */
export class NetworkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NetworkError';
  }
}

const REQUEST_TIMEOUT_MS = 30_000;

function timeoutSignal(ms: number): AbortSignal | undefined {
  return typeof AbortSignal !== 'undefined' && 'timeout' in AbortSignal ? AbortSignal.timeout(ms) : undefined;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

async function call(fetchFn: FetchFn, url: string, init: RequestInit): Promise<WriteAnswer> {
  let res: Response;
  try {
    res = await fetchFn(url, { credentials: 'same-origin', signal: timeoutSignal(REQUEST_TIMEOUT_MS), ...init });
  } catch (err) {
    throw new NetworkError(err instanceof Error ? err.message : String(err), { cause: err });
  }
  let body: unknown;
  try {
    body = await readBody(res);
  } catch (err) {
    // The connection broke while the answer was coming: the write may have been applied.
    throw new NetworkError(err instanceof Error ? err.message : String(err), { cause: err });
  }
  return { status: res.status, body, headers: res.headers };
}

/** Sends one queued write with its client id, sequence number and idempotency key. */
export function sendOutboxItem(fetchFn: FetchFn, baseUrl: string, item: OutboxItem): Promise<WriteAnswer> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [WRITE_HEADERS.clientId]: item.clientId,
    [WRITE_HEADERS.clientSeq]: String(item.seq),
    [WRITE_HEADERS.idempotencyKey]: item.idempotencyKey,
  };
  // The event the change was made in: a write queued before a session switch stays in its event.
  if (item.eventId) headers[WRITE_HEADERS.eventId] = item.eventId;
  // And the school it was made for: an admin's later pick of another school never redirects it.
  if (item.schoolId) headers[WRITE_HEADERS.schoolId] = item.schoolId;
  const init: RequestInit = { method: item.method, headers };
  if (item.body !== undefined && item.body !== null) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(item.body);
  }
  return call(fetchFn, baseUrl + item.path, init);
}

/** The answers to a batch of queued writes (POST /api/sync/batch): one per write tried, in order,
 *  up to and including the first that is not a success. `whole` is the batch's own answer when it
 *  was not a 200 (a session ended, an overloaded server): then no write was tried. */
export type BatchAnswer = { answers: WriteAnswer[]; whole: WriteAnswer | null };

/** Sends a run of queued writes in one request, each with its client id, sequence number and key. */
export async function sendOutboxBatch(
  fetchFn: FetchFn,
  baseUrl: string,
  items: readonly OutboxItem[],
): Promise<BatchAnswer> {
  const writes = items.map((item) => ({
    method: item.method,
    path: item.path,
    clientId: item.clientId,
    seq: item.seq,
    idempotencyKey: item.idempotencyKey,
    ...(item.eventId ? { eventId: item.eventId } : {}),
    ...(item.schoolId ? { schoolId: item.schoolId } : {}),
    ...(item.body !== undefined && item.body !== null ? { body: item.body } : {}),
  }));
  const route = syncApi.batch;
  const answer = await call(fetchFn, baseUrl + route.url, {
    method: route.method,
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ writes }),
  });
  const parsed = answer.status === 200 ? route.response.safeParse(answer.body) : null;
  if (!parsed?.success) return { answers: [], whole: answer };
  return {
    whole: null,
    answers: parsed.data.answers.map((a) => ({
      status: a.status,
      body: a.body ?? null,
      headers: new Headers(a.retryAfter ? { 'retry-after': a.retryAfter } : {}),
    })),
  };
}

export type ChangesAnswer = { status: number; page: SyncResponse | null; body: unknown; headers: Headers };

/** A feed the engine pulls: the main one or the race-day one, both read with the same query. */
export type FeedRoute = typeof syncApi.changes | typeof syncApi.raceDay;

/** GET /api/sync/changes?cursor=&limit= (or the race-day feed); `page` is set on a 200 with a valid body. */
export async function fetchChanges(
  fetchFn: FetchFn,
  baseUrl: string,
  cursor: number,
  limit: number,
  initial = false,
  route: FeedRoute = syncApi.changes,
): Promise<ChangesAnswer> {
  // Built here rather than with routePath: the service worker runs this, and route-call.ts would
  // bring the page's ky client into its bundle.
  const query = new URLSearchParams({
    cursor: String(cursor),
    limit: String(limit),
    ...(initial ? { initial: '1' } : {}),
  });
  const answer = await call(fetchFn, `${baseUrl}${route.url}?${query.toString()}`, {
    method: route.method,
    headers: { Accept: 'application/json' },
  });
  if (answer.status !== 200) return { ...answer, page: null };
  return { ...answer, page: parseChangesPage(answer.body) };
}

/** A page of the feed: its envelope checked once, each row by its entity's schema (the envelope's
 *  own check of every row as a record of anything is left out: the row schema decides). */
export function parseChangesPage(body: unknown): SyncResponse {
  const parsed = syncPageEnvelopeSchema.safeParse(body);
  if (!parsed.success) throw new Error(`The change feed answered an unexpected body: ${parsed.error.message}`);
  return { ...parsed.data, changes: parsed.data.changes.map(parseRow) };
}

/** A row of an entity without a schema of its own: an object, as the envelope has always said. */
const anyRowSchema = syncChangeSchema.shape.row.unwrap();

const syncPageEnvelopeSchema = syncResponseSchema.extend({
  changes: z.array(syncChangeSchema.extend({ row: z.unknown().optional() })),
});

/** A pulled row in its mirror table's shape, or an error: a row missing a field the screens read
 *  must never reach IndexedDB (the page is not stored, and the pull tries again later). */
function parseRow(change: Omit<SyncChange, 'row'> & { row?: unknown }): SyncChange {
  if (change.row === undefined) return { ...change, row: undefined };
  const schema = FEED_ROW_SCHEMAS[change.entity] ?? anyRowSchema;
  const row = schema.safeParse(change.row);
  if (!row.success)
    throw new Error(`The change feed sent a ${change.entity} row of another shape: ${row.error.message}`);
  return { ...change, row: row.data };
}

/** The common error body's message and fields, when the answer has them. */
export function errorDetails(body: unknown): {
  message: string | null;
  code: string | null;
  fields: { path: string; message: string }[];
} {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const fields = Array.isArray(b.fields)
    ? b.fields
        .filter(
          (f): f is { path: string; message: string } =>
            !!f && typeof f === 'object' && typeof (f as { message?: unknown }).message === 'string',
        )
        .map((f) => ({ path: String(f.path ?? ''), message: f.message }))
    : [];
  return {
    message: typeof b.message === 'string' ? b.message : typeof b.error === 'string' ? b.error : null,
    code: typeof b.code === 'string' ? b.code : null,
    fields,
  };
}
