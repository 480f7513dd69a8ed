// Sign-in, password reset and new password: the rules behind /api/login, /api/reset and
// /api/newPassword. Routes validate and call these; time always comes from deps.now().
import { and, asc, desc, eq, exists, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { InvoiceType, UserType } from '../../../src/domain/constants';
import { RESET_TOKEN_LIFE_HOURS, RESET_TOKEN_LIFE_MS } from '../../../src/domain/constants';
import { ERROR_CODES } from '../../../src/domain/errors';
import { closedToSchools } from '../../../src/domain/rules/event-calendar';
import { MESSAGES } from '../../../src/domain/messages';
import type { SessionUser } from '../../../src/domain/schemas';
import { SERVER_MESSAGES } from '../../../src/domain/server-messages';
import { accountStamp, credentialsChanged } from '../../auth/credentials';
import { dummyHash, hashPassword, verifyPassword } from '../../auth/passwords';
import {
  LIMITS,
  assertWithinLimits,
  clearAttempts,
  clearAttemptsStartingWith,
  isWithinLimit,
  keys,
  recordAttempt,
} from '../../auth/rate-limit';
import { hashToken, newToken } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { eventStates, events, passwordResets, schools, teams, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { HttpError, notFound, unprocessable } from '../../http-errors';
import { startSession } from '../../plugins/session';

type User = typeof users.$inferSelect;
type Event = typeof events.$inferSelect;

/** The email is the username; the unique index is on lower(email), so this lookup uses it. */
async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return user;
}

/** The state of a school user's school; null for staff (every event is open to them). */
async function stateOfSchoolUser(db: Db, user: User): Promise<number | null> {
  if (user.type !== 'school' || !user.schoolId) return null;
  const [school] = await db.select({ stateId: schools.stateId }).from(schools).where(eq(schools.id, user.schoolId));
  return school?.stateId ?? null;
}

/**
 * The event a user signs in to (docs/decisions.md 'Signing in'). A named event must be open
 * (active, not archived) and, for a school user, open to the school's state: otherwise the sign-in
 * is refused with a message saying so. Without one: for a school, its own default (below); for
 * staff, the most recent open event; none when nothing is open.
 */
async function chooseLoginEvent(db: Db, user: User, requested: string | null): Promise<Event | null> {
  const stateId = await stateOfSchoolUser(db, user);
  const open = and(eq(events.active, true), eq(events.archived, false));
  const inState =
    stateId === null
      ? undefined
      : exists(
          db
            .select()
            .from(eventStates)
            .where(and(eq(eventStates.eventId, events.id), eq(eventStates.stateId, stateId))),
        );
  if (requested) {
    const [event] = await db
      .select()
      .from(events)
      .where(and(eq(events.id, requested), open));
    if (!event) throw unprocessable(SERVER_MESSAGES.loginEventNotOpen);
    const [allowed] = await db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.id, requested), inState));
    if (!allowed) throw unprocessable(SERVER_MESSAGES.loginEventNotForState);
    return event;
  }
  if (stateId === null) {
    const [latest] = await db.select().from(events).where(open).orderBy(desc(events.year), asc(events.name)).limit(1);
    return latest ?? null;
  }
  return schoolDefaultEvent(db, user.schoolId!, and(open, inState)!);
}

/**
 * A school's own default: the latest open event of its state in which it already has entries (a
 * team), so opening next season's event never moves a school that is still entering this one;
 * with entries in none, the one that comes first (the earliest season).
 */
async function schoolDefaultEvent(db: Db, schoolId: string, openToSchool: SQL): Promise<Event | null> {
  const hasEntries = exists(
    db
      .select()
      .from(teams)
      .where(and(eq(teams.eventId, events.id), eq(teams.schoolId, schoolId))),
  );
  const [entered] = await db
    .select()
    .from(events)
    .where(and(openToSchool, hasEntries))
    .orderBy(desc(events.year), asc(events.name))
    .limit(1);
  if (entered) return entered;
  const [soonest] = await db
    .select()
    .from(events)
    .where(openToSchool)
    .orderBy(asc(events.year), asc(events.name))
    .limit(1);
  return soonest ?? null;
}

