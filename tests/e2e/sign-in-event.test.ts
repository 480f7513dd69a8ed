// Signing in names the event (docs/decisions.md 'Signing in'): a VIC coordinator lands in the VIC
// event by default; an event not open to the school's state is refused with a message; the
// device remembers the last choice; a coordinator whose state has no open event is told so. The
// event chosen says when its entries close.
import type { Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { NO_OPEN_EVENT_MESSAGE } from '../../src/features/session/login-page';
import { expectAccessible } from './support/a11y';
import { startServerAndDevice } from './support/device-and-server';
import { fillRegistration } from './support/registration';

const VIC = { username: 'lucy.faulkner@alpineshire.test', password: 'demo-school-2026' };
const NSW = { username: 'megan.hartley@snowyrange.test', password: 'demo-school-2026' };

const env = startServerAndDevice();

async function fillLogin(page: Page, who: { username: string; password: string }) {
  await page.goto(`${env.server.url}/#/login`);
  await page.getByLabel(/username/i).fill(who.username);
  await page.getByLabel(/^password$/i).fill(who.password);
}

it('signs a VIC coordinator in to the VIC event without being asked', async () => {
  const page = await env.device.context.newPage();
  await fillLogin(page, VIC);
  await expect.poll(() => page.getByLabel('Event').locator('option').count()).toBeGreaterThan(2);
  await expectAccessible(page, 'login with the event choice');
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL(/#\/$/);
  await page
    .getByText(/Victorian Interschools/)
    .first()
    .waitFor();
  await page.getByRole('button', { name: /log out/i }).click();
  await page.waitForURL(/#\/login/);
  await page.close();
});

it("refuses an event not open to the school's state, then remembers the one that worked", async () => {
  const page = await env.device.context.newPage();
  await fillLogin(page, NSW);
  const choice = page.getByLabel('Event');
  await expect.poll(() => choice.locator('option').count()).toBeGreaterThan(2);
  await choice.selectOption({
    label: (await choice.locator('option', { hasText: /Victorian Interschools/ }).textContent())!,
  });
  // The chosen event says when its entries close, in its own state's time.
  await page.getByText(/^Entries close on \w+day \d+ \w+ \d{4} at \d+:\d\d [ap]m, Melbourne time\.$/).waitFor();
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.getByRole('alert').filter({ hasText: "not open to your school's state" }).waitFor();

  const nswEvent = (await choice
    .locator('option', { hasText: /NSW Snowsport Interschools Championships/ })
    .first()
    .textContent())!;
  await choice.selectOption({ label: nswEvent });
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL(/#\/$/);
  await page.getByText(nswEvent).first().waitFor();
  await page.getByRole('button', { name: /log out/i }).click();
  await page.waitForURL(/#\/login/);

  await expect.poll(async () => page.getByLabel('Event').locator('option:checked').textContent()).toBe(nswEvent);
  await page.close();
});

it('tells a coordinator whose state has no open event why there is nothing to sign in to, and keeps no session', async () => {
  const page = await env.device.context.newPage();
  const email = `coordinator-${randomUUID().slice(0, 8)}@no-event.test`;
  await page.goto(`${env.server.url}/#/register`);
  await fillRegistration(page, {
    school: {
      name: 'Sunshine Coast Grammar',
      town: 'Buderim',
      state: 'QLD',
      phone: '07 5445 1000',
      govOrIndependent: 'Ind.',
    }, // no event is open to QLD
    coordinator: { firstname: 'Sam', lastname: 'Reef', mobile: '0400 333 444' },
    email,
    password: 'a long enough password',
  });
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByText('Thank you for registering').waitFor();

  await fillLogin(page, { username: email, password: 'a long enough password' });
  const choice = page.getByLabel('Event');
  await expect.poll(() => choice.locator('option').count()).toBeGreaterThan(2);
  await choice.selectOption({ label: "My school's state event" }); // this device remembers another school's choice
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.getByRole('alert').filter({ hasText: NO_OPEN_EVENT_MESSAGE }).waitFor();
  expect(page.url()).toMatch(/#\/login/);
  // No session is left behind: a signed-in screen sends the visitor back to sign in.
  await page.goto(`${env.server.url}/#/participant/index`);
  await page.waitForURL(/#\/login/);
  await page.close();
});
