// Reference data: the states and the disciplines (integer ids that the business rules name).
import { asc } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { disciplines, states } from '../../db/schema';
import { toDiscipline, toState } from './shape';

export async function listStates(db: Db) {
  return (await db.select().from(states).orderBy(asc(states.id))).map(toState);
}

export async function listDisciplines(db: Db) {
  return (await db.select().from(disciplines).orderBy(asc(disciplines.id))).map(toDiscipline);
}

/** Ids of the disciplines and states that exist, to check the ids a write names. */
export async function referenceIds(db: Db | Tx) {
  const [d, s] = await Promise.all([
    db.select({ id: disciplines.id }).from(disciplines),
    db.select({ id: states.id }).from(states),
  ]);
  return { disciplineIds: new Set(d.map((r) => r.id)), stateIds: new Set(s.map((r) => r.id)) };
}
