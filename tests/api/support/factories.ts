// Test data factories: each makes one valid row with sensible defaults the test can override.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../../server/db/client';
import { eventDisciplines, eventStates, events, schools, teams, users } from '../../../server/db/schema';
import { hashPassword } from '../../../server/auth/passwords';
import type { UserType } from '../../../src/domain/constants';

export const PASSWORD = 'correct horse battery staple';
let passwordHash: Promise<string> | undefined;
const hashed = () => (passwordHash ??= hashPassword(PASSWORD));

export async function createSchool(db: Db, over: Partial<typeof schools.$inferInsert> = {}) {
  const [row] = await db
    .insert(schools)
    .values({ name: `School ${randomUUID().slice(0, 6)}`, stateId: 3, ...over })
    .returning();
  return row!;
}

export async function createEvent(
  db: Db,
  over: Partial<typeof events.$inferInsert> = {},
  disciplineIds: number[] = [1, 2, 9],
) {
  const [row] = await db
    .insert(events)
    .values({
      name: `Event ${randomUUID().slice(0, 6)}`,
      year: 2026,
      invoiceType: 'NSW',
      registrationFee: 50,
      teamEntryFee: 30,
      ...over,
    })
    .returning();
  await db.insert(eventStates).values({ eventId: row!.id, stateId: 3 });
  if (disciplineIds.length) {
    await db.insert(eventDisciplines).values(
      disciplineIds.map((disciplineId) => ({
        eventId: row!.id,
        disciplineId,
        divisionFrom: 1,
        divisionTo: disciplineId === 9 ? 3 : 5,
      })),
    );
  }
  return row!;
}

export async function createUser(db: Db, type: UserType, over: Partial<typeof users.$inferInsert> = {}) {
  const [row] = await db
    .insert(users)
    .values({
      email: `${type}-${randomUUID().slice(0, 8)}@example.test`,
      passwordHash: await hashed(),
      type,
      firstname: 'Test',
      lastname: type,
      ...over,
    })
    .returning();
  return row!;
}

/** A team of a school in an event: the school has entries there. */
export async function createTeam(
  db: Db,
  over: Pick<typeof teams.$inferInsert, 'schoolId' | 'eventId'> & Partial<typeof teams.$inferInsert>,
) {
  const [row] = await db
    .insert(teams)
    .values({ disciplineId: 1, division: 1, teamRank: 'A', gender: 'Female', ...over })
    .returning();
  return row!;
}

/** A school registration form (POST /api/schools), valid unless overridden. */
export function registrationForm(
  over: { StateId?: number | null; region?: string; email?: string; password?: string; id?: string } = {},
) {
  return {
    id: over.id ?? randomUUID(),
    name: 'Snowy Mountains Grammar',
    nickname: 'SMG',
    address1: '1 Alpine Way',
    address2: '',
    town: 'Jindabyne',
    region: over.region ?? 'Southern NSW',
    postcode: '2627',
    phone: '02 6456 0000',
    fax: '',
    schoolType: 'Co-ed',
    schoolCategory: 'Secondary',
    schoolGovOrPrivate: 'Ind.',
    StateId: over.StateId === undefined ? 3 : over.StateId,
    coordinator: {
      firstname: 'Kim',
      lastname: 'Ng',
      phone: '02 6456 0001',
      mobile: '0400 000 001',
      fax: '',
      ausEnews: true,
    },
    principal: { firstname: 'Pat', lastname: 'Lee', email: 'principal@smg.example' },
    user: {
      email: over.email ?? `coordinator-${randomUUID().slice(0, 6)}@smg.example`,
      password: over.password ?? 'a good long password',
    },
  };
}
