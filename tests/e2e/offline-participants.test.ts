// The design card's promise, in a real browser: a coordinator signs in, the service worker takes
// control, the network goes away, the page reloads and still works, participants are added,
// edited and removed offline, the pending count shows, and when the network returns the server
// has exactly those changes (read through a separate API session).
import { expect, it } from 'vitest';
import { expectAccessible } from './support/a11y';
import {
  DEMO,
  apiSession,
  serverParticipants,
  signInThroughPage,
  unusedAthlete,
  waitForServiceWorker,
} from './support/app';
import { startServerAndDevice } from './support/device-and-server';
import { editCell, masterCell } from './support/grid';
import { setDeviceOffline } from './support/network';

const env = startServerAndDevice();

it('adds, edits and removes participants offline and syncs exactly those changes', async () => {
  const api = await apiSession(env.server.url, DEMO.school);
  const before = await serverParticipants(api);
  const [toEdit, toRemove] = [...before].sort((a, b) => a.lastname.localeCompare(b.lastname));
  const athlete = await unusedAthlete(new Set(before.map((p) => p.snowId ?? '')));

  const page = await env.device.context.newPage();
  await signInThroughPage(page, env.server.url, DEMO.school);
  await page.waitForURL(/#\/$/);
  await page.getByRole('heading', { name: /welcome/i }).waitFor();
  await expectAccessible(page, 'home');
  await waitForServiceWorker(page);
  await page.goto(`${env.server.url}/#/participant/index`);
  await masterCell(page, toEdit!.lastname).waitFor();
  await expectAccessible(page, 'participants');

  await setDeviceOffline(env.device.context, true);
  await page.reload();
  await masterCell(page, toEdit!.lastname).waitFor();
  await expect(
    page
      .getByText(/offline/i)
      .first()
      .isVisible(),
  ).resolves.toBe(true);
  await expectAccessible(page, 'participants, offline');

  // Add (typed by hand: the registry needs the network).
  await page.getByRole('button', { name: 'Add participant' }).click();
  await page.getByLabel('Snow Id').fill(athlete.snowId);
  await page.getByLabel('Given name').fill(athlete.firstname);
  await page.getByLabel('Surname').fill(athlete.lastname);
  await page.getByLabel('Gender').selectOption(athlete.gender);
  await page.getByLabel('Date of birth').fill(athlete.dob.split('-').reverse().join('/'));
  await page.getByLabel('Year level').selectOption('7');
  await expectAccessible(page, 'add-participant dialog, offline, typed by hand');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  // Queued at once, offline (the row sorts by surname, maybe below the visible part of the grid).
  await page
    .getByText(/1 change waiting to be sent/i)
    .first()
    .waitFor();

  // Edit one name and remove another, then Save (committed locally at once).
  await editCell(page, toEdit!.firstname, `${toEdit!.firstname}-Offline`);
  const removeRow = page.locator('.ht_master tr', { hasText: toRemove!.lastname }).first();
  await removeRow.getByRole('button', { name: /remove/i }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await page
    .getByText(/2 changes waiting to be sent/i)
    .first()
    .waitFor();
  await expectAccessible(page, 'participants with changes pending');

  // Still offline: nothing reached the env.server.
  expect((await serverParticipants(api)).map((p) => p.id).sort()).toEqual(before.map((p) => p.id).sort());

  await setDeviceOffline(env.device.context, false);
  await expect
    .poll(
      async () => {
        const now = await serverParticipants(api);
        return {
          added: now.some((p) => p.snowId === athlete.snowId && p.lastname === athlete.lastname),
          edited: now.find((p) => p.id === toEdit!.id)?.firstname,
          removed: !now.some((p) => p.id === toRemove!.id),
          count: now.length,
        };
      },
      { timeout: 60_000, interval: 500 },
    )
    .toEqual({ added: true, edited: `${toEdit!.firstname}-Offline`, removed: true, count: before.length });
  await page.close();
  await api.dispose();
});
