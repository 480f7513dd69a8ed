// The entry grids on touch screens: a coordinator on a 768x1024 tablet edits a given name with one
// tap, picks a year level by tapping it in a list that shows every choice, and Save sends both (the
// server, read through a separate API session, has them); a finger swipe scrolls the grid and edits
// nothing; the row buttons are 44x44 px and 8 px apart and open with one tap; typing a discipline's
// first word picks the discipline that starts with it. On a 390x844 phone the lists show every
// choice too. A laptop (1366x768, mouse) keeps the usual grid: one click selects, nothing more.
// (Found from outside: every cell took two taps, dropdowns showed 2 or 3 of 8 disciplines and a
// 20 px sliver on a phone, typing picked the wrong discipline, and buttons were 27 px tall, 4 px apart.)
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { YEAR_LEVELS } from '../../src/domain/constants/choices';
import { DEMO, apiSession, serverParticipants, signInThroughPage } from './support/app';
import { launchDevice } from './support/browser';
import { startServer, type RunningServer } from './support/server';

type Device = Pick<BrowserContextOptions, 'viewport' | 'hasTouch' | 'isMobile'>;
const TABLET: Device = { viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true };
const PHONE: Device = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const LAPTOP: Device = { viewport: { width: 1366, height: 768 } };

// The participants grid's columns (participant-columns.ts), then its buttons.
const COL = { firstname: 1, lastname: 2, yearLevel: 3 };

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

/** Signs the demo school in on a new device, opens the screen, and runs `work` on it. */
async function onDevice(
  device: Device,
  route: string,
  grid: string,
  work: (page: Page, grid: Locator) => Promise<void>,
) {
  const { context, close } = await launchDevice(device);
  try {
    const page = await context.newPage();
    await signInThroughPage(page, server.url, DEMO.school);
    await page.waitForURL(/#\/$/);
    await page.goto(`${server.url}/#${route}`);
    const table = page.getByRole('grid', { name: grid, exact: true });
    await table.locator('tbody tr').nth(2).locator('td').first().waitFor();
    await work(page, table);
  } finally {
    await close();
  }
}

/** Measures again when Handsontable drew the rows anew while they were measured (the pull's rows
 *  arriving after sign-in replace the row elements). */
async function measuredWhenDrawn<T>(measure: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measure();
    } catch (error) {
      if (attempt >= 5 || !/not attached to the DOM|detached/i.test(String(error))) throw error;
    }
  }
}

const cell = (grid: Locator, row: number, column: number) =>
  grid.locator('tbody tr').nth(row).locator('td').nth(column);
/** A cell's text without the arrow Handsontable draws in dropdown cells. */
const text = async (target: Locator) => ((await target.textContent()) ?? '').replace('\u25BC', '').trim();

/** The cell editor with the focus, if one is open and visible. */
function openEditor(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (
      !(active instanceof HTMLTextAreaElement || active instanceof HTMLInputElement) ||
      !active.matches('[data-hot-input]')
    )
      return null;
    const box = active.getBoundingClientRect();
    return active.checkVisibility() && box.width > 0 && box.height > 0 ? { value: active.value } : null;
  });
}

/** The open dropdown list's choices: each one's text, its box, and whether it can be seen and hit
 *  (inside the window, nothing over its middle). */
function listChoices(page: Page) {
  return page.evaluate(() => {
    const list = Array.from(document.querySelectorAll<HTMLElement>('.autocompleteEditor')).find((l) =>
      l.checkVisibility(),
    );
    if (!list) return [];
    return Array.from(list.querySelectorAll<HTMLElement>('.ht_master tbody td')).map((td) => {
      const box = td.getBoundingClientRect();
      const inWindow =
        box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return {
        text: td.textContent ?? '',
        width: box.width,
        height: box.height,
        shown: inWindow && !!hit && td.contains(hit),
      };
    });
  });
}

async function expectEveryChoiceShown(page: Page, count: number, minHeight: number) {
  await expect.poll(async () => (await listChoices(page)).length).toBe(count);
  const choices = await listChoices(page);
  expect(choices.filter((c) => c.shown).map((c) => c.text)).toEqual(choices.map((c) => c.text));
  for (const choice of choices) expect(choice.height, choice.text).toBeGreaterThanOrEqual(minHeight);
  return choices;
}

