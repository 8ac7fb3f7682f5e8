import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Tests whose outcome depends on the cluster-wide transaction horizon: they read
 * the global log or run subscriptions. A transaction open anywhere on their
 * server (another test file's, say) holds back what they can read, so they run
 * in the `log` project, on a PostgreSQL cluster of their own started for the run
 * (testing/log-cluster.global-setup.ts), one file at a time, and after the `unit`
 * project has finished (sequence.groupOrder), so that no other file runs beside
 * them: the tests of timing and memory under load are here too. Everything else
 * runs in parallel in the `unit` project.
 */
export const LOG_TESTS = [
  'events/store/concurrency.test.ts',
  'events/store/read-all.test.ts',
  'events/store/stream-order.test.ts',
  'events/store/subscriptions.test.ts',
  'api/health/health.routes.test.ts',
  'api/videos/scan-queue.subscription.test.ts',
  // Saved searches' alerts come from a subscription, which reads the log up to the cluster's horizon.
  'api/saved-searches/saved-searches.routes.test.ts',
  // Timing under load on a spawned server: alone, so other files do not eat its CPU.
  'api/auth/sign-in-flood.server.test.ts',
  // Memory under ten of the largest uploads at once: beside the unit files it went past its
  // 100 MB bound (100.8 and 109 MB seen); alone, 44–69 MB, with two CPU burners too.
  'api/uploads/uploads.server.test.ts',
  // Two servers behind HAProxy on the log project's own cluster, alone.
  'scripts/cluster/cluster.server.test.ts',
];

/** How every vitest run of this project runs (vitest.deciders.config.ts too). */
export const RUN_OPTIONS = { testTimeout: 30_000, hookTimeout: 60_000, pool: 'forks', maxWorkers: 2 } as const;

// Separate from vite.config.ts, whose root is the PWA: the suite spans api/, events/ and pwa/.
export default defineConfig({
  test: {
    ...RUN_OPTIONS,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['api/**/*.test.ts', 'events/**/*.test.ts', 'scripts/**/*.test.ts', 'pwa/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...LOG_TESTS],
        },
      },
      {
        extends: true,
        test: {
          name: 'log',
          include: LOG_TESTS,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          globalSetup: ['testing/log-cluster.global-setup.ts'],
          setupFiles: ['testing/log-cluster.setup.ts'],
        },
      },
    ],
  },
});
