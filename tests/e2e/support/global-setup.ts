// Browser tests run against the built client: build it once per run.
import { execFileSync } from 'node:child_process';

export default function setup() {
  // vitest sets NODE_ENV=test, which would make Vite build React's development bundle and
  // leave the service worker unregistered: build exactly what `npm start` serves.
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
