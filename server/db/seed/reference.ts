// Reference data every database needs: the states (NSW is id 3, as the spec's rules name it) and
// the eleven disciplines (names are data; rules use ids only).
import type { Db, Tx } from '../client';
import { disciplines, states } from '../schema';

const STATE_ROWS = [
  { id: 1, name: 'ACT' },
  { id: 2, name: 'NT' },
  { id: 3, name: 'NSW' },
  { id: 4, name: 'QLD' },
  { id: 5, name: 'SA' },
  { id: 6, name: 'TAS' },
  { id: 7, name: 'VIC' },
  { id: 8, name: 'WA' },
] as const;

export const DISCIPLINE_ROWS = [
  { id: 1, name: 'Alpine', divisionFrom: 1, divisionTo: 6 },
  { id: 2, name: 'Moguls', divisionFrom: 1, divisionTo: 5 },
  { id: 3, name: 'Skier Cross', divisionFrom: 1, divisionTo: 5 },
  { id: 4, name: 'Snowboard Giant Slalom', divisionFrom: 1, divisionTo: 5 },
  { id: 5, name: 'Snowboard Cross', divisionFrom: 1, divisionTo: 5 },
  { id: 6, name: 'Cross Country Classic', divisionFrom: 1, divisionTo: 5 },
  { id: 7, name: 'Alpine Primary Teams', divisionFrom: 1, divisionTo: 5 },
  { id: 8, name: 'Cross Country Freestyle', divisionFrom: 1, divisionTo: 5 },
  { id: 9, name: 'Alpine Relay', divisionFrom: 3, divisionTo: 3 },
  { id: 10, name: 'Ski Slopestyle', divisionFrom: 1, divisionTo: 2 },
  { id: 11, name: 'Snowboard Slopestyle', divisionFrom: 1, divisionTo: 2 },
].map((d) => ({ ...d, male: true, female: true }));

export async function seedReference(db: Db | Tx): Promise<void> {
  await db
    .insert(states)
    .values([...STATE_ROWS])
    .onConflictDoNothing();
  await db.insert(disciplines).values(DISCIPLINE_ROWS).onConflictDoNothing();
}
