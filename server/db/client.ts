// Opens the database: embedded PGlite in DATA_DIR/pglite by default (or in memory for tests), a
// real PostgreSQL when DATABASE_URL is set. Both speak the same SQL and run the same migrations.
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Stops listening. */
export type Unlisten = () => Promise<void>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Calls `onMessage` with each payload NOTIFYed on `channel` (after its transaction commits).
   * On PostgreSQL this holds a connection of its own; `onLost` is called if it breaks, after
   * which nothing more arrives.
   */
  listen(channel: string, onMessage: (payload: string) => void, onLost: (err: Error) => void): Promise<Unlisten>;
  /**
   * Runs `fn` holding the database's start-up lock, so that server processes starting together on
   * one PostgreSQL take turns to migrate and seed (drizzle's migrator and the seeds check, then
   * write: two at once both find the database empty). A session advisory lock on a connection of
   * its own, given back when `fn` settles or, if the process dies, when its connection goes.
   * PGlite has one process: `fn` just runs.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
};

/** The key of the start-up lock (the change feed's advisory lock is a small number of its own,
 *  migration 0001). */
const STARTUP_LOCK_KEY = "hashtext('interschools:startup')";

const CHANNEL = /^[a-z_]+$/;

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** `dataDir` undefined means an in-memory PGlite (tests). */
export async function openDatabase(opts: {
  databaseUrl?: string;
  /** PostgreSQL connections (default 10). */
  poolSize?: number;
  dataDir?: string;
  loadDataDir?: Blob;
  /** PGlite's compiled WebAssembly and file-system bundle, when the caller keeps them: each new
   *  instance then skips compiling them again (the tests open one database per test). */
  pgliteAssets?: { wasmModule: WebAssembly.Module; fsBundle: Blob };
  /** An idle connection ended by the server (restart, administrator command): the pool replaces
   *  it; without a listener Node would end the process. */
  onIdleError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    pool.on('error', opts.onIdleError ?? ((err) => console.warn(`database connection lost: ${err.message}`)));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => pool.end(),
      async listen(channel, onMessage, onLost) {
        if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
        const client = new pg.Client({ connectionString: opts.databaseUrl });
        let closing = false;
        const lost = (err: Error) => {
          if (!closing) {
            closing = true;
            onLost(err);
          }
        };
        client.on('notification', (n) => {
          if (n.channel === channel) onMessage(n.payload ?? '');
        });
        client.on('error', lost);
        client.on('end', () => lost(new Error('listener connection ended')));
        await client.connect();
        await client.query(`LISTEN ${channel}`);
        return async () => {
          closing = true;
          await client.end().catch(() => undefined);
        };
      },
      async exclusive(fn) {
        const client = new pg.Client({ connectionString: opts.databaseUrl });
        // An error on this idle connection must not end the process: the lock is gone with it,
        // and whatever `fn` is doing on the pool finishes or fails on its own.
        client.on('error', () => undefined);
        await client.connect();
        try {
          await client.query(`select pg_advisory_lock(${STARTUP_LOCK_KEY})`);
          return await fn();
        } finally {
          await client.query(`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`).catch(() => undefined);
          await client.end().catch(() => undefined);
        }
      },
    };
  }
  const client = new PGlite({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir, ...opts.pgliteAssets });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
    // One process holds the embedded database: notifications never travel, nothing can break.
    listen: (channel, onMessage) => client.listen(channel, onMessage),
    exclusive: (fn) => fn(),
  };
}
