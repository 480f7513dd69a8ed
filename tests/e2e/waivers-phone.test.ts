// The waivers screen on a phone (390x844, touch), as a first-time coordinator meets it: after
// adding a waiver the page is still one screen wide and the person's name still in view, the rows
// are compact, Save is in reach at the bottom of the list, and axe finds nothing serious.
// (Found from outside: a 5,000 px page that 'Add waiver' scrolled sideways until the names were gone.)
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y';
import { DEMO, signInThroughPage } from './support/app';
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

/** What scrolls sideways: the page wider than the phone (Chromium widens its layout to fit what
 *  spills, so the screen's own width is the yardstick), or a box inside it that scrolls. */
function sideways(page: Page): Promise<string[]> {
  return page.evaluate((width) => {
    const wide = document.documentElement.scrollWidth;
    return [
      ...(wide > width ? [`the page, ${wide} px`] : []),
      ...[...document.querySelectorAll('main *')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1 && /auto|scroll/.test(getComputedStyle(el).overflowX))
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}, ${el.scrollWidth} px`),
    ];
  }, PHONE.width);
}

/** Whether the element is wholly on the screen, sideways and up and down. */
async function onScreen(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const { width, height } = page.viewportSize()!;
  return !!box && box.x >= 0 && box.x + box.width <= width && box.y >= 0 && box.y + box.height <= height;
}

it('adds a waiver on a phone: no sideways scroll, the name in view, compact rows, Save in reach', async () => {
  const device = await launchDevice({ viewport: PHONE, hasTouch: true, isMobile: true });
  try {
    const page = await device.context.newPage();
    await signInThroughPage(page, server.url, DEMO.school);
    await page.waitForURL((url) => !url.hash.startsWith('#/login'));
    await page.goto(`${server.url}/#/waiver/index`);
    const add = page.getByRole('button', { name: /^Add waiver for / }).first();
    await add.waitFor();
    const name = (await add.getAttribute('aria-label'))!.replace('Add waiver for ', '');
    await add.tap();
    const saveBar = page.getByRole('region', { name: 'Unsaved edits' });
    await saveBar.getByText('1 edit not saved yet').waitFor();

    expect(await sideways(page)).toEqual([]);
    const participants = page.getByRole('region', { name: 'Participants' });
    const row = participants.getByRole('listitem').filter({ has: page.getByLabel(`Completed: ${name}`) });
    expect(await onScreen(page, row.getByText(name, { exact: true })), `${name} on the screen`).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    const first = participants.getByRole('listitem').first().locator('.waiver-name');
    expect(await onScreen(page, first), 'the first name on the screen').toBe(true);
    // 50 rows in far less than 5,000 px: a row is about a name and its state high.
    const heights = await participants
      .getByRole('listitem')
      .evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height));
    expect(heights.reduce((a, b) => a + b, 0) / heights.length).toBeLessThanOrEqual(64);

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await onScreen(page, saveBar.getByRole('button', { name: 'Save' })), 'Save at the bottom of the list').toBe(
      true,
    );
    expect(await sideways(page)).toEqual([]);
    // Removing waits behind the row's More button, named for the person.
    await row.getByRole('button', { name: `More for ${name}` }).tap();
    await row.getByRole('button', { name: `Remove the waiver of ${name}` }).waitFor();
    await expectAccessible(page, 'waivers on a phone, a waiver added');
  } finally {
    await device.close();
  }
});
