// DELETE /api/school/{id} (admin): the school's people and entries go (participants, team
// managers, teams and their entries, volunteers and their slots, waivers, tickets) and so do its
// logins with their sessions. Issued invoices and payments are the association's accounts: a
// school that has any keeps its row, marked removed, so they still name their school; a school
// with none is deleted outright. Sessions that had picked it lose the pick.
import { and, count, eq, isNull } from 'drizzle-orm';
import { SERVER_MESSAGES } from '../../../src/domain/server-messages';
import type { Tx } from '../../db/client';
import {
  invoices,
  participants,
  payments,
  schools,
  sessions,
  teamEntries,
  teamManagers,
  teams,
  ticketing,
  users,
  volunteerSlots,
  volunteers,
  waivers,
} from '../../db/schema';
import { notFound } from '../../http-errors';
import { SCHOOL_NOT_FOUND } from './service';

/** Children before parents, so no foreign key stands in the way. */
const PEOPLE_AND_ENTRIES = [
  teamEntries,
  teams,
  participants,
  teamManagers,
  volunteerSlots,
  volunteers,
  waivers,
  ticketing,
  users,
] as const;

export async function removeSchool(tx: Tx, schoolId: string, now: Date): Promise<{ message: string }> {
  const [school] = await tx
    .select({ id: schools.id })
    .from(schools)
    .where(and(eq(schools.id, schoolId), isNull(schools.removedAt)))
    .for('update');
  if (!school) throw notFound(SCHOOL_NOT_FOUND);
  for (const table of PEOPLE_AND_ENTRIES) await tx.delete(table).where(eq(table.schoolId, schoolId));
  const [issued] = await tx.select({ n: count() }).from(invoices).where(eq(invoices.schoolId, schoolId));
  const [paid] = await tx.select({ n: count() }).from(payments).where(eq(payments.schoolId, schoolId));
  if ((issued?.n ?? 0) + (paid?.n ?? 0) > 0) {
    await tx.update(sessions).set({ schoolId: null }).where(eq(sessions.schoolId, schoolId));
    await tx.update(schools).set({ removedAt: now }).where(eq(schools.id, schoolId));
  } else {
    await tx.delete(schools).where(eq(schools.id, schoolId));
  }
  return { message: SERVER_MESSAGES.schoolDeleted };
}
