import { defineConfig } from 'vitest/config';
import { LOG_TESTS as ALL_LOG_TESTS, RUN_OPTIONS } from './vitest.config.ts';

/**
 * The event store's own tests and the runner's, alone: `npm run test:mutation:store` asks whether
 * they pin every rule of events/store (issue 18's floor), without the route tests that also reach
 * the store and make one run of the whole suite's related tests take hours. The tests that read the
 * global log run one at a time on their own cluster, as in vitest.config.ts.
 */
const LOG_TESTS = ALL_LOG_TESTS.filter((path) => path.startsWith('events/store/'));

export default defineConfig({
  test: {
    ...RUN_OPTIONS,
    projects: [
      {
        extends: true,
        test: { name: 'store', include: ['events/store/*.test.ts', 'api/commands/*.test.ts'], exclude: LOG_TESTS },
      },
      {
        extends: true,
        test: {
          name: 'log',
          include: LOG_TESTS,
          fileParallelism: false,
          globalSetup: ['testing/log-cluster.global-setup.ts'],
          setupFiles: ['testing/log-cluster.setup.ts'],
        },
      },
    ],
  },
});
