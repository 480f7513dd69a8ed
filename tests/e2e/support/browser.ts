// Debian's Chromium driven by playwright-core (never a browser download of its own), headless,
// with the background-networking features off (this machine has no outside network).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Chromium reports every Content-Security-Policy violation on the page's console. */
const CSP_VIOLATION = /Content Security Policy/i;

/**
 * A persistent context (its own profile dir) so service workers and IndexedDB behave as on a device.
 * The app runs under the server's enforced CSP: any violation a page reports fails the test file
 * when the device closes (`cspViolations` lists them as they happen). A laptop unless `device` says
 * otherwise (a tablet's or phone's viewport and touch).
 */
export async function launchDevice(
  device: Pick<BrowserContextOptions, 'viewport' | 'hasTouch' | 'isMobile' | 'bypassCSP' | 'offline'> = {},
  /** A profile to open (a device started again): kept when the browser closes. */
  keptProfile?: string,
): Promise<{ context: BrowserContext; cspViolations: string[]; close(): Promise<void> }> {
  const profile = keptProfile ?? (await mkdtemp(path.join(tmpdir(), 'interschools-chromium-')));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: ARGS,
    headless: true,
    viewport: { width: 1280, height: 900 },
    ...device,
  });
  const cspViolations: string[] = [];
  const watch = (page: Page) =>
    page.on('console', (message) => {
      if (CSP_VIOLATION.test(message.text())) cspViolations.push(`${page.url()}: ${message.text()}`);
    });
  context.pages().forEach(watch);
  context.on('page', watch);
  return {
    context,
    cspViolations,
    async close() {
      await context.close();
      if (!keptProfile) await rm(profile, { recursive: true, force: true });
      if (cspViolations.length) throw new Error(`Content-Security-Policy violations:\n${cspViolations.join('\n')}`);
    },
  };
}
