// Schools and administration in the browser, on the demo data: a new school registers and signs
// in; a coordinator edits the school profile with the network gone and it reaches the server when
// it returns; an admin creates an event (with the default disciplines), a user, an invite and a
// BPAY reference; a coordinator who opens the BPAY grid is sent to sign in.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { MIN_PASSWORD_LENGTH } from '../../src/domain/constants/policy';
import { expectAccessible } from './support/a11y';
import { DEMO, apiSession, signInThroughPage, waitForServiceWorker } from './support/app';
import { startServerAndDevice } from './support/device-and-server';
import { fillRegistration } from './support/registration';
import { setDeviceOffline } from './support/network';

/** Spec section 4: every Save is green once there is something to save (these were blue). */
async function expectSaveGreen(page: Page) {
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect.poll(() => save.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(27, 127, 59)');
}

const env = startServerAndDevice();

const todayShown = () => new Date().toISOString().slice(0, 10).split('-').reverse().join('/');

it('registers a new school, which then signs in and finds its profile', async () => {
  const page = await env.device.context.newPage();
  const email = `coordinator-${randomUUID().slice(0, 8)}@alpine-e2e.test`;
  await page.goto(`${env.server.url}/#/register`);
  await page.getByRole('heading', { name: 'Interschools School Registration' }).waitFor();
  expect(await page.getByRole('group', { name: 'Sign-in' }).getByLabel('Password').getAttribute('placeholder')).toBe(
    'Enter password',
  );
  // The password rule is there before the first try.
  await page.getByRole('group', { name: 'Sign-in' }).getByText(`At least ${MIN_PASSWORD_LENGTH} characters.`).waitFor();
  expect(await page.getByRole('group', { name: 'Coordinator' }).getByRole('checkbox').isChecked()).toBe(true);
  // Required fields are marked (an asterisk the form explains), optional ones not.
  const marked = async (group: string, label: string) => {
    const field = page.getByRole('group', { name: group }).getByLabel(label, { exact: true });
    const mark = await field.evaluate(
      (el) => getComputedStyle(document.querySelector(`label[for="${el.id}"]`)!, '::after').content,
    );
    return `${await field.getAttribute('aria-required')} ${mark}`;
  };
  expect(await marked('School', 'School name')).toMatch(/^true .*\*/);
  expect(await marked('Coordinator', 'Surname')).toMatch(/^true .*\*/);
  expect(await marked('School', 'Nickname')).toBe('null none');
  await page.locator('.field-required-note', { hasText: 'Required' }).first().waitFor();
  await expectAccessible(page, 'registration');

  // The region belongs to NSW only.
  await page.getByRole('group', { name: 'School' }).getByLabel('State').selectOption({ label: 'VIC' });
  expect(await page.getByRole('group', { name: 'School' }).getByLabel('Region').count()).toBe(0);
  await fillRegistration(page, {
    school: {
      name: 'Alpine Way College',
      town: 'Jindabyne',
      state: 'NSW',
      region: 'Southern NSW',
      phone: '02 6456 1000',
      govOrIndependent: 'Gov.',
    },
    coordinator: { firstname: 'Kim', lastname: 'Ng', mobile: '0400 111 222' },
    email,
    password: 'short',
  });
  const signIn = page.getByRole('group', { name: 'Sign-in' });
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByText('The password must be at least').first().waitFor();
  // The field found wrong takes the focus.
  await expect
    .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type))
    .toBe('password');
  await signIn.getByLabel('Password').fill('a long enough password');
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByText('Thank you for registering').waitFor();
  expect(await page.getByRole('button', { name: 'Register' }).isDisabled()).toBe(true);

  await signInThroughPage(page, env.server.url, { username: email, password: 'a long enough password' });
  await page.getByRole('link', { name: 'School profile' }).click();
  await page.getByRole('heading', { name: 'Alpine Way College' }).waitFor();
  await page.getByText(`Registered ${todayShown()}`).waitFor();
  await page.close();
});

