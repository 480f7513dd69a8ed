// A deployment's first start on an empty PostgreSQL (docs/deploy.md): no demo data, yet the
// reference data every database needs (states, disciplines) is there, and the first administrator
// is made with scripts/create-admin.ts, once.
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { verifyPassword } from '../../server/auth/passwords';
import { openDatabase, type Database } from '../../server/db/client';
import { prepareDatabase } from '../../server/db/prepare';
import { disciplines, events, states, users } from '../../server/db/schema';
import { createAdministrator } from '../../scripts/create-admin';
import { startPostgres, type ThrowawayPostgres } from '../chaos/cluster-target';

let server: ThrowawayPostgres;
let database: Database;

beforeAll(async () => {
  server = await startPostgres();
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query('create database deployment');
  await admin.end();
  const url = new URL(server.url);
  url.pathname = '/deployment';
  database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2, onIdleError: () => undefined });
});

afterAll(async () => {
  await database?.close();
  await server?.stop();
});

it('starts with the states and disciplines and no demo data', async () => {
  expect(await prepareDatabase(database, { demoSeed: false, builtInRegistry: true, now: new Date() })).toEqual([]);
  const n = async (table: typeof states | typeof disciplines | typeof events | typeof users) =>
    (await database.db.select({ n: count() }).from(table))[0]!.n;
  expect(await n(states)).toBe(8);
  expect(await n(disciplines)).toBe(11);
  expect(await n(events)).toBe(0);
  expect(await n(users)).toBe(0);
  // A second start changes nothing.
  await prepareDatabase(database, { demoSeed: false, builtInRegistry: true, now: new Date() });
  expect(await n(states)).toBe(8);
});

it('the first administrator is made once, with a hashed password', async () => {
  const admin = {
    email: 'Treasurer@Example.org.au',
    password: 'a long enough password',
    firstname: 'Pat',
    lastname: 'Lee',
  };
  expect(await createAdministrator(database.db, admin)).toBe(true);
  expect(await createAdministrator(database.db, { ...admin, email: 'treasurer@example.org.au' })).toBe(false);
  const [row] = await database.db.select().from(users).where(eq(users.type, 'admin'));
  expect(row).toMatchObject({ email: 'Treasurer@Example.org.au', firstname: 'Pat', lastname: 'Lee' });
  expect(row!.passwordHash).not.toContain(admin.password);
  expect(await verifyPassword(row!.passwordHash, admin.password)).toBe(true);
  await expect(createAdministrator(database.db, { email: 'x@example.org.au', password: 'short' })).rejects.toThrow(
    /8 to 256/,
  );
});
