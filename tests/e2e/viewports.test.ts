// Every role's main screens on the devices the product is for: a laptop (1366x768), a small laptop
// or landscape tablet (1024x768), a portrait tablet (768x1024, touch) and a phone (390x844, touch).
// On each: the page's title is in the top quarter of the screen (the navigation does not push the
// work down) and at the same left edge on every page, the page never scrolls sideways, and below 1024 px the navigation is a Menu drawer;
// on touch screens the race-day controls are at least 44 px and on the phone axe finds nothing
// serious; the invoice's amounts are wholly on the screen. An edit not saved yet survives the
// drawer's navigation and a reload on a phone.
// The findings are printed, one line a screen, for the record.
// (Found from outside: at 1024x768 an administrator's work started at 603 of 768 px; on a phone 78%
// of the first screen was navigation, and several pages spilled sideways.)
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y';
import { DEMO, signInThroughPage } from './support/app';
import { launchDevice } from './support/browser';
import { startServer, type RunningServer } from './support/server';

type Role = keyof typeof DEMO;
type Viewport = { name: string; width: number; height: number; touch: boolean };

const LAPTOPS: Viewport[] = [
  { name: 'laptop 1366x768', width: 1366, height: 768, touch: false },
  { name: 'laptop 1024x768', width: 1024, height: 768, touch: false },
];
const TOUCH: Viewport[] = [
  { name: 'tablet 768x1024', width: 768, height: 1024, touch: true },
  { name: 'phone 390x844', width: 390, height: 844, touch: true },
];

/** Each role's main screens: the route and the title its page shows. */
const SCREENS: Record<Role, [string, string][]> = {
  school: [
    ['/', 'Welcome'],
    ['/participant/index', 'Participants'],
    ['/team/grid', 'Teams'],
    ['/teamManager/index', 'Team managers'],
    ['/volunteer/index', 'Volunteers'],
    ['/waiver/index', 'Waivers'],
    ['/invoice', 'Invoice'],
    ['/school', ''],
    ['/ticketing', 'Ticketing'],
  ],
  admin: [
    ['/', 'Welcome'],
    ['/events', 'Events'],
    ['/schools', 'Schools'],
    ['/users', 'Users'],
    ['/payments', 'Payments'],
    ['/reports', 'Reports'],
  ],
  racedept: [
    ['/startlists', 'Start lists'],
    ['/startMarshall', 'Start Marshall'],
    ['/bib-list', 'Bib list'],
  ],
  auditor: [
    ['/', 'Welcome'],
    ['/payments', 'Payments'],
    ['/schools', 'Schools'],
    ['/reports', 'Reports'],
  ],
};

let server: RunningServer;
const findings: string[] = [];
/** Where the titles start, per viewport, across every role's screens. */
const titleLefts = new Map<string, Set<number>>();

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  console.log(`Where the work starts (title top / screen height), and the page's width:\n${findings.join('\n')}`);
  await server?.stop();
});

async function measure(page: Page) {
  return page.evaluate(() => {
    const h1 = document.querySelector('main h1');
    return {
      titleTop: h1 ? Math.round(h1.getBoundingClientRect().top) : -1,
      titleLeft: h1 ? Math.round(h1.getBoundingClientRect().left) : -1,
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      innerHeight: window.innerHeight,
    };
  });
}

/** The race-day controls a finger has to hit, smaller than 44x44 px. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.locator('main').evaluate((main) =>
    [...main.querySelectorAll('button, select, input, a[href]')]
      .filter((el) => (el as HTMLElement).offsetParent !== null && !el.closest('.visually-hidden'))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.height < 44 || box.width < 44)
      .map(
        ({ el, box }) =>
          `${el.tagName.toLowerCase()} '${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}' ${Math.round(box.width)}x${Math.round(box.height)}`,
      ),
  );
}

async function visit(page: Page, route: string, title: string) {
  await page.goto(`${server.url}/#${route}`);
  await page.locator('main h1').filter({ hasText: title }).first().waitFor();
  // The page settles (lists and grids fill) before it is measured.
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

/** The invoice's amounts (what is owed, each line's and the totals) that are not wholly on the
 *  screen: a coordinator on a phone opens the invoice to read them. */
async function amountsOutside(page: Page): Promise<string[]> {
  await page.locator('.invoice-owed-amount').waitFor();
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.invoice-owed-amount, .invoice-lines .num')].flatMap((cell) => {
      const box = cell.getBoundingClientRect();
      const text = cell.textContent?.trim() ?? '';
      return box.width > 0 && box.left >= 0 && box.right <= window.innerWidth
        ? []
        : [`'${text}' at ${box.left}-${box.right}`];
    }),
  );
}

