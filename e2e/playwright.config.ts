import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_PATH, E2E_SERVERS, E2E_WORKERS, MT_PORTS, serverUrl } from './servers';

// Browser tests against the real built app (scripts/start.mjs builds the web app when it is stale)
// on fresh data directories per run, with the captcha on as a visitor would meet it. Every test
// makes the accounts and data it needs (fixtures.ts, ADR 0046), so tests run in any order and side
// by side: E2E_WORKERS workers against E2E_SERVERS servers (servers.ts); E2E_PORT moves them all,
// for a second suite on one machine.
const CI = !!process.env.CI;

// This file is loaded by the runner and again by every worker; the environment variable makes
// the workers reuse the runner's directory instead of creating their own. global-setup.ts removes it.
process.env.PARLANCE_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'parlance-e2e-'));
const DATA_DIR = process.env.PARLANCE_E2E_DATA_DIR;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: 'test-results',
  globalSetup: './global-setup.ts',
  // the long journeys take 40-50 s on a two-core CI machine at load 10 (three signed-in browsers
  // and two servers on two cores); 90 s keeps a slower run from failing on time alone
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  forbidOnly: CI,
  workers: E2E_WORKERS,
  retries: CI ? 1 : 0,
  reporter: 'list',
  use: {
    ...devices['Desktop Chrome'],
    baseURL: serverUrl(0), // per worker in fixtures.ts
    trace: 'on-first-retry',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
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
  projects: [
    // every test makes its own accounts and data: any order, side by side
    {
      name: 'chromium',
      use: { browserName: 'chromium' },
      grepInvert: /@site-wide/,
    },
    // Tests tagged @site-wide change a setting every user sees (feature flags, probation rules,
    // roles): they run after the rest, one at a time, so no other test meets it half-changed.
    {
      name: 'site-wide',
      use: { browserName: 'chromium' },
      grep: /@site-wide/,
      workers: 1,
      dependencies: ['chromium'],
    },
  ],
  webServer: [
    // machine-translation engines that answer as LibreTranslate's and OpenAI's APIs do: the
    // servers below have them connected, so the wizard offers machine translation
    {
      command: `node --import tsx ../apps/server/scripts/fake-mt-engines.ts ${MT_PORTS.libre} ${MT_PORTS.openAi}`,
      url: `http://127.0.0.1:${MT_PORTS.libre}/languages`,
      timeout: 30_000,
      reuseExistingServer: !!process.env.E2E_REUSE_SERVER,
    },
    ...Array.from({ length: E2E_SERVERS }, (_, n) => ({
      command: 'node ../scripts/start.mjs',
      url: `${serverUrl(n)}/api/2/health`,
      // a cold `vite build` on two cores is part of the start when apps/web/dist is stale
      timeout: 240_000,
      // E2E_REUSE_SERVER=1 runs against a server already started on the port (tests make their own
      // data, so one server may serve many runs while a spec is written)
      reuseExistingServer: !!process.env.E2E_REUSE_SERVER,
      stdout: 'pipe' as const,
      stderr: 'pipe' as const,
      env: {
        PORT: new URL(serverUrl(n)).port,
        HOST: '127.0.0.1',
        PUBLIC_URL: serverUrl(n),
        DATA_DIR: join(DATA_DIR, `server-${n}`),
        DATABASE_URL: '',
        SMTP_URL: '',
        DEMO_DATA: 'true',
        CAPTCHA: 'true',
        AUTH_RATE_LIMIT: '1000',
        // tiny argon2 parameters, as the API tests use: the suite signs up hundreds of accounts, and
        // OWASP's parameters (the unit tests check both) cost the server's CPU on every sign-up
        PASSWORD_HASHING: 'fast',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: 'false',
        // no fetch of the ECB's rates: the seed rates, and those the tests set, stay in use
        ECB_RATES_URL: '',
        MT_LIBRETRANSLATE_URL: `http://127.0.0.1:${MT_PORTS.libre}`,
        MT_OPENAI_BASE_URL: `http://127.0.0.1:${MT_PORTS.openAi}/v1`,
        MT_OPENAI_API_KEY: 'sk-local',
        MT_OPENAI_MODEL: 'local',
      },
    })),
  ],
});
