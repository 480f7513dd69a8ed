// What the browser tests do again and again: sign in through the login page, read the server's
// truth through a separate API session (a second browser context), find an unused registry id.
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { request as apiRequest, type APIRequestContext, type Page } from 'playwright-core';
import { expect } from 'vitest';

export const DEMO = {
  school: { username: 'megan.hartley@snowyrange.test', password: 'demo-school-2026' },
  admin: { username: 'admin@interschools.test', password: 'demo-admin-2026' },
  racedept: { username: 'racedept@interschools.test', password: 'demo-racedept-2026' },
  auditor: { username: 'auditor@interschools.test', password: 'demo-auditor-2026' },
};

export async function signInThroughPage(page: Page, baseUrl: string, who: { username: string; password: string }) {
  await page.goto(`${baseUrl}/#/login`);
  await page.getByLabel(/username/i).fill(who.username);
  await page.getByLabel(/^password$/i).fill(who.password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

/** A second, independent session straight against the API: the server's truth. */
export async function apiSession(
  baseUrl: string,
  who: { username: string; password: string },
): Promise<APIRequestContext> {
  const api = await apiRequest.newContext({ baseURL: baseUrl });
  const res = await api.post('/api/login', { data: who });
  expect(res.status(), await res.text()).toBe(200);
  return api;
}

export type ServerParticipant = {
  id: string;
  snowId: string | null;
  firstname: string;
  lastname: string;
  yearLevel: string;
  archived: number;
};

export async function serverParticipants(api: APIRequestContext): Promise<ServerParticipant[]> {
  const res = await api.get('/api/v2/participants');
  expect(res.status()).toBe(200);
  return (await res.json()) as ServerParticipant[];
}

/** An active athlete of the built-in registry that the school has not entered yet. */
export async function unusedAthlete(taken: Set<string>) {
  const csv = await readFile('server/integrations/registry/athletes.csv', 'utf8');
  type Athlete = { snowId: string; firstname: string; lastname: string; gender: string; dob: string; active: string };
  for (const a of Papa.parse<Athlete>(csv, { header: true, skipEmptyLines: true }).data) {
    if (a.active === '1' && !taken.has(a.snowId)) return a;
  }
  throw new Error('no unused athlete in the registry file');
}

/**
 * Waits until the service worker controls the page. A first install can fail (a precached file
 * lost on a loaded machine: CI once waited 30 s for a worker that never came); the browser tries
 * again on the next load, as on a user's next visit, so the page is loaded again once.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  const controlled = () =>
    page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 20_000 });
  try {
    await controlled();
  } catch {
    await page.reload();
    await controlled();
  }
}
