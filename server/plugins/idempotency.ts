// Exactly-once writes. A write may carry an Idempotency-Key and, from the offline client, a
// client id with a per-client sequence number (X-Client-Id, X-Client-Seq). The answer is recorded
// in the same transaction as the write, refusals (409, 410, 422) included, and a sequence is kept
// per user and client id, so:
// - a repeated key, or a sequence number at or below the last applied one, gets the stored answer
//   and changes nothing (a lost response is harmless);
// - two flushers racing with the same item serialise on the client's row lock; one applies it.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../src/domain/errors';
import type { Db, Tx } from '../db/client';
import { appliedWrites, clientSequences } from '../db/schema';
import { HttpError, badRequest } from '../http-errors';
import { isUniqueViolation } from '../db/errors';
import { errorBody } from './errors';
import { requireSession } from './authz';

type WriteMeta = { key: string | null; clientId: string | null; seq: number | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Refusals are part of the record: resending the same item must meet the same answer. */
const RECORDED_REFUSALS = new Set([409, 410, 422]);

function readMeta(request: FastifyRequest): WriteMeta {
  const header = (name: string) => {
    const v = request.headers[name];
    return typeof v === 'string' && v.length > 0 ? v : null;
  };
  const key = header('idempotency-key');
  const clientId = header('x-client-id');
  const seqText = header('x-client-seq');
  if (key && key.length > 200) throw badRequest('Idempotency-Key is too long');
  if (clientId && !UUID.test(clientId)) throw badRequest('X-Client-Id must be a UUID');
  if ((clientId === null) !== (seqText === null)) throw badRequest('X-Client-Id and X-Client-Seq go together');
  const seq = seqText === null ? null : Number(seqText);
  if (seq !== null && (!Number.isSafeInteger(seq) || seq < 1))
    throw badRequest('X-Client-Seq must be a positive integer');
  return { key: key ?? (clientId ? `${clientId}:${seq}` : null), clientId, seq };
}

type Stored = { statusCode: number; body: unknown };

async function findStored(db: Db | Tx, userId: string, meta: WriteMeta): Promise<Stored | 'stale' | null> {
  if (meta.key) {
    const [hit] = await db
      .select({ statusCode: appliedWrites.statusCode, body: appliedWrites.body })
      .from(appliedWrites)
      .where(and(eq(appliedWrites.userId, userId), eq(appliedWrites.idempotencyKey, meta.key)));
    if (hit) return hit;
  }
  if (meta.clientId && meta.seq !== null) {
    const [client] = await db.select().from(clientSequences).where(ofClient(userId, meta.clientId));
    if (client && meta.seq <= client.lastSeq) {
      const [hit] = await db
        .select({ statusCode: appliedWrites.statusCode, body: appliedWrites.body })
        .from(appliedWrites)
        .where(
          and(
            eq(appliedWrites.clientId, meta.clientId),
            eq(appliedWrites.seq, meta.seq),
            eq(appliedWrites.userId, userId),
          ),
        );
      return hit ?? 'stale';
    }
  }
  return null;
}

class ReplayInstead extends Error {}

/** A device's sequence is the user's own: the client id alone is the device's word, which another
 *  user who learnt it could otherwise claim far ahead and so refuse that device's every write. */
const ofClient = (userId: string, clientId: string) =>
  and(eq(clientSequences.userId, userId), eq(clientSequences.clientId, clientId));

/** Claims the client's sequence number inside the transaction (row lock held to commit). */
async function claimSequence(tx: Tx, userId: string, meta: WriteMeta) {
  if (!meta.clientId || meta.seq === null) return;
  await tx.insert(clientSequences).values({ clientId: meta.clientId, userId, lastSeq: 0 }).onConflictDoNothing();
  const [row] = await tx.select().from(clientSequences).where(ofClient(userId, meta.clientId)).for('update');
  if (row && meta.seq <= row.lastSeq) throw new ReplayInstead();
  await tx
    .update(clientSequences)
    .set({ lastSeq: meta.seq, updatedAt: sql`now()` })
    .where(ofClient(userId, meta.clientId));
}

async function record(tx: Tx, userId: string, meta: WriteMeta, request: FastifyRequest, stored: Stored) {
  if (!meta.key) return;
  await tx.insert(appliedWrites).values({
    idempotencyKey: meta.key,
    userId,
    clientId: meta.clientId,
    seq: meta.seq,
    method: request.method,
    path: request.url.slice(0, 500),
    statusCode: stored.statusCode,
    body: (stored.body ?? null) as never,
  });
}

function replay(reply: FastifyReply, stored: Stored | 'stale') {
  if (stored === 'stale') {
    throw new HttpError(409, ERROR_CODES.CONFLICT, 'This change was already sent from this device');
  }
  reply.header('idempotent-replay', 'true');
  return reply.code(stored.statusCode).send(stored.body);
}

/**
 * Runs a write exactly once: `fn` does the work in a transaction and returns the response body.
 * Used by every write route: `return runWrite(db, request, reply, (tx) => service.save(tx, ...))`.
 */
export async function runWrite<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  fn: (tx: Tx) => Promise<T>,
  statusCode = 200,
): Promise<T | FastifyReply> {
  const session = requireSession(request);
  const meta = readMeta(request);
  const before = await findStored(db, session.userId, meta);
  if (before) return replay(reply, before);
  try {
    const body = await db.transaction(async (tx) => {
      await claimSequence(tx, session.userId, meta);
      const result = await fn(tx);
      await record(tx, session.userId, meta, request, { statusCode, body: result });
      return result;
    });
    reply.code(statusCode);
    return body;
  } catch (err) {
    if (err instanceof ReplayInstead || isUniqueViolation(err, 'applied_writes_pkey')) {
      const after = await findStored(db, session.userId, meta);
      if (after) return replay(reply, after);
    }
    if (err instanceof HttpError && RECORDED_REFUSALS.has(err.statusCode) && meta.key) {
      await db
        .transaction(async (tx) => {
          await claimSequence(tx, session.userId, meta);
          await record(tx, session.userId, meta, request, { statusCode: err.statusCode, body: errorBody(err) });
        })
        .catch((recordErr) => {
          // Losing the record only means a resend meets the rule again instead of the stored answer.
          request.log.warn({ err: recordErr }, 'could not record a refused write');
        });
    }
    throw err;
  }
}
