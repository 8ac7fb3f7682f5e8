import { defineConfig } from 'vitest/config';

/**
 * The deciders' own given/when/then tests, alone: `npm run test:mutation:deciders` asks whether
 * they pin every rule (issue 18's floor), without the route tests that also reach the deciders
 * and take minutes per mutant. The favourites decider is tested with its store, on PGlite.
 */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    include: ['events/*/*.decider.test.ts', 'events/favorites/favorites.test.ts'],
  },
});
