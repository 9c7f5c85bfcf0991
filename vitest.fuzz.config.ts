import { defineConfig } from 'vitest/config';

// npm run test:fuzz: the fuzz suite (apps/server/src/**/*.fuzz.ts), apart from the unit suite.
export default defineConfig({
  test: {
    include: ['apps/server/src/**/*.fuzz.ts'],
    testTimeout: 600_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
