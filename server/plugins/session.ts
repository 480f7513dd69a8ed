// Sessions: a random token in an HttpOnly SameSite cookie, only its hash in the database, idle
// expiry. Decorates each request with `session` (null when signed out). The session row carries
// the school and event the user works on: school users are pinned to their own school here, so no
// route ever takes a SchoolId from the request for them.
import { and, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MAX_SESSIONS_PER_USER, type UserType } from '../../src/domain/constants';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';
import type { Db } from '../db/client';
import { schools, sessions, users } from '../db/schema';
import { forbidden, notFound } from '../http-errors';
import { hashToken, newToken } from '../auth/tokens';
import type { SessionCache } from './session-cache';

const SESSION_COOKIE = 'sid';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type SessionInfo = {
  tokenHash: string;
  userId: string;
  email: string;
  type: UserType;
  firstname: string;
  lastname: string;
  /** The user's own school (school users) or the school an admin picked. */
  schoolId: string | null;
  eventId: string | null;
  firstSeasonLogin: boolean;
  /** When the request came, by the server's clock (injected, so tests move it): what a rule of
   *  time, such as an event's entries closing, is judged against. */
  at: Date;
};

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionInfo | null;
  }
  interface FastifyInstance {
    /** What this process remembers of sessions; forget what a write changes (session-cache.ts). */
    sessionCache: SessionCache<SessionRow>;
  }
}

type Options = { db: Db; idleMs: number; cookieSecure: boolean; now: () => Date; cache: SessionCache<SessionRow> };

/** What a session lookup reads: the session row and its user. */
export type SessionRow = { s: typeof sessions.$inferSelect; u: typeof users.$inferSelect };

/** Touch lastSeenAt at most this often: a read-heavy client must not write on every call. */
const TOUCH_EVERY_MS = 60_000;

export const sessionPlugin = fp<Options>(
  async (app, { db, idleMs, now, cache }) => {
    // Prepared once: the lookup runs on nearly every request that the cache cannot answer.
    const lookup = db
      .select({ s: sessions, u: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .prepare('session_lookup');
    app.decorateRequest('session', null);
    app.decorate('sessionCache', cache);
    app.addHook('onClose', () => cache.close());
    app.addHook('onRequest', async (request) => {
      const token = request.cookies[SESSION_COOKIE];
      if (!token) return;
      const tokenHash = hashToken(token);
      let row = cache.get(tokenHash);
      if (!row) {
        const since = cache.mark();
        [row] = await lookup.execute({ tokenHash });
        if (!row) return;
        cache.set(tokenHash, row.u.id, row, since);
      }
      const idle = now().getTime() - row.s.lastSeenAt.getTime();
      if (idle > idleMs) {
        cache.forgetSession(tokenHash);
        await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
        return;
      }
      if (idle > TOUCH_EVERY_MS) {
        const seen = now();
        const since = cache.mark();
        await db.update(sessions).set({ lastSeenAt: seen }).where(eq(sessions.tokenHash, tokenHash));
        row = { ...row, s: { ...row.s, lastSeenAt: seen } };
        cache.set(tokenHash, row.u.id, row, since);
      }
      request.session = {
        tokenHash,
        userId: row.u.id,
        email: row.u.email,
        type: row.u.type as UserType,
        firstname: row.u.firstname,
        lastname: row.u.lastname,
        schoolId: row.u.type === 'school' ? row.u.schoolId : row.s.schoolId,
        eventId: row.s.eventId,
        firstSeasonLogin: row.u.firstSeasonLogin,
        at: now(),
      };
      if (request.method !== 'GET') await placeQueuedWrite(db, request, request.session);
    });
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
);

/**
 * A write queued on a device names the event it was made in (X-Event-Id) and the school it was made
 * for (X-School-Id): it is applied there, not to whatever the session has moved to since (an admin
 * who picked another school while it waited). A school user writes only its own school: a write
 * made for another is refused, never moved. Staff may write any school that still exists. Reads
 * stay on the session's pick.
 */
async function placeQueuedWrite(db: Db, request: FastifyRequest, session: SessionInfo): Promise<void> {
  const madeIn = request.headers['x-event-id'];
  if (typeof madeIn === 'string' && UUID.test(madeIn)) session.eventId = madeIn;
  const madeFor = request.headers['x-school-id'];
  if (typeof madeFor !== 'string' || madeFor === session.schoolId) return;
  if (!UUID.test(madeFor) || session.type === 'school') throw forbidden(SERVER_MESSAGES.writeForAnotherSchool);
  const [school] = await db
    .select({ id: schools.id })
    .from(schools)
    .where(and(eq(schools.id, madeFor), isNull(schools.removedAt)));
  if (!school) throw notFound(SERVER_MESSAGES.writeForRemovedSchool);
  session.schoolId = madeFor;
}

export async function startSession(
  db: Db,
  reply: FastifyReply,
  opts: {
    userId: string;
    schoolId: string | null;
    eventId: string | null;
    cookieSecure: boolean;
    idleMs: number;
    now: Date;
  },
): Promise<string> {
  const token = newToken();
  const tokenHash = hashToken(token);
  // Stamped from the app's clock, the same one idle expiry is measured against.
  await db.insert(sessions).values({
    tokenHash,
    userId: opts.userId,
    schoolId: opts.schoolId,
    eventId: opts.eventId,
    createdAt: opts.now,
    lastSeenAt: opts.now,
  });
  // Past the cap the least recently used go, never the new one: signing in again and again (or a
  // device that never signs out) cannot grow a user's sessions without end.
  const beyondCap = db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(and(eq(sessions.userId, opts.userId), ne(sessions.tokenHash, tokenHash)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt), desc(sessions.tokenHash))
    .offset(MAX_SESSIONS_PER_USER - 1);
  const ended = await db
    .delete(sessions)
    .where(inArray(sessions.tokenHash, beyondCap))
    .returning({ tokenHash: sessions.tokenHash });
  // This process may remember them; the database's notice reaches it only later.
  for (const { tokenHash: gone } of ended) reply.server.sessionCache?.forgetSession(gone);
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: opts.cookieSecure,
    maxAge: Math.floor(opts.idleMs / 1000),
  });
  return tokenHash;
}

export async function endSession(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.session) {
    await db.delete(sessions).where(eq(sessions.tokenHash, request.session.tokenHash));
    request.server.sessionCache.forgetSession(request.session.tokenHash);
  }
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

export async function purgeIdleSessions(db: Db, idleMs: number, now: Date): Promise<void> {
  await db.delete(sessions).where(and(lt(sessions.lastSeenAt, new Date(now.getTime() - idleMs))));
}
