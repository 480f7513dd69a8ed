// The first-season carry-over in a real browser, under the enforced CSP: the first-season
// coordinator signs in, sees last season's participants with the year level each moves up to,
// removes one, confirms; a second API session then sees the others moved up a year, the removed
// one and the Year 12 leavers archived, and the coordinator's firstSeasonLogin false.
import type { APIRequestContext } from 'playwright-core';
import { expect, it } from 'vitest';
import { nextYearLevel } from '../../src/domain/rules/new-season';
import { expectAccessible } from './support/a11y';
import { apiSession, signInThroughPage } from './support/app';
import { startServerAndDevice } from './support/device-and-server';

const FIRST_SEASON = { username: 'tom.galloway@kurrajongridge.test', password: 'demo-school-2026' };
type Row = { id: string; firstname: string; lastname: string; yearLevel: string; archived: number };

const env = startServerAndDevice();

async function participantsOf(api: APIRequestContext, archived: 0 | 1): Promise<Row[]> {
  const res = await api.get('/api/v2/participants', { params: { filter: JSON.stringify({ where: { archived } }) } });
  expect(res.status()).toBe(200);
  return (await res.json()) as Row[];
}

it("carries last season's participants over: one removed, the rest a year up, the flag cleared", async () => {
  const before = await participantsOf(await apiSession(env.server.url, FIRST_SEASON), 0);
  const returning = before
    .filter((p) => p.yearLevel !== '12')
    .sort((a, b) => a.lastname.localeCompare(b.lastname) || a.firstname.localeCompare(b.firstname));
  const leavers = before.filter((p) => p.yearLevel === '12');
  const [kept, removed] = [returning[0]!, returning[1]!];

  const page = await env.device.context.newPage();
  await signInThroughPage(page, env.server.url, FIRST_SEASON);
  await page.waitForURL(/#\/$/);
  await page.getByRole('heading', { name: 'Start the new season' }).waitFor();
  const keptRow = page.locator('.ht_master tr').filter({ hasText: kept.lastname });
  await keptRow.waitFor();
  await expect(keptRow.locator('td').allTextContents()).resolves.toContain(nextYearLevel(kept.yearLevel));
  await expectAccessible(page, 'home: first-season carry-over');

  await page
    .locator('.ht_master tr')
    .filter({ hasText: removed.lastname })
    .getByRole('button', { name: 'Remove' })
    .click();
  await page.getByRole('region', { name: 'Not coming back' }).getByText(removed.lastname, { exact: false }).waitFor();
  await expectAccessible(page, 'home: carry-over with one removed');
  await page.getByRole('button', { name: /^Confirm: carry over/ }).click();
  await page.getByRole('heading', { name: 'Start the new season' }).waitFor({ state: 'detached' });
  await page.getByRole('heading', { name: /welcome/i }).waitFor();
  await expectAccessible(page, 'home: after the carry-over');

  // The server's truth, through a second session (signed in after the change went out).
  const second = await apiSession(env.server.url, FIRST_SEASON);
  await expect
    .poll(async () => (await participantsOf(second, 1)).some((p) => p.id === removed.id), {
      timeout: 10_000,
      interval: 100,
    })
    .toBe(true);
  const session = await (await second.post('/api/login', { data: FIRST_SEASON })).json();
  expect(session.firstSeasonLogin).toBe(false);
  const after = new Map((await participantsOf(second, 0)).map((p) => [p.id, p]));
  const archivedIds = new Set((await participantsOf(second, 1)).map((p) => p.id));
  expect(archivedIds.has(removed.id)).toBe(true);
  for (const leaver of leavers) expect(archivedIds.has(leaver.id)).toBe(true);
  for (const p of returning.filter((r) => r.id !== removed.id)) {
    expect(after.get(p.id)?.yearLevel, `${p.firstname} ${p.lastname}`).toBe(nextYearLevel(p.yearLevel));
  }
  await page.close();
});
