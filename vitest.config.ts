import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // cheap argon2 parameters for the many sign-ins of the suites (see platform/passwords.ts)
    env: { PARLANCE_TEST_CHEAP_ARGON2: '1' },
  },
});
