// A school coordinator on a phone (390x844, touch), as on the bus: greeted by name, opens a
// participant as a form (the grid shows two columns at a time), changes the year level, saves from
// the toolbar that stays in reach at the bottom of the list, and the server has it; adds a team and
// sees nothing red before choosing anything; reads on the invoice what is owed, on the screen. No
// page scrolls sideways, and axe finds nothing serious on the form or the invoice.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y';
import { DEMO, apiSession, serverParticipants, signInThroughPage } from './support/app';
import { launchDevice } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const PHONE = { width: 390, height: 844 };

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

async function onScreen(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const { width, height } = page.viewportSize()!;
  return !!box && box.x >= 0 && box.x + box.width <= width && box.y >= 0 && box.y + box.height <= height;
}
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

it('edits a participant as a form, saves within reach, adds a team with nothing red, and reads what is owed', async () => {
  const device = await launchDevice({ viewport: PHONE, hasTouch: true, isMobile: true });
  const api = await apiSession(server.url, DEMO.school);
  try {
    const page = await device.context.newPage();
    await signInThroughPage(page, server.url, DEMO.school);
    await page.getByRole('heading', { level: 1, name: 'Welcome, Megan' }).waitFor();

    await page.goto(`${server.url}/#/participant/index`);
    const grid = page.getByRole('grid', { name: 'Participants', exact: true });
    const edit = grid.locator('tbody tr').first().getByRole('button', { name: 'Edit' });
    await edit.waitFor();
    await edit.tap();
    const dialog = page.getByRole('dialog', { name: /^Edit / });
    await dialog.waitFor();
    const name = ((await dialog.getByRole('heading').first().textContent()) ?? '').replace(/^Edit /, '');
    const year = dialog.getByLabel('Year level');
    const next = (await year.inputValue()) === '7' ? '8' : '7';
    await year.selectOption(next);
    await expectAccessible(page, 'a participant as a form on a phone');
    await dialog.getByRole('button', { name: 'Done' }).tap();
    await dialog.waitFor({ state: 'detached' });

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const save = page.locator('.grid-toolbar').getByRole('button', { name: 'Save' });
    expect(await onScreen(page, save), 'Save in reach at the bottom of the list').toBe(true);
    await save.tap();
    await page.getByText('Changes saved on this device', { exact: false }).waitFor();
    await expect
      .poll(
        async () => (await serverParticipants(api)).find((p) => `${p.firstname} ${p.lastname}` === name)?.yearLevel,
        {
          timeout: 30_000,
        },
      )
      .toBe(next);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

    await page.goto(`${server.url}/#/team/grid`);
    await page.getByRole('button', { name: 'Add team' }).tap();
    await page.getByRole('heading', { name: 'New team', level: 2 }).waitFor();
    expect(await page.locator('.data-grid td.htInvalid').count()).toBe(0);
    expect(await page.getByText('Fix the invalid cells before saving.').count()).toBe(0);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

    await page.goto(`${server.url}/#/invoice`);
    const owed = page.locator('.invoice-owed-amount');
    await owed.waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await onScreen(page, owed), `'${await owed.textContent()}' on the screen`).toBe(true);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'the invoice on a phone');
  } finally {
    await api.dispose();
    await device.close();
  }
});
