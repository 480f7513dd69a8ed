// A real server app on a fresh copy of the migrated template database (PGlite in memory, or a
// throwaway PostgreSQL database when DATABASE_URL is set), with an in-memory mailer and a clock
// the test controls. Use through app.inject, or listen() for a real HTTP port.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { appUnderTestEnv } from './supplier-env';
import { openDatabase, type Database } from '../../../server/db/client';
import type { Deps } from '../../../server/deps';
import { createMemoryMailer } from '../../../server/integrations/mail';
import type { AthleteRegistry } from '../../../server/integrations/registry';
import type { AccountingProvider } from '../../../server/integrations/accounting';
import type { PaymentGateway } from '../../../server/integrations/payments';
import { selectIntegrations } from '../../../server/integrations/select';

export type TestClock = { now: () => Date; advance(ms: number): void; set(d: Date): void };

export function createClock(start = new Date('2026-06-15T09:00:00Z')): TestClock {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance: (ms) => {
      t += ms;
    },
    set: (d) => {
      t = d.getTime();
    },
  };
}

async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  const template = inject('pgTemplate');
  if (url && template) {
    const name = `interschools_t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    // Dropping the throwaway database ends its connections: expected here.
    const database = await openDatabase({ databaseUrl: u.toString(), onIdleError: () => undefined });
    return {
      ...database,
      async close() {
        await database.close();
        const dropper = new pg.Client({ connectionString: url });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      },
    };
  }
  return takePristinePglite();
}

async function openPgliteFromTemplate(): Promise<Database> {
  const file = inject('pgliteTemplate');
  if (!file) throw new Error('The api global setup did not provide a template database');
  const [loadDataDir, pgliteAssets] = await Promise.all([
    (templateBlob ??= readFile(file).then((b) => new Blob([b]))),
    loadPgliteAssets(),
  ]);
  return openDatabase({ loadDataDir, pgliteAssets });
}

// Opening a PGlite from the template costs most of a second (unpacking 40 MB and starting the
// backend), about ten times what building the app costs. So a PGlite a test has closed is kept
// for the worker's next test (a test that never closes its app keeps its PGlite), which gets it
// back exactly as the template left it, in a few milliseconds: every table emptied (its rows
// deleted; truncated every 50th time) and the template's rows put back (triggers off, as a
// restore does), every sequence set back to the template's value, session settings, advisory
// locks and temporary tables dropped. The next test still gets its own database in the
// template's state; it is only quicker to make.
type Pristine = { database: Database; reset: () => Promise<void> };
const idle: Pristine[] = [];
const PRISTINE_SCHEMA = 'test_pristine_copy';
type Raw = { exec(sql: string): Promise<unknown>; query<T>(sql: string): Promise<{ rows: T[] }>; closed: boolean };
const rawOf = (database: Database) => (database.db as unknown as { $client: Raw }).$client;
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Copies what the template holds into a schema of its own and answers the SQL that restores it. */
async function recordTemplate(raw: Raw): Promise<{ quick: string; thorough: string }> {
  const tables = (
    await raw.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
  ).rows.map((r) => r.name);
  const sequences = (
    await raw.query<{ name: string }>(
      `select sequencename as name from pg_sequences where schemaname = 'public' order by sequencename`,
    )
  ).rows.map((r) => r.name);
  const filled: string[] = [];
  await raw.exec(`create schema ${PRISTINE_SCHEMA}`);
  for (const table of tables) {
    const { rows } = await raw.query<{ any: boolean }>(`select exists (select 1 from public.${ident(table)}) as any`);
    if (!rows[0]!.any) continue;
    filled.push(table);
    await raw.exec(`create table ${PRISTINE_SCHEMA}.${ident(table)} as select * from public.${ident(table)}`);
  }
  const setvals: string[] = [];
  for (const sequence of sequences) {
    const { rows } = await raw.query<{ last_value: string; is_called: boolean }>(
      `select last_value, is_called from public.${ident(sequence)}`,
    );
    setvals.push(`select setval('public.${ident(sequence)}', ${rows[0]!.last_value}, ${rows[0]!.is_called});`);
  }
  const restore = (empty: string) =>
    [
      'reset all;',
      'discard temp;',
      'select pg_advisory_unlock_all();',
      `set session_replication_role = replica;`,
      empty,
      ...filled.map((t) => `insert into public.${ident(t)} select * from ${PRISTINE_SCHEMA}.${ident(t)};`),
      ...setvals,
      'reset session_replication_role;',
    ].join('\n');
  return {
    // Deleting the rows of 43 mostly empty tables takes about 1.5 ms; truncating them about 40 ms
    // (each gets new files). The foreign keys' triggers are off meanwhile, as in a restore.
    quick: restore(tables.map((t) => `delete from public.${ident(t)};`).join('\n')),
    // Deleted rows stay in the tables' files until a vacuum: now and then the tables are
    // truncated instead, so a worker's thousand tests do not leave it scanning dead rows.
    thorough: restore(`truncate ${tables.map((t) => `public.${ident(t)}`).join(', ')} restart identity cascade;`),
  };
}

/** Resets between which the tables are emptied by delete; the next truncates them. */
const QUICK_RESETS = 50;

async function takePristinePglite(): Promise<Database> {
  let entry = idle.pop();
  while (entry && rawOf(entry.database).closed) entry = idle.pop();
  if (entry) await entry.reset();
  else {
    const database = await openPgliteFromTemplate();
    const raw = rawOf(database);
    const restore = await recordTemplate(raw);
    let resets = 0;
    entry = {
      database,
      reset: () => raw.exec(++resets % QUICK_RESETS ? restore.quick : restore.thorough).then(() => undefined),
    };
  }
  const kept = entry;
  let released = false;
  return {
    ...kept.database,
    // Given back for the next test rather than closed; the last ones go with the worker.
    async close() {
      if (released) return;
      released = true;
      if (!rawOf(kept.database).closed) idle.push(kept);
    },
  };
}

// Kept for the worker's life: each new PGlite (above: when none is free) would otherwise compile
// its WebAssembly and read the template again, about half a second on two cores.
let templateBlob: Promise<Blob> | undefined;
let pgliteAssets: Promise<{ wasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined;
function loadPgliteAssets() {
  const dist = (name: string) => join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), name);
  return (pgliteAssets ??= Promise.all([readFile(dist('pglite.wasm')), readFile(dist('pglite.data'))]).then(
    async ([wasm, data]) => ({ wasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([data]) }),
  ));
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

export async function startTestApp(
  opts: {
    env?: Record<string, string>;
    clock?: TestClock;
    registry?: (db: Database['db']) => AthleteRegistry;
    accounting?: (db: Database['db']) => AccountingProvider;
    gateway?: (db: Database['db']) => PaymentGateway;
  } = {},
) {
  const database = await openTestDatabase();
  const clock = opts.clock ?? createClock();
  const mailer = createMemoryMailer();
  const config = loadConfig(appUnderTestEnv('.tmp/test-data', opts.env));
  const built = selectIntegrations(config, database.db);
  const deps: Deps = {
    config,
    db: database.db,
    mailer,
    now: clock.now,
    listen: database.listen,
    registry: opts.registry?.(database.db) ?? built.registry,
    accounting: opts.accounting?.(database.db) ?? built.accounting,
    gateway: opts.gateway?.(database.db) ?? built.gateway,
  };
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    deps,
    mailer,
    clock,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
