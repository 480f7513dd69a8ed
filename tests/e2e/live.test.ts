// Race day live on two tablets (768x1024, touch): a Started mark tapped on one reaches the second,
// online, through the server's push alone: while a device is live (its 'Live' pill shown) its
// timer does not pull (src/sync/live.ts), so only the push can bring it. With the push blocked on
// the second tablet (as behind a proxy that holds the stream back) it is never live, and a DNS
// mark still reaches it through the timed pull it falls back to: the second tablet's clock is moved
// on by the timer's interval (Playwright's clock) instead of waiting for it. The test waits for
// the marks; how long they take is the bench's (tests/bench).
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TIMER_MS } from '../../src/sync/engine-start';
import { DEMO, signInThroughPage } from './support/app';
import { launchDevice } from './support/browser';
import type { Device } from './support/device-and-server';
import { startServer, type RunningServer } from './support/server';

const TABLET = { viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true };

let server: RunningServer;
let start: Device;
let finish: Device;
beforeAll(async () => {
  server = await startServer();
  [start, finish] = await Promise.all([launchDevice(TABLET), launchDevice(TABLET)]);
});
afterAll(async () => {
  await Promise.all([start?.close(), finish?.close()]);
  await server?.stop();
});

const rows = (page: Page) => page.locator('.marshall-table tbody tr');
const state = (row: Locator) => row.locator('td').nth(2);

async function openSheet(page: Page, url?: string): Promise<string> {
  if (!url) {
    await page.goto(`${server.url}/#/startMarshall`);
    await page.getByRole('button', { name: 'Next race' }).tap();
  } else await page.goto(url);
  await rows(page).nth(1).waitFor({ timeout: 30_000 });
  return page.url();
}

it('brings a mark made at the start to the finish tablet through the push, and through the timed pull when the push is blocked', async () => {
  const atStart = await start.context.newPage();
  const atFinish = await finish.context.newPage();
  await signInThroughPage(atStart, server.url, DEMO.racedept);
  await signInThroughPage(atFinish, server.url, DEMO.racedept);
  await atStart.getByText(/^As of \d\d:\d\d/).waitFor({ timeout: 30_000 });
  await atFinish.getByText(/^As of \d\d:\d\d/).waitFor({ timeout: 30_000 });
  const race = await openSheet(atStart);
  await openSheet(atFinish, race);
  const live = atFinish.locator('.pill-live', { hasText: 'Live' });
  await live.waitFor();

  // Started at the start hut: the finish tablet shows it, live.
  await rows(atStart).nth(0).getByRole('button', { name: 'Started' }).tap();
  await expect.poll(() => state(rows(atStart).nth(0)).textContent()).toMatch(/Started$/);
  await expect.poll(() => state(rows(atFinish).nth(0)).textContent(), { timeout: 30_000 }).toMatch(/Started$/);
  expect(await live.isVisible(), 'live throughout: its timer did not pull').toBe(true);

  // The push blocked on the finish tablet: never live, yet the timed pull brings the next mark.
  await finish.context.route('**/api/sync/live', (route) => route.abort());
  // The reload pulls once on opening; the mark is made after that pull has been answered, so only
  // a later pull (the timer's) can bring it.
  const opened = atFinish.waitForResponse((r) => r.url().includes('/api/race-day/changes'));
  // The finish tablet's clock is the test's to move, so its timed pull comes when the test says
  // rather than half a minute later.
  await finish.context.clock.install();
  await atFinish.reload();
  await opened;
  await rows(atFinish).nth(1).waitFor();
  await rows(atStart).nth(1).getByRole('button', { name: 'DNS' }).tap();
  await expect.poll(() => state(rows(atStart).nth(1)).textContent()).toMatch(/Did not start$/);
  // Not yet on the finish tablet: no pull has come since the mark.
  expect(await state(rows(atFinish).nth(1)).textContent()).not.toMatch(/Did not start$/);
  await finish.context.clock.fastForward(TIMER_MS);
  await expect
    .poll(() => state(rows(atFinish).nth(1)).textContent(), { timeout: 30_000, interval: 500 })
    .toMatch(/Did not start$/);
  expect(await live.count(), 'the finish tablet was never live').toBe(0);
}, 180_000);