/** The session user of spec section 3, for a user working on `schoolId` in `event`. */
async function describeSession(
  db: Db,
  user: User,
  schoolId: string | null,
  event: Event | null,
  now: Date,
): Promise<SessionUser> {
  const [school] = schoolId
    ? await db
        .select({ name: schools.name, coordinator: schools.coordinatorFirstname })
        .from(schools)
        .where(eq(schools.id, schoolId))
    : [];
  const states = event
    ? await db
        .select({ id: eventStates.stateId })
        .from(eventStates)
        .where(eq(eventStates.eventId, event.id))
        .orderBy(asc(eventStates.stateId))
    : [];
  const type = user.type as UserType;
  return {
    type,
    SchoolId: schoolId,
    EventId: event?.id ?? null,
    eventName: event?.name ?? null,
    schoolName: school?.name ?? null,
    eventType: event?.level ?? null,
    invoiceType: (event?.invoiceType as InvoiceType | undefined) ?? null,
    eventStates: states,
    selectedSchool: schoolId,
    username: user.email,
    // Home greets the person by name: a school's sign-in is its coordinator's.
    firstname: (type === 'school' && school?.coordinator.trim()) || user.firstname,
    firstSeasonLogin: user.firstSeasonLogin,
    // Admins are exempt from the event lock (docs/decisions.md, Access); a close that has come
    // locks as a lock does.
    locked: type !== 'admin' && !!event && closedToSchools(event, now),
  };
}

const wrongCredentials = () => new HttpError(401, ERROR_CODES.UNAUTHENTICATED, SERVER_MESSAGES.wrongCredentials);

export async function login(
  deps: Deps,
  reply: FastifyReply,
  input: { username: string; password: string; EventId?: string | null | undefined; ip: string },
): Promise<SessionUser> {
  const { db } = deps;
  const now = deps.now();
  const pairKey = keys.loginPair(input.username, input.ip);
  const addressKey = keys.loginAddress(input.ip);
  const successKey = keys.loginSuccessPair(input.username, input.ip);
  // Checked before the password: past the limit, a script that holds the password buys neither
  // argon2 work nor sessions.
  await assertWithinLimits(
    db,
    reply,
    [
      { key: pairKey, limit: LIMITS.loginPair },
      { key: addressKey, limit: LIMITS.loginAddress },
      { key: successKey, limit: LIMITS.loginSuccessPair },
    ],
    now,
  );

  const user = await findUserByEmail(db, input.username);
  // Verify against a dummy hash when there is no such user, so the answer takes as long either
  // way and its timing does not tell which email addresses have accounts.
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), input.password);
  if (!user || !ok) {
    await recordAttempt(db, [pairKey, addressKey], now);
    throw wrongCredentials();
  }
  await clearAttempts(db, pairKey);
  await recordAttempt(db, [successKey], now);

  const event = await chooseLoginEvent(db, user, input.EventId ?? null);
  // A school user always works on their own school; staff pick one later (POST /api/session).
  const schoolId = user.type === 'school' ? user.schoolId : null;
  await startSession(db, reply, {
    userId: user.id,
    schoolId,
    eventId: event?.id ?? null,
    cookieSecure: deps.config.cookieSecure,
    idleMs: deps.config.sessionIdleMs,
    now,
  });
  return describeSession(db, user, schoolId, event, now);
}

