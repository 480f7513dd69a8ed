// The first load stays small (the login screen on a phone's connection): the JavaScript that
// index.html loads before any route's lazy chunk is at most 170 kB gzip. A screen imported
// eagerly by the route table, or a library pulled into the shell, fails this.
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
