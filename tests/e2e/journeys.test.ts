// The five journeys a first-time user makes, each on a phone (390x844, touch), a portrait tablet
// (768x1024, touch) and a laptop (1366x768), asserting what the person sees:
// - a coordinator greeted by name opens a participant as a form, saves from a toolbar in reach,
//   adds a team with nothing red before choosing anything, and reads on the invoice what is owed;
// - the same coordinator on the bus: the network goes, the page reloads, a year level is changed,
//   the waiting change is listed in words, and the server has it when the network returns;
// - a race official at the start hut steps from race to race and meets only races with racers,
//   each saying where its draw stands;
// - an administrator records a payment as its own line and makes an event the picker offers at once;
// - a new school registers and, signed in, is greeted by its coordinator's name.
// No page scrolls sideways; axe finds nothing serious on the views a journey opens on a phone.
import { randomUUID } from 'node:crypto';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y';
import { DEMO, apiSession, serverParticipants, signInThroughPage, waitForServiceWorker } from './support/app';
import { launchDevice } from './support/browser';
import { setDeviceOffline } from './support/network';
import { fillRegistration } from './support/registration';
import { startServer, type RunningServer } from './support/server';

type Size = { name: string; device: Pick<BrowserContextOptions, 'viewport' | 'hasTouch' | 'isMobile'> };
const SIZES: Size[] = [
  { name: 'phone', device: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
  { name: 'tablet', device: { viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true } },
  { name: 'laptop', device: { viewport: { width: 1366, height: 768 } } },
];

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
/** Events made by a journey are made inactive again: a fresh device signs in to the newest active
 *  event, and the journeys after this one are about the demo's. */
async function retireEvents(name: RegExp) {
  const api = await apiSession(server.url, DEMO.admin);
  try {
    const events = (await (await api.get('/api/events')).json()) as { id: string; name: string; active: boolean }[];
    const made = events.filter((e) => name.test(e.name) && e.active).map((e) => ({ id: e.id, active: false }));
    if (made.length) expect((await api.put('/api/events', { data: { data: made } })).status()).toBe(200);
  } finally {
    await api.dispose();
  }
}
const dollars = (text: string | null) => Number((text ?? '').replace(/[$,]/g, ''));

describe.each(SIZES)('on a $name', (size) => {
  const width = size.device.viewport!.width;
  const onPhone = width < 400;
  /** A tap on a touch screen, a click with a mouse. */
  const press = (locator: Locator) => (size.device.hasTouch ? locator.tap() : locator.click());
  const noSidewaysScroll = async (page: Page) => expect(await pageWidth(page)).toBeLessThanOrEqual(width);
  const checkAccessible = (page: Page, view: string) =>
    onPhone ? expectAccessible(page, `${view} on a phone`) : Promise.resolve();

  /** Opens the participant in the grid's `row`th row as a form and moves its year level by one. */
  async function changeYearLevel(page: Page, row: number) {
    const grid = page.getByRole('grid', { name: 'Participants', exact: true });
    const edit = grid.locator('tbody tr').nth(row).getByRole('button', { name: 'Edit' });
    await edit.waitFor();
    // Scrolled sideways to the buttons, the row's names stay in view (on a phone two columns show).
    await grid.evaluate((el) => {
      const holder = el.closest('.data-grid-host')!.querySelector<HTMLElement>('.ht_master .wtHolder')!;
      holder.scrollLeft = holder.scrollWidth;
    });
    const surname = grid.locator('tbody tr').nth(row).locator('td').nth(2);
    await expect.poll(() => onScreen(page, surname), { message: 'the surname in view beside Edit' }).toBe(true);
    await press(edit);
    const dialog = page.getByRole('dialog', { name: /^Edit / });
    await dialog.waitFor();
    const name = ((await dialog.getByRole('heading').first().textContent()) ?? '').replace(/^Edit /, '');
    const year = dialog.getByLabel('Year level');
    const before = await year.inputValue();
    const after = before === '7' ? '8' : '7';
    await year.selectOption(after);
    await checkAccessible(page, 'a participant as a form');
    await press(dialog.getByRole('button', { name: 'Done' }));
    await dialog.waitFor({ state: 'detached' });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const save = page.locator('.grid-toolbar').getByRole('button', { name: 'Save' });
    expect(await onScreen(page, save), 'Save in reach at the bottom of the list').toBe(true);
    await press(save);
    return { name, before, after };
  }

  it('a coordinator edits a participant as a form, adds a team with nothing red, and reads what is owed', async () => {
    const device = await launchDevice(size.device);
    const api = await apiSession(server.url, DEMO.school);
    try {
      const page = await device.context.newPage();
      await signInThroughPage(page, server.url, DEMO.school);
      await page.getByRole('heading', { level: 1, name: 'Welcome, Megan' }).waitFor();

      await page.goto(`${server.url}/#/participant/index`);
      const { name, after } = await changeYearLevel(page, 0);
      await page.getByText('Changes saved on this device', { exact: false }).waitFor();
      const yearOnServer = async () =>
        (await serverParticipants(api)).find((p) => `${p.firstname} ${p.lastname}` === name)?.yearLevel;
      await expect.poll(yearOnServer, { timeout: 30_000 }).toBe(after);
      await noSidewaysScroll(page);

      await page.goto(`${server.url}/#/team/grid`);
      await press(page.getByRole('button', { name: 'Add team' }));
      await page.getByRole('heading', { name: 'New team', level: 2 }).waitFor();
      expect(await page.locator('.data-grid td.htInvalid').count()).toBe(0);
      expect(await page.getByText('Fix the invalid cells before saving.').count()).toBe(0);
      await noSidewaysScroll(page);

      await page.goto(`${server.url}/#/invoice`);
      const owed = page.locator('.invoice-owed-amount');
      await owed.waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await onScreen(page, owed), `'${await owed.textContent()}' on the screen`).toBe(true);
      await page.getByRole('button', { name: /^Copy the BPAY reference \d+$/ }).waitFor();
      await noSidewaysScroll(page);
      await checkAccessible(page, 'the invoice');
    } finally {
      await api.dispose();
      await device.close();
    }
  });

  it('a coordinator on the bus changes a year level offline, reads the waiting change in words, and the server has it back online', async () => {
    const device = await launchDevice(size.device);
    const api = await apiSession(server.url, DEMO.school);
    try {
      const page = await device.context.newPage();
      await signInThroughPage(page, server.url, DEMO.school);
      await page.getByRole('heading', { level: 1, name: 'Welcome, Megan' }).waitFor();
      await waitForServiceWorker(page);
      await page.goto(`${server.url}/#/participant/index`);
      await page.getByRole('grid', { name: 'Participants', exact: true }).locator('tbody tr').nth(1).waitFor();

      await setDeviceOffline(device.context, true);
      await page.reload();
      await page.locator('.pill-offline').waitFor();
      const { name, before, after } = await changeYearLevel(page, 1);
      const waiting = page.getByRole('button', { name: '1 change waiting to be sent' });
      await press(waiting);
      const list = page.getByRole('dialog');
      await list.getByText(`${name}: year level ${before} to ${after}`).waitFor();
      await noSidewaysScroll(page);
      await checkAccessible(page, 'the changes waiting, offline');
      await press(list.getByRole('button', { name: 'Close' }));
      await list.waitFor({ state: 'detached' });

      await setDeviceOffline(device.context, false);
      const yearOnServer = async () =>
        (await serverParticipants(api)).find((p) => `${p.firstname} ${p.lastname}` === name)?.yearLevel;
      await expect.poll(yearOnServer, { timeout: 60_000, interval: 500 }).toBe(after);
      await page.getByText('All changes saved').waitFor({ timeout: 30_000 });
    } finally {
      await api.dispose();
      await device.close();
    }
  });

  it('a race official steps from race to race and meets only races with racers, each with its draw state', async () => {
    const device = await launchDevice(size.device);
    try {
      const page = await device.context.newPage();
      await signInThroughPage(page, server.url, DEMO.racedept);
      await page.getByText(/^As of \d\d:\d\d/).waitFor({ timeout: 30_000 });
      await page.goto(`${server.url}/#/startMarshall`);
      await page.getByRole('heading', { name: 'Start Marshall', level: 1 }).waitFor();
      const heading = page.locator('.race-heading');
      await heading.waitFor();
      // The picker says each gender's draw state, so a race still open to a draw is found there.
      await expect
        .poll(() => page.locator('option', { hasText: / · (not drawn yet|drawn|bibs given)$/ }).count())
        .toBeGreaterThan(0);

      const next = page.getByRole('button', { name: 'Next race' });
      const seen = new Set<string>();
      for (let step = 0; step < 4 && (await next.isEnabled()); step++) {
        const from = await heading.textContent();
        await press(next);
        await expect.poll(() => heading.textContent()).not.toBe(from);
        const race = (await heading.textContent()) ?? '';
        seen.add(race);
        await page.locator('.marshall-table tbody tr').first().waitFor();
        expect(await page.locator('.race-empty').count(), `${race} has racers`).toBe(0);
        expect(await page.locator('.race-state').textContent()).toMatch(/This race: (Not drawn yet|Drawn|Bibs given)$/);
      }
      expect(seen.size, 'Next race moved on').toBeGreaterThan(0);
      await noSidewaysScroll(page);
      await checkAccessible(page, 'the start marshall sheet stepped to a later race');
    } finally {
      await device.close();
    }
  });

  it('an administrator records a payment as a line and makes an event that the picker offers at once', async () => {
    const device = await launchDevice(size.device);
    try {
      const page = await device.context.newPage();
      await signInThroughPage(page, server.url, DEMO.admin);
      await page.getByRole('heading', { level: 1, name: 'Welcome, Alex' }).waitFor();

      await page.goto(`${server.url}/#/payments`);
      const toggle = page.getByRole('button', { name: /^Payments of / }).first();
      await toggle.waitFor();
      const school = ((await toggle.textContent()) ?? '').replace(/^Payments of /, '');
      const row = page.getByRole('row', { name: new RegExp(school) }).first();
      const paid = async () => dollars(await row.locator('.payments-made .payments-money').textContent());
      const paidBefore = await paid();
      await press(toggle);
      const form = page.locator('form', { has: page.getByRole('heading', { name: `Record a payment for ${school}` }) });
      await form.getByLabel('Amount in dollars').fill('10');
      await form.getByLabel('Reference').fill(`BPAY ${size.name}`);
      await press(form.getByRole('button', { name: 'Record payment' }));
      await page.getByText('Payment recorded.').waitFor();
      const last = page
        .getByRole('table', { name: `Payments of ${school}` })
        .locator('tbody tr')
        .last();
      expect(await last.locator('td').nth(1).textContent()).toBe('BPAY');
      expect(await last.locator('td').nth(2).textContent()).toBe(`BPAY ${size.name}`);
      expect(await paid()).toBe(paidBefore + 10);
      await noSidewaysScroll(page);
      await checkAccessible(page, 'payments, a line recorded');

      await page.goto(`${server.url}/#/events`);
      await press(page.getByRole('button', { name: 'Add event' }));
      const name = page.getByLabel('Name of New event');
      await name.waitFor();
      expect(await page.locator('.admin-list-refused').count(), 'nothing red before typing').toBe(0);
      // After September the new event is for next season.
      expect(Number(await page.getByLabel('Year of New event').inputValue())).toBeGreaterThanOrEqual(
        new Date().getFullYear() + (new Date().getMonth() >= 9 ? 1 : 0),
      );
      const cup = `Cup on a ${size.name}`;
      await name.fill(cup);
      await page.getByLabel(`Active: ${cup}`).check();
      await page.getByRole('group', { name: 'States whose schools may enter' }).getByLabel('NSW').check();
      await checkAccessible(page, 'a new event');
      await press(page.getByRole('button', { name: 'Save', exact: true }));
      await page.getByText('Events saved.').waitFor();
      await noSidewaysScroll(page);

      // Below 1024 px the event picker is in the Menu drawer; on a laptop, in the header.
      const menu = page.getByRole('button', { name: 'Menu' });
      const where = (await menu.isVisible()) ? page.getByRole('dialog', { name: 'Menu' }) : page.locator('header');
      if (await menu.isVisible()) await press(menu);
      const picker = where.getByLabel('Event', { exact: true });
      await expect.poll(() => picker.locator('option', { hasText: cup }).count()).toBe(1);
    } finally {
      await device.close();
      // The next journeys sign in to the demo's own events, not to the newest one made here.
      await retireEvents(/^Cup on a /);
    }
  });

  it('a new school registers and, signed in, is greeted by its coordinator', async () => {
    const device = await launchDevice(size.device);
    try {
      const page = await device.context.newPage();
      const email = `coordinator-${randomUUID().slice(0, 8)}@journeys.test`;
      await page.goto(`${server.url}/#/register`);
      await page.getByRole('heading', { name: 'Interschools School Registration' }).waitFor();
      await page.locator('.field-required-note', { hasText: 'Required' }).first().waitFor();
      await fillRegistration(page, {
        school: {
          name: `Thredbo ${size.name} School`,
          town: 'Thredbo',
          state: 'NSW',
          region: 'Southern NSW',
          phone: '02 6457 6000',
          govOrIndependent: 'Ind.',
        },
        coordinator: { firstname: 'Robin', lastname: 'Hale', mobile: '0400 555 666' },
        email,
        password: 'a long enough password',
      });
      await noSidewaysScroll(page);
      await checkAccessible(page, 'registration, filled in');
      const register = page.getByRole('button', { name: 'Register' });
      await register.scrollIntoViewIfNeeded();
      expect(await onScreen(page, register)).toBe(true);
      await press(register);
      await page.getByText('Thank you for registering').waitFor();

      await signInThroughPage(page, server.url, { username: email, password: 'a long enough password' });
      await page.getByRole('heading', { level: 1, name: 'Welcome, Robin' }).waitFor();
      await noSidewaysScroll(page);
      await checkAccessible(page, 'the first home');
    } finally {
      await device.close();
    }
  });
});
