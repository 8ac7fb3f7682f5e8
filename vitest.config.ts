import { defineConfig } from 'vitest/config';

// Separate from vite.config.ts, whose root is the PWA: the suite spans api/, events/ and pwa/.
export default defineConfig({
  test: {
    include: ['api/**/*.test.ts', 'events/**/*.test.ts', 'scripts/**/*.test.ts', 'pwa/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
