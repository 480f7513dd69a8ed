// The device's database connection lost under the app (sync scenario 18), as iOS does to a page it
// puts in the background: every connection the page holds is closed by the browser, either with
// the connection's 'close' event or silently, so that the next transaction fails with 'The
// database connection is closing'. The coordinator then goes on working: a save made online is
// stored and sent, one made offline is kept through a reload and sent once the network is back,
// and the grid goes on showing the participants.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  DEMO,
  apiSession,
  serverParticipants,
  signInThroughPage,
  type ServerParticipant,
  waitForServiceWorker,
} from './support/app';
import { startServerAndDevice } from './support/device-and-server';
import { editCell, masterCell } from './support/grid';
import { setDeviceOffline } from './support/network';

const env = startServerAndDevice();

declare global {
  interface Window {
    /** Every IndexedDB connection the page opened (the browser's own objects, not the app's). */
    __connections?: IDBDatabase[];
  }
}

beforeAll(async () => {
  // Keeps a hand on each connection the page opens, as the browser itself has one.
  await env.device.context.addInitScript(() => {
    const open = IDBFactory.prototype.open;
    IDBFactory.prototype.open = function (this: IDBFactory, ...args: Parameters<IDBFactory['open']>) {
      const request = open.apply(this, args);
      request.addEventListener('success', () => (window.__connections ??= []).push(request.result));
      return request;
    };
  });
});

let api: Awaited<ReturnType<typeof apiSession>>;
let people: ServerParticipant[];
beforeAll(async () => {
  api = await apiSession(env.server.url, DEMO.school);
  const all = await serverParticipants(api);
  // Participants whose names no other participant's names contain, so a cell is found by its text.
  people = all.filter((p) => all.filter((q) => `${q.firstname} ${q.lastname}`.includes(p.firstname)).length === 1);
});
afterAll(async () => api?.dispose());

/** The browser takes the page's connections away: with their 'close' event, or silently. */
async function loseConnections(page: Page, how: 'with its close event' | 'silently') {
  const refusals = await page.evaluate((announce) => {
    const connections = window.__connections?.splice(0) ?? [];
    return connections.map((connection) => {
      connection.close();
      if (announce) connection.dispatchEvent(new Event('close'));
      try {
        connection.transaction([...connection.objectStoreNames]);
        return 'none';
      } catch (err) {
        return (err as DOMException).name;
      }
    });
  }, how === 'with its close event');
  expect(refusals.length, 'the page held a connection to lose').toBeGreaterThan(0);
  // What iOS leaves the page with: every transaction on the old connection refused.
  expect(new Set(refusals)).toEqual(new Set(['InvalidStateError']));
}

/** The app opened its database again after the loss (its work went through a new connection). */
async function expectReopened(page: Page) {
  expect(await page.evaluate(() => window.__connections?.length ?? 0)).toBeGreaterThan(0);
}

async function firstnameOnServer(id: string) {
  return (await serverParticipants(api)).find((p) => p.id === id)?.firstname;
}

for (const [n, how] of (['with its close event', 'silently'] as const).entries()) {
  it(`keeps every save when the browser closes the database connection ${how}`, async () => {
    const [online, offline] = [people[2 * n]!, people[2 * n + 1]!];
    const page = await env.device.context.newPage();
    await signInThroughPage(page, env.server.url, DEMO.school);
    await page.waitForURL(/#\/$/);
    await waitForServiceWorker(page);
    await page.goto(`${env.server.url}/#/participant/index`);
    await masterCell(page, online.firstname).waitFor();

    // Online: the save after the loss is stored and sent.
    await loseConnections(page, how);
    await editCell(page, online.firstname, `${online.firstname}-Kept`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => firstnameOnServer(online.id), { timeout: 30_000, interval: 250 })
      .toBe(`${online.firstname}-Kept`);
    await page
      .getByText(/all changes saved/i)
      .first()
      .waitFor({ timeout: 30_000 });
    await masterCell(page, `${online.firstname}-Kept`).waitFor();
    await expectReopened(page);

    // Offline: the save after another loss is kept on the device, through a reload.
    await setDeviceOffline(env.device.context, true);
    await loseConnections(page, how);
    await editCell(page, offline.firstname, `${offline.firstname}-Kept`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByText(/1 change waiting to be sent/i)
      .first()
      .waitFor({ timeout: 30_000 });
    await expectReopened(page);
    await page.reload();
    await masterCell(page, `${offline.firstname}-Kept`).waitFor({ timeout: 30_000 });
    await masterCell(page, `${online.firstname}-Kept`).waitFor();
    await page
      .getByText(/1 change waiting to be sent/i)
      .first()
      .waitFor();

    // Back online: sent once, and nothing waits any more.
    await setDeviceOffline(env.device.context, false);
    await expect
      .poll(() => firstnameOnServer(offline.id), { timeout: 60_000, interval: 250 })
      .toBe(`${offline.firstname}-Kept`);
    await page
      .getByText(/all changes saved/i)
      .first()
      .waitFor({ timeout: 30_000 });
    expect(await page.getByText(/need attention/i).count()).toBe(0);
    await page.close();
  });
}
