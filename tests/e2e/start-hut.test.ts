// The start hut's tablet (768x1024 portrait, touch) on the demo data's largest race, grown by
// two teams the demo school enters as any school would (the demo's races hold at most 8 racers,
// fewer than a screen shows): the race picker stays at the top while the sheet scrolls and steps
// to the next race and back; at least ten racers are readable below it at once, in 18 px type at
// 7:1 contrast or more; Started and DNS are 44 px targets 8 px apart, and a tap on Started says so
// in words; nothing scrolls sideways, on the tablet or on a 390 px phone.
import { randomUUID } from 'node:crypto';
import { chromium, type APIRequestContext, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TEAM_LETTERS } from '../../src/domain/constants/choices';
import { genderFitsTeam } from '../../src/domain/rules/team-membership';
import { positionsPerTeam } from '../../src/domain/rules/positions-per-team';
import { expectAccessible } from './support/a11y';
import { DEMO, apiSession, signInThroughPage } from './support/app';
import { CHROMIUM_PATH } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { setDeviceOffline } from './support/network';
import { raceDayChanges } from './support/race-day';

const TABLET = { width: 768, height: 1024 };
const PHONE = { width: 390, height: 844 };

let server: RunningServer;
let browser: Browser;
let tablet: BrowserContext;
const cspViolations: string[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  tablet = await browser.newContext({ viewport: TABLET, hasTouch: true, isMobile: true });
  tablet.on('page', (page) =>
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
    }),
  );
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  expect(cspViolations).toEqual([]);
});

type Team = {
  EventId: string;
  SchoolId: string;
  DisciplineId: number;
  division: number;
  gender: string;
  teamRank: string;
  TeamEntries: { ParticipantId: string | null }[];
};
type Participant = { id: string; gender: string; archived: number };