/** Sends a single-use reset link. `origin` is where the app is served (the link's base). */
export async function requestReset(
  deps: Deps,
  reply: FastifyReply,
  input: { email: string; ip: string; origin: string },
): Promise<{ message: string }> {
  const { db } = deps;
  const now = deps.now();
  const addressKey = keys.resetAddress(input.ip);
  await assertWithinLimits(db, reply, [{ key: addressKey, limit: LIMITS.resetAddress }], now);
  // Unknown addresses count too: the 404 answer tells whether an account exists, so asking
  // about many addresses must meet the same limit.
  await recordAttempt(db, [addressKey], now);

  const user = await findUserByEmail(db, input.email);
  if (!user) throw notFound(MESSAGES.resetUnknownEmail);
  // Per account, mails are counted, never refusals: whoever keeps asking only keeps the owner's
  // mailbox supplied with a few working links, and the owner is never told to wait.
  const mailCheck = { key: keys.resetEmail(user.email), limit: LIMITS.resetEmail };
  if (!(await isWithinLimit(db, mailCheck, now))) return { message: MESSAGES.resetEmailSent };
  await recordAttempt(db, [mailCheck.key], now);

  const token = newToken();
  const tokenHash = hashToken(token);
  await db.insert(passwordResets).values({
    tokenHash,
    userId: user.id,
    sentTo: user.email,
    accountStamp: accountStamp(user),
    expiresAt: new Date(now.getTime() + RESET_TOKEN_LIFE_MS),
    createdAt: now,
  });
  const link = `${input.origin}/#/reset?email=${encodeURIComponent(user.email)}&resetToken=${encodeURIComponent(token)}`;
  try {
    await deps.mailer.send({
      to: user.email,
      subject: 'Interschools: reset your password',
      text:
        `To choose a new password for ${user.email}, open this link:\n\n${link}\n\n` +
        `The link works once and expires in ${RESET_TOKEN_LIFE_HOURS} hours. ` +
        'If you did not ask to reset your password, ignore this email.',
    });
  } catch (err) {
    // A token nobody received is only a liability.
    await db.delete(passwordResets).where(eq(passwordResets.tokenHash, tokenHash));
    throw err;
  }
  return { message: MESSAGES.resetEmailSent };
}

const tokenInvalid = () => new HttpError(400, ERROR_CODES.RESET_TOKEN_INVALID, SERVER_MESSAGES.resetTokenInvalid);

type Reset = typeof passwordResets.$inferSelect;
const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Whether a link may set `user`'s password now: unused and unexpired, typed with the address it
 * was mailed to, which is still the sign-in email, and the account unchanged since (its email,
 * password and role: accountStamp). A login handed over since, or an address typed that the link
 * was not sent to, gets the same refusal as a made-up link.
 */
function linkUsable(reset: Reset, user: User, typedEmail: string, now: Date): boolean {
  return (
    reset.usedAt === null &&
    reset.expiresAt.getTime() > now.getTime() &&
    sameAddress(typedEmail, reset.sentTo) &&
    sameAddress(user.email, reset.sentTo) &&
    accountStamp(user) === reset.accountStamp
  );
}

/**
 * Sets a new password with a reset token. The link is found by its token, never by the address
 * typed (which only has to match the one it was mailed to). Inside the transaction the account is
 * locked and checked again, then the token is claimed by a conditional update, so two requests
 * racing with one token cannot both succeed, nor can one race a change of the account. Every other
 * session of the user ends (whoever knew the old password is signed out) and every link dies.
 */
export async function setNewPassword(
  deps: Deps,
  input: {
    email: string;
    password: string;
    token: string;
    currentSession: { tokenHash: string; userId: string } | null;
  },
): Promise<{ message: string; userId: string }> {
  const { db } = deps;
  const now = deps.now();
  const tokenHash = hashToken(input.token);
  const [found] = await db
    .select({ reset: passwordResets, user: users })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(eq(passwordResets.tokenHash, tokenHash));
  // Check before hashing: argon2 is deliberately costly, and a bad token should not buy that work.
  if (!found || !linkUsable(found.reset, found.user, input.email, now)) throw tokenInvalid();
  const passwordHash = await hashPassword(input.password);

  const userId = found.reset.userId;
  await db.transaction(async (tx) => {
    // The user row first, as every change of the account takes it: a change committed since the
    // check above is seen here, and the two never wait on each other's locks the other way round.
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user || !linkUsable(found.reset, user, input.email, now)) throw tokenInvalid();
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash),
          eq(passwordResets.userId, userId),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ tokenHash: passwordResets.tokenHash });
    if (!claimed) throw tokenInvalid();
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    const keep = input.currentSession?.userId === userId ? input.currentSession.tokenHash : null;
    await credentialsChanged(tx, userId, keep);
    // The owner proved control of the mailbox: let them sign in at once.
    await clearAttemptsStartingWith(tx, keys.loginAccountPrefix(user.email));
  });
  return { message: SERVER_MESSAGES.passwordChanged, userId };
}
