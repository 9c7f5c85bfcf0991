import { randomBytes } from 'node:crypto';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { serverUrl } from './servers';

// What every browser test uses: the demo accounts, signing in and out through the real /auth form,
// the CSRF token for API calls made next to the browser, and unique e-mail addresses.

/** The demo accounts every fresh database starts with (DEMO_DATA=true). */
export const DEMO_PASSWORD = 'Parlance-demo1!';
export const DEMO = {
  customer: { email: 'customer@parlance.test', password: DEMO_PASSWORD },
  translator: { email: 'translator@parlance.test', password: DEMO_PASSWORD },
  admin: { email: 'admin@parlance.test', password: DEMO_PASSWORD },
} as const;

export type DemoRole = keyof typeof DEMO;

/** A password that passes every rule of the spec (section 5), for new accounts. */
export const NEW_PASSWORD = 'Quiet-river-42!';

/** A new, never used e-mail address (the e2e database lives for the whole run). */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}${randomBytes(3).toString('hex')}@example.com`;
}

/**
 * Signs in through the /auth form and waits until the app has left /auth. Opens /auth first
 * unless the page is already there (for example at /auth?return=/mbox, to test the way back).
 */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/auth')) await page.goto('/auth');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
}

/** Signs in as one of the demo accounts. */
export async function signInAs(page: Page, role: DemoRole): Promise<void> {
  await signIn(page, DEMO[role].email, DEMO[role].password);
}

/**
 * Signs out through the API (GET /api/logout with the CSRF token) and opens /, which sends a guest
 * to /auth. Tests of the Logout button itself click it instead.
 */
export async function signOut(page: Page): Promise<void> {
  const csrf = await apiSession(page.request);
  const res = await page.request.get('/api/logout', { headers: csrf ? { 'x-csrf-token': csrf } : {} });
  expect(res.ok(), `GET /api/logout answered ${res.status()}`).toBeTruthy();
  await page.goto('/');
  await page.waitForURL((url) => url.pathname.startsWith('/auth'));
}

/**
 * The session's CSRF token (GET /registry/get?data=Session), to send as `x-csrf-token` with
 * state-changing calls made through `page.request` (which shares the browser's cookies).
 * Null for a guest.
 */
export async function apiSession(request: APIRequestContext): Promise<string | null> {
  const res = await request.get('/registry/get?data=Session');
  expect(res.ok(), `GET /registry/get?data=Session answered ${res.status()}`).toBeTruthy();
  const body = (await res.json()) as { results?: { CSRFToken?: string | null } };
  return body.results?.CSRFToken ?? null;
}

/** The headers of a state-changing API call made with the session cookie. */
export async function csrfHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const token = await apiSession(request);
  return token ? { 'x-csrf-token': token } : {};
}

/** The current TOTP code of a base32 secret (GET /api/2/auth/2fa answers the secret). */
export function totpCode(secret: string): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
}

interface Fixtures {
  /** console errors and uncaught page errors seen so far; assert it is empty where it matters */
  consoleErrors: string[];
}

export const test = base.extend<Fixtures>({
  // each worker talks to its own server and database (servers.ts); a retry runs in a new worker
  // with the same parallel index, so on the same server
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function asks for from its first parameter's pattern
  baseURL: async ({}, use, testInfo) => {
    await use(serverUrl(testInfo.parallelIndex));
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      // a failed resource's message does not name it; its location does
      if (msg.type() === 'error')
        errors.push(`console: ${msg.text()}${msg.location().url ? ` (${msg.location().url})` : ''}`);
    });
    page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
    await use(errors);
  },
});

export { expect };

/**
 * Fails on any serious or critical axe-core violation on the page as it is now. `include` limits
 * the check to part of the page (a dialog, say). No rule is skipped.
 */
export async function expectAccessible(page: Page, include?: string, exclude?: string): Promise<void> {
  // a dialog or toast still fading in has partly transparent text: axe would measure its contrast
  // against the page behind it. Judge the page once its transitions have finished.
  // (spinners and loading bars run forever: only finite transitions are waited for)
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
    undefined,
    { timeout: 5_000 },
  );
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  if (exclude) builder = builder.exclude(exclude);
  const { violations } = await builder.analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    'serious or critical accessibility violations',
  ).toEqual([]);
}
