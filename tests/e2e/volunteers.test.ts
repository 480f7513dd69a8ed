// Volunteers in a real browser. A coordinator registers two volunteers with their preferences with
// the network gone, saves (committed on the device), reloads still offline and finds them; when
// the network returns the server (read through a separate API session) has both, each preference
// locked. A VIC coordinator's complete preference without a volunteer is stopped with the spec's
// message before anything is saved.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { expectAccessible } from './support/a11y';
import { DEMO, apiSession, signInThroughPage, waitForServiceWorker } from './support/app';
import { startServerAndDevice } from './support/device-and-server';
import { setDeviceOffline } from './support/network';

const env = startServerAndDevice();
const VIC = { username: 'lucy.faulkner@alpineshire.test', password: 'demo-school-2026' };

type Volunteer = { id: string; firstname: string; lastname: string };
type Slot = { id: string; VolunteerId: string | null; preferences: { DisciplineId: number; isLocked: boolean }[] };

/** Fills the last row of the volunteers table. */
async function addVolunteer(page: Page, firstname: string, lastname: string, mobile: string) {
  await page.getByRole('button', { name: 'Add volunteer' }).click();
  const rows = page.locator('section[aria-labelledby="volunteers-title"] tbody tr');
  const row = rows.last();
  await row.getByLabel(/^Given name/).fill(firstname);
  await row.getByLabel(/^Surname/).fill(lastname);
  await row.getByLabel(/^Mobile/).fill(mobile);
}

/** Adds a position and picks the first choice offered at each step. */
async function addPosition(page: Page, volunteer: string, withPosition = true) {
  await page.getByRole('button', { name: 'Add position' }).click();
  const row = page.locator('section[aria-labelledby="slots-title"] tbody tr').last();
  if (volunteer) await row.getByLabel(/^Volunteer of position/).selectOption({ label: volunteer });
  for (const step of ['Discipline', 'Division', 'Gender', ...(withPosition ? ['Position'] : [])]) {
    await row.getByLabel(new RegExp(`^${step} of position`)).selectOption({ index: 1 });
  }
  return row;
}

it('registers two volunteers with preferences offline and syncs them, each preference locked', async () => {
  const api = await apiSession(env.server.url, DEMO.school);
  const before = (await (await api.get('/api/volunteers')).json()) as Volunteer[];

  const page = await env.device.context.newPage();
  await signInThroughPage(page, env.server.url, DEMO.school);
  await page.waitForURL(/#\/$/);
  await waitForServiceWorker(page);
  await page.goto(`${env.server.url}/#/volunteer/index`);
  await page.getByRole('heading', { name: 'Positions' }).waitFor();
  await expectAccessible(page, 'volunteers');

  await setDeviceOffline(env.device.context, true);
  await page.reload();
  await page.getByRole('heading', { name: 'Positions' }).waitFor();
  await addVolunteer(page, 'Olive', 'Offline', '0400 000 111');
  await addVolunteer(page, 'Oscar', 'Offline', '0400 000 222');
  await addPosition(page, 'Olive Offline');
  await addPosition(page, 'Oscar Offline');
  await expect(page.getByText('Locks when saved', { exact: true }).count()).resolves.toBe(2);
  await expectAccessible(page, 'volunteers, offline, unsaved');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Changes saved on this device').waitFor();

  await page.reload();
  await page.getByRole('heading', { name: 'Positions' }).waitFor();
  await expect(
    page.getByLabel(/^Given name/).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
  ).resolves.toEqual(expect.arrayContaining(['Olive', 'Oscar']));
  expect(((await (await api.get('/api/volunteers')).json()) as Volunteer[]).length).toBe(before.length);

  await setDeviceOffline(env.device.context, false);
  await expect
    .poll(
      async () =>
        ((await (await api.get('/api/volunteers')).json()) as Volunteer[]).filter((v) => v.lastname === 'Offline')
          .length,
      { timeout: 30_000, interval: 500 },
    )
    .toBe(2);
  const added = ((await (await api.get('/api/volunteers')).json()) as Volunteer[]).filter(
    (v) => v.lastname === 'Offline',
  );
  const slots = (await (await api.get('/api/volunteerSlots')).json()) as Slot[];
  for (const v of added) {
    expect(slots.find((s) => s.VolunteerId === v.id)?.preferences[0]?.isLocked, v.firstname).toBe(true);
  }
  // Back on the device: the pull brings the locks.
  await expect
    .poll(() => page.getByText('Locked', { exact: true }).count(), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(2);
  await page.close();
});

it("stops a VIC coordinator's complete preference without a volunteer with the spec's message", async () => {
  const page = await env.device.context.newPage();
  // This device last signed in to the NSW event: forget that choice, as a VIC school's device would not have it.
  await page.goto(`${env.server.url}/#/login`);
  await page.evaluate(() => localStorage.clear());
  await signInThroughPage(page, env.server.url, VIC);
  await page.waitForURL(/#\/$/);
  await page.goto(`${env.server.url}/#/volunteer/vic`);
  await page.getByRole('heading', { name: 'Positions' }).waitFor();
  const row = await addPosition(page, '', false);
  await row.getByText(MESSAGES.volunteerRequired).waitFor();
  await expect(page.getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(true);
  await expectAccessible(page, 'volunteers VIC, incomplete');
  await page.close();
});
