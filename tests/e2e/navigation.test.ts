// Where people land: an unknown route without a session goes to the login page; the race
// department lands on the start lists after signing in.
import { it } from 'vitest';
import { expectAccessible } from './support/a11y';
import { DEMO, signInThroughPage } from './support/app';
import { startServerAndDevice } from './support/device-and-server';

const env = startServerAndDevice();

it('sends an unknown route to / and, without a session, on to the login page', async () => {
  const page = await env.device.context.newPage();
  await page.goto(`${env.server.url}/#/no-such-page`);
  await page.waitForURL(/#\/login/);
  await page.getByLabel(/username/i).waitFor();
  await expectAccessible(page, 'login');
  await page.close();
});

it('lands the race department on the start lists after signing in', async () => {
  const page = await env.device.context.newPage();
  await signInThroughPage(page, env.server.url, DEMO.racedept);
  await page.waitForURL(/#\/startlists/);
  await page.getByRole('heading', { name: /start lists/i }).waitFor();
  await expectAccessible(page, 'start lists');
  await page.close();
});