function checkRole(role: Role, viewports: Viewport[]) {
  it(`${role}: title in the top quarter, no sideways scroll, on ${viewports.map((v) => v.name).join(' and ')}`, async () => {
    const touch = viewports[0]!.touch;
    const device = await launchDevice({ viewport: viewports[0]!, hasTouch: touch, isMobile: touch });
    try {
      const page = await device.context.newPage();
      await signInThroughPage(page, server.url, DEMO[role]);
      await page.waitForURL((url) => !url.hash.startsWith('#/login'));
      const problems: string[] = [];
      for (const viewport of viewports) {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        const lefts = titleLefts.get(viewport.name) ?? new Set<number>();
        titleLefts.set(viewport.name, lefts);
        for (const [route, title] of SCREENS[role]) {
          await visit(page, route, title);
          const m = await measure(page);
          const quarter = m.innerHeight / 4;
          lefts.add(m.titleLeft);
          findings.push(
            `${viewport.name.padEnd(16)} ${role.padEnd(8)} ${route.padEnd(18)} title at ${m.titleLeft},${String(m.titleTop).padStart(4)} px (${Math.round((100 * m.titleTop) / m.innerHeight)}%), width ${m.scrollWidth}/${viewport.width}`,
          );
          if (m.titleTop < 0 || m.titleTop > quarter)
            problems.push(`${viewport.name} ${route}: title at ${m.titleTop} of ${m.innerHeight} px`);
          // On a phone Chromium widens the layout to fit what spills, so the screen's own width is the yardstick.
          if (m.scrollWidth > viewport.width)
            problems.push(`${viewport.name} ${route}: page ${m.scrollWidth} px wide on a ${viewport.width} px screen`);
          if (viewport.touch && role === 'racedept')
            problems.push(...(await smallTargets(page)).map((t) => `${viewport.name} ${route}: ${t}`));
          if (viewport.width < 500) await expectAccessible(page, `${role} on a phone: ${route}`);
          if (route === '/invoice') problems.push(...(await amountsOutside(page)).map((a) => `${viewport.name}: ${a}`));
        }
        // One page frame: every page's title starts at the same left edge.
        if (lefts.size > 1) problems.push(`${viewport.name}: titles start at ${[...lefts].join(', ')} px`);
        const nav = page.getByRole('navigation', { name: 'Main' });
        if (viewport.width >= 1024) {
          expect(await nav.isVisible(), `${viewport.name}: the side rail`).toBe(true);
        } else {
          // Below a laptop the navigation waits behind Menu, and leads where it says.
          expect(await nav.count()).toBe(0);
          const [route, title] = SCREENS[role].at(-1)!;
          await page.getByRole('button', { name: 'Menu' }).click();
          const drawer = page.getByRole('dialog', { name: 'Menu' });
          await drawer.getByRole('link', { name: navLabel(route, title), exact: true }).click();
          await page.locator('main h1').filter({ hasText: title }).first().waitFor();
          expect(await drawer.count()).toBe(0);
          expect(new URL(page.url()).hash).toBe(`#${route}`);
        }
      }
      expect(problems).toEqual([]);
    } finally {
      await device.close();
    }
  });
}

/** The navigation's name for a screen where it differs from the page's title. */
function navLabel(route: string, title: string): string {
  return (
    (
      {
        '/schools': 'Schools and BPAY',
        '/ticketing': 'Ticketing',
        '/bib-list': 'Bib list',
        '/reports': 'Reports',
      } as Record<string, string>
    )[route] ?? title
  );
}

it('keeps a volunteer typed on a phone but not saved across the Menu drawer and a reload', async () => {
  const device = await launchDevice({ viewport: TOUCH[1]!, hasTouch: true, isMobile: true });
  try {
    const page = await device.context.newPage();
    await signInThroughPage(page, server.url, DEMO.school);
    await page.waitForURL(/#\/$/);
    await visit(page, '/volunteer/index', 'Volunteers');
    const rows = page.locator('section[aria-labelledby="volunteers-title"] tbody tr');
    await page.getByRole('button', { name: 'Add volunteer' }).tap();
    await rows
      .last()
      .getByLabel(/^Given name/)
      .fill('Phone-kept');
    const statusBar = page.getByRole('status', { name: 'Sync status' });
    await expect.poll(() => statusBar.textContent()).toContain('1 edit not saved yet');

    const go = async (link: string, title: string) => {
      await page.getByRole('button', { name: 'Menu' }).tap();
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: link, exact: true }).tap();
      await page.locator('main h1').filter({ hasText: title }).first().waitFor();
    };
    await go('Teams', 'Teams');
    expect(await statusBar.textContent()).toContain('1 edit not saved yet');
    await go('Volunteers', 'Volunteers');
    const kept = async () =>
      page.getByLabel(/^Given name/).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    await expect.poll(kept).toContain('Phone-kept');
    await page.reload();
    await expect.poll(kept).toContain('Phone-kept');
    await page.getByText('kept on this device', { exact: false }).first().waitFor();
  } finally {
    await device.close();
  }
});

describe.each(['school', 'admin', 'racedept', 'auditor'] as Role[])('%s', (role) => {
  checkRole(role, LAPTOPS);
  checkRole(role, TOUCH);
});
