import { defineConfig } from 'vitest/config';

// One runner, six kinds of test (tests/README.md 'The projects'). `npm test` runs them all;
// `vitest run --project api` runs one kind.
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          pool: 'threads',
          isolate: false,
        },
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
          // Client code (pages, Dexie, the sync engine) on data from a real in-process server,
          // with happy-dom's window installed once per worker (tests/client/support/node-dom.ts).
          name: 'client',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          exclude: ['tests/client/**/*.dom.test.{ts,tsx}'],
          environment: 'node',
          pool: 'threads',
          // As the api project: the files share their worker's modules, so the server, React and
          // the worker's PGlite load once, not once per file (the project took 147 s on two
          // cores that way, 42 s this way). Each file signs in its own users and drops its
          // IndexedDB databases; what it rendered is unmounted.
          isolate: false,
          globalSetup: ['tests/api/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Components and client rules with no server, in happy-dom's environment, each file
          // on its own modules (several set module state of the app's that others would meet).
          name: 'client-dom',
          include: ['tests/client/**/*.dom.test.{ts,tsx}'],
          environment: 'happy-dom',
          pool: 'threads',
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