/** The demo school enters two more teams in the race of its own with the most racers. */
async function enterTwoMoreTeams(school: APIRequestContext) {
  const teams = (await (await school.get('/api/teams')).json()) as Team[];
  const participants = (await (await school.get('/api/v2/participants')).json()) as Participant[];
  const racers = (t: Team) => t.TeamEntries.filter((e) => e.ParticipantId).length;
  const sameRace = (a: Team, b: Team) =>
    a.DisciplineId === b.DisciplineId && a.division === b.division && a.gender === b.gender;
  const largest = [...teams].sort(
    (a, b) =>
      teams.filter((t) => sameRace(t, b)).reduce((n, t) => n + racers(t), 0) -
      teams.filter((t) => sameRace(t, a)).reduce((n, t) => n + racers(t), 0),
  )[0]!;
  const entered = new Set(
    teams
      .filter((t) => t.DisciplineId === largest.DisciplineId)
      .flatMap((t) => t.TeamEntries.map((e) => e.ParticipantId)),
  );
  const free = participants.filter(
    (p) => !p.archived && !entered.has(p.id) && genderFitsTeam(p.gender, largest.gender),
  );
  const letters = TEAM_LETTERS.filter((l) => !teams.some((t) => sameRace(t, largest) && t.teamRank === l)).slice(0, 2);
  const size = positionsPerTeam(largest.DisciplineId);
  expect(free.length, 'racers the demo school can still enter').toBeGreaterThanOrEqual(2 * size);
  const res = await school.put('/api/teams', {
    data: {
      multi: false,
      teamsDeleted: [],
      teams: letters.map((teamRank, t) => ({
        id: randomUUID(),
        EventId: largest.EventId,
        SchoolId: largest.SchoolId,
        DisciplineId: largest.DisciplineId,
        division: largest.division,
        gender: largest.gender,
        teamRank,
        TeamEntries: free
          .slice(t * size, (t + 1) * size)
          .map((p, i) => ({ id: randomUUID(), ParticipantId: p.id, position: i + 1 })),
      })),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The race of the demo data with the most racers, as address parameters. */
async function largestRace(api: APIRequestContext) {
  const changes = await raceDayChanges(api);
  const raceOfTeam = new Map(
    changes
      .filter((c) => c.entity === 'raceTeams' && c.row)
      .map((c) => {
        const t = c.row!;
        return [t.id as string, [t.EventId, t.DisciplineId, t.division, t.gender].join('|')];
      }),
  );
  const racers = new Map<string, number>();
  for (const c of changes) {
    if (c.entity !== 'raceEntries' || !c.row?.ParticipantId) continue;
    const race = raceOfTeam.get(c.row.TeamId as string);
    if (race) racers.set(race, (racers.get(race) ?? 0) + 1);
  }
  const [key, count] = [...racers].sort((a, b) => b[1] - a[1])[0]!;
  const [event, discipline, division, gender] = key.split('|') as [string, string, string, string];
  return { race: { event, discipline, division, gender }, count };
}

const sheetRows = (page: Page) => page.locator('.marshall-table tbody tr');
const picker = (page: Page) => page.getByRole('group', { name: 'Race' });
const raceHeading = (page: Page) => page.locator('h2.race-heading');

/** Where the picker sits in the page when nothing is stuck: scrolling there sticks it at the top. */
async function scrollPickerToTop(page: Page): Promise<number> {
  const y = await picker(page).evaluate((el) => {
    window.scrollTo(0, 0);
    return el.getBoundingClientRect().top + window.scrollY;
  });
  await page.evaluate((to) => window.scrollTo(0, to), y);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(Math.round(y));
  return y;
}

/** Rows whose whole box lies below the stuck picker and above the viewport's bottom edge. */
function rowsReadableBelowPicker(page: Page): Promise<number> {
  return page.evaluate(() => {
    const bottom = document.querySelector('[role="group"][aria-label="Race"]')!.getBoundingClientRect().bottom;
    return [...document.querySelectorAll('.marshall-table tbody tr')]
      .map((tr) => tr.getBoundingClientRect())
      .filter((box) => box.top >= bottom - 0.5 && box.bottom <= window.innerHeight + 0.5).length;
  });
}

/** The lowest contrast ratio and the smallest font size of the text in the sheet's rows. */
function rowTextFigures(page: Page): Promise<{ contrast: number; fontSize: number }> {
  return page.evaluate(() => {
    const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const channel = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
    };
    const background = (el: Element | null): number[] => {
      for (; el; el = el.parentElement) {
        const c = rgb(getComputedStyle(el).backgroundColor);
        if (c.length < 4 || c[3]! > 0) return c;
      }
      return [255, 255, 255];
    };
    let contrast = Infinity;
    let fontSize = Infinity;
    const texts = document.createTreeWalker(document.querySelector('.marshall-table tbody')!, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      const el = node.parentElement!;
      if (!node.textContent?.trim() || el.closest('.visually-hidden')) continue;
      const style = getComputedStyle(el);
      const [a, b] = [luminance(rgb(style.color)), luminance(background(el))];
      contrast = Math.min(contrast, (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05));
      fontSize = Math.min(fontSize, parseFloat(style.fontSize));
    }
    return { contrast, fontSize };
  });
}

const noSidewaysScroll = (page: Page, width: number) =>
  page.evaluate((w) => document.documentElement.scrollWidth <= w && window.innerWidth <= w, width);

it('keeps the start hut on one race at a time, readable and hard to mis-tap', async () => {
  const coordinator = await apiSession(server.url, DEMO.school);
  await enterTwoMoreTeams(coordinator);
  await coordinator.dispose();
  const api = await apiSession(server.url, DEMO.racedept);
  const { race, count } = await largestRace(api);
  expect(count, 'a race with more racers than a screen holds').toBeGreaterThanOrEqual(12);

  const page = await tablet.newPage();
  await signInThroughPage(page, server.url, DEMO.racedept);
  await page.getByText(/^As of \d\d:\d\d/).waitFor({ timeout: 30_000 });
  await page.goto(`${server.url}/#/startMarshall?${new URLSearchParams({ ...race, rows: 'All' })}`);
  await page.getByRole('heading', { name: 'Start Marshall', level: 1 }).waitFor();
  await expect.poll(() => sheetRows(page).count(), { timeout: 15_000 }).toBe(count);
  const title = await raceHeading(page).textContent();

  // The picker stays at the top while the sheet scrolls down under it.
  const natural = await scrollPickerToTop(page);
  expect(natural).toBeGreaterThan(0);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(natural + 200);
  const stuck = (await picker(page).boundingBox())!;
  expect(stuck.y).toBeGreaterThanOrEqual(0);
  expect(stuck.y).toBeLessThanOrEqual(5);
  // One line: no taller than a select and the padding around it.
  expect(stuck.height).toBeLessThanOrEqual(70);

  // At least ten racers read at once below the stuck picker.
  await scrollPickerToTop(page);
  expect(await rowsReadableBelowPicker(page)).toBeGreaterThanOrEqual(10);
  const school = page.locator('.marshall-table tbody td.school').first();
  // The school on one line (cut short with an ellipsis where it must), its full name in the title.
  expect(
    await school.evaluate((td) => {
      const line = document.createRange();
      line.selectNodeContents(td);
      const lines = Math.round(line.getBoundingClientRect().height / parseFloat(getComputedStyle(td).lineHeight));
      return { lines, title: td.getAttribute('title') === td.textContent };
    }),
  ).toEqual({ lines: 1, title: true });

  // Started and DNS: 44 px targets, 8 px apart, and 8 px from the next row's marks.
  const first = sheetRows(page).nth(0);
  const [started, dns, below] = await Promise.all([
    first.getByRole('button', { name: 'Started' }).boundingBox(),
    first.getByRole('button', { name: 'DNS' }).boundingBox(),
    sheetRows(page).nth(1).getByRole('button', { name: 'Started' }).boundingBox(),
  ]);
  for (const box of [started!, dns!]) {
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
  expect(dns!.x - (started!.x + started!.width)).toBeGreaterThanOrEqual(8);
  expect(below!.y - (started!.y + started!.height)).toBeGreaterThanOrEqual(8);

  // A tap on Started or DNS marks the racer in words as well as colour, and says while the mark
  // waits for the network.
  const state = (row: number) => sheetRows(page).nth(row).locator('td').nth(2).textContent();
  expect(await state(0)).not.toMatch(/Started/);
  await first.getByRole('button', { name: 'Started' }).tap();
  await first.getByRole('button', { name: 'Started', pressed: true }).waitFor();
  await expect.poll(() => state(0)).toMatch(/Started$/);
  await setDeviceOffline(tablet, true);
  await sheetRows(page).nth(1).getByRole('button', { name: 'DNS' }).tap();
  await expect.poll(() => state(1)).toMatch(/Did not start, waiting to be sent$/);
  await setDeviceOffline(tablet, false);
  await expect.poll(() => state(1), { timeout: 30_000 }).toMatch(/Did not start$/);

  // Large type at AAA contrast on every row, marked ones included.
  const text = await rowTextFigures(page);
  expect(text.fontSize).toBeGreaterThanOrEqual(18);
  expect(text.contrast).toBeGreaterThanOrEqual(7);

  expect(await noSidewaysScroll(page, TABLET.width)).toBe(true);
  await expectAccessible(page, 'start marshall sheet on a tablet');

  // Next race changes the race shown and keeps the sheet's settings; Previous race comes back.
  await page.getByRole('button', { name: 'Next race' }).tap();
  await expect.poll(() => raceHeading(page).textContent()).not.toBe(title);
  expect(new URL(page.url()).hash).toContain('rows=All');
  await page.getByRole('button', { name: 'Previous race' }).tap();
  await expect.poll(() => raceHeading(page).textContent()).toBe(title);
  await expect.poll(() => sheetRows(page).count()).toBe(count);

  // On a phone the picker may take two lines, never the page sideways.
  await page.setViewportSize(PHONE);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(() => noSidewaysScroll(page, PHONE.width)).toBe(true);
  const onPhone = (await picker(page).boundingBox())!;
  expect(onPhone.x + onPhone.width).toBeLessThanOrEqual(PHONE.width);
  expect(onPhone.height).toBeLessThanOrEqual(130);
  await page.close();
  await api.dispose();
});
