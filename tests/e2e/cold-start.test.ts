// A race official's tablet started cold at the hut (sync scenario 13): signed in at the lodge, the
// race-day data downloaded, the browser quit; at the hut it starts again with no network at all,
// and the start list opens from the device, with the time it was synced.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO, apiSession, signInThroughPage, waitForServiceWorker } from './support/app';
import { launchDevice } from './support/browser';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

type Change = { entity: string; row?: Record<string, unknown> };

it('opens the start list from the device when the tablet starts again with no network', async () => {
  const api = await apiSession(server.url, DEMO.racedept);
  const feed = (await (await api.get('/api/race-day/changes?cursor=0&limit=5000')).json()) as { changes: Change[] };
  const team = feed.changes.find((c) => c.entity === 'raceTeams' && c.row)!.row!;
  const race = {
    EventId: String(team.EventId),
    DisciplineId: String(team.DisciplineId),
    division: String(team.division),
    gender: String(team.gender),
  };
  const startlist = (await (await api.get(`/api/startlist?${new URLSearchParams(race)}`)).json()) as {
    teams: { schoolName: string; teamRank: string }[];
  };
  expect(startlist.teams.length).toBeGreaterThan(0);
  await api.dispose();

  const profile = await mkdtemp(path.join(tmpdir(), 'interschools-tablet-'));
  try {
    // At the lodge: signed in, the race day downloaded, the worker in control; then the browser quits.
    const lodge = await launchDevice({}, profile);
    const page = await lodge.context.newPage();
    await signInThroughPage(page, server.url, DEMO.racedept);
    await page.waitForURL(/#\/startlists/);
    await page.getByText(/^As of \d\d:\d\d/).waitFor({ timeout: 30_000 });
    await waitForServiceWorker(page);
    await lodge.close();

    // At the hut: the same tablet, started with no network.
    const hut = await launchDevice({ offline: true }, profile);
    try {
      const cold = await hut.context.newPage();
      await cold.goto(`${server.url}/#/startlists?${new URLSearchParams(race)}`);
      const headings = cold.locator('.start-team h3');
      await headings.first().waitFor({ timeout: 30_000 });
      expect(await headings.allTextContents()).toEqual(
        startlist.teams.map((t, i) => `${i + 1}. ${t.schoolName} — Team ${t.teamRank}`),
      );
      await cold.getByText(/^As of \d\d:\d\d/).waitFor();
      await cold.getByText('offline', { exact: false }).first().waitFor();
    } finally {
      await hut.close();
    }
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
});
