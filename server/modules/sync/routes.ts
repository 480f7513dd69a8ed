// GET /api/sync/changes?cursor=&limit=: the delta feed of the session's scope (src/sync/README.md 'Pull'),
// and GET /api/sync/live: the stream that says when to pull it (live.ts).
// Any signed-in user; the scope comes from the session only: a school user gets its own school and
// the session's event; an admin the picked school and event (either may be none); auditor and
// racedept the session's event without any school's rows. Invites go to admins only. Everyone
// also gets every event and the results of the events shown for results (/rev).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '../../../src/domain/server-messages';
import {
  MAX_SYNC_BATCH_BYTES,
  MAX_SYNC_BATCH_ROWS,
  WRITE_HEADERS,
  rowsOfWrite,
  type SyncBatchResponse,
  type SyncBatchWrite,
} from '../../../src/domain/schemas/api/sync';
import { HttpError, badRequest } from '../../http-errors';
import { ERROR_CODES } from '../../../src/domain/errors';
import { BATCHED_WRITE_HEADER, batchedWriteToken, namesQueuedRoute } from '../../plugins/batched-write';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeSchema, syncApi } from '../../../src/domain/schemas';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import { requireSession } from '../../plugins/authz';
import { createLiveHub, liveScopeOf } from './live';
import {
  ADMIN_EVERY_SCHOOL_TABLES,
  EVERY_EVENT_TABLES,
  SHOWN_RESULT_TABLES,
  pullChanges,
  shownResultEventIds,
  type FeedScope,
} from './service';

function sessionScope(request: FastifyRequest): FeedScope {
  const session = requireSession(request);
  switch (session.type) {
    case 'school':
      return { schoolId: session.schoolId, eventId: session.eventId, withAdminTables: false };
    case 'admin':
      return {
        schoolId: session.schoolId,
        eventId: session.eventId,
        withAdminTables: true,
        everySchool: ADMIN_EVERY_SCHOOL_TABLES,
      };
    default:
      return { schoolId: null, eventId: session.eventId, withAdminTables: false };
  }
}

/** The session's scope, with every event and the results of the events shown for results. */
async function feedScope(db: Db, request: FastifyRequest): Promise<FeedScope> {
  return {
    ...sessionScope(request),
    everyEvent: EVERY_EVENT_TABLES,
    alsoOf: { tables: SHOWN_RESULT_TABLES, eventIds: await shownResultEventIds(db) },
  };
}

const jsonOrNull = (text: string): unknown => {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
};

/** The outer request's headers a write of the batch is sent with: the session and where it came
 *  from (the same-site check reads them). Its address is not a header: each write is sent from the
 *  address the batch came from (request.ip), so limits per address count it as if sent alone. */
const FORWARDED = [
  'cookie',
  'origin',
  'referer',
  'sec-fetch-site',
  'user-agent',
  'x-forwarded-proto',
  'x-forwarded-host',
  'host',
] as const;

/** A batch carries only the device's queued writes, and a bounded amount of them: checked whole
 *  before any write is applied, so a refused batch changes nothing (the device then sends its
 *  first write alone). */
function assertBatchable(writes: readonly SyncBatchWrite[]): void {
  writes.forEach((write, index) => {
    if (!namesQueuedRoute(write.method, write.path))
      throw badRequest(SERVER_MESSAGES.notQueuedWrite, [
        { path: `body.writes.${index}.path`, message: SERVER_MESSAGES.notQueuedWrite },
      ]);
  });
  const rows = writes.reduce((sum, write) => sum + rowsOfWrite(write.body), 0);
  if (rows > MAX_SYNC_BATCH_ROWS)
    throw new HttpError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, SERVER_MESSAGES.batchTooLarge);
}

/**
 * POST /api/sync/batch: a run of queued writes in one request. Each write goes through the server
 * exactly as it would alone (its route, authorisation, event lock, validation, its own transaction
 * and exactly-once record under its client id and sequence number), one after the other; the
 * first answer that is not a success ends the batch, so the device deals with it before anything
 * after it is applied. A round trip per write was most of a long flush's time on a slow network.
 */
async function applyBatch(
  app: FastifyInstance,
  request: FastifyRequest,
  writes: readonly SyncBatchWrite[],
): Promise<SyncBatchResponse> {
  const forwarded: Record<string, string> = {};
  for (const name of FORWARDED) {
    const value = request.headers[name];
    if (typeof value === 'string') forwarded[name] = value;
  }
  assertBatchable(writes);
  const answers: SyncBatchResponse['answers'] = [];
  for (const write of writes) {
    const headers: Record<string, string> = {
      ...forwarded,
      accept: 'application/json',
      [BATCHED_WRITE_HEADER]: batchedWriteToken,
      [WRITE_HEADERS.clientId.toLowerCase()]: write.clientId,
      [WRITE_HEADERS.clientSeq.toLowerCase()]: String(write.seq),
      [WRITE_HEADERS.idempotencyKey.toLowerCase()]: write.idempotencyKey,
    };
    if (write.eventId) headers[WRITE_HEADERS.eventId.toLowerCase()] = write.eventId;
    if (write.schoolId) headers[WRITE_HEADERS.schoolId.toLowerCase()] = write.schoolId;
    const hasBody = write.body !== undefined && write.body !== null;
    if (hasBody) headers['content-type'] = 'application/json';
    const res = await app.inject({
      remoteAddress: request.ip,
      method: write.method,
      url: write.path,
      headers,
      ...(hasBody ? { payload: JSON.stringify(write.body) } : {}),
    });
    const body = jsonOrNull(res.body);
    const retryAfter = res.headers['retry-after'];
    answers.push({
      status: res.statusCode,
      body,
      ...(retryAfter !== undefined ? { retryAfter: String(retryAfter) } : {}),
    });
    if (res.statusCode < 200 || res.statusCode >= 300) break;
  }
  return { answers };
}

export const syncRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { db } = deps;
  const batch = syncApi.batch;
  app.post(
    batch.url,
    {
      config: { admitsEachRequest: true },
      bodyLimit: MAX_SYNC_BATCH_BYTES,
      schema: routeSchema(batch),
    },
    async (request) => applyBatch(app, request, request.body.writes),
  );

  const hub = await createLiveHub({
    listen: deps.listen,
    streamMs: deps.config.liveStreamMs,
    onLost: (err) => app.log.warn({ err }, 'change notifications lost: devices pull on their timer until they return'),
  });
  app.addHook('preClose', async () => hub.endStreams());
  app.addHook('onClose', async () => hub.close());
  app.get(
    syncApi.live.url,
    // Open for minutes, with no database work while open: it holds no admission slot.
    // eslint-disable-next-line no-restricted-syntax -- a stream of Server-Sent Events, not a JSON answer
    { config: { longLived: true } },
    async (request, reply) => hub.stream(reply, liveScopeOf(requireSession(request))),
  );

  const api = syncApi.changes;
  app.get(
    api.url,
    {
      schema: routeSchema(api),
    },
    async (request) =>
      pullChanges(db, await feedScope(db, request), request.query.cursor, request.query.limit, {
        initial: request.query.initial === '1',
      }),
  );
};
