// The delta feed the offline client pulls (src/sync/README.md 'Pull'). The server picks the scope
// from the session (a school user: own school + session event; an admin: the picked school +
// event); `scopeKey` names it so the client keeps one cursor per scope and starts over when the
// scope changes. `cursor` is the server's change sequence, never a client clock.
import { RACE_OFFICIALS } from '../../constants/access';
import { z } from 'zod';
import { LIVE_PATH } from './live-path';
import { MAX_KEY_LENGTH, MAX_PAGE_ROWS, MAX_WRITE_BATCH_ROWS } from '../../constants/limits';
import { boundedText } from '../common';
import { defineRoute } from '../route';

/** The mirror tables the feeds fill on the client (src/db MIRROR_TABLES). A volunteer slot's
 *  preferences travel in its row; staff users and payments are read online, never mirrored. */
export const SYNC_ENTITIES = [
  'participants',
  'teamManagers',
  'teams',
  'teamEntries',
  'volunteers',
  'volunteerSlots',
  'volunteerSpots',
  'events',
  'eventDisciplines',
  'disciplines',
  'states',
  'schools',
  'ticketing',
  'waivers',
  'resultRaces',
  'resultOveralls',
  'trophies',
  'invites',
  'qualifiers',
  'invoices',
  // The race-day mirror (GET /api/race-day/changes; schemas in race-day-feed.ts).
  'raceEvents',
  'raceTeams',
  'raceEntries',
  'raceParticipants',
  'raceSchools',
  'startDraws',
  'raceMarks',
  'raceReadiness',
  'raceResults',
] as const;
const syncEntitySchema = z.enum(SYNC_ENTITIES);
export type SyncEntity = z.infer<typeof syncEntitySchema>;

const syncQuerySchema = z.object({
  cursor: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_ROWS).default(1000),
  /** '1' while continuing a download that began at cursor 0 (see server/db/changes.ts). */
  initial: z.enum(['0', '1']).optional(),
});

/**
 * One change. `key` is the mirror row's primary key as the client stores it: the row id, or for
 * composite keys the parts joined by ':' in the order of the client table's key. `row` is the
 * entity in its domain shape (absent for a tombstone).
 */
export const syncChangeSchema = z.object({
  entity: syncEntitySchema,
  key: boundedText(MAX_KEY_LENGTH),
  deleted: z.boolean(),
  row: z.record(boundedText(MAX_KEY_LENGTH), z.unknown()).optional(),
});
export type SyncChange = z.infer<typeof syncChangeSchema>;

export const syncResponseSchema = z.object({
  scopeKey: boundedText(MAX_KEY_LENGTH),
  cursor: z.number().int().nonnegative(),
  hasMore: z.boolean(),
  /** The cursor is older than the purged tombstones: download the scope again (cursor 0). */
  resetRequired: z.boolean(),
  changes: z.array(syncChangeSchema),
});
export type SyncResponse = z.infer<typeof syncResponseSchema>;

/** Queued writes sent in one request, in order (POST /api/sync/batch; src/sync/README.md 'Batched flush'): each
 *  is the request the device would have sent on its own, with its client id, sequence number and
 *  idempotency key, and is applied as if it had been. */
export const MAX_WRITES_PER_BATCH = 100;
/** Rows one batch may carry across its writes (a list save's rows count one by one), and its
 *  size. A device's batches are runs of one-row changes (a list save goes alone), so these bound
 *  what a script could pack into one: no more than the largest save sent alone
 *  (MAX_WRITE_BATCH_ROWS). Each write is admitted on its own, so another school's read waits for
 *  one write at most, never the batch (figures in tests/bench/waits.ts). */
export const MAX_SYNC_BATCH_ROWS: number = MAX_WRITE_BATCH_ROWS;
export const MAX_SYNC_BATCH_BYTES = 256 * 1024;

/** Rows a write's body carries: the elements of its lists, or the one row it is. */
export function rowsOfWrite(body: unknown): number {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return 1;
  const lists = Object.values(body).filter((value): value is unknown[] => Array.isArray(value));
  return lists.length
    ? Math.max(
        1,
        lists.reduce((sum, list) => sum + list.length, 0),
      )
    : 1;
}
/** A path of ours as the device writes it: under /api/, no dot segments, doubled or encoded
 *  slashes, backslashes or fragments that could make it another route once resolved. */
function isPlainApiPath(path: string): boolean {
  const [pathname] = path.split('?');
  if (!/^\/api\/[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/.test(pathname!)) return false;
  const segments = pathname!.split('/').slice(1);
  return segments.every(
    (seg, i) => (seg !== '' || i === segments.length - 1) && seg !== '.' && seg !== '..' && !/%(2e|2f|5c)/i.test(seg),
  );
}
const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
const syncBatchBodySchema = z.object({
  writes: z
    .array(
      z.object({
        method: z.enum(WRITE_METHODS),
        /** An API path of ours, never the batch's own. */
        path: z
          .string()
          .max(2000)
          .refine(isPlainApiPath, 'must be an API path')
          .refine((p) => !p.startsWith('/api/sync/batch'), 'a batch cannot hold a batch'),
        clientId: z.uuid(),
        seq: z.number().int().positive(),
        idempotencyKey: z.string().min(1).max(200),
        eventId: z.uuid().optional(),
        schoolId: z.uuid().optional(),
        body: z.unknown().optional(),
      }),
    )
    .min(1)
    .max(MAX_WRITES_PER_BATCH),
});
export type SyncBatchWrite = z.infer<typeof syncBatchBodySchema>['writes'][number];
/** The answers of the writes tried, in order: the server stops after the first one that is not a
 *  success, so the device deals with it before anything after it is sent (as it would one by one). */
const syncBatchResponseSchema = z.object({
  answers: z.array(
    z.object({ status: z.number().int(), body: z.unknown(), retryAfter: z.string().max(100).optional() }),
  ),
});
export type SyncBatchResponse = z.infer<typeof syncBatchResponseSchema>;

export const syncApi = {
  batch: defineRoute({
    method: 'POST',
    url: '/api/sync/batch',
    access: 'signed-in',
    body: syncBatchBodySchema,
    response: syncBatchResponseSchema,
  }),
  changes: defineRoute({
    method: 'GET',
    url: '/api/sync/changes',
    access: 'signed-in',
    querystring: syncQuerySchema,
    response: syncResponseSchema,
  }),
  /** The live feed: a Server-Sent Events stream that says 'change' when the device's feeds have
   *  something new, so it pulls at once (server/modules/sync/live.ts). */
  live: defineRoute({ method: 'GET', url: LIVE_PATH, access: 'signed-in', response: z.string() }),
  /** Race officials' feed: the race-day data of every event shown for start lists. */
  raceDay: defineRoute({
    method: 'GET',
    url: '/api/race-day/changes',
    access: RACE_OFFICIALS,
    querystring: syncQuerySchema,
    response: syncResponseSchema,
  }),
};

/** Headers every queued write carries (server/plugins/idempotency.ts reads them). */
export const WRITE_HEADERS = {
  clientId: 'X-Client-Id',
  clientSeq: 'X-Client-Seq',
  idempotencyKey: 'Idempotency-Key',
  /** The event a queued write was made in; the server applies it there, not to the session's
   *  current event (the user may have switched since). */
  eventId: 'X-Event-Id',
  /** The school a queued write was made for; the server applies it there when the caller may
   *  write that school and refuses it otherwise, never redirecting it to the session's pick. */
  schoolId: 'X-School-Id',
} as const;
