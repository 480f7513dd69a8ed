// Login and password-reset rate limits. Attempts are rows in auth_attempts (key, at), not memory:
// the server is stateless and several instances share one database, so every instance must see
// the same counts. Time comes from the injected clock so tests can move through a window.
//
// Sign-in limits slow guessing without handing anyone a lockout (OWASP Authentication Cheat Sheet):
// only failures count, and they count per account AND address together, so a stranger failing on
// an account from elsewhere never stops its owner; a wider limit per address stops stuffing across
// many accounts, set high enough for a school whose staff share one public address.
//
// Password reset never locks an owner out either: per account it counts the mails sent and, past
// the limit, answers as usual without sending (the mailbox already holds recent working links);
// only the per-address limit answers 429, for minutes.
//
// Successful sign-ins are limited too, per account and address: whoever holds a password (a
// script, a leaked one) must not mint sessions or argon2 work without end. The limit is set above
// what a school needs, whose staff share one sign-in behind one address and may leave a tablet
// signing in again and again; past it, that address waits minutes while the owner elsewhere and
// every other account behind the address sign in as usual.
//
// Keys: 'login:pair:<email>|<ip>' and 'login:address:<ip>' count failed sign-ins;
// 'login:success:<email>|<ip>' counts successful ones;
// 'reset:email:<email>' counts reset mails sent and 'reset:address:<ip>' reset requests;
// 'email-change:user:<id>' and 'email-change:address:<ip>' count sign-in email changes asked for
// on the school profile (each answer says whether an address has an account);
// 'registry:user:<id>' counts a user's snow id lookups (the registry holds personal data);
// 'register:address:<ip>' counts school registrations.
import { and, asc, count, eq, gt, like, lt } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { ERROR_CODES } from '../../src/domain/errors';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';
import type { Db, Tx } from '../db/client';
import { authAttempts } from '../db/schema';
import { HttpError } from '../http-errors';

export type Limit = { max: number; windowMs: number };

const MINUTE = 60_000;
export const LIMITS = {
  /** Per account from one address: slows guessing one password from one place. */
  loginPair: { max: 10, windowMs: 15 * MINUTE },
  /** Per address across accounts: stops stuffing, wide enough for a school behind one address. */
  loginAddress: { max: 100, windowMs: 15 * MINUTE },
  /** Successful sign-ins per account from one address. A school's staff sharing its sign-in (a
   *  dozen teachers on two devices each) and a tablet signing in every 30 seconds make about 55 in
   *  15 minutes; a script looping over the login makes that many in seconds. */
  loginSuccessPair: { max: 60, windowMs: 15 * MINUTE },
  /** Reset mails per account: past it a request is answered as usual and nothing is sent. */
  resetEmail: { max: 3, windowMs: 15 * MINUTE },
  /** Snow id lookups per user: a class of students at a time, not an enumeration of the registry. */
  registryLookup: { max: 100, windowMs: 15 * MINUTE },
  /** Reset requests per address (each answer says whether an account exists): 429 for minutes. */
  resetAddress: { max: 5, windowMs: 15 * MINUTE },
  /** Sign-in email changes a user asks for on the school profile ('in use' tells of an account). */
  emailChangeUser: { max: 5, windowMs: 15 * MINUTE },
  /** The same per address, across users: wide enough for staff behind one address. */
  emailChangeAddress: { max: 20, windowMs: 15 * MINUTE },
  /** School registrations per address: a school registers once; a script registering many is stopped. */
  registerAddress: { max: 10, windowMs: 60 * MINUTE },
} as const satisfies Record<string, Limit>;

/** Nothing older than the longest window is ever counted. */
const KEEP_MS = Math.max(...Object.values(LIMITS).map((l) => l.windowMs));

export const keys = {
  loginPair: (email: string, ip: string) => `login:pair:${email.trim().toLowerCase()}|${ip}`,
  /** Every pair key of an account starts with this (a new password clears them all). */
  loginAccountPrefix: (email: string) => `login:pair:${email.trim().toLowerCase()}|`,
  loginAddress: (ip: string) => `login:address:${ip}`,
  /** Not under loginAccountPrefix: a new password clears failures, never the count of successes. */
  loginSuccessPair: (email: string, ip: string) => `login:success:${email.trim().toLowerCase()}|${ip}`,
  resetEmail: (email: string) => `reset:email:${email.toLowerCase()}`,
  resetAddress: (ip: string) => `reset:address:${ip}`,
  registryLookup: (userId: string) => `registry:user:${userId}`,
  registerAddress: (ip: string) => `register:address:${ip}`,
  emailChangeUser: (userId: string) => `email-change:user:${userId}`,
  emailChangeAddress: (ip: string) => `email-change:address:${ip}`,
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

/** Whether one more attempt under the check's key stays within its limit. */
export async function isWithinLimit(db: Db | Tx, check: Check, now: Date): Promise<boolean> {
  return (await secondsUntilAllowed(db, check, now)) === 0;
}

/** Throws 429 (with Retry-After on the reply) when any of the checks is at its limit. */
export async function assertWithinLimits(
  db: Db,
  reply: FastifyReply,
  checks: Check[],
  now: Date,
  message: string = SERVER_MESSAGES.tooManyAttempts,
): Promise<void> {
  let wait = 0;
  for (const check of checks) wait = Math.max(wait, await secondsUntilAllowed(db, check, now));
  if (wait === 0) return;
  reply.header('retry-after', String(wait));
  throw new HttpError(429, ERROR_CODES.RATE_LIMITED, message);
}

/** Records one attempt under each key, and prunes attempts no window can count any more. */
export async function recordAttempt(db: Db | Tx, keyList: string[], now: Date): Promise<void> {
  await db.delete(authAttempts).where(lt(authAttempts.at, new Date(now.getTime() - KEEP_MS)));
  if (keyList.length) await db.insert(authAttempts).values(keyList.map((key) => ({ key, at: now })));
}

/** Forgets the attempts under a key (a successful sign-in clears its failures from that address). */
export async function clearAttempts(db: Db | Tx, key: string): Promise<void> {
  await db.delete(authAttempts).where(eq(authAttempts.key, key));
}

/** Forgets the attempts under every key that starts with `prefix`. */
export async function clearAttemptsStartingWith(db: Db | Tx, prefix: string): Promise<void> {
  await db.delete(authAttempts).where(like(authAttempts.key, `${prefix.replace(/[\\%_]/g, '\\$&')}%`));
}
