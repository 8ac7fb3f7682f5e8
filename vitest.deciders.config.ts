import { defineConfig } from 'vitest/config';
import { RUN_OPTIONS } from './vitest.config.ts';

/**
 * The deciders' own given/when/then tests, alone: `npm run test:mutation:deciders` asks whether
 * they pin every rule (issue 18's floor), without the route tests that also reach the deciders
 * and take minutes per mutant. The favourites decider is tested with its store, on PGlite.
 */
export default defineConfig({
  test: {
    ...RUN_OPTIONS,
    include: ['events/*/*.decider.test.ts', 'events/favorites/favorites.test.ts'],
  },
});
