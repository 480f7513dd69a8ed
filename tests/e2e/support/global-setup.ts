// Browser tests run against the built client: build it once per run, and say which Chromium runs
// them, so that a failure can be tied to a browser version.
import { execFileSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { CHROMIUM_PATH } from './browser';
import { SEEDED_DATA_DIR, startServer } from './server';

export default async function setup() {
  const version = execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  console.log(`Browser tests run on ${version.trim()} (${CHROMIUM_PATH}).`);
  // vitest sets NODE_ENV=test, which would make Vite build React's development bundle and
  // leave the service worker unregistered: build exactly what `npm start` serves.
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  // The demo data seeded once; every test file's server starts on its own copy
  // (tests/e2e/support/server.ts). The test workers inherit the variable.
  const seeding = await startServer();
  await seeding.halt();
  process.env[SEEDED_DATA_DIR] = seeding.dataDir;
  return async () => {
    delete process.env[SEEDED_DATA_DIR];
    await rm(seeding.dataDir, { recursive: true, force: true });
  };
}
