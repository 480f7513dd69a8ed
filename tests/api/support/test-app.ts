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
import { SUPPLIER_ENV } from './supplier-env';
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
  return { now: () => new Date(t), advance: (ms) => { t += ms; }, set: (d) => { t = d.getTime(); } };
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
  const file = inject('pgliteTemplate');
  if (!file) throw new Error('The api global setup did not provide a template database');
  const [loadDataDir, pgliteAssets] = await Promise.all([(templateBlob ??= readFile(file).then((b) => new Blob([b]))), loadPgliteAssets()]);
  return openDatabase({ loadDataDir, pgliteAssets });
}

// Kept for the worker's life: every test opens a fresh PGlite, and compiling its WebAssembly and
// reading the template again each time cost about half a second a test on two cores.
let templateBlob: Promise<Blob> | undefined;
let pgliteAssets: Promise<{ wasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined;
function loadPgliteAssets() {
  const dist = (name: string) => join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), name);
  return (pgliteAssets ??= Promise.all([readFile(dist('pglite.wasm')), readFile(dist('pglite.data'))])
    .then(async ([wasm, data]) => ({ wasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([data]) })));
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

export async function startTestApp(opts: {
  env?: Record<string, string>; clock?: TestClock; registry?: (db: Database['db']) => AthleteRegistry;
  accounting?: (db: Database['db']) => AccountingProvider; gateway?: (db: Database['db']) => PaymentGateway;
} = {}) {
  const database = await openTestDatabase();
  const clock = opts.clock ?? createClock();
  const mailer = createMemoryMailer();
  // Tests fire concurrent requests on purpose: let them queue (tests/api/admission.test.ts
  // checks the refusal with small limits).
  const config = loadConfig({ ...SUPPLIER_ENV, DATA_DIR: '.tmp/test-data', STATIC_DIR: '.tmp/no-client', LOG_LEVEL: 'silent', MAX_QUEUE_MS: '60000', MAX_EVENT_LOOP_DELAY_MS: '0', ...opts.env });
  const built = selectIntegrations(config, database.db);
  const deps: Deps = {
    config, db: database.db, mailer, now: clock.now, listen: database.listen,
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
