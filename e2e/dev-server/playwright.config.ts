import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_PATH } from '../servers';

// The dev server's own browser test (hot-reload.pw.ts): Vite in dev mode in front of the API server
// run from source, as `npm run dev` runs them, on ports of their own (E2E_PORT + 50 and + 51) so it
// can run beside the main suite. Kept apart from e2e/playwright.config.ts, which tests the build.
const base = Number(process.env.E2E_PORT || 4173) + 50;
export const WEB_URL = `http://127.0.0.1:${base}`;
const API_URL = `http://127.0.0.1:${base + 1}`;
process.env.PARLANCE_DEV_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'parlance-dev-e2e-'));

export default defineConfig({
  testDir: '.',
  testMatch: '*.pw.ts',
  outputDir: '../test-results/dev-server',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  workers: 1,
  reporter: 'list',
  use: {
    ...devices['Desktop Chrome'],
    baseURL: WEB_URL,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    },
    headless: true,
  },
  webServer: [
    {
      command: '../../node_modules/.bin/tsx src/main.ts',
      cwd: '../../apps/server',
      url: `${API_URL}/api/2/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        PORT: String(base + 1),
        HOST: '127.0.0.1',
        PUBLIC_URL: WEB_URL,
        DATA_DIR: process.env.PARLANCE_DEV_DATA_DIR,
        DATABASE_URL: '',
        SMTP_URL: '',
        CAPTCHA: 'false',
        LOG_LEVEL: 'warn',
      },
    },
    {
      command: `../../node_modules/.bin/vite --port ${base} --strictPort --host 127.0.0.1`,
      cwd: '../../apps/web',
      url: WEB_URL,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { PARLANCE_API_URL: API_URL },
    },
  ],
});
