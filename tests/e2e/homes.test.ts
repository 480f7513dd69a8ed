// Each role's home in a real browser on the demo data, on a 390 px phone: a coordinator sees the
// season's steps with the next one called out and follows it; a tile opens the screen its figure
// is worked on; an admin without a school sees the event across schools, and picking a school
// shows that school's steps; a race official sees the races with their racers and opens one's
// start marshall sheet; an auditor's links open their screens. No page scrolls sideways, every
// link on home is at least 44 px tall, and axe finds nothing serious.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y';
import { DEMO, apiSession, signInThroughPage } from './support/app';
import { launchDevice } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SYNC_TIMEOUT = 60_000;

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

/** A fresh device (its own mirror) on a phone, signed in as `who`, on home. */
async function homeOnPhone(who: { username: string; password: string }, run: (page: Page) => Promise<void>) {
  const device = await launchDevice();
  try {
    const page = await device.context.newPage();
    await page.setViewportSize(PHONE);
    await signInThroughPage(page, server.url, who);
    await page.waitForURL((url) => !url.hash.startsWith('#/login'));
    if (!/#\/$/.test(page.url())) await page.goto(`${server.url}/#/`);
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    await run(page);
  } finally {
    await device.close();
  }
}

async function expectFitsPhone(page: Page, screen: string) {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page, `${screen}: no sideways scroll at ${PHONE.width} px`).toBeLessThanOrEqual(widths.window);
  const small = await page
    .locator('main a')
    .evaluateAll((links) =>
      links
        .filter((a) => a.getClientRects().length > 0 && a.getBoundingClientRect().height < 44)
        .map((a) => `${a.textContent} (${Math.round(a.getBoundingClientRect().height)} px)`),
    );
  expect(small, `${screen}: links shorter than 44 px`).toEqual([]);
  await expectAccessible(page, screen);
}

/** The figure of a home tile, by its label. */
function tile(page: Page, label: string): Locator {
  return page
    .locator('a.home-tile')
    .filter({ has: page.locator('.home-tile-label', { hasText: new RegExp(`^${label}$`) }) });
}
const tileNumber = async (page: Page, label: string) =>
  Number(await tile(page, label).locator('.home-tile-value').textContent());

