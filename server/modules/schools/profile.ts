// PUT /api/school { school }: the school profile. A school user saves its own school (the id in the
// body must be its own); an admin saves the school it names. A stale version is refused (409) so
// an offline edit never silently undoes a newer one. The coordinator's login email may change
// (unique, case-insensitive); a new password is hashed with argon2id. Either change ends that
// login's other sessions and its reset links (whoever knew the old sign-in is shut out; see
// auth/credentials.ts), keeping the saver's own session. Either change needs the saver's current
// password, checked before the transaction (login-change.ts); a save that would change the login
// unchecked is refused here too.
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { SchoolProfile } from '../../../src/domain/schemas';
import { SERVER_MESSAGES } from '../../../src/domain/server-messages';
import { credentialsChanged } from '../../auth/credentials';
import { hashPassword } from '../../auth/passwords';
import type { Tx } from '../../db/client';
import { schools, users } from '../../db/schema';
import { badRequest, conflict, notFound, unprocessable } from '../../http-errors';
import type { SessionInfo } from '../../plugins/session';
import { referenceIds } from '../reference';
import { schoolLogin } from './registration';
import { SCHOOL_NOT_FOUND, getSchool } from './service';
import { schoolColumns } from './school-row';
import { assertStateKept } from './school-state';

export type LoginSaveOptions = {
  /** The saver's current password was checked: the login may change. */
  verified: boolean;
  /** Told of an email change once it is written (the old address is mailed after the commit). */
  onEmailChange?: (change: { schoolName: string; from: string; to: string }) => void;
};

export async function saveProfile(
  tx: Tx,
  session: SessionInfo,
  schoolId: string,
  school: SchoolProfile,
  passwordHash: string | null,
  options: LoginSaveOptions = { verified: false },
) {
  const [row] = await tx
    .select({ version: schools.version })
    .from(schools)
    .where(and(eq(schools.id, schoolId), isNull(schools.removedAt)))
    .for('update');
  if (!row) throw notFound(SCHOOL_NOT_FOUND);
  if (school.version !== undefined && school.version !== row.version) throw conflict(SERVER_MESSAGES.staleVersion);
  await assertStateKept(tx, session, schoolId, school.StateId);
  if (school.StateId !== null && !(await referenceIds(tx)).stateIds.has(school.StateId)) {
    throw badRequest(`Unknown state ${school.StateId}`, [
      { path: 'body.school.StateId', message: `Unknown state ${school.StateId}` },
    ]);
  }
  await tx.update(schools).set(schoolColumns(school)).where(eq(schools.id, schoolId));

  const email = school.user?.email ?? '';
  const changed = await saveLogin(tx, session, schoolId, email, passwordHash, options.verified);
  if (changed) options.onEmailChange?.({ schoolName: school.name, ...changed });
  return { message: SERVER_MESSAGES.schoolSaved, school: await getSchool(tx, schoolId) };
}

/** Writes the login's new email and password; answers the email change made, if any. */
async function saveLogin(
  tx: Tx,
  session: SessionInfo,
  schoolId: string,
  email: string,
  passwordHash: string | null,
  verified: boolean,
): Promise<{ from: string; to: string } | null> {
  const login = await schoolLogin(tx, schoolId);
  if (!login || (!email && !passwordHash)) return null;
  const changes: Partial<typeof users.$inferInsert> = {};
  const newEmail = email && email.toLowerCase() !== login.email.toLowerCase();
  if ((newEmail || passwordHash) && !verified) {
    throw unprocessable(SERVER_MESSAGES.currentPasswordRequired, [
      { path: 'school.user.currentPassword', message: SERVER_MESSAGES.currentPasswordRequired },
    ]);
  }
  if (newEmail) {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, login.id)));
    // A refusal (422), not a conflict: the offline engine sets the save aside with this message.
    if (taken)
      throw unprocessable(SERVER_MESSAGES.emailInUse, [
        { path: 'school.user.email', message: SERVER_MESSAGES.emailInUse },
      ]);
    changes.email = email;
  }
  if (passwordHash) changes.passwordHash = passwordHash;
  if (Object.keys(changes).length) await tx.update(users).set(changes).where(eq(users.id, login.id));
  // Either change hands the login to whoever holds the new email or password: nobody signed in
  // with, or holding a reset link for, the old one keeps it.
  if (newEmail || passwordHash)
    await credentialsChanged(tx, login.id, session.userId === login.id ? session.tokenHash : null);
  return newEmail ? { from: login.email, to: email } : null;
}

/** Hashing is costly: done before the transaction, and only for a new password. */
export const newPasswordHash = (school: SchoolProfile) =>
  school.user?.password ? hashPassword(school.user.password) : Promise.resolve(null);
