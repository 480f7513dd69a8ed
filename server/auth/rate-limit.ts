// Login and password-reset rate limits. Attempts are rows in auth_attempts (key, at), not memory:
// the server is stateless and several instances share one database, so every instance must see
// the same counts. Time comes from the injected clock so tests can move through a window.
//
// Keys: 'login:account:<email>' and 'login:address:<ip>' count failed sign-ins;
// 'reset:email:<email>' and 'reset:address:<ip>' count reset requests.
import { and, asc, count, eq, gt, lt } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { ERROR_CODES } from '../../src/domain/errors';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';
import type { Db, Tx } from '../db/client';
import { authAttempts } from '../db/schema';
import { HttpError } from '../http-errors';

export type Limit = { max: number; windowMs: number };

const MINUTE = 60_000;
export const LIMITS = {
  /** Per account: slows guessing one password without locking the owner out for long. */
  loginAccount: { max: 10, windowMs: 15 * MINUTE },
  /** Per address: higher, because a school's staff may share one public address. */
  loginAddress: { max: 30, windowMs: 15 * MINUTE },
  resetEmail: { max: 5, windowMs: 60 * MINUTE },
  resetAddress: { max: 5, windowMs: 60 * MINUTE },
} as const satisfies Record<string, Limit>;

/** Nothing older than the longest window is ever counted. */
const KEEP_MS = Math.max(...Object.values(LIMITS).map((l) => l.windowMs));

export const keys = {
  loginAccount: (email: string) => `login:account:${email.toLowerCase()}`,
  loginAddress: (ip: string) => `login:address:${ip}`,
  resetEmail: (email: string) => `reset:email:${email.toLowerCase()}`,
  resetAddress: (ip: string) => `reset:address:${ip}`,
};

export type Check = { key: string; limit: Limit };

/**
 * Seconds until `key` is below its limit again, or 0 when it is below now. When the limit is
 * reached, the attempt that has to leave the window is the (count - max + 1)th oldest.
 */
async function secondsUntilAllowed(db: Db | Tx, { key, limit }: Check, now: Date): Promise<number> {
  const since = new Date(now.getTime() - limit.windowMs);
  const inWindow = and(eq(authAttempts.key, key), gt(authAttempts.at, since));
  const [row] = await db.select({ n: count() }).from(authAttempts).where(inWindow);
  const n = row?.n ?? 0;
  if (n < limit.max) return 0;
  const [pivot] = await db
    .select({ at: authAttempts.at })
    .from(authAttempts)
    .where(inWindow)
    .orderBy(asc(authAttempts.at))
    .offset(n - limit.max)
    .limit(1);
  const until = (pivot?.at.getTime() ?? now.getTime()) + limit.windowMs;
  return Math.max(1, Math.ceil((until - now.getTime()) / 1000));
}

/** Throws 429 (with Retry-After on the reply) when any of the checks is at its limit. */
export async function assertWithinLimits(db: Db, reply: FastifyReply, checks: Check[], now: Date): Promise<void> {
  let wait = 0;
  for (const check of checks) wait = Math.max(wait, await secondsUntilAllowed(db, check, now));
  if (wait === 0) return;
  reply.header('retry-after', String(wait));
  throw new HttpError(429, ERROR_CODES.RATE_LIMITED, SERVER_MESSAGES.tooManyAttempts);
}

/** Records one attempt under each key, and prunes attempts no window can count any more. */
export async function recordAttempt(db: Db | Tx, keyList: string[], now: Date): Promise<void> {
  await db.delete(authAttempts).where(lt(authAttempts.at, new Date(now.getTime() - KEEP_MS)));
  if (keyList.length) await db.insert(authAttempts).values(keyList.map((key) => ({ key, at: now })));
}

/** Forgets the attempts under a key (a successful sign-in clears that account's failures). */
export async function clearAttempts(db: Db | Tx, key: string): Promise<void> {
  await db.delete(authAttempts).where(eq(authAttempts.key, key));
}
