// Race-day benchmark in Debian's Chromium on the large data set (prints figures, never fails on
// time), with one race topped up to 200 entries:
// 1. the race-day mirror download after sign-in (rows, seconds, rows/s), through the app itself;
// 2. a cold offline start (the app closed and opened again with no network) to the rendered
//    200-entry start list, with the CPU throttled 4x as on a modest tablet;
// 3. switching between start lists from IndexedDB (target: under 100 ms), throttled and not.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { openDatabase } from '../../server/db/client';
import { teams } from '../../server/db/schema';
import { generateLargeDataset, LARGE_PASSWORDS } from '../../server/db/seed/large';
import { launchDevice } from '../e2e/support/browser';
import { startlistEvent, topUpRace } from './race-of-size';
import { startServer } from '../e2e/support/server';

const fmt = (n: number) => n.toLocaleString('en-AU', { maximumFractionDigits: 1 });
const RACE = { DisciplineId: 2, division: 1, gender: 'Male' } as const;
const TARGET_ENTRIES = 200;

/** The large data set in a PGlite directory the server then opens, with one race of 200 entries. */
async function prepare(dataDir: string) {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  await database.migrate();
  await generateLargeDataset(database.db, {});
  const db = database.db;
  const event = await startlistEvent(db);
  await topUpRace(db, event, RACE, TARGET_ENTRIES);
  const teamCount = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(teams)
    .where(
      and(
        eq(teams.eventId, event.id),
        eq(teams.disciplineId, RACE.DisciplineId),
        eq(teams.division, RACE.division),
        eq(teams.gender, RACE.gender),
      ),
    );
  await database.close();
  return { eventId: event.id, teams: teamCount[0]!.n };
}

/** Rows held in the race-day tables of the app's IndexedDB. */
function raceDayRows(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('interschools');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const names = [
      'raceEvents',
      'raceTeams',
      'raceEntries',
      'raceParticipants',
      'raceSchools',
      'startDraws',
      'raceMarks',
      'raceReadiness',
    ];
    const tx = db.transaction(names, 'readonly');
    const counts = await Promise.all(
      names.map(
        (n) =>
          new Promise<number>((resolve) => {
            const req = tx.objectStore(n).count();
            req.onsuccess = () => resolve(req.result);
          }),
      ),
    );
    db.close();
    return counts.reduce((a, b) => a + b, 0);
  });
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'interschools-race-bench-'));
  let t0 = performance.now();
  const race = await prepare(dataDir);
  console.log(
    `large data set with a ${TARGET_ENTRIES}-entry race (${race.teams} teams)     ${fmt((performance.now() - t0) / 1000)} s to build`,
  );
  const server = await startServer({ DATA_DIR: dataDir, DEMO_SEED: 'false' });
  const device = await launchDevice();
  try {
    // 1. Sign in; the app downloads the race day of every event shown for start lists.
    let page = await device.context.newPage();
    await page.goto(`${server.url}/#/login`);
    await page.getByLabel(/username/i).fill('admin@large.test');
    await page.getByLabel(/^password$/i).fill(LARGE_PASSWORDS.admin);
    t0 = performance.now();
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL(/#\/(?!login)/);
    await page.goto(`${server.url}/#/startlists`);
    await page.getByText(/^As of \d\d:\d\d/).waitFor({ timeout: 300_000 });
    const downloadS = (performance.now() - t0) / 1000;
    const rows = await raceDayRows(page);
    console.log(
      `race-day mirror download after sign-in        ${fmt(rows)} rows in ${fmt(downloadS)} s = ${fmt(rows / downloadS)} rows/s`,
    );
    await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 60_000 });

    // 2. Closed, offline, opened again with the CPU throttled 4x, straight into the big start list.
    const url = `${server.url}/#/startlists?event=${race.eventId}&discipline=${RACE.DisciplineId}&division=${RACE.division}&gender=${RACE.gender}`;
    await device.context.setOffline(true);
    await page.close();
    page = await device.context.newPage();
    const cdp = await device.context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    t0 = performance.now();
    await page.goto(url);
    await page.waitForFunction((n) => document.querySelectorAll('.start-team').length === n, race.teams, {
      timeout: 120_000,
    });
    const coldMs = performance.now() - t0;
    const entries = await page.locator('.start-team tbody tr').count();
    console.log(
      `cold offline start to the start list (4x CPU) ${fmt(coldMs)} ms for ${race.teams} teams, ${entries} entries`,
    );

    // 3. Switching between start lists, in the page (time from the change to the new list drawn).
    const switchOnce = () =>
      page.evaluate(async () => {
        const select = [...document.querySelectorAll('select')].find((s) => s.labels?.[0]?.textContent === 'Gender')!;
        const next = [...select.options].find((o) => o.value !== select.value)!.value;
        const heading = document.querySelector('.race-heading')!;
        const before = heading.textContent;
        const t = performance.now();
        select.value = next;
        select.dispatchEvent(new Event('change', { bubbles: true }));
        await new Promise<void>((resolve) => {
          const check = () =>
            heading.isConnected && heading.textContent !== before ? resolve() : requestAnimationFrame(check);
          check();
        });
        // The next frame: the new list is painted.
        await new Promise((r) => requestAnimationFrame(() => r(null)));
        return performance.now() - t;
      });
    const measure = async (label: string) => {
      const times: number[] = [];
      for (let i = 0; i < 10; i++) times.push(await switchOnce());
      times.sort((a, b) => a - b);
      console.log(
        `switching start lists (${label})`.padEnd(46) +
          ` p50 ${fmt(times[5]!)} ms   max ${fmt(times[9]!)} ms   (10 switches; target under 100 ms)`,
      );
    };
    // tsx compiles the functions passed to evaluate() with esbuild's keepNames helper.
    await page.evaluate('window.__name = (f) => f');
    await measure('4x CPU');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await measure('no throttling');
    await page.close();
  } finally {
    await device.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
