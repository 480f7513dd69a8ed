// Browser tests run against the built client: build it once per run.
import { execFileSync } from 'node:child_process';

export default function setup() {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
}
