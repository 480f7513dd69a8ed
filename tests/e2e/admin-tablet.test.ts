// An administrator on a tablet (768x1024, touch): greeted by name; opens a school's payments as
// transactions and records a BPAY payment as its own line, which the row's payment made follows;
// adds an event (nothing red before typing, next season's year), saves it, and finds it at once in
// the Menu's event picker without a reload. No page scrolls sideways; axe finds nothing serious.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y';
import { DEMO, signInThroughPage } from './support/app';
import { launchDevice } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const TABLET = { width: 768, height: 1024 };

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const dollars = (text: string | null) => Number((text ?? '').replace(/[$,]/g, ''));

it('records a payment as a line and makes an event that the picker offers at once', async () => {
  const device = await launchDevice({ viewport: TABLET, hasTouch: true, isMobile: true });
  try {
    const page = await device.context.newPage();
    await signInThroughPage(page, server.url, DEMO.admin);
    await page.getByRole('heading', { level: 1, name: 'Welcome, Alex' }).waitFor();

    await page.goto(`${server.url}/#/payments`);
    const toggle = page.getByRole('button', { name: /^Payments of / }).first();
    await toggle.waitFor();
    const school = ((await toggle.textContent()) ?? '').replace(/^Payments of /, '');
    const row = page.getByRole('row', { name: new RegExp(school) }).first();
    const paidBefore = dollars(await row.locator('.payments-made .payments-money').textContent());
    await toggle.tap();
    const form = page.locator('form', { has: page.getByRole('heading', { name: `Record a payment for ${school}` }) });
    await form.getByLabel('Amount in dollars').fill('10');
    await form.getByLabel('Reference').fill('BPAY 7781');
    await form.getByRole('button', { name: 'Record payment' }).tap();
    await page.getByText('Payment recorded.').waitFor();
    const lines = page.getByRole('table', { name: `Payments of ${school}` });
    const last = lines.locator('tbody tr').last();
    expect(await last.locator('td').nth(1).textContent()).toBe('BPAY');
    expect(await last.locator('td').nth(2).textContent()).toBe('BPAY 7781');
    expect(dollars(await row.locator('.payments-made .payments-money').textContent())).toBe(paidBefore + 10);
    expect(await pageWidth(page)).toBeLessThanOrEqual(TABLET.width);
    await expectAccessible(page, 'payments on a tablet, a line recorded');

    await page.goto(`${server.url}/#/events`);
    await page.getByRole('button', { name: 'Add event' }).tap();
    const name = page.getByLabel('Name of New event');
    await name.waitFor();
    expect(await page.locator('.admin-list-refused').count(), 'nothing red before typing').toBe(0);
    // After September the new event is for next season.
    expect(Number(await page.getByLabel('Year of New event').inputValue())).toBeGreaterThanOrEqual(
      new Date().getFullYear() + (new Date().getMonth() >= 9 ? 1 : 0),
    );
    await name.fill('Tablet Cup');
    await page.getByLabel('Active: Tablet Cup').check();
    await page.getByRole('group', { name: 'States whose schools may enter' }).getByLabel('NSW').check();
    await page.getByRole('button', { name: 'Save', exact: true }).tap();
    await page.getByText('Events saved.').waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(TABLET.width);

    await page.getByRole('button', { name: 'Menu' }).tap();
    const picker = page.getByRole('dialog', { name: 'Menu' }).getByLabel('Event', { exact: true });
    await expect.poll(() => picker.locator('option', { hasText: 'Tablet Cup' }).count()).toBe(1);
  } finally {
    await device.close();
  }
});
