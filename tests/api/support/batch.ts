// POST /api/sync/batch for the authorisation matrix and the fuzz test: a request put in a batch as
// its one write, the routes of the contract a batch may carry, and what a refused batch must have
// left alone (its state before and after).
import { randomUUID } from 'node:crypto';
import { count, max } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { allRoutes, syncApi } from '../../../src/domain/schemas';
import {
  appliedWrites,
  authAttempts,
  changeLog,
  clientSequences,
  passwordResets,
  sessions,
  users,
} from '../../../server/db/schema';
import type { Db } from '../../../server/db/client';
import type { Agent } from './http';

const BATCH_URL = syncApi.batch.url;
export const WRITE_METHODS: readonly string[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** 'METHOD /path' as the app registered it (the contract's trailing slash dropped). */
const keyOf = (method: string, url: string) => `${method} ${url.replace(/(.)\/+$/, '$1')}`;

/** The routes the contract marks `queued: true` (a device's outbox), as 'METHOD /path'. */
export const QUEUED_ROUTES: ReadonlySet<string> = new Set(
  allRoutes()
    .filter((route) => route.queued)
    .map((route) => keyOf(route.method, route.url)),
);

/** The writes of the contract without `queued: true`, as 'METHOD /path'. */
export const CONTRACT_UNQUEUED_WRITES: readonly string[] = allRoutes()
  .filter((route) => !route.queued && WRITE_METHODS.includes(route.method))
  .map((route) => keyOf(route.method, route.url));

export type BatchWrite = {
  method: string;
  path: string;
  clientId: string;
  seq: number;
  idempotencyKey: string;
  eventId?: string;
  schoolId?: string;
  body?: unknown;
};

/** A write as a device queues it: a client id of its own (so its sequence starts at 1) and a key. */
export const batchWrite = (method: string, path: string, body?: unknown): BatchWrite => ({
  method,
  path,
  clientId: randomUUID(),
  seq: 1,
  idempotencyKey: randomUUID(),
  ...(body === undefined ? {} : { body }),
});

/** Whether the batch's own schema (the contract) takes these writes; if not, a validation 400. */
export const envelopeTakes = (writes: unknown): boolean => syncApi.batch.body.safeParse({ writes }).success;

/** Sends a batch (any JSON value as its body) as `agent`, or signed out when null. */
export function sendBatch(
  app: FastifyInstance,
  agent: Agent | null,
  payload: unknown,
): Promise<LightMyRequestResponse> {
  const opts = { method: 'POST' as const, url: BATCH_URL, payload: payload as Record<string, unknown> };
  return agent ? agent.request(opts) : app.inject(opts);
}

export type BatchAnswers = { answers: { status: number; body: unknown; retryAfter?: string }[] };

/**
 * What any applied write would change: the change log's latest sequence number (every synced row
 * written moves it), sign-ins, password resets, the attempt log, staff users, and the exactly-once
 * records of writes. A batch refused whole leaves every one as it was.
 */
export async function appliedState(db: Db) {
  const rows = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    changeSeq: await changeSeq(db),
    sessions: await rows(sessions),
    passwordResets: await rows(passwordResets),
    authAttempts: await rows(authAttempts),
    users: await rows(users),
    appliedWrites: await rows(appliedWrites),
    clientSequences: await rows(clientSequences),
  };
}

/** The change log's latest sequence number alone: moved by any synced row a write changed. */
export async function changeSeq(db: Db): Promise<number> {
  const [changes] = await db.select({ seq: max(changeLog.seq) }).from(changeLog);
  return changes?.seq ?? 0;
}