type Box = { top: number; bottom: number; left: number; right: number; width: number; height: number };
const boxOf = (target: Locator) => target.evaluate((el) => el.getBoundingClientRect().toJSON() as Box);

it('tablet: one tap edits a given name, a tapped choice sets the year level, and Save sends both', async () => {
  const api = await apiSession(server.url, DEMO.school);
  const before = await serverParticipants(api);
  await onDevice(TABLET, '/participant/index', 'Participants', async (page, grid) => {
    const [firstname, lastname, yearLevel] = await Promise.all(
      [COL.firstname, COL.lastname, COL.yearLevel].map((c) => text(cell(grid, 1, c))),
    );
    const person = before.find((p) => p.firstname === firstname && p.lastname === lastname)!;
    expect(person, `${firstname} ${lastname} on the server`).toBeDefined();
    const renamed = `${firstname}-Tapped`;
    const newYear = YEAR_LEVELS.find((y) => y !== yearLevel && y !== 'K')!;

    await cell(grid, 1, COL.firstname).tap();
    await expect.poll(() => openEditor(page)).toEqual({ value: firstname });
    await page.keyboard.press('Control+A');
    await page.keyboard.type(renamed);
    await page.keyboard.press('Enter');
    await expect.poll(() => text(cell(grid, 1, COL.firstname))).toBe(renamed);

    await cell(grid, 1, COL.yearLevel).tap();
    expect(await openEditor(page)).not.toBeNull();
    await expectEveryChoiceShown(page, YEAR_LEVELS.length, 44);
    await page
      .locator('.autocompleteEditor .ht_master td')
      .filter({ hasText: new RegExp(`^${newYear}$`) })
      .tap();
    await expect.poll(() => text(cell(grid, 1, COL.yearLevel))).toBe(newYear);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(
        async () => {
          const saved = (await serverParticipants(api)).find((p) => p.id === person.id) as
            (typeof person & { yearLevel: string }) | undefined;
          return saved && { firstname: saved.firstname, yearLevel: saved.yearLevel };
        },
        { timeout: 30_000 },
      )
      .toEqual({ firstname: renamed, yearLevel: newYear });
  });
  await api.dispose();
});

it('tablet: a finger swipe over the grid scrolls it and opens no editor; a tap in the same place does', async () => {
  await onDevice(TABLET, '/participant/index', 'Participants', async (page, grid) => {
    const holder = page.locator('.ht_master .wtHolder').first();
    const scrollTop = () => holder.evaluate((el) => el.scrollTop);
    expect(await scrollTop()).toBe(0);
    const start = await boxOf(cell(grid, 4, COL.firstname));
    const x = Math.round(start.left + start.width / 2);
    const y = Math.round(start.top + start.height / 2);
    // Touch events as a finger makes them, through Chromium's input pipeline (which scrolls).
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at?: { x: number; y: number }) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: at ? [at] : [] });
    const settled = () =>
      page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

    await touch('touchStart', { x, y });
    for (let step = 1; step <= 8; step++) await touch('touchMove', { x, y: y - step * 25 });
    await touch('touchEnd');
    await expect.poll(scrollTop).toBeGreaterThan(100);
    await settled();
    expect(await openEditor(page)).toBeNull();
    expect(await page.locator('.ht_editor_visible').count()).toBe(0);

    // A finger landing while the list still glides stops it rather than tapping: let it come to rest
    // (a fling glides for a while, longer on a loaded machine).
    let last = -1;
    await expect
      .poll(
        async () => {
          const now = await scrollTop();
          const resting = now === last;
          last = now;
          return resting;
        },
        { interval: 300, timeout: 20_000 },
      )
      .toBe(true);
    // The same finger without moving: a tap, which edits (so the swipe was told apart, not ignored).
    await touch('touchStart', { x, y });
    await touch('touchEnd');
    await expect.poll(() => openEditor(page), { timeout: 10_000 }).not.toBeNull();
  });
});

