import { defineConfig } from 'vitest/config';

// One runner, six kinds of test (tests/README.md 'The projects'). `npm test` runs them all;
// `vitest run --project api` runs one kind.
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', pool: 'threads' },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // Worker threads start faster than child processes: the unit, api and client projects ran
          // about 15% faster on two cores (2m22s against 2m42s).
          pool: 'threads',
          // The files share their worker's modules: each file re-importing the whole server cost
          // more than its tests. Each test still gets a fresh app on a pristine database
          // (tests/api/support/test-app.ts); nothing of ours keeps state between files.
          isolate: false,
          globalSetup: ['tests/api/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          pool: 'threads',
          globalSetup: ['tests/api/support/global-setup.ts'],
          setupFiles: ['tests/client/support/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        // Devices (sync engines on their own IndexedDB) against real server processes that the run
        // kills with kill -9 (tests/chaos/README.md; tests/README.md 'Chaos run').
        test: {
          name: 'chaos',
          include: ['tests/chaos/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        // Two server instances on one throwaway PostgreSQL behind nginx (tests/chaos/cluster-target.ts),
        // run by scripts/test-postgres.sh after the API suite: docs/deploy.md.
        test: {
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
