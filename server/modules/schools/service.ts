// Reading schools: the profile (with coordinator, principal and the coordinator's login email,
// never a password or its hash) and the header picker's list of schools open to an event.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { School } from '../../../src/domain/schemas';
import type { Db, Tx } from '../../db/client';
import { eventStates, events, schools, users } from '../../db/schema';
import { notFound } from '../../http-errors';
import { toSchool } from './shape';

export const SCHOOL_NOT_FOUND = 'School not found';

export async function getSchool(db: Db | Tx, schoolId: string): Promise<School> {
  const [row] = await db
    .select()
    .from(schools)
    .where(and(eq(schools.id, schoolId), isNull(schools.removedAt)));
  if (!row) throw notFound(SCHOOL_NOT_FOUND);
  const [login] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), eq(users.type, 'school')))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return toSchool(row, login?.email);
}

/** Schools whose state the event is open to (all schools when no event is named). */
export async function schoolsForEvent(db: Db, eventId: string | undefined) {
  const columns = { id: schools.id, name: schools.name };
  const present = isNull(schools.removedAt);
  if (!eventId) return db.select(columns).from(schools).where(present).orderBy(asc(schools.name));
  const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  if (!event) throw notFound('Event not found');
  const open = db.select({ id: eventStates.stateId }).from(eventStates).where(eq(eventStates.eventId, eventId));
  return db
    .select(columns)
    .from(schools)
    .where(and(present, inArray(schools.stateId, open)))
    .orderBy(asc(schools.name));
}

/** The ids of the school's sign-ins. */
export async function schoolLoginIds(db: Db | Tx, schoolId: string): Promise<string[]> {
  return (await db.select({ id: users.id }).from(users).where(eq(users.schoolId, schoolId))).map((u) => u.id);
}
