// A new version of the app: the user is offered it, the new service worker waits (no automatic
// skipWaiting) until the user accepts, then it takes over and the page reloads.
import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y';
import { DEMO, signInThroughPage, waitForServiceWorker } from './support/app';
import { launchDevice } from './support/browser';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

type Marked = typeof globalThis & { __beforeUpdate?: boolean; __interschoolsVersion?: string };

it('offers a new version and activates it only when the user accepts', async () => {
  const device = await launchDevice();
  const page = await device.context.newPage();
  await signInThroughPage(page, server.url, DEMO.school);
  await page.waitForURL(/#\/$/);
  await waitForServiceWorker(page);

  const swFile = 'dist/sw.js';
  const original = await readFile(swFile, 'utf8');
  try {
    // The server serves dist/ from disk: this is what a deployment of a new version looks like.
    await writeFile(swFile, `${original}\nself.__interschoolsVersion = 'next';\n`);
    await page.reload();
    await page.getByText('A new version is available').waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'home, a new version offered');
    const waiting = () => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting);
    expect(await waiting()).toBe(true);
    // A navigation is when a version that took over by itself would show: it must still wait.
    await page.reload();
    await page.getByText('A new version is available').waitFor({ timeout: 30_000 });
    expect(await waiting(), 'the new version must not activate by itself').toBe(true);

    await page.evaluate(() => {
      (globalThis as Marked).__beforeUpdate = true;
    });
    await page.getByRole('button', { name: 'Update' }).click();
    await page.waitForFunction(
      () => !(globalThis as Marked).__beforeUpdate && !!navigator.serviceWorker.controller,
      undefined,
      { timeout: 30_000 },
    );
    expect(await waiting()).toBe(false);
    const versions = await Promise.all(
      device.context
        .serviceWorkers()
        .map((w) => w.evaluate(() => (globalThis as Marked).__interschoolsVersion ?? null).catch(() => null)),
    );
    expect(versions).toContain('next');
  } finally {
    await writeFile(swFile, original);
    await device.close();
  }
});
