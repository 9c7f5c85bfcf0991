import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Browser tests against the real built app (scripts/start.mjs builds the web app when it is stale)
// on a fresh data directory per run, with the captcha on as a visitor would meet it.
const CI = !!process.env.CI;
const PORT = Number(process.env.E2E_PORT || 4173); // E2E_PORT: a second suite on one machine
const BASE_URL = `http://127.0.0.1:${PORT}`;

// This file is loaded by the runner and again by every worker; the environment variable makes
// the workers reuse the runner's directory instead of creating their own. global-setup.ts removes it.
process.env.PARLANCE_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'parlance-e2e-'));
const DATA_DIR = process.env.PARLANCE_E2E_DATA_DIR;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: 'test-results',
  globalSetup: './global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  forbidOnly: CI,
  workers: CI ? 1 : 2,
  retries: CI ? 1 : 0,
  reporter: 'list',
  use: {
    ...devices['Desktop Chrome'],
    baseURL: BASE_URL,
    trace: 'on-first-retry',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    headless: true,
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node ../scripts/start.mjs',
    url: `${BASE_URL}/api/2/health`,
    // a cold `vite build` on two cores is part of the start when apps/web/dist is stale
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE_URL,
      DATA_DIR,
      DATABASE_URL: '',
      SMTP_URL: '',
      DEMO_DATA: 'true',
      CAPTCHA: 'true',
      AUTH_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'false',
    },
  },
});
