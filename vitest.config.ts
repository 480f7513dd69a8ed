import { defineConfig } from 'vitest/config';

// One runner, four kinds of test (ARCHITECTURE.md 'Tests'). `npm test` runs them all;
// `vitest run --project api` runs one kind.
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
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
        // kills with kill -9 (tests/chaos/README.md; docs/architecture.md 'Tests').
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
