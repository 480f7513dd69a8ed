// Accessibility as a standing test: axe-core (support/a11y.ts) on every screen each demo role can
// reach, failing on any critical or serious violation. The screens are found, not listed: the
// links of the rendered header navigation (clicked, as a user would) and every path of the route
// table (src/app/routes.tsx, read from its source and visited directly; a guard may send the role
// elsewhere, which is then audited as what that role sees). A screen added to either is audited
// without a change here. States a visit does not reach (dialogs, forms opened by a button, errors,
// a phone-sized viewport) are opened explicitly below.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y';
import { DEMO, signInThroughPage } from './support/app';
import { launchDevice } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { setDeviceOffline } from './support/network';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

type Role = keyof typeof DEMO;
const PHONE = { width: 412, height: 823 }; // Lighthouse's mobile viewport
const DESKTOP = { width: 1280, height: 900 };

/**
 * Every visitable path of the route table: the `path:` entries (children of '/', as the table is
 * laid out) plus '/' for the index route; not the '*' fallback, not paths with parameters.
 */
async function routeTablePaths(): Promise<string[]> {
  const source = await readFile('src/app/routes.tsx', 'utf8');
  const paths = [...source.matchAll(/\bpath:\s*'([^']*)'/g)].map((m) => m[1]!);
  const visitable = paths
    .filter((p) => p !== '/' && p !== '*' && !p.includes(':'))
    .map((p) => `/${p.replace(/^\//, '')}`);
  expect(visitable.length, 'no paths found in src/app/routes.tsx: has its layout changed?').toBeGreaterThan(0);
  return ['/', ...visitable];
}

