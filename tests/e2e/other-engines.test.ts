// The offline journeys in the two other engines our users run: WebKit (every browser on an iPad,
// where most start huts' tablets are) and Firefox. Neither has Background Sync, so what the page
// queued offline must go from the page itself once the network is back. Each test starts a browser
// with a profile of its own against the real server, through a link the test cuts and restores
// (support/link.ts); Firefox is also told it is offline, as the system tells it when the Wi-Fi
// goes, while WebKit learns it from its failed calls. The same journeys run in Chromium, with more
// checks, in offline-participants, journeys and race-day.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, apiSession, serverParticipants } from './support/app';
import type { Engine, EngineBrowser, EnginePage } from './support/engines/engine';
import { firefox } from './support/engines/firefox';
import { webkit } from './support/engines/webkit';
import { button, byText, field, heading } from './support/engines/xpath';
import { startLink, type Link } from './support/link';
import { busiestRace, marshallSheet, query, racerNames, startlistOf, teamHeadings } from './support/race-day';
import { startServer, type RunningServer } from './support/server';

const ENGINES: Engine[] = [webkit, firefox];

// Each engine meets the demo data as it was seeded, on a server of its own.
let server: RunningServer;
let link: Link;

async function signIn(page: EnginePage, who: { username: string; password: string }) {
  await page.goto(`${link.url}/#/login`);
  await page.type(field('Username'), who.username);
  await page.type(field('Password'), who.password);
  await page.click(button('Sign in'));
}

/** The service worker controls the page; a first install that failed is tried again on a reload,
 *  as on a user's next visit. */
async function waitForServiceWorker(page: EnginePage) {
  const controlled = () =>
    expect.poll(() => page.evaluate<boolean>('!!navigator.serviceWorker?.controller'), { timeout: 20_000 }).toBe(true);
  await controlled().catch(async () => {
    await page.reload();
    await controlled();
  });
}

async function goOffline(browser: EngineBrowser, offline: boolean) {
  if (offline) link.cut();
  else link.restore();
  await browser.setOffline(offline);
}

const participantRows = `//table[@role='grid'][@aria-label='Participants']/tbody/tr`;
const offlinePill = `//*[contains(@class, 'pill-offline')]`;
const dialog = `//*[@role='dialog' or self::dialog][@open or @role='dialog']`;
const sheetRows = `//table[contains(@class, 'marshall-table')]/tbody/tr`;

describe.each(ENGINES)('in $name', (engine) => {
  let browser: EngineBrowser | undefined;
  beforeAll(async () => {
    server = await startServer();
    link = await startLink(server.port);
  });
  /** A browser with a profile of its own; the first says which version runs the tests. */
  let versionSaid = false;
  async function launch(): Promise<EngineBrowser> {
    const started = await engine.launch();
    browser = started;
    if (!versionSaid) console.log(`Browser tests in ${engine.name} run on ${started.version}.`);
    versionSaid = true;
    return started;
  }
  afterEach(async () => {
    // Closed once: a test that failed before starting its browser leaves none to close.
    await browser?.close();
    browser = undefined;
    // A test that failed offline leaves the next one a network.
    link.restore();
  });
  afterAll(async () => {
    await link?.close();
    await server?.stop();
  });

  it('a coordinator signs in, reloads with no network, changes a year level, and the server has it back online', async () => {
    const api = await apiSession(server.url, DEMO.school);
    try {
      const device = await launch();
      const { page } = device;
      await signIn(page, DEMO.school);
      await page.waitFor(heading('Welcome, Megan'));
      await waitForServiceWorker(page);
      await page.goto(`${link.url}/#/participant/index`);
      await page.waitFor(`${participantRows}[2]`);

      await goOffline(device, true);
      await page.reload();
      await page.waitFor(`${participantRows}[2]`);
      await page.waitFor(offlinePill);

      // The second participant opened as a form; the year level moved by one; saved.
      await page.click(button('Edit', `${participantRows}[2]`));
      await page.waitFor(`${dialog}//*[starts-with(normalize-space(.), 'Edit ')]`);
      const [title = ''] = await page.texts(
        `${dialog}//*[self::h1 or self::h2][starts-with(normalize-space(.), 'Edit ')]`,
      );
      const name = title.trim().replace(/^Edit /, '');
      const before = await page.value(field('Year level'));
      const after = before === '7' ? '8' : '7';
      await page.choose(field('Year level'), after);
      await page.click(button('Done', dialog));
      await page.click(button('Save', `//*[contains(@class, 'grid-toolbar')]`));
      await page.waitFor(button('1 change waiting to be sent'));
      const yearOnServer = async () =>
        (await serverParticipants(api)).find((p) => `${p.firstname} ${p.lastname}` === name)?.yearLevel;
      expect(await yearOnServer(), 'nothing reached the server offline').toBe(before);

      await goOffline(device, false);
      await expect.poll(yearOnServer, { timeout: 60_000, interval: 500 }).toBe(after);
    } finally {
      await api.dispose();
    }
  });

  it('a race official opens the start list and the marshall sheet with no network, marks a DNS, and the server has it back online', async () => {
    const api = await apiSession(server.url, DEMO.racedept);
    try {
      const race = await busiestRace(api);
      const startlist = await startlistOf(api, race);
      const second = await marshallSheet(api, race, 'Second');
      const target = second.rows[0]!;

      const device = await launch();
      const { page } = device;
      await signIn(page, DEMO.racedept);
      await page.waitFor(byText('As of '));
      await waitForServiceWorker(page);
      await page.goto(`${link.url}/#/race-day`);
      await page.waitFor(byText('Ready to work offline: the app and the race-day data are on this device.'));

      await goOffline(device, true);
      await page.goto(`${link.url}/#/startlists?${query(race)}`);
      await page.reload();
      await page.waitFor(`//*[contains(@class, 'start-team')]//h3`);
      expect(await page.texts(`//*[contains(@class, 'start-team')]//h3`)).toEqual(teamHeadings(startlist));
      await page.waitFor(offlinePill);

      // The Second run's sheet: the First run reversed, as the server has it.
      await page.goto(`${link.url}/#/startMarshall?${query({ ...race, run: 'Second', rows: 'All' })}`);
      await page.waitFor(`${sheetRows}[1]`);
      expect(await page.texts(`${sheetRows}//*[contains(@class, 'racer-name')]`)).toEqual(racerNames(second.rows));
      const dns = (pressed: boolean) => `${sheetRows}[1]//button[normalize-space(.)='DNS'][@aria-pressed='${pressed}']`;
      await page.click(dns(false));
      await page.waitFor(dns(true));
      await page.reload();
      await page.waitFor(dns(true));
      await page.waitFor(byText('Did not start, waiting to be sent'));
      const markOnServer = async () =>
        (await marshallSheet(api, race, 'Second')).rows.find((r) => r.teamEntryId === target.teamEntryId)?.mark;
      expect(await markOnServer(), 'nothing reached the server offline').toBeFalsy();

      await goOffline(device, false);
      await expect.poll(markOnServer, { timeout: 60_000, interval: 500 }).toBe('DNS');
    } finally {
      await api.dispose();
    }
  });
});
