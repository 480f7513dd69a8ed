// Race day at the start hut, in a real browser: a race official signs in and the race-day data
// downloads; the network goes, the app is closed and opened again with none: the start list, the
// start marshall sheet (Second run reversed) and the bib list show the racers with the time they
// were synced. A DNS mark made offline survives a reload and reaches the server when the network
// is back; a timing file downloads offline and parses back with the racers of the race. An
// administrator orders a race day by dragging races with the mouse, and the server has the order.
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible } from './support/a11y';
import { DEMO, apiSession, signInThroughPage, waitForServiceWorker } from './support/app';
import { startServerAndDevice } from './support/device-and-server';
import { setDeviceOffline } from './support/network';
import {
  busiestRace,
  raceDayChanges,
  marshallSheet,
  query,
  racerNames,
  startlistOf,
  teamHeadings,
} from './support/race-day';

const env = startServerAndDevice();

async function sheetNames(page: Page) {
  return page.locator('.race-table tbody .racer-name').allTextContents();
}

it('runs the start of a race from a tablet that has lost its network', async () => {
  const api = await apiSession(env.server.url, DEMO.racedept);
  const race = await busiestRace(api);
  const startlist = await startlistOf(api, race);
  const second = await marshallSheet(api, race, 'Second');
  const first = await marshallSheet(api, race, 'First');
  expect(racerNames(second.rows)).toEqual([...racerNames(first.rows)].reverse());

  // Signed in, the race-day data downloads (the 'As of' time appears) and the worker takes over.
  let page = await env.device.context.newPage();
  await signInThroughPage(page, env.server.url, DEMO.racedept);
  await page.waitForURL(/#\/startlists/);
  await page.getByText(/^As of \d\d:\d\d/).waitFor({ timeout: 30_000 });
  await waitForServiceWorker(page);
  // The tablet says plainly when it is ready to go offline: the app's files and the race day stored.
  await page.goto(`${env.server.url}/#/race-day`);
  await page
    .getByText('Ready to work offline: the app and the race-day data are on this device.')
    .waitFor({ timeout: 30_000 });

  // The network goes; the app is closed and opened again.
  await setDeviceOffline(env.device.context, true);
  await page.close();
  page = await env.device.context.newPage();
  await page.goto(`${env.server.url}/#/startlists?${query(race)}`);
  const headings = page.locator('.start-team h3');
  await headings.first().waitFor({ timeout: 30_000 });
  expect(await headings.allTextContents()).toEqual(teamHeadings(startlist));
  await expect(page.getByText(/^As of \d\d:\d\d/).textContent()).resolves.toMatch(/As of/);
  await page.getByText('offline', { exact: false }).first().waitFor();
  await expectAccessible(page, 'start list, offline');

  // The start marshall sheet of the Second run: the First run reversed.
  await page.goto(`${env.server.url}/#/startMarshall?${query({ ...race, run: 'Second', rows: 'All' })}`);
  await page.locator('.race-table tbody tr').first().waitFor();
  expect(await sheetNames(page)).toEqual(racerNames(second.rows));
  await expectAccessible(page, 'start marshall sheet, offline');

  // DNS for the first racer of the Second run, offline; it stays over a reload.
  const target = second.rows[0]!;
  const row = page.locator('.race-table tbody tr').first();
  await row.getByRole('button', { name: 'DNS' }).click();
  await row.getByRole('button', { name: 'DNS', pressed: true }).waitFor();
  await page.reload();
  await page.locator('.race-table tbody tr').first().getByRole('button', { name: 'DNS', pressed: true }).waitFor();

  // The bib list of the race, offline.
  await page.goto(`${env.server.url}/#/bib-list?${query(race)}`);
  await page.getByRole('heading', { name: 'Racers' }).waitFor();
  const racers = startlist.teams.flatMap((t) => t.members.filter((m) => m.ParticipantId !== null));
  // The racers' table (after the schools' readiness), once drawn.
  await expect
    .poll(() => page.locator('.race-table').last().locator('tbody tr').count(), { timeout: 15_000 })
    .toBe(Math.min(racers.length, 50));
  await expectAccessible(page, 'bib list, offline');

  // A timing file, built on the device with no network, parses back with the race's racers.
  await page.goto(`${env.server.url}/#/files/nsw-system?${query(race)}`);
  const downloadButton = page.getByRole('button', { name: 'Download CSV' });
  await downloadButton.waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const parsed = Papa.parse<Record<string, string>>(csv.slice(1), { header: true, skipEmptyLines: true });
  expect(parsed.meta.fields).toEqual([
    'Bib',
    'SnowID',
    'Last',
    'First',
    'Gender',
    'YearLevel',
    'School',
    'Discipline',
    'Division',
    'Team',
    'Position',
  ]);
  expect(parsed.data.map((r) => r.Last).sort()).toEqual(racers.map((m) => m.lastname).sort());
  expect(csv).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);

  // The network is back: the mark reaches the server.
  await setDeviceOffline(env.device.context, false);
  await expect
    .poll(
      async () => {
        const now = await marshallSheet(api, race, 'Second');
        return now.rows.find((r) => r.teamEntryId === target.teamEntryId)?.mark;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe('DNS');
  await page.close();
});

it("orders a race day by dragging races with the mouse, and saves the day's order", async () => {
  const page = await env.device.context.newPage();
  await signInThroughPage(page, env.server.url, DEMO.admin);
  await page.waitForURL((url) => !url.hash.startsWith('#/login'));
  await page.goto(`${env.server.url}/#/running-order`);
  const noDay = page.getByRole('region', { name: 'No day yet' });
  const addButtons = noDay.getByRole('button', { name: /^Add to the day: / });
  await addButtons.first().waitFor({ timeout: 30_000 });
  const names = (await addButtons.evaluateAll((all) => all.map((b) => b.getAttribute('aria-label')!)))
    .slice(0, 3)
    .map((label) => label.replace('Add to the day: ', ''));
  // The demo's first race day has its order; these go to the second.
  await noDay.getByRole('combobox').selectOption({ index: 1 });
  for (const name of names) await noDay.getByRole('button', { name: `Add to the day: ${name}` }).click();
  const secondDay = page.locator('.running-order-day').nth(1);
  const listed = () => secondDay.locator('.running-order-name').allTextContents();
  expect(await listed()).toEqual(names);

  // The third race dragged by its handle above the first.
  const handle = secondDay.getByRole('button', { name: `Drag: ${names[2]}` });
  const from = (await handle.boundingBox())!;
  const to = (await secondDay.getByRole('button', { name: `Drag: ${names[0]}` }).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 2 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 4, { steps: 10 });
  await page.mouse.up();
  await expect.poll(listed).toEqual([names[2], names[0], names[1]]);

  // @dnd-kit swallows clicks for a moment after a drop (so the drop is not a click on what lies
  // under it): Save is pressed until it takes, as a user presses again a button that did nothing.
  const save = page.getByRole('button', { name: 'Save' });
  await expect
    .poll(async () => {
      if (await save.isEnabled()) await save.click();
      return save.isEnabled();
    })
    .toBe(false);
  // The server has the day's order, as every device's next pull brings it.
  const api = await apiSession(env.server.url, DEMO.admin);
  type RaceEvent = {
    disciplines: { DisciplineId: number; name: string }[];
    runningOrder?: { DisciplineId: number; division: number; gender: string; position: number }[];
  };
  const savedOrder = async () => {
    // The feed is a log: the event's latest version is the one a device keeps.
    const [event] = (await raceDayChanges(api))
      .flatMap((c) => (c.entity === 'raceEvents' && c.row ? [c.row as RaceEvent & { version: number }] : []))
      .sort((a, b) => b.version - a.version);
    if (!event) return [];
    const name = (id: number) => event.disciplines.find((d) => d.DisciplineId === id)?.name;
    return (event.runningOrder ?? [])
      .sort((a, b) => a.position - b.position)
      .map((e) => `${name(e.DisciplineId)}, Division ${e.division}, ${e.gender}`)
      .filter((race) => names.includes(race));
  };
  await expect.poll(savedOrder, { timeout: 30_000, interval: 500 }).toEqual([names[2], names[0], names[1]]);
  await page.close();
});

it("imports a race's results file: every row shown first, then the race's results on the screen", async () => {
  const api = await apiSession(env.server.url, DEMO.admin);
  const changes = await raceDayChanges(api);
  type Entry = { TeamId: string; DisciplineId: number; ParticipantId: string | null; bib: number | null };
  type Team = { id: string; EventId: string; division: number; gender: string };
  const entries = changes.flatMap((c) => (c.entity === 'raceEntries' && c.row ? [c.row as Entry] : []));
  const teamOf = new Map(
    changes.flatMap((c) => (c.entity === 'raceTeams' && c.row ? [[(c.row as Team).id, c.row as Team] as const] : [])),
  );
  const withBibs = entries.filter((e) => e.DisciplineId === 1 && e.bib !== null && e.ParticipantId);
  const team = teamOf.get(withBibs[0]!.TeamId)!;
  const [fast, slow] = withBibs.filter((e) => {
    const t = teamOf.get(e.TeamId)!;
    return t.division === team.division && t.gender === team.gender;
  });
  const file = [
    'Bib,Run 1,Run 2',
    `${slow!.bib},1:10.00,1:10.00`,
    `${fast!.bib},1:00.00,1:00.00`,
    '9999,1:00.00,1:00.00',
  ];

  const page = await env.device.context.newPage();
  await signInThroughPage(page, env.server.url, DEMO.admin);
  await page.waitForURL((url) => !url.hash.startsWith('#/login'));
  await page.goto(
    `${env.server.url}/#/race-results?${query({ event: team.EventId, discipline: '1', division: String(team.division), gender: team.gender })}`,
  );
  // The demo's results for this race are on the device already.
  await page.getByRole('region', { name: 'Individual results' }).waitFor({ timeout: 30_000 });
  await page.getByLabel('Choose the results file').setInputFiles({
    name: 'results.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(file.join('\r\n')),
  });
  await page.getByText('results.csv: 3 rows read, 2 to import, 1 not imported (see why below).').waitFor();
  await expect.poll(() => page.getByRole('cell', { name: 'Bib 9999 is not in this race.' }).count()).toBe(1);
  await expectAccessible(page, 'race results, a file read');

  await page.getByRole('button', { name: 'Import 2 results' }).click();
  await page.getByText('2 results imported from results.csv.').waitFor();
  // The corrected file replaces the demo's: the two racers it names are ranked, the fast one first.
  const bibs = page.getByRole('region', { name: 'Individual results' }).locator('tbody tr td:nth-child(2)');
  await expect
    .poll(async () => (await bibs.allTextContents()).slice(0, 2))
    .toEqual([String(fast!.bib), String(slow!.bib)]);
  await page.close();
});

it("lets a school read its event's computed results offline: each race's placings with bibs and results", async () => {
  const page = await env.device.context.newPage();
  await signInThroughPage(page, env.server.url, DEMO.school);
  await page.waitForURL(/#\/$/);
  await page.getByRole('heading', { name: /welcome/i }).waitFor();
  await waitForServiceWorker(page);
  await page.goto(`${env.server.url}/#/results`);
  // The demo's first race day is published: the Alpine races' placings are on the device.
  const placings = page.getByText(/^\d+ placings?$/);
  await placings.first().waitFor({ timeout: 30_000 });

  await setDeviceOffline(env.device.context, true);
  await page.reload();
  await placings.first().waitFor({ timeout: 30_000 });
  await placings.first().click();
  await expect
    .poll(() => page.getByText(/^1\. .+ \(bib \d+\), .+, \d:\d\d\.\d\d$/).count(), { timeout: 10_000 })
    .toBeGreaterThan(0);
  await setDeviceOffline(env.device.context, false);
  await page.close();
});
