// The first load stays small (the login screen on a phone's connection): the JavaScript that
// index.html loads before any route's lazy chunk is at most 170 kB gzip. A screen imported
// eagerly by the route table, or a library pulled into the shell, fails this. The service worker
// stores the app's files in the order a race official needs them offline: the shell, then the
// race-day screens, then the rest.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';

const BUDGET_BYTES = 170 * 1024;

it('loads at most 170 kB of gzipped JavaScript before the first screen', async () => {
  const html = await readFile('dist/index.html', 'utf8');
  const scripts = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!))];
  expect(scripts.length).toBeGreaterThan(0);
  let total = 0;
  for (const script of scripts) total += gzipSync(await readFile(path.join('dist', script))).length;
  console.log(`first-load JavaScript: ${(total / 1024).toFixed(1)} kB gzip in ${scripts.length} file(s)`);
  expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
});

it("stores the shell first, then the race-day screens' files, then the other screens'", async () => {
  const worker = await readFile('dist/sw.js', 'utf8');
  const stored = [...worker.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!);
  const html = await readFile('dist/index.html', 'utf8');
  const shell = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const at = (pattern: RegExp) => {
    const index = stored.findIndex((url) => pattern.test(url));
    expect(index, `${pattern} is stored`).toBeGreaterThanOrEqual(0);
    return index;
  };
  expect(stored[0]).toBe('index.html');
  const lastOfShell = Math.max(...shell.map((file) => stored.indexOf(file)));
  expect(shell.every((file) => stored.includes(file))).toBe(true);
  const raceDay = [/start-marshall-page-/, /startlists-page-/, /bib-list-page-/, /race-day-frame-.*\.css$/].map(at);
  const others = [/participants-page-/, /invoice-page-/, /exceljs/, /payments-page-/].map(at);
  expect(Math.min(...raceDay)).toBeGreaterThan(lastOfShell);
  expect(Math.max(...raceDay)).toBeLessThan(Math.min(...others));
});
