// Browser tests run against the built client: build it once per run, and say which Chromium runs
// them, so that a failure can be tied to a browser version.
import { execFileSync } from 'node:child_process';
import { CHROMIUM_PATH } from './browser';

export default function setup() {
  const version = execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  console.log(`Browser tests run on ${version.trim()} (${CHROMIUM_PATH}).`);
  // vitest sets NODE_ENV=test, which would make Vite build React's development bundle and
  // leave the service worker unregistered: build exactly what `npm start` serves.
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