const hashOf = async (link: Locator) => (await link.getAttribute('href'))!.replace(/^#/, '');

async function syncSettled(page: Page) {
  await expect.poll(() => page.locator('.pill-syncing').count(), { timeout: SYNC_TIMEOUT }).toBe(0);
}

it("shows a coordinator the season's steps, opens the next one, and a tile opens its screen", async () => {
  const api = await apiSession(server.url, DEMO.school);
  const session = (await (await api.post('/api/login', { data: DEMO.school })).json()) as {
    SchoolId: string;
    EventId: string;
  };
  const metrics = (await (await api.get(`/api/metrics/${session.EventId}/${session.SchoolId}`)).json()) as Record<
    string,
    number
  >;
  await api.dispose();
  expect(metrics.participantCount).toBeGreaterThan(0);

  await homeOnPhone(DEMO.school, async (page) => {
    const steps = page.getByRole('region', { name: 'Your season, step by step' });
    await expect.poll(() => tileNumber(page, 'Participants'), { timeout: SYNC_TIMEOUT }).toBe(metrics.participantCount);
    await syncSettled(page);
    expect(await tileNumber(page, 'Team managers')).toBe(metrics.teamManagerCount);
    expect(await tileNumber(page, 'Race entries')).toBe(metrics.raceEntriesCount);

    // Six steps in order, each a link to its screen; the first one not done is the next.
    const items = steps.getByRole('listitem');
    expect(await items.locator('.home-step-title').allTextContents()).toEqual([
      'Participants',
      'Teams',
      'Team managers',
      'Volunteers',
      'Waivers',
      'Invoice',
    ]);
    expect(await Promise.all((await items.getByRole('link').all()).map(hashOf))).toEqual([
      '/participant/index',
      '/team/grid',
      '/teamManager/index',
      '/volunteer/index',
      '/waiver/index',
      '/invoice',
    ]);
    const states = await items.locator('.home-step-state').allTextContents();
    const nextAt = states.findIndex((s) => s !== 'Done');
    expect(nextAt, 'the demo school has a step left').toBeGreaterThanOrEqual(0);
    expect(states[nextAt]).toBe('Next');
    expect(await items.nth(nextAt).getByRole('link').getAttribute('aria-current')).toBe('step');
    await expectFitsPhone(page, 'coordinator home');

    // 'Next:' goes where the next step's link goes, and opens that screen.
    const next = steps.getByRole('link', { name: /^Next:/ });
    const nextPath = await hashOf(next);
    expect(nextPath).toBe(await hashOf(items.nth(nextAt).getByRole('link')));
    await next.click();
    await page.waitForURL((url) => url.hash === `#${nextPath}`);
    await page
      .locator('main h1')
      .filter({ hasNotText: /^Welcome/ })
      .waitFor();

    // Back home, the team managers tile opens the team managers grid.
    await page.goBack();
    await tile(page, 'Team managers').click();
    await page.waitForURL(/#\/teamManager\/index$/);
    await page.getByRole('button', { name: 'Add team manager' }).waitFor();
  });
});

it("shows an admin the event across schools, and a picked school's steps", async () => {
  await homeOnPhone(DEMO.admin, async (page) => {
    await page.getByRole('region', { name: 'The whole event at a glance' }).waitFor();
    await page.getByText("Pick a school in the header to see that school's steps and numbers.").waitFor();
    await expect.poll(() => tileNumber(page, 'Schools with entries'), { timeout: SYNC_TIMEOUT }).toBeGreaterThan(0);
    await syncSettled(page);
    for (const label of ['Participants in races', 'Race entries', 'Teams'])
      expect(await tileNumber(page, label), label).toBeGreaterThan(0);
    // '5 of 7' up to what is needed; past it '8 filled, 7 needed', never '8 of 7'.
    const places = (await tile(page, 'Volunteer places filled').locator('.home-tile-value').textContent()) ?? '';
    const within = /^(\d+) of ([1-9]\d*)$/.exec(places);
    const beyond = /^(\d+) filled, ([1-9]\d*) needed$/.exec(places);
    expect(within || beyond, places).toBeTruthy();
    if (within) expect(Number(within[1])).toBeLessThanOrEqual(Number(within[2]));
    if (beyond) expect(Number(beyond[1])).toBeGreaterThan(Number(beyond[2]));
    expect(await tile(page, 'Waivers complete').locator('.home-tile-value').textContent()).toMatch(/^\d+ of [1-9]\d*$/);
    expect((await tileNumber(page, 'Invoices paid')) + (await tileNumber(page, 'Invoices not paid'))).toBe(
      await tileNumber(page, 'Schools with entries'),
    );
    expect(await hashOf(tile(page, 'Invoices not paid'))).toBe('/payments');
    await expectFitsPhone(page, 'admin home, no school');

    await tile(page, 'Schools with entries').click();
    await page.waitForURL(/#\/schools$/);
    await page.goBack();

    // The header's school picker (on a desktop-wide page, where the header shows it).
    await page.setViewportSize(DESKTOP);
    const school = page.getByLabel('School', { exact: true });
    await expect.poll(() => school.locator('option').count(), { timeout: 30_000 }).toBeGreaterThan(1);
    const picked = (await school.locator('option').nth(1).textContent())!;
    await Promise.all([page.waitForEvent('load'), school.selectOption({ index: 1 })]);
    await page.setViewportSize(PHONE);
    await page.locator('.lead strong', { hasText: picked }).waitFor();
    const steps = page.getByRole('region', { name: 'Your season, step by step' });
    await steps.waitFor({ timeout: SYNC_TIMEOUT });
    await expect.poll(() => tileNumber(page, 'Participants'), { timeout: SYNC_TIMEOUT }).toBeGreaterThan(0);
    expect(await steps.getByRole('listitem').count()).toBe(6);
    expect(await page.getByRole('region', { name: 'The whole event at a glance' }).count()).toBe(0);
    await expectFitsPhone(page, `admin home, ${picked}`);
  });
});

it("shows a race official the races with their racers, and opens a race's start marshall sheet", async () => {
  await homeOnPhone(DEMO.racedept, async (page) => {
    const races = page.locator('.home-race');
    await races.first().waitFor({ timeout: SYNC_TIMEOUT });
    await syncSettled(page);
    const counts = await races.locator('.home-race-count').allTextContents();
    expect(counts.every((c) => /^\d+ racers? in \d+ teams?$/.test(c))).toBe(true);
    const busy = counts.findIndex((c) => !c.startsWith('0 '));
    expect(busy, 'a race with racers in the demo data').toBeGreaterThanOrEqual(0);
    await expectFitsPhone(page, 'race official home');

    const sheet = races.nth(busy).getByRole('link', { name: /^Start marshall sheet, / });
    const race = (await sheet.getAttribute('aria-label'))!.replace(/^Start marshall sheet, /, '');
    const [discipline] = race.split(', Division ');
    expect(
      await races.nth(busy).locator('xpath=ancestor::section[1]').getByRole('heading', { level: 3 }).textContent(),
    ).toBe(discipline);
    const params = new URLSearchParams((await hashOf(sheet)).split('?')[1]);
    expect([...params.keys()]).toEqual(['event', 'discipline', 'division', 'gender']);

    await sheet.click();
    await page.waitForURL(/#\/startMarshall\?/);
    await page.getByRole('heading', { name: race, exact: true }).waitFor();
    await page.locator('.race-table tbody tr').first().waitFor();
  });
});

it('gives an auditor links to results, trophies and reports', async () => {
  await homeOnPhone(DEMO.auditor, async (page) => {
    const links = page.getByRole('navigation', { name: 'Your screens' }).getByRole('link');
    expect(await Promise.all((await links.all()).map(hashOf))).toEqual(['/results', '/trophies', '/reports']);
    await expectFitsPhone(page, 'auditor home');
    await links.filter({ hasText: 'Reports' }).click();
    await page.waitForURL(/#\/reports$/);
  });
});
