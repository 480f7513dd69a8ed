// Two server instances starting at once on an empty PostgreSQL (docs/deploy.md): each runs
// prepareDatabase (server/db/prepare.ts) as server/main.ts does. Without the start-up lock both
// ran drizzle's migrator on the empty database (each found no migration applied, and one failed
// on a table the other had just made) and both checked for users before either seeded; with it
// they take turns: the first migrates and seeds, the second finds it done.
import { count } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { prepareDatabase } from '../../server/db/prepare';
import { registryAthletes, schools, users } from '../../server/db/schema';
import { startPostgres, type ThrowawayPostgres } from '../chaos/cluster-target';

let server: ThrowawayPostgres;
const opened: Database[] = [];

async function emptyDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  return url.toString();
}

async function open(url: string): Promise<Database> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 4, onIdleError: () => undefined });
  opened.push(database);
  return database;
}

beforeAll(async () => {
  server = await startPostgres();
});

afterAll(async () => {
  await Promise.all(opened.map((d) => d.close().catch(() => undefined)));
  await server?.stop();
});

describe('two instances starting together on an empty database', () => {
  it('migrate and seed in turn: both start, the demo data is there once', async () => {
    const url = await emptyDatabase('startup_race');
    const [a, b] = [await open(url), await open(url)];
    const now = new Date();
    const started = await Promise.allSettled(
      [a, b].map((d) => prepareDatabase(d, { demoSeed: true, builtInRegistry: true, now })),
    );
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual([
      'started',
      'started',
    ]);
    const logins = started.map((s) => (s.status === 'fulfilled' ? s.value.length : -1)).sort((x, y) => x - y);
    // One seeded (and lists its logins), the other found the users there.
    expect(logins[0]).toBe(0);
    expect(logins[1]).toBeGreaterThan(0);
    const [u] = await a.db.select({ n: count() }).from(users);
    expect(u!.n).toBe(logins[1]);
    const [s] = await a.db.select({ n: count() }).from(schools);
    expect(s!.n).toBeGreaterThan(0);
    const [r] = await a.db.select({ n: count() }).from(registryAthletes);
    expect(r!.n).toBe(600);
  });

  it('a third instance starting later finds everything done', async () => {
    const url = new URL(server.url);
    url.pathname = '/startup_race';
    const c = await open(url.toString());
    expect(await prepareDatabase(c, { demoSeed: true, builtInRegistry: true, now: new Date() })).toEqual([]);
  });

  it('the lock is given back when the process holding it dies: the next one goes on', async () => {
    const url = await emptyDatabase('startup_dead_holder');
    // A holder that dies mid-start (kill -9) is a connection that ends: PostgreSQL lets the lock go.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    holder.on('error', () => undefined);
    await holder.query(`select pg_advisory_lock(hashtext('interschools:startup'))`);
    const d = await open(url);
    let settled = false;
    const waiting = prepareDatabase(d, { demoSeed: false, builtInRegistry: false, now: new Date() }).finally(() => {
      settled = true;
    });
    waiting.catch(() => undefined);
    // It waits for the lock: PostgreSQL shows a session waiting for an advisory lock in this
    // database (or prepareDatabase ended first, having not waited).
    const lockWaiters = async () =>
      (
        await holder.query(
          `select count(*)::int as n from pg_locks
            where locktype = 'advisory' and not granted
              and database = (select oid from pg_database where datname = current_database())`,
        )
      ).rows[0].n as number;
    const deadline = Date.now() + 60_000;
    while (!settled && (await lockWaiters()) === 0) {
      if (Date.now() > deadline) throw new Error('prepareDatabase neither waited for the lock nor ended');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(settled, 'prepareDatabase went on while another held the start-up lock').toBe(false);
    const pid = (await holder.query('select pg_backend_pid() as pid')).rows[0].pid as number;
    const killer = new pg.Client({ connectionString: url });
    await killer.connect();
    await killer.query('select pg_terminate_backend($1)', [pid]);
    await killer.end();
    await expect(waiting).resolves.toEqual([]);
  });
});