it('saves a profile edited offline and sends it when the network returns', async () => {
  const api = await apiSession(env.server.url, DEMO.school);
  const town = async () => ((await (await api.get('/api/school')).json()) as { town: string }).town;
  const before = await town();
  const page = await env.device.context.newPage();
  await signInThroughPage(page, env.server.url, DEMO.school);
  await page.waitForURL(/#\/$/);
  await waitForServiceWorker(page);
  await page.getByRole('link', { name: 'School profile' }).click();
  const townField = page.getByRole('group', { name: 'School' }).getByLabel('Town');
  await townField.waitFor();
  await expectAccessible(page, 'school profile');

  await setDeviceOffline(env.device.context, true);
  await page.reload();
  await townField.fill('Perisher Valley');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Saved on this device').first().waitFor();
  await page.reload();
  expect(await townField.inputValue()).toBe('Perisher Valley');
  expect(await town()).toBe(before);

  await setDeviceOffline(env.device.context, false);
  await expect.poll(town, { timeout: 60_000, interval: 500 }).toBe('Perisher Valley');
  await page.close();
  await api.dispose();
});

it('lets an admin create an event with the default disciplines, a user, an invite and a BPAY reference', async () => {
  const api = await apiSession(env.server.url, DEMO.admin);
  const page = await env.device.context.newPage();
  await signInThroughPage(page, env.server.url, DEMO.admin);
  await page.waitForURL(/#\/$/);

  // An event, with the spec's defaults for every discipline.
  await page.getByRole('link', { name: 'Events' }).click();
  await page.getByRole('button', { name: 'Add event' }).click();
  await page.getByLabel('Name of New event').fill('Winter Cup');
  await page
    .getByRole('group', { name: 'States whose schools may enter' })
    .getByRole('checkbox', { name: 'NSW', exact: true })
    .check();
  expect(await page.getByLabel('Division to: Alpine', { exact: true }).inputValue()).toBe('6');
  expect(await page.getByLabel('Division from: Alpine Relay', { exact: true }).inputValue()).toBe('3');
  expect(await page.getByLabel('Division to: Ski Slopestyle', { exact: true }).inputValue()).toBe('2');
  expect(await page.getByLabel('Division to: Moguls', { exact: true }).inputValue()).toBe('5');
  await expectAccessible(page, 'events, a new event');
  await expectSaveGreen(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Events saved.').waitFor();
  type ServerEvent = {
    name: string;
    registrationFee: number;
    states: number[];
    disciplines: {
      DisciplineId: number;
      divisionFrom: number;
      divisionTo: number;
      male: boolean;
      female: boolean;
      active: boolean;
    }[];
  };
  const created = ((await (await api.get('/api/events')).json()) as ServerEvent[]).find((e) => e.name === 'Winter Cup');
  expect(created).toMatchObject({ registrationFee: 0, states: [3] });
  expect(created!.disciplines).toHaveLength(11);
  expect(created!.disciplines.every((d) => d.male && d.female && d.active)).toBe(true);
  expect(created!.disciplines.find((d) => d.DisciplineId === 1)).toMatchObject({ divisionFrom: 1, divisionTo: 6 });

  // A user.
  await page.getByRole('link', { name: 'Users' }).click();
  await page.getByRole('button', { name: 'Add user' }).click();
  await page.getByLabel('Given name of new user 1').fill('Sam');
  await page.getByLabel('Surname of new user 1').fill('Timing');
  await page.getByLabel('Email of new user 1').fill('sam.timing@interschools.test');
  await page.getByLabel('Role of new user 1').selectOption('racedept');
  await page.getByLabel('Password of new user 1').fill('a long enough password');
  await expectAccessible(page, 'users, a new user');
  await expectSaveGreen(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(
      async () =>
        ((await (await api.get('/api/users')).json()) as { email: string; role: string }[]).find(
          (u) => u.email === 'sam.timing@interschools.test',
        )?.role,
      { timeout: 15_000 },
    )
    .toBe('racedept');

  // An invite of the admin's event.
  await page.getByRole('link', { name: 'Invites' }).click();
  await page.getByRole('button', { name: 'Add invite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add invite' });
  await dialog.getByLabel('Discipline').selectOption({ label: 'Moguls' });
  await dialog.getByLabel('Division').selectOption('2');
  await dialog.getByLabel('Gender').selectOption('Female');
  await dialog.getByLabel('State/National').selectOption('National');
  await expectAccessible(page, 'invites, the add dialog');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expectSaveGreen(page);
  await page.getByRole('button', { name: 'Save' }).click();
  type ServerInvite = { DisciplineId: number; division: number; gender: string; stateNational: string };
  await expect
    .poll(
      async () =>
        ((await (await api.get('/api/invites/')).json()) as ServerInvite[]).some(
          (i) => i.DisciplineId === 2 && i.division === 2 && i.gender === 'Female' && i.stateNational === 'National',
        ),
      { timeout: 30_000 },
    )
    .toBe(true);

  // A BPAY reference.
  await page.getByRole('link', { name: 'Schools and BPAY' }).click();
  // A reference whose last digit is not its check digit is refused, saying which would do.
  await page.getByLabel('BPay of Snowy Range High School').fill('4321987');
  await page.getByRole('button', { name: 'Save' }).click();
  await page
    .getByText(
      'BPAY reference 4321987 does not end in its check digit: 43219872 does (or check the reference the bank gave).',
    )
    .first()
    .waitFor();
  await page.getByLabel('BPay of Snowy Range High School').fill('4321980');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('BPAY references saved.').waitFor();
  const bpay = (await (await api.get('/api/school/bpay')).json()) as { name: string; bpay: string }[];
  expect(bpay.find((s) => s.name === 'Snowy Range High School')?.bpay).toBe('4321980');
  await page.close();
  await api.dispose();
});

it('sends a coordinator who opens the BPAY grid to sign in', async () => {
  const page = await env.device.context.newPage();
  await signInThroughPage(page, env.server.url, DEMO.school);
  await page.waitForURL(/#\/$/);
  await page.goto(`${env.server.url}/#/schools`);
  await page.waitForURL(/#\/login$/);
  await page.close();
});
