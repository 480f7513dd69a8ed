// POST /api/schools: a new school registers itself and its coordinator's login (public). The
// password is hashed with argon2id before the transaction; an email already in use is refused
// (409) with a message the form shows. A repeat of a registration that already succeeded (same
// school id, same email: a lost answer resent) answers success again and changes nothing.
import { and, eq, sql } from 'drizzle-orm';
import type { SchoolRegistration } from '../../../src/domain/schemas';
import { SERVER_MESSAGES } from '../../../src/domain/server-messages';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../../db/client';
import { schools, users } from '../../db/schema';
import { badRequest, conflict } from '../../http-errors';
import { isUniqueViolation } from '../../db/errors';
import { referenceIds } from '../reference';
import { schoolColumns } from './school-row';

const emailInUse = () => conflict(SERVER_MESSAGES.emailInUse);

async function loginOwner(db: Db, email: string) {
  const [row] = await db
    .select({ schoolId: users.schoolId })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function registerSchool(db: Db, school: SchoolRegistration, now: Date): Promise<{ message: string }> {
  const owner = await loginOwner(db, school.user.email);
  if (owner) {
    if (owner.schoolId === school.id) return { message: SERVER_MESSAGES.schoolRegistered };
    throw emailInUse();
  }
  if (school.StateId !== null && !(await referenceIds(db)).stateIds.has(school.StateId)) {
    throw badRequest(`Unknown state ${school.StateId}`, [
      { path: 'body.school.StateId', message: `Unknown state ${school.StateId}` },
    ]);
  }
  const passwordHash = await hashPassword(school.user.password);
  try {
    await db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: schools.id }).from(schools).where(eq(schools.id, school.id));
      if (existing) throw conflict('This registration was already sent. Sign in, or register again from a fresh page.');
      await tx.insert(schools).values({ id: school.id, ...schoolColumns(school), createdAt: now });
      await tx.insert(users).values({
        email: school.user.email,
        passwordHash,
        type: 'school',
        firstname: school.coordinator.firstname,
        lastname: school.coordinator.lastname,
        schoolId: school.id,
      });
    });
  } catch (err) {
    // Two registrations racing for one email: the unique index decides.
    if (isUniqueViolation(err, 'users_email_uq')) throw emailInUse();
    throw err;
  }
  return { message: SERVER_MESSAGES.schoolRegistered };
}

/** The coordinator's login of a school (the first school user made). */
export async function schoolLogin(db: Pick<Db, 'select'>, schoolId: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.schoolId, schoolId), eq(users.type, 'school')))
    .orderBy(users.createdAt)
    .limit(1);
  return row;
}
