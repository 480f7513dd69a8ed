// Demo data for a first start: fictional schools, staff and coordinator logins, this season's NSW
// and VIC events with participants, teams, entries, managers, volunteers, waivers and ticketing,
// and last season's archived NSW event with results (for carry-over and reports). Written in one
// transaction, and only into a database without users, so it happens on the first start only.
// The same `now` season always gives the same rows (seeded random source, seeded ids).
// Logins and their fixed demo passwords are listed in demo-fixtures.ts and returned to the caller.
import { count } from 'drizzle-orm';
import { hashPassword } from '../../auth/passwords';
import { readAthletesCsv } from '../../integrations/registry/load';
import type { Db, Tx } from '../client';
import {
  eventDisciplines,
  eventStates,
  events,
  invites,
  invoices,
  participants,
  payments,
  raceResults,
  resultOveralls,
  resultRaces,
  schools,
  teamEntries,
  teamManagers,
  teams,
  ticketing,
  trophies,
  users,
  volunteerPreferences,
  volunteerSlots,
  volunteerSpots,
  volunteers,
  waivers,
} from '../schema';
import { insertBatched } from './batch';
import { DEMO_PASSWORDS } from './demo-fixtures';
import { planDemo, type DemoLogin, type DemoRows, type PasswordHashes } from './demo-plan';
import { seedReference } from './reference';

export type { DemoLogin } from './demo-plan';
export { DEMO_PASSWORDS } from './demo-fixtures';

async function hasUsers(db: Db | Tx): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) > 0;
}

async function hashDemoPasswords(): Promise<PasswordHashes> {
  const entries = await Promise.all(
    Object.entries(DEMO_PASSWORDS).map(async ([role, password]) => [role, await hashPassword(password)] as const),
  );
  return Object.fromEntries(entries) as PasswordHashes;
}

async function writeDemoRows(tx: Tx, rows: DemoRows): Promise<void> {
  await insertBatched(tx, events, rows.events);
  await insertBatched(tx, eventStates, rows.eventStates);
  await insertBatched(tx, eventDisciplines, rows.eventDisciplines);
  await insertBatched(tx, schools, rows.schools);
  await insertBatched(tx, users, rows.users);
  await insertBatched(tx, participants, rows.participants);
  await insertBatched(tx, teamManagers, rows.managers);
  await insertBatched(tx, teams, rows.teams);
  await insertBatched(tx, teamEntries, rows.teamEntries);
  await insertBatched(tx, volunteers, rows.volunteers);
  await insertBatched(tx, volunteerSlots, rows.slots);
  await insertBatched(tx, volunteerPreferences, rows.preferences);
  await insertBatched(tx, volunteerSpots, rows.volunteerSpots);
  await insertBatched(tx, ticketing, rows.ticketing);
  await insertBatched(tx, waivers, rows.waivers);
  await insertBatched(tx, invites, rows.invites);
  await insertBatched(tx, resultRaces, rows.resultRaces);
  await insertBatched(tx, resultOveralls, rows.resultOveralls);
  await insertBatched(tx, trophies, rows.trophies);
  await insertBatched(tx, invoices, rows.invoices);
  await insertBatched(tx, payments, rows.payments);
  await insertBatched(tx, raceResults, rows.raceResults);
  await insertBatched(tx, resultRaces, rows.computedResultRaces);
  await insertBatched(tx, resultOveralls, rows.computedResultOveralls);
}

/** Seeds the demo data when the database has no users yet; answers the logins it created
 *  (none when it seeded nothing). */
export async function seedDemoData(db: Db, opts: { now: Date }): Promise<DemoLogin[]> {
  if (await hasUsers(db)) return [];
  const [athletes, hashes] = await Promise.all([readAthletesCsv(), hashDemoPasswords()]);
  const rows = planDemo(opts.now, athletes, hashes);
  const seeded = await db.transaction(async (tx) => {
    if (await hasUsers(tx)) return false;
    await seedReference(tx);
    await writeDemoRows(tx, rows);
    return true;
  });
  return seeded ? rows.logins : [];
}
