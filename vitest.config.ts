import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default in a run is one worker fewer than the cores: one worker on CI's two cores.
    // Each test file works on a database of its own (test/harness.ts), so files run side by side.
    maxWorkers: Math.max(2, availableParallelism()),
    // A worker keeps its modules from one test file to the next instead of importing the whole server
    // again for each (that import was most of the suite's time). Test files share no state through
    // modules: each builds its own app on its own database, and stubs are undone after each test.
    isolate: false,
  },
});
