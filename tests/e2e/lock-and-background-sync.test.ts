// Two promises of the offline engine in a real browser: an admin locking the event while a
// coordinator has pending edits leaves those edits blocked, visible and exportable (nothing
// lost), and sent once the admin unlocks; and a Background Sync event sends the outbox with the
// page closed.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y';
import { DEMO, apiSession, serverParticipants, signInThroughPage, waitForServiceWorker } from './support/app';
import { LOCKED_MESSAGE } from '../../src/components/app-status';
import { launchDevice } from './support/browser';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const masterCell = (page: Page, text: string) => page.locator('.ht_master td', { hasText: text }).first();

/** Signs in, waits for the service worker, opens the participants grid and renames one offline. */
async function renameOffline(page: Page, from: string, to: string) {
  await signInThroughPage(page, server.url, DEMO.school);
  await page.waitForURL(/#\/$/);
  await waitForServiceWorker(page);
  await page.goto(`${server.url}/#/participant/index`);
  await masterCell(page, from).waitFor();
  await expectAccessible(page, 'participants');
  // Chromium's emulation alone (not setDeviceOffline): with the API cut where the browser sends
  // it, the service worker's own attempt for the 'sync' event Chromium fires at once was still
  // retrying when the network came back and sent the change before the test's event.
  await page.context().setOffline(true);
  await masterCell(page, from).dblclick();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(to);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Save' }).click();
  await page
    .getByText(/1 change waiting to be sent/i)
    .first()
    .waitFor();
}

it('keeps edits blocked by a lock visible and exportable, and changes nothing on the server', async () => {
  const device = await launchDevice();
  const school = await apiSession(server.url, DEMO.school);
  const admin = await apiSession(server.url, DEMO.admin);
  const eventId = ((await (await school.post('/api/login', { data: DEMO.school })).json()) as { EventId: string })
    .EventId;
  const [target] = await serverParticipants(school);
  const page = await device.context.newPage();
  await renameOffline(page, target!.firstname, 'Blocked-Name');

  const locked = await admin.put('/api/events', { data: { data: [{ id: eventId, locked: true }] } });
  expect(locked.status(), await locked.text()).toBe(200);
  await device.context.setOffline(false);
  await page
    .getByText(/1 blocked/i)
    .first()
    .waitFor({ timeout: 30_000 });
  await page
    .getByText(/locked/i)
    .first()
    .waitFor();
  await expectAccessible(page, 'participants, event locked, a change blocked');

  await page.getByRole('button', { name: /1 blocked/i }).click();
  await page.getByRole('dialog').locator('.set-aside-list').waitFor();
  await expectAccessible(page, 'blocked-changes dialog');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /export as csv/i }).click(),
  ]);
  const csv = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(csv).toString('utf8')).toContain('Blocked-Name');
  expect((await serverParticipants(school)).find((p) => p.id === target!.id)?.firstname).toBe(target!.firstname);

  // The edit is not lost: it is still there, blocked, after a reload.
  await page.reload();
  await page
    .getByText(/1 blocked/i)
    .first()
    .waitFor();

  // Once the admin unlocks the event, the device finds out at its next sync, without signing in
  // again: the change is sent, the lock banner and the blocked count go.
  const unlocked = await admin.put('/api/events', { data: { data: [{ id: eventId, locked: false }] } });
  expect(unlocked.status(), await unlocked.text()).toBe(200);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect
    .poll(async () => (await serverParticipants(school)).find((p) => p.id === target!.id)?.firstname, {
      timeout: 30_000,
    })
    .toBe('Blocked-Name');
  await page.getByText(LOCKED_MESSAGE).waitFor({ state: 'detached' });
  await expect
    .poll(() => page.getByRole('status', { name: 'Sync status' }).textContent())
    .toContain('All changes saved');
  await page.close();
  await device.close();
  await school.dispose();
  await admin.dispose();
});

it('sends the outbox on a Background Sync event with the page closed', async () => {
  const device = await launchDevice();
  const school = await apiSession(server.url, DEMO.school);
  const admin = await apiSession(server.url, DEMO.admin);
  const eventId = ((await (await school.post('/api/login', { data: DEMO.school })).json()) as { EventId: string })
    .EventId;
  await admin.put('/api/events', { data: { data: [{ id: eventId, locked: false }] } });
  const [, target] = await serverParticipants(school);
  // Who sent the change: the service worker answers only 'sync' events, so a write it sends is the
  // Background Sync at work; the page must send none (it is offline, then closed).
  const senders: ('worker' | 'page')[] = [];
  device.context.on('requestfinished', (request) => {
    if (request.method() !== 'GET' && request.postData()?.includes('Synced-In-Background'))
      senders.push(request.serviceWorker() ? 'worker' : 'page');
  });
  const page = await device.context.newPage();
  await renameOffline(page, target!.firstname, 'Synced-In-Background');
  const tags = await page.evaluate(async () => {
    const reg = (await navigator.serviceWorker.getRegistration()) as ServiceWorkerRegistration & {
      sync: { getTags(): Promise<string[]> };
    };
    return reg.sync.getTags();
  });
  expect(tags).toContain('outbox');
  await page.close(); // no page of the app is left to flush
  expect(senders, 'nothing sent while the page was open and offline').toEqual([]);
  await device.context.setOffline(false);

  // Chromium fires 'sync' when its own connectivity returns, which network emulation does not
  // change; so the test dispatches the event the browser would, through the DevTools protocol,
  // from a blank tab of another origin.
  const blank = await device.context.newPage();
  const cdp = await device.context.newCDPSession(blank);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL.startsWith(server.url) && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registration;
  // The worker sees the network come back a moment after the context does.
  const workerOnline = async () => {
    const worker = device.context.serviceWorkers()[0];
    return worker ? worker.evaluate(() => navigator.onLine).catch(() => false) : false;
  };
  await expect.poll(workerOnline, { timeout: 15_000, interval: 250 }).toBe(true);
  // As the browser does after a failed attempt, fire the event again until the change is in.
  await expect
    .poll(
      async () => {
        const now = (await serverParticipants(school)).find((p) => p.id === target!.id)?.firstname;
        if (now !== 'Synced-In-Background') {
          await cdp.send('ServiceWorker.dispatchSyncEvent', {
            origin: server.url,
            registrationId,
            tag: 'outbox',
            lastChance: false,
          });
        }
        return now;
      },
      { timeout: 45_000, interval: 3_000 },
    )
    .toBe('Synced-In-Background');
  // The worker's own attempt for the event Chromium fired when the outbox was registered may send
  // it as soon as the network is back (on a busy machine its retries outlast the offline spell),
  // or the event dispatched above: either way a Background Sync event, with no page open.
  // The browser reports the worker's request finished a moment after the server has applied it.
  await expect.poll(() => senders, { timeout: 15_000 }).toContain('worker');
  expect(senders).not.toContain('page');
  await device.close();
  await school.dispose();
  await admin.dispose();
});