const hashPath = (url: string) => new URL(url).hash.replace(/^#/, '').split('?')[0] || '/';

/**
 * Moves to another screen and waits until the previous screen's main landmark is gone: screens
 * load lazily inside a transition, so the old screen stays on show until the new one's code has
 * arrived, and checking it instead would audit the wrong page (or wait for a grid that is about to
 * go). `replaces` says the move must show another screen; without it, a move may land back on
 * the screen it left (a guard's redirect), which keeps its landmark: the address it left is then
 * the address again, and settle() waits as usual.
 */
async function moveTo(page: Page, move: () => Promise<unknown>, replaces: boolean): Promise<void> {
  const before = await page.$('main');
  const from = hashPath(page.url());
  await move();
  if (before) {
    await page.waitForFunction(
      ([main, left, mayReturn]) =>
        !main!.isConnected || (mayReturn && (location.hash.replace(/^#/, '').split('?')[0] || '/') === left),
      [before, from, !replaces] as const,
      { timeout: 30_000 },
    );
    await before.dispose();
  }
}

/** Waits until the screen has drawn: its main landmark and heading (screens load with their
 *  route), no 'Loading…' left, a grid's roles set. */
async function settle(page: Page): Promise<void> {
  await page.locator('main').first().waitFor();
  await page.locator('main h1').first().waitFor();
  await expect
    .poll(() => page.locator('[role="status"]', { hasText: /loading/i }).count(), { timeout: 30_000 })
    .toBe(0);
  if (await page.locator('.data-grid').count()) await page.locator('.data-grid table[role="grid"]').first().waitFor();
}

/**
 * What every screen has: one main landmark with the skip link's target id, one h1, and where
 * there is a page header, the skip link before it.
 */
async function expectPageStructure(page: Page, screen: string): Promise<void> {
  const where = `${screen} (${page.url()})`;
  expect(await page.locator('main').count(), `${where}: one <main> landmark`).toBe(1);
  expect(
    await page.locator('main#main').count(),
    `${where}: the main landmark has id "main" (the skip link's target)`,
  ).toBe(1);
  // The page may still be replacing a first render (a sync landing after sign-in): it must settle on one.
  await expect.poll(() => page.locator('h1').count(), { message: `${where}: one h1`, timeout: 15_000 }).toBe(1);
  if (await page.locator('header').count()) {
    expect(await page.locator('a.skip-link[href="#main"]').count(), `${where}: a skip link`).toBe(1);
  }
}

async function audit(page: Page, screen: string): Promise<void> {
  await settle(page);
  await expectPageStructure(page, screen);
  await expectAccessible(page, screen);
}

/** Opens a dialog with the button, audits the page with it open, closes it with Escape. */
async function auditDialog(page: Page, opener: () => Promise<void>, screen: string): Promise<void> {
  await opener();
  await page.getByRole('dialog').waitFor();
  await expect
    .poll(() =>
      page
        .getByRole('dialog')
        .locator('[role="status"]', { hasText: /loading/i })
        .count(),
    )
    .toBe(0);
  await expectAccessible(page, screen);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

/** The add-participant and race-entries dialogs of the participants screen (when it has a grid). */
async function auditParticipantDialogs(page: Page, role: string): Promise<void> {
  const add = page.getByRole('button', { name: 'Add participant' });
  if (await add.count()) await auditDialog(page, () => add.click(), `${role}: add-participant dialog`);
  const entries = page.locator('.ht_master button', { hasText: 'Race entries' }).first();
  if (await entries.count()) {
    // On a narrow screen the button is scrolled into view first, and the grid redraws its cells
    // while it scrolls (the button under the pointer is replaced): click again until it opens.
    const open = async () => {
      await expect
        .poll(
          async () => {
            if ((await page.getByRole('dialog').count()) === 0) await entries.click();
            return page.getByRole('dialog').count();
          },
          { timeout: 15_000 },
        )
        .toBe(1);
    };
    await auditDialog(page, open, `${role}: race-entries dialog`);
  }
}

describe('public screens', () => {
  it('login, its errors, the password-reset request, the reset form and /down', async () => {
    const device = await launchDevice();
    try {
      const page = await device.context.newPage();
      await page.goto(`${server.url}/#/login`);
      await audit(page, 'login');

      await page.getByLabel(/username/i).fill(DEMO.school.username);
      await page.getByLabel(/^password$/i).fill('not-the-password');
      await page.getByRole('button', { name: /sign in/i }).click();
      await page.getByRole('alert').waitFor();
      await expectAccessible(page, 'login: refused');

      await page.getByRole('button', { name: /forgot your password/i }).click();
      await page.getByRole('form', { name: 'Reset password' }).waitFor();
      await expectAccessible(page, 'login: password-reset request form');
      await page.getByRole('button', { name: /email me a reset link/i }).click();
      await page.locator('form[aria-label="Reset password"] .notice').waitFor();
      await expectAccessible(page, 'login: password-reset request answered');

      await page.goto(
        `${server.url}/#/reset?email=${encodeURIComponent(DEMO.school.username)}&resetToken=not-a-real-token`,
      );
      await audit(page, 'reset: choose a new password');
      await page.getByLabel('New password', { exact: true }).fill('a-long-new-password-1');
      await page.getByLabel('Repeat the new password').fill('a-different-password-2');
      await page.getByRole('button', { name: 'Set password' }).click();
      await page.getByRole('alert').waitFor();
      await expectAccessible(page, 'reset: passwords differ');

      await page.goto(`${server.url}/#/reset`);
      await audit(page, 'reset: incomplete link');

      await page.goto(`${server.url}/#/down`);
      await audit(page, 'down');
    } finally {
      await device.close();
    }
  });
});

describe('signed-in screens of each role', () => {
  for (const role of Object.keys(DEMO) as Role[]) {
    it(`${role}: every screen of the header navigation and the route table`, async () => {
      const device = await launchDevice();
      try {
        const page = await device.context.newPage();
        await signInThroughPage(page, server.url, DEMO[role]);
        await page.waitForURL((url) => !url.hash.startsWith('#/login'));
        await audit(page, `${role}: landing ${hashPath(page.url())}`);
        const audited = new Set([hashPath(page.url())]);

        if (role === 'admin') {
          // An admin starts without a school: pick one in the header, so the school's screens
          // (the participants grid) are audited with data. The page reloads on the switch.
          const school = page.getByLabel('School');
          await expect.poll(() => school.locator('option').count(), { timeout: 30_000 }).toBeGreaterThan(1);
          await Promise.all([page.waitForEvent('load'), school.selectOption({ index: 1 })]);
          await audit(page, 'admin: a school picked');
        }

        // The header navigation, as rendered for this role: click each link.
        const nav = page.getByRole('navigation', { name: 'Main' });
        const links = await nav
          .getByRole('link')
          .evaluateAll((as) => as.map((a) => ({ name: a.textContent ?? '', href: (a as HTMLAnchorElement).href })));
        expect(links.length, `${role}: the header navigation has links`).toBeGreaterThan(0);
        for (const link of links) {
          const current = hashPath(page.url());
          await moveTo(
            page,
            async () => {
              await nav.getByRole('link', { name: link.name, exact: true }).click();
              await page.waitForURL(link.href);
            },
            hashPath(link.href) !== current,
          );
          const path = hashPath(page.url());
          await audit(page, `${role}: ${link.name} (${path})`);
          audited.add(path);
          if (path === '/participant/index') await auditParticipantDialogs(page, role);
        }

        // Every other path of the route table, visited directly.
        for (const path of await routeTablePaths()) {
          if (audited.has(path)) continue;
          await moveTo(page, () => page.goto(`${server.url}/#${path}`), false);
          await settle(page);
          const landed = hashPath(page.url());
          if (landed !== path && audited.has(landed)) continue; // sent to a screen already audited
          await audit(page, `${role}: ${path}${landed === path ? '' : ` (sent to ${landed})`}`);
          audited.add(landed);
        }
      } finally {
        await device.close();
      }
    });
  }
});

describe('states a visit does not reach', () => {
  it('a coordinator on a phone-sized screen, and the logout warning with unsent changes', async () => {
    const device = await launchDevice();
    try {
      const page = await device.context.newPage();
      await page.setViewportSize(PHONE);
      await signInThroughPage(page, server.url, DEMO.school);
      await page.waitForURL(/#\/$/);
      await audit(page, 'school (phone): home');
      // On a phone the navigation is a drawer behind Menu.
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).waitFor();
      await audit(page, 'school (phone): the menu drawer');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Participants' }).click();
      await audit(page, 'school (phone): participants');
      await auditParticipantDialogs(page, 'school (phone)');

      // A change that cannot be sent: offline, remove a participant and save.
      // The school's rows first: going offline before the first download ends would leave none.
      await page.setViewportSize(DESKTOP);
      const remove = page.locator('.ht_master button', { hasText: 'Remove' }).first();
      await remove.waitFor();
      await setDeviceOffline(page.context(), true);
      await remove.click();
      await page.getByRole('button', { name: 'Save' }).click();
      await page
        .getByText(/1 change waiting to be sent/i)
        .first()
        .waitFor();
      await audit(page, 'school: participants with a change pending offline');
      await auditDialog(
        page,
        () => page.getByRole('button', { name: 'Log out' }).click(),
        'school: log out with unsent changes',
      );
      await setDeviceOffline(page.context(), false);
    } finally {
      await device.close();
    }
  });

  it('keyboard: the skip link moves focus to the main landmark, Tab reaches the grid, the arrows scroll it, Tab leaves it', async () => {
    const device = await launchDevice();
    try {
      const page = await device.context.newPage();
      await signInThroughPage(page, server.url, DEMO.school);
      await page.waitForURL(/#\/$/);
      await page.goto(`${server.url}/#/participant/index`);
      await page.reload(); // Tab starts from the top of a fresh document
      await settle(page);
      const active = () =>
        page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          return {
            tag: el?.tagName ?? '',
            id: el?.id ?? '',
            role: el?.getAttribute('role') ?? '',
            text: el?.textContent?.trim() ?? '',
            label: el?.getAttribute('aria-label') ?? (el as HTMLInputElement | null)?.labels?.[0]?.textContent ?? '',
            inGrid: !!el?.closest('table[role="grid"]'),
          };
        });

      // The skip link is the first stop, shown when focused, and moves focus without routing.
      const before = page.url();
      await page.keyboard.press('Tab');
      expect(await active()).toMatchObject({ tag: 'A', text: 'Skip to content' });
      const box = await page.locator('.skip-link').boundingBox();
      expect(box && box.x >= 0 && box.height >= 44, 'the focused skip link is on screen and 44 px high').toBe(true);
      await page.keyboard.press('Enter');
      expect(await active()).toMatchObject({ tag: 'MAIN', id: 'main' });
      expect(page.url()).toBe(before);

      // From the main landmark: the page's first control, then (Save is disabled) the search, then
      // into the grid.
      await page.keyboard.press('Tab');
      expect(await active()).toMatchObject({ tag: 'BUTTON', text: 'Add participant' });
      await page.keyboard.press('Tab');
      expect(await active()).toMatchObject({ tag: 'INPUT', label: 'Find a participant' });
      await page.keyboard.press('Tab');
      expect(await active()).toMatchObject({ role: 'gridcell', inGrid: true });

      // The grid: named, all its rows counted, the overlays hidden, no role on its wrappers.
      const grid = await page.evaluate(() => {
        const table = document.querySelector('.data-grid table[role="grid"]')!;
        const root = table.closest('.ht-wrapper')!;
        return {
          label: table.getAttribute('aria-label'),
          rowCount: Number(table.getAttribute('aria-rowcount')),
          rootRole: root.getAttribute('role'),
          overlaysShown: [...root.querySelectorAll(':scope > .handsontable[class*="ht_clone_"]')]
            .filter((o) => o.getAttribute('aria-hidden') !== 'true')
            .map((o) => o.className),
        };
      });
      expect(grid).toMatchObject({ label: 'Participants', rootRole: null, overlaysShown: [] });
      expect(grid.rowCount).toBeGreaterThan(20);

      // The arrows move through the rows and scroll the grid's container.
      const holder = page.locator('.ht_master > .wtHolder');
      expect(
        await holder.evaluate((h) => h.scrollHeight > h.clientHeight),
        'the demo school has more rows than fit',
      ).toBe(true);
      for (let i = 0; i < 25; i += 1) await page.keyboard.press('ArrowDown');
      expect(await holder.evaluate((h) => h.scrollTop)).toBeGreaterThan(0);
      expect(await active()).toMatchObject({ role: 'gridcell', inGrid: true });

      // Enter edits the cell: the editor is named after its column and row.
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await active()).label).toMatch(/^Given name, row \d+$/);
      await expectAccessible(page, 'participants: a cell being edited');
      await page.keyboard.press('Escape');

      // The grid is one stop in the page's Tab order, not one per cell: Shift+Tab leaves it for the
      // control before it, Tab comes back to the cell it left, and Tab leaves it again.
      const left = (await page.locator('.ht_master td.current').first().textContent())?.trim();
      await page.keyboard.press('Shift+Tab');
      expect(await active()).toMatchObject({ tag: 'INPUT', label: 'Find a participant' });
      await page.keyboard.press('Tab');
      expect(await active()).toMatchObject({ role: 'gridcell', inGrid: true, text: left });
      await page.keyboard.press('Tab');
      expect((await active()).inGrid, 'Tab leaves the grid').toBe(false);
    } finally {
      await device.close();
    }
  });
});
