// A coordinator adds a team manager with the network gone: types the row into the grid (the last
// cell left without Enter, as a phone user does, is committed when focus leaves the grid), saves
// (committed on the device at once), reloads the page still offline and finds it there; when the
// network returns the server (read through a separate API session) has exactly that manager more.
// The ticketing screen is audited on the way. Removing a manager who looks after a team asks first.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible } from './support/a11y';
import { DEMO, apiSession, signInThroughPage, waitForServiceWorker } from './support/app';
import { startServerAndDevice } from './support/device-and-server';
import { setDeviceOffline } from './support/network';

const env = startServerAndDevice();

type Manager = { id: string; firstname: string; lastname: string; mobile: string };

/** Types into the cell of the grid's last row, in the given column (0-based). */
async function typeInLastRow(page: Page, column: number, value: string) {
  await page.locator('.ht_master tbody tr').last().locator('td').nth(column).dblclick();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(value);
  await page.keyboard.press('Enter');
}

it('adds a team manager offline, keeps it over a reload and syncs exactly that manager', async () => {
  const api = await apiSession(env.server.url, DEMO.school);
  const managers = async () => {
    const res = await api.get('/api/v2/team-managers');
    expect(res.status()).toBe(200);
    return (await res.json()) as Manager[];
  };
  const before = await managers();

  const page = await env.device.context.newPage();
  await signInThroughPage(page, env.server.url, DEMO.school);
  await page.waitForURL(/#\/$/);
  await waitForServiceWorker(page);
  await page.getByRole('link', { name: 'Ticketing' }).click();
  await page.getByRole('heading', { name: 'Ticketing' }).waitFor();
  await page.getByLabel('Team manager tickets, day 1').waitFor();
  await expectAccessible(page, 'ticketing');
  await page.getByRole('link', { name: 'Team managers' }).click();
  await page.getByRole('heading', { name: 'Team managers' }).waitFor();
  await page.getByRole('button', { name: 'Add team manager' }).waitFor();
  await expectAccessible(page, 'team managers');

  await setDeviceOffline(env.device.context, true);
  await page.reload();
  await page.getByRole('button', { name: 'Add team manager' }).click();
  await typeInLastRow(page, 0, 'Robin');
  await typeInLastRow(page, 1, 'Offlineton');
  // The last cell is typed and left without Enter, as on a phone: leaving the grid commits it.
  await page.locator('.ht_master tbody tr').last().locator('td').nth(2).dblclick();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('0400 555 123');
  await page.getByRole('button', { name: 'Add team manager' }).focus();
  await expect.poll(() => page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(false);
  expect(await page.locator('.ht_master tbody tr').last().locator('td').nth(2).textContent()).toBe('0400 555 123');
  await expectAccessible(page, 'team managers, a new row typed offline');
  await page.getByRole('button', { name: 'Save' }).click();
  await page
    .getByText(/1 change waiting to be sent/i)
    .first()
    .waitFor();

  await page.reload();
  await page.locator('.ht_master td', { hasText: 'Offlineton' }).first().waitFor();
  await page
    .getByText(/1 change waiting to be sent/i)
    .first()
    .waitFor();
  expect(await managers()).toEqual(before);

  await setDeviceOffline(env.device.context, false);
  await expect
    .poll(
      async () => {
        const now = await managers();
        const added = now.filter((m) => !before.some((b) => b.id === m.id));
        return {
          kept: before.every((b) => now.some((m) => m.id === b.id)),
          added: added.map((m) => [m.firstname, m.lastname, m.mobile]),
        };
      },
      { timeout: 60_000, interval: 500 },
    )
    .toEqual({ kept: true, added: [['Robin', 'Offlineton', '0400 555 123']] });
  expect(env.device.cspViolations).toEqual([]);
  await page.close();
  await api.dispose();
});

it('asks before removing a team manager who looks after a team, and keeps them on Cancel', async () => {
  const api = await apiSession(env.server.url, DEMO.school);
  const managers = (await (await api.get('/api/v2/team-managers')).json()) as Manager[];
  const teams = (await (await api.get('/api/teams')).json()) as { TeamManagerId: string | null }[];
  const manager = managers.find(
    (m) =>
      teams.some((t) => t.TeamManagerId === m.id) &&
      managers.filter((o) => o.lastname.includes(m.lastname) || m.lastname.includes(o.lastname)).length === 1,
  )!;
  const looksAfter = teams.filter((t) => t.TeamManagerId === manager.id).length;
  const page = await env.device.context.newPage();
  await signInThroughPage(page, env.server.url, DEMO.school);
  await page.waitForURL(/#\/$/);
  await page.goto(`${env.server.url}/#/teamManager/index`);
  const row = page.locator('.ht_master tr').filter({ hasText: manager.lastname });
  await row.getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog', { name: `Remove ${manager.firstname} ${manager.lastname}?` });
  await dialog.getByText(`looks after ${looksAfter === 1 ? '1 team' : `${looksAfter} teams`}`).waitFor();
  await expectAccessible(page, 'removing a team manager who looks after a team');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(await page.getByRole('region', { name: 'Removed, not saved yet' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);

  await row.getByRole('button', { name: 'Remove' }).click();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await page.getByText(`${manager.firstname} ${manager.lastname}`).last().waitFor();
  expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(false);
  await api.dispose();
  await page.close();
});
