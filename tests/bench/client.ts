// Client benchmarks in Debian's Chromium (prints figures, never fails on time):
// 1. gzip size of the JS a browser loads for #/login and for #/participant/index;
// 2. pulling the large data set (every school's participants, teams and entries of the current
//    event: the server's real feed pages) into IndexedDB through the app's pull, as rows per
//    second and as a ratio to a raw Dexie bulkPut of the same rows in the same run;
// 3. flushing 1,000 queued edits to the real server: seconds, and duplicates applied (must be 0).
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { build } from 'vite';
import { openDatabase } from '../../server/db/client';
import { generateLargeDataset } from '../../server/db/seed/large';
import { pullChanges } from '../../server/modules/sync/service';
import type { SyncResponse } from '../../src/domain/schemas/api/sync';
import { PAGE_LIMIT } from '../../src/sync/pull';
import { launchDevice } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server';

const fmt = (n: number) => n.toLocaleString('en-AU', { maximumFractionDigits: 1 });
const ratio = (n: number) => n.toFixed(2);
const DEMO_SCHOOL = { username: 'megan.hartley@snowyrange.test', password: 'demo-school-2026' };

async function bundleEntry(): Promise<string> {
  const out = await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      minify: true,
      lib: { entry: 'tests/bench/browser-entry.ts', formats: ['iife'], name: 'BenchEntry' },
    },
  });
  const first = (Array.isArray(out) ? out[0] : out) as { output: Array<{ type: string; code?: string }> };
  return first.output.find((o) => o.type === 'chunk')!.code!;
}

async function largeFeedPages(): Promise<{ pages: SyncResponse[]; rows: number }> {
  const database = await openDatabase({});
  await database.migrate();
  await generateLargeDataset(database.db, {});
  const rows = (
    (await database.db.execute(
      sql`select id from events where archived = false order by year desc limit 1`,
    )) as unknown as { rows: Array<{ id: string }> }
  ).rows;
  const scope = { schoolId: null, eventId: rows[0]!.id, allSchools: true, withAdminTables: false };
  const pages: SyncResponse[] = [];
  let cursor = 0;
  for (;;) {
    const page = await pullChanges(database.db, scope, cursor, PAGE_LIMIT);
    pages.push(page);
    cursor = page.cursor;
    if (!page.hasMore) break;
  }
  await database.close();
  return { pages, rows: pages.reduce((n, p) => n + p.changes.length, 0) };
}

/** BENCH_SHORT=1 (CI): a short form that proves the bench still runs end to end. */
const SHORT = process.env.BENCH_SHORT === '1';
const EDITS = SHORT ? 200 : 1000;