it('tablet: row buttons are at least 44x44 px and 8 px apart, and one tap presses one', async () => {
  await onDevice(TABLET, '/participant/index', 'Participants', async (page, grid) => {
    const buttonsOf = (row: number) => grid.locator('tbody tr').nth(row).getByRole('button');
    // Edit (the row as a form), Race entries, Remove.
    await expect.poll(() => buttonsOf(1).count()).toBe(3);
    await measuredWhenDrawn(() => buttonsOf(1).first().scrollIntoViewIfNeeded({ timeout: 5_000 }));
    // The three buttons are measured in one frame, as a person sees them: measured one call at a
    // time, a row redrawn between two calls (a later answer of the pull) was measured detached,
    // 0 px wide.
    const [edit, remove, below] = await grid.evaluate((table) => {
      const [one, two] = [1, 2].map((i) =>
        Array.from(table.querySelectorAll('tbody tr')[i]!.querySelectorAll('button')),
      );
      return [one![0], one!.at(-1), two![0]].map((b) => b!.getBoundingClientRect().toJSON() as Box) as [Box, Box, Box];
    });
    for (const box of [edit, remove, below]) {
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    expect(remove.left - edit.right, 'side by side').toBeGreaterThanOrEqual(8);
    expect(below.top - edit.bottom, 'row above row').toBeGreaterThanOrEqual(8);

    await buttonsOf(1).first().tap();
    await page.getByRole('dialog').waitFor();
  });
});

it('tablet: typing the start of a discipline picks the discipline that starts with it', async () => {
  await onDevice(TABLET, '/team/grid', 'Teams', async (page, grid) => {
    await cell(grid, 0, 0).tap();
    const names = (await expectEveryChoiceShown(page, await activeDisciplineCount(), 44)).map((c) => c.text);
    // A word that begins one discipline's name and is found earlier inside another's ('Cross':
    // 'Skier Cross' is listed before 'Cross Country Classic').
    const words = [...new Set(names.flatMap((n) => n.split(' ')))];
    const word = words.find((w) => {
      const starts = names.findIndex((n) => n.startsWith(w));
      const inside = names.findIndex((n) => n.includes(w));
      return starts > inside && inside >= 0;
    });
    expect(word, `a word that starts one of ${names.join(', ')} and is inside an earlier one`).toBeDefined();
    const expected = names.find((n) => n.startsWith(word!))!;
    await page.keyboard.press('Control+A');
    await page.keyboard.type(word!);
    await page.locator('.autocompleteEditor .ht_master td.current').filter({ hasText: expected }).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => text(cell(grid, 0, 0))).toBe(expected);
  });
});

async function activeDisciplineCount() {
  const api = await apiSession(server.url, DEMO.school);
  try {
    const teams = (await (await api.get('/api/teams')).json()) as { EventId: string }[];
    const disciplines = (await (await api.get(`/api/event/${teams[0]!.EventId}/disciplines`)).json()) as {
      active: boolean;
    }[];
    return disciplines.filter((d) => d.active).length;
  } finally {
    await api.dispose();
  }
}

it('phone: the year levels and the disciplines show every choice in the window', async () => {
  await onDevice(PHONE, '/participant/index', 'Participants', async (page, grid) => {
    await cell(grid, 3, COL.yearLevel).tap();
    await expectEveryChoiceShown(page, YEAR_LEVELS.length, 44);
  });
  const disciplines = await activeDisciplineCount();
  await onDevice(PHONE, '/team/grid', 'Teams', async (page, grid) => {
    await cell(grid, 2, 0).tap();
    await expectEveryChoiceShown(page, disciplines, 44);
  });
});

it('laptop: one click selects a cell and opens no editor; a double click edits', async () => {
  await onDevice(LAPTOP, '/participant/index', 'Participants', async (page, grid) => {
    const target = cell(grid, 1, COL.firstname);
    await target.click();
    await expect.poll(() => target.evaluate((td) => td.classList.contains('current'))).toBe(true);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(await openEditor(page)).toBeNull();
    expect((await boxOf(target)).height).toBeLessThan(44);
    await target.dblclick();
    await expect.poll(() => openEditor(page)).not.toBeNull();
  });
});
