// Two tabs of one device (sync scenario 9): the tab that is sending the queued save is closed
// while its request is out, after the server has applied it and before the answer comes back. The
// other tab then sends the same edits, under the same numbers: the server answers what it stored,
// and each edit is applied exactly once.
import type { Route } from 'playwright-core';
import { expect, it } from 'vitest';
import { DEMO, apiSession, signInThroughPage, waitForServiceWorker } from './support/app';
import { startServerAndDevice } from './support/device-and-server';
import { editCell, masterCell } from './support/grid';
import { setDeviceOffline } from './support/network';

const env = startServerAndDevice();

type Versioned = { id: string; firstname: string; lastname: string; version: number };

it('applies the edits once when the sending tab closes mid-send and the other tab sends them again', async () => {
  const api = await apiSession(env.server.url, DEMO.school);
  const participants = async () => (await (await api.get('/api/v2/participants')).json()) as Versioned[];
  const before = [...(await participants())].sort((a, b) => a.lastname.localeCompare(b.lastname)).slice(0, 3);

  const first = await env.device.context.newPage();
  await signInThroughPage(first, env.server.url, DEMO.school);
  await first.waitForURL(/#\/$/);
  await waitForServiceWorker(first);
  await first.goto(`${env.server.url}/#/participant/index`);
  await masterCell(first, before[0]!.lastname).waitFor();

  // Three edits made offline, queued on the device.
  await setDeviceOffline(env.device.context, true);
  for (const p of before) await editCell(first, p.firstname, `${p.firstname}-Tabs`);
  await first.getByRole('button', { name: 'Save' }).click();
  await first
    .getByText(/1 change waiting to be sent/i)
    .first()
    .waitFor();

  // The save reaches the server, which applies it; its answer never reaches the tab.
  let applied!: () => void;
  const reachedServer = new Promise<void>((resolve) => {
    applied = resolve;
  });
  const holdAnswer = async (route: Route) => {
    if (route.request().method() === 'GET') return route.continue();
    await route.fetch();
    applied();
  };
  await env.device.context.route('**/api/**', holdAnswer);
  await setDeviceOffline(env.device.context, false);
  await reachedServer;
  expect((await participants()).filter((p) => p.firstname.endsWith('-Tabs'))).toHaveLength(3);

  // The sending tab closes with its request still out; the other tab takes over.
  await first.close();
  await env.device.context.unroute('**/api/**', holdAnswer);
  const second = await env.device.context.newPage();
  await second.goto(`${env.server.url}/#/participant/index`);
  await masterCell(second, `${before[0]!.firstname}-Tabs`).waitFor();
  await expect
    .poll(async () => second.getByText(/changes? waiting to be sent/i).count(), { timeout: 30_000, interval: 250 })
    .toBe(0);

  const after = await participants();
  for (const p of before) {
    // Applied once: one version more than before, whatever was sent twice.
    expect(after.find((q) => q.id === p.id)).toMatchObject({
      firstname: `${p.firstname}-Tabs`,
      version: p.version + 1,
    });
  }
  await second.close();
  await api.dispose();
});