async function main() {
  const server = await startServer();
  const device = await launchDevice();
  const closeLater: (() => Promise<void>)[] = [];
  try {
    const page = await device.context.newPage();

    // 1. JS loaded per route.
    const scripts = new Map<string, number>();
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      try {
        scripts.set(res.url(), gzipSync(await res.body()).length);
      } catch {
        /* a redirect has no body */
      }
    });
    await page.goto(`${server.url}/#/login`);
    await page.getByLabel(/username/i).waitFor();
    await page.waitForLoadState('networkidle');
    const loginBytes = [...scripts.values()].reduce((a, b) => a + b, 0);
    await page.getByLabel(/username/i).fill(DEMO_SCHOOL.username);
    await page
      .getByLabel(/password/i)
      .first()
      .fill(DEMO_SCHOOL.password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL(/#\/$/);
    await page.goto(`${server.url}/#/participant/index`);
    await page.locator('.ht_master td').first().waitFor();
    await page.waitForLoadState('networkidle');
    const gridBytes = [...scripts.values()].reduce((a, b) => a + b, 0);
    console.log(`JS for #/login (gzip)                        ${fmt(loginBytes / 1024)} kB`);
    console.log(
      `JS for #/participant/index (gzip, cumulative) ${fmt(gridBytes / 1024)} kB  (ratio ${fmt(gridBytes / loginBytes)})`,
    );

    // 2. Pull of the large data set into IndexedDB, against raw bulkPut.
    const bench = await bundleEntry();
    // The bench's own browser: it injects its bundle inline, which the server's
    // Content-Security-Policy rightly refuses, so this one profile (never the app's) passes it by.
    const benchDevice = await launchDevice({ bypassCSP: true });
    closeLater.push(() => benchDevice.close());
    const fresh = await benchDevice.context.newPage();
    await fresh.goto(`${server.url}/utils/host`);
    // tsx compiles the functions passed to evaluate() with esbuild's keepNames helper.
    await fresh.addScriptTag({ content: 'window.__name = (f) => f;' });
    await fresh.addScriptTag({ content: bench });
    const { pages, rows } = await largeFeedPages();
    const measurePull = () =>
      fresh.evaluate(async (feed) => {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bundle's globals, typed in the bundle
        const B = (globalThis as any).Bench;
        const db = new B.InterschoolsDb(`bench-pull-${Date.now()}`);
        // The pages as the network hands them over: text (writing them is the server's work, not the pull's).
        const bodies = feed.map((p) => JSON.stringify(p));
        let i = 0;
        const fetchPages = async () =>
          new Response(bodies[Math.min(i++, bodies.length - 1)], {
            status: 200,
            headers: { 'content-type': 'application/json' },
          });
        const engine = B.createSyncEngine({ db, fetch: fetchPages, locks: null });
        // Opened first, as the baselines below are (the app opens its database when it starts):
        // creating a new database's stores is no part of a pull.
        await db.open();
        const t0 = performance.now();
        await engine.pull();
        const pullMs = performance.now() - t0;
        // Where the time goes: reading the text as JSON, checking it with the feed's schemas, the rest
        // (the mirror's reads, overlays and writes).
        const tp = performance.now();
        const parsed = bodies.map((b) => JSON.parse(b) as unknown);
        const parseMs = performance.now() - tp;
        const ts = performance.now();
        for (const body of parsed) B.parseChangesPage(body);
        const schemaMs = performance.now() - ts;
        const raw = new B.Dexie(`bench-raw-${Date.now()}`);
        const tables: Record<string, string> = {};
        for (const p of feed) for (const c of p.changes) tables[c.entity] = 'key';
        raw.version(1).stores(tables);
        await raw.open();
        const byTable: Record<string, unknown[]> = {};
        for (const p of feed) for (const c of p.changes) (byTable[c.entity] ??= []).push({ key: c.key, ...c.row });
        const t1 = performance.now();
        await raw.transaction('rw', raw.tables, async () => {
          for (const [name, list] of Object.entries(byTable)) await raw.table(name).bulkPut(list);
        });
        const rawMs = performance.now() - t1;
        // The same rows put into the app's own tables (their indexes kept up too) in one transaction:
        // what the pull costs beyond IndexedDB's own work.
        const same = new B.InterschoolsDb(`bench-same-${Date.now()}`);
        await same.open();
        const rowsByTable: Record<string, unknown[]> = {};
        for (const p of feed) for (const c of p.changes) if (c.row) (rowsByTable[c.entity] ??= []).push(c.row);
        const t2 = performance.now();
        await same.transaction('rw', same.tables, async () => {
          for (const [name, list] of Object.entries(rowsByTable)) await same.table(name).bulkPut(list);
        });
        const sameMs = performance.now() - t2;
        const counts = await Promise.all(['participants', 'teams', 'teamEntries'].map((t) => db.table(t).count()));
        // Each run starts from an empty origin, as the next one must.
        for (const done of [db, raw, same]) await done.delete();
        return { pullMs, rawMs, sameMs, counts, parseMs, schemaMs };
      }, pages);
    // IndexedDB's times move a lot from run to run on a busy machine: three runs, the median shown.
    const runs = [];
    for (let run = 0; run < 3; run++) runs.push(await measurePull());
    const ratios = runs.map((r) => r.pullMs / r.rawMs);
    const pull = runs[ratios.indexOf([...ratios].sort((a, b) => a - b)[1]!)]!;
    console.log(
      `pull of the large data set into IndexedDB    ${fmt(rows)} rows, ${pages.length} pages, in ${fmt(pull.pullMs)} ms = ${fmt(rows / (pull.pullMs / 1000))} rows/s  (participants, teams, entries stored: ${pull.counts.join(', ')})`,
    );
    console.log(
      `  of which JSON ${fmt(pull.parseMs)} ms, feed schemas ${fmt(pull.schemaMs)} ms, the mirror's reads, overlays and writes ${fmt(pull.pullMs - pull.parseMs - pull.schemaMs)} ms`,
    );
    console.log(
      `raw Dexie bulkPut of the same rows           ${fmt(pull.rawMs)} ms = ${fmt(rows / (pull.rawMs / 1000))} rows/s  (pull / raw time ratio ${ratio(pull.pullMs / pull.rawMs)}, the median of ${ratios.map(ratio).join(', ')})`,
    );
    console.log(
      `bulkPut into the app's own tables           ${fmt(pull.sameMs)} ms = ${fmt(rows / (pull.sameMs / 1000))} rows/s  (pull / that time ratio ${ratio(pull.pullMs / pull.sameMs)})`,
    );

    // 3. Flush 1,000 queued edits to the real server (200 in the short form CI runs).
    const flush = await fresh.evaluate(
      async ({ username, password, edits }) => {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bundle's globals, typed in the bundle
        const B = (globalThis as any).Bench;
        const login = await fetch('/api/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, password }),
        });
        if (!login.ok) throw new Error(`login ${login.status}`);
        const list = async () =>
          (await (await fetch('/api/v2/participants')).json()) as Array<{
            id: string;
            version: number;
            firstname: string;
            SchoolId: string;
          }>;
        const before = await list();
        const versionsBefore = before.reduce((n, p) => n + p.version, 0);
        const db = new B.InterschoolsDb(`bench-flush-${Date.now()}`);
        await db.participants.bulkPut(before);
        for (let i = 0; i < edits; i++) {
          const p = before[i % before.length]!;
          await B.queueWrite(db, {
            method: 'PATCH',
            path: `/api/v2/participants/${p.id}`,
            body: { firstname: `${p.firstname.split(' ')[0]} ${i}` },
            entity: 'participants',
            rowId: p.id,
            userId: username,
          });
        }
        let fetchMs = 0;
        const timedFetch: typeof fetch = async (input, init) => {
          const t = performance.now();
          try {
            return await fetch(input, init);
          } finally {
            fetchMs += performance.now() - t;
          }
        };
        const engine = B.createSyncEngine({ db, locks: null, fetch: timedFetch });
        const t0 = performance.now();
        while ((await db.outbox.count()) > 0) {
          const left = await db.outbox.count();
          await engine.flush();
          if ((await db.outbox.count()) === left) break;
        }
        const seconds = (performance.now() - t0) / 1000;
        const after = await list();
        const versionsAfter = after.reduce((n, p) => n + p.version, 0);
        return {
          seconds,
          left: await db.outbox.count(),
          applied: versionsAfter - versionsBefore,
          fetchSeconds: fetchMs / 1000,
        };
      },
      { ...DEMO_SCHOOL, edits: EDITS },
    );
    console.log(
      `flush of ${fmt(EDITS)} queued edits${' '.repeat(Math.max(1, 19 - fmt(EDITS).length))}${fmt(flush.seconds)} s = ${fmt(EDITS / flush.seconds)} edits/s; applied on the server ${flush.applied}, duplicates ${flush.applied - EDITS + flush.left}, left in outbox ${flush.left}; waiting for the server ${fmt(flush.fetchSeconds)} s`,
    );
    // The figures are printed, never judged on time; a flush that loses or doubles an edit is a bug.
    if (flush.left !== 0 || flush.applied !== EDITS)
      throw new Error(`the flush left ${flush.left} edits and applied ${flush.applied} of ${EDITS}`);
  } finally {
    for (const close of closeLater) await close();
    await device.close();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
