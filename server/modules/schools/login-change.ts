// A change of a school's sign-in on the profile (PUT /api/school): a new email or password takes
// the current password of whoever is signed in (a stolen session alone cannot take the account
// over), failures count as failed sign-ins (the login limiter), email changes are limited per user
// and per address (each answer says whether an address has an account), and the old address is
// told of the change, so its owner learns of a takeover.
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { SchoolProfile } from '../../../src/domain/schemas';
import { SERVER_MESSAGES } from '../../../src/domain/server-messages';
import { dummyHash, verifyPassword } from '../../auth/passwords';
import { LIMITS, assertWithinLimits, clearAttempts, keys, recordAttempt } from '../../auth/rate-limit';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { unprocessable } from '../../http-errors';
import type { Mailer } from '../../integrations/mail';
import { schoolLogin } from './registration';

export type LoginChange = {
  /** The new email, when it differs (ignoring case) from the login's. */
  emailTo: string | null;
  password: boolean;
};

const CURRENT_PASSWORD_PATH = 'school.user.currentPassword';

/** What the profile would change of the school's sign-in (nothing for a school without one). */
export async function loginChangeOf(db: Db, schoolId: string, school: SchoolProfile): Promise<LoginChange> {
  const login = await schoolLogin(db, schoolId);
  if (!login) return { emailTo: null, password: false };
  const email = school.user?.email ?? '';
  return {
    emailTo: email && email.toLowerCase() !== login.email.toLowerCase() ? email : null,
    password: !!school.user?.password,
  };
}

export const changesLogin = (change: LoginChange) => change.emailTo !== null || change.password;

/** Refuses (422, or 429 past the login limiter) unless `password` is the signed-in user's own. */
export async function assertCurrentPassword(
  db: Db,
  reply: FastifyReply,
  input: { userId: string; password: string; ip: string; now: Date },
): Promise<void> {
  if (!input.password) {
    throw unprocessable(SERVER_MESSAGES.currentPasswordRequired, [
      { path: CURRENT_PASSWORD_PATH, message: SERVER_MESSAGES.currentPasswordRequired },
    ]);
  }
  const [user] = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, input.userId));
  const pairKey = keys.loginPair(user?.email ?? input.userId, input.ip);
  const addressKey = keys.loginAddress(input.ip);
  await assertWithinLimits(
    db,
    reply,
    [
      { key: pairKey, limit: LIMITS.loginPair },
      { key: addressKey, limit: LIMITS.loginAddress },
    ],
    input.now,
  );
  if (!(await verifyPassword(user?.passwordHash ?? (await dummyHash()), input.password))) {
    await recordAttempt(db, [pairKey, addressKey], input.now);
    throw unprocessable(SERVER_MESSAGES.currentPasswordWrong, [
      { path: CURRENT_PASSWORD_PATH, message: SERVER_MESSAGES.currentPasswordWrong },
    ]);
  }
  await clearAttempts(db, pairKey);
}

/** Counts an email change against the user and the address; 429 with Retry-After past either limit. */
export async function limitEmailChanges(
  db: Db,
  reply: FastifyReply,
  input: { userId: string; ip: string; now: Date },
): Promise<void> {
  const checks = [
    { key: keys.emailChangeUser(input.userId), limit: LIMITS.emailChangeUser },
    { key: keys.emailChangeAddress(input.ip), limit: LIMITS.emailChangeAddress },
  ];
  await assertWithinLimits(db, reply, checks, input.now);
  await recordAttempt(
    db,
    checks.map((c) => c.key),
    input.now,
  );
}

/** Mails the address a school's sign-in moved away from. Best effort: the change is made. */
export async function tellOldAddress(
  mailer: Mailer,
  log: FastifyBaseLogger,
  change: { schoolName: string; from: string; to: string },
): Promise<void> {
  try {
    await mailer.send({
      to: change.from,
      subject: 'Interschools: your sign-in email was changed',
      text:
        `The sign-in email of ${change.schoolName} on Interschools was changed from ${change.from} to ${change.to}.\n\n` +
        'If you made this change, there is nothing to do. If you did not, contact the interschools association at once: ' +
        'whoever made it can now sign in with the new address.',
    });
  } catch (err) {
    log.error({ err }, 'could not tell the old address of a sign-in email change');
  }
}
