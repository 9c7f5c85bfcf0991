import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  type APIRequestContext,
  test as base,
  expect,
  type Page,
  request as playwrightRequest,
} from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import * as OTPAuth from 'otpauth';
import { serverUrl } from './servers';

// What every browser test uses (ADR 0046): accounts of its own made through the real HTTP API
// (sign-up with a solved captcha, credits bought through the sandbox checkout), pages already
// signed in through Playwright's storageState, one screenshot fixture, the CSRF token for API calls
// made next to the browser, and unique e-mail addresses. The demo accounts are only read.
// Projects in any status, QA/LL jobs, ratings, tags and My Team links of a test's own are made by
// fixtures-projects.ts; team chats and their messages by fixtures-chat.ts.

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

/** A person's name no other test uses (letters only, as names must be): `Mara Kbfqhe`. */
export function uniqueName(first: string): string {
  const letters = randomBytes(6)
    .toString('hex')
    .replace(/\d/g, (d) => 'ghijklmnop'[Number(d)] as string);
  return `${first} ${letters.charAt(0).toUpperCase()}${letters.slice(1)}`;
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

/** The demo staff accounts (one role each), for tests of what a staff role may do. */
export const STAFF = {
  support: { email: 'support@parlance.test', password: DEMO_PASSWORD },
  finance: { email: 'finance@parlance.test', password: DEMO_PASSWORD },
  moderator: { email: 'moderator@parlance.test', password: DEMO_PASSWORD },
} as const;

export type StaffRole = keyof typeof STAFF;

const ACCOUNT_OF: Record<DemoRole | StaffRole, { email: string; password: string }> = { ...DEMO, ...STAFF };

/**
 * One signed-in API client per demo account and server for this worker (a worker runs its tests
 * one after another, so no two tests of a worker use a session at once). signInAs checks that the
 * session is still this account's before each use: a test may have signed it out.
 */
const demoSessions = new Map<string, Promise<APIRequestContext>>();

async function demoSession(baseURL: string, role: DemoRole | StaffRole): Promise<APIRequestContext> {
  const { email, password } = ACCOUNT_OF[role];
  const key = `${baseURL} ${email}`;
  const cached = demoSessions.get(key);
  if (cached) {
    const api = await cached.catch(() => null);
    if (api) {
      const res = await api.get('/registry/get?data=User');
      const user = res.ok() ? ((await res.json()) as { results: { email?: string } | null }).results : null;
      if (user?.email === email) return api;
      await api.dispose();
    }
  }
  const made = apiSignIn(baseURL, email, password);
  demoSessions.set(key, made);
  return made;
}

/**
 * Signs the page in as one of the demo accounts with a session this worker signed in through the
 * API once (the form has tests of its own): its cookie goes into the page's context. Then opens
 * `open` ('/' by default, as the form's success does, and waits for the role's home; false opens
 * nothing, for a test that opens its own page next). On /auth?return=..., it uses the form, whose
 * way back is what such a test checks.
 */
export async function signInAs(page: Page, role: DemoRole | StaffRole, open: string | false = '/'): Promise<void> {
  const { email, password } = ACCOUNT_OF[role];
  const url = new URL(page.url(), 'http://x');
  if (url.pathname.startsWith('/auth') && url.searchParams.has('return')) {
    await signIn(page, email, password);
    return;
  }
  // the server of this worker, as the baseURL fixture names it
  const api = await demoSession(serverUrl(test.info().parallelIndex), role);
  const { cookies } = await api.storageState();
  await page.context().addCookies(cookies);
  if (open === false) return;
  await page.goto(open);
  if (open === '/') await page.waitForURL((u) => !u.pathname.startsWith('/auth') && u.pathname !== '/');
}

/**
 * Signs out through the API (GET /api/logout with the CSRF token) and opens /, which sends a guest
 * to /auth. Tests of the Logout button itself click it instead.
 */
export async function signOut(page: Page): Promise<void> {
  // leave the page first: a request it still has in flight would otherwise reach the server after
  // the sign-out, as a guest, and log the guest's 404 as a console error (the voice test met one
  // from the wizard's order, created a moment before)
  await page.goto('about:blank');
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

/** A captcha_response the server accepts: the ALTCHA challenge solved in Node, as the widget would. */
export async function solvedCaptcha(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/2/captcha/challenge');
  expect(res.ok(), `GET /api/2/captcha/challenge answered ${res.status()}`).toBeTruthy();
  const challenge = await res.json();
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 10_000 });
  if (!solution) throw new Error('could not solve the captcha challenge');
  const payload = { challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** A cookie-less API client (the test's own storageState must not leak into a new account's). */
function newApiContext(baseURL: string): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
}

/** An account a test made for itself, with an API client signed in as it and its browser state. */
export interface Account {
  id: number;
  email: string;
  password: string;
  name: string;
  /** signed in as this account (its own cookies); state-changing calls need csrfHeaders(api) */
  api: APIRequestContext;
  /** the file of its signed-in browser state, for browser.newContext({ storageState }) */
  storageState: string;
}

export type AccountType = 'client' | 'translator';

export interface NewAccount {
  type?: AccountType;
  name?: string;
  /** credits to buy through the sandbox checkout with the approving card */
  credits?: number;
  /** for a translator: a language pair (slugs) added to their skills, as the profile does */
  pair?: [string, string];
  /** the referral code of the link the account signed up through (a partner's, referralLink) */
  ref?: string;
}

let stateFiles = 0;

async function saveState(api: APIRequestContext, dir: string, email: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `state-${process.pid}-${++stateFiles}-${email.replace(/[^a-z0-9]/gi, '_')}.json`);
  await api.storageState({ path });
  return path;
}

/**
 * Signs up a new account through POST /userService/addAccountInfo as the /auth form does (the
 * captcha solved in Node); sign-up signs it in. With `credits`, buys them by card.
 */
export async function createAccount(baseURL: string, stateDir: string, options: NewAccount = {}): Promise<Account> {
  const api = await newApiContext(baseURL);
  const type = options.type ?? 'client';
  const email = uniqueEmail(type === 'client' ? 'customer' : 'translator');
  const name = options.name ?? (type === 'client' ? 'Casey Customer' : 'Toni Translator');
  const res = await api.post('/userService/addAccountInfo', {
    form: {
      full_name: name,
      user_email: email,
      pwd: NEW_PASSWORD,
      action: 'reg',
      agree_terms: '1',
      user_type: type,
      user_country: 'US',
      registrationPage: '/auth',
      captcha_service: 'recaptcha',
      captcha_response: await solvedCaptcha(api),
      ...(options.ref ? { ref: options.ref } : {}),
    },
  });
  expect(res.ok(), `sign-up answered ${res.status()} ${await res.text()}`).toBeTruthy();
  const { id } = ((await res.json()) as { user: { id: number } }).user;
  expect(typeof id, 'the sign-up answer names the new user').toBe('number');
  if (options.credits) await buyCredits(api, options.credits);
  if (options.pair) await addLanguagePair(api, options.pair);
  return { id, email, password: NEW_PASSWORD, name, api, storageState: await saveState(api, stateDir, email) };
}

/**
 * The account's referral link and code (GET /api/2/account/partner, which makes the code on first
 * use), as Partners & Integrations and /affiliate-program show them.
 */
export async function referralLink(api: APIRequestContext): Promise<{ link: string; code: string }> {
  const today = new Date().toISOString().slice(0, 10);
  const res = await api.get(`/api/2/account/partner?startDate=${today}&endDate=${today}`);
  expect(res.ok(), `GET /api/2/account/partner answered ${res.status()} ${await res.text()}`).toBeTruthy();
  const { link, code } = ((await res.json()) as { results: { link: string; code: string } }).results;
  return { link, code };
}

/** Signs in through POST /api/2/account/auth/login (captcha solved); answers the signed-in client. */
export async function apiSignIn(baseURL: string, email: string, password: string): Promise<APIRequestContext> {
  const api = await newApiContext(baseURL);
  const res = await api.post('/api/2/account/auth/login', {
    form: { username: email, pwd: password, captcha_service: 'recaptcha', captcha_response: await solvedCaptcha(api) },
  });
  expect(res.ok(), `sign-in of ${email} answered ${res.status()} ${await res.text()}`).toBeTruthy();
  return api;
}

/** Adds a language pair to a translator's skills (GET /service/addLanguagePairToUserSkills). */
export async function addLanguagePair(api: APIRequestContext, [source, target]: [string, string]): Promise<void> {
  const list = await api.get('/api/2/discover/languages');
  expect(list.ok(), `GET /api/2/discover/languages answered ${list.status()}`).toBeTruthy();
  const languages = ((await list.json()) as { results: { id: number; slug: string }[] }).results;
  const idOf = (slug: string) => {
    const found = languages.find((l) => l.slug === slug);
    if (!found) throw new Error(`no language ${slug}`);
    return found.id;
  };
  const res = await api.get(
    `/service/addLanguagePairToUserSkills?source_id=${idOf(source)}&target_id=${idOf(target)}`,
    { headers: await csrfHeaders(api) },
  );
  expect(res.ok(), `adding ${source} -> ${target} answered ${res.status()} ${await res.text()}`).toBeTruthy();
}

/**
 * Buys credits as the card checkout does: a purchase-credits quote, the sandbox's hosted page for
 * it, and that page's form sent with the approving card.
 */
export async function buyCredits(api: APIRequestContext, amount: number): Promise<void> {
  const quote = await api.post('/api/2/wizard/pricequote', {
    headers: await csrfHeaders(api),
    data: { quoteType: 'purchase_credits', recharge_amount: String(amount) },
  });
  expect(quote.ok(), `price quote answered ${quote.status()} ${await quote.text()}`).toBeTruthy();
  const { pqid } = ((await quote.json()) as { results: { pqid: string } }).results;
  const vendor = await api.get(`/api/2/cart/vendorurl?pqid=${encodeURIComponent(pqid)}`);
  expect(vendor.ok(), `vendor url answered ${vendor.status()}`).toBeTruthy();
  const { url } = ((await vendor.json()) as { results: { url: string } }).results;
  const token = await apiSession(api);
  const paid = await api.post(url, {
    form: {
      number: '4242 4242 4242 4242',
      expiry: `12/${(new Date().getUTCFullYear() + 2) % 100}`,
      cvc: '123',
      name: 'Casey Customer',
      save_card: '',
      form_token: token ?? '',
    },
    maxRedirects: 0,
  });
  expect(paid.status(), `the sandbox checkout answered ${paid.status()}`).toBe(303);
  expect(paid.headers().location ?? '').toContain('/payment/thankyou/');
}

/** Signs the page's browser in as an account the test made, with its cookies: no form. */
export async function signInWith(page: Page, account: Account): Promise<void> {
  const { cookies } = await account.api.storageState();
  await page.context().addCookies(cookies);
}

/**
 * Who a test's `page` is signed in as (`test.use({ signedInAs: 'customer' })`); none by default.
 * 'customer' and 'translator' are new accounts shared by the tests of one worker (for tests that
 * only need someone signed in); 'admin' is the demo admin; 'demo-customer' and 'demo-translator'
 * are the demo accounts, for tests that read what the demo shows and change nothing.
 */
export type SignedInAs = 'customer' | 'translator' | 'admin' | 'demo-customer' | 'demo-translator' | undefined;
type Role = Exclude<SignedInAs, undefined>;

const DEMO_OF: Partial<Record<Role, DemoRole>> = {
  admin: 'admin',
  'demo-customer': 'customer',
  'demo-translator': 'translator',
};

interface WorkerFixtures {
  /** the server this worker talks to */
  serverURL: string;
  /** one signed-in browser state per role for this worker, made on first use */
  roleStates: { get: (role: Role) => Promise<string> };
}

interface Fixtures {
  /** console errors and uncaught page errors seen so far; assert it is empty where it matters */
  consoleErrors: string[];
  signedInAs: SignedInAs;
  /**
   * Makes an account of the test's own: `await newAccount({ credits: 20_000 })` for a customer
   * with credits, `{ type: 'translator' }` for a translator. Signed in through the API, never the form.
   */
  newAccount: (options?: NewAccount) => Promise<Account>;
  /** an API client signed in as the demo admin (reads and staff actions; never its own data) */
  adminApi: APIRequestContext;
  /**
   * A screenshot at 1280 px and at 375 px wide (full page), written only when E2E_SCREENSHOTS names
   * a directory: `${dir}/<name>-1280.png` and `-375.png`. Leaves the page at its former size.
   */
  shot: (name: string) => Promise<void>;
}

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

export const test = base.extend<Fixtures, WorkerFixtures>({
  serverURL: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function asks for from its first parameter's pattern
    async ({}, use, workerInfo) => {
      await use(serverUrl(workerInfo.parallelIndex));
    },
    { scope: 'worker' },
  ],
  // a retry runs in a new worker with the same parallel index, so on the same server
  baseURL: async ({ serverURL }, use) => {
    await use(serverURL);
  },
  roleStates: [
    async ({ serverURL }, use, workerInfo) => {
      const dir = join(workerInfo.project.outputDir, '.auth');
      const made = new Map<string, Promise<string>>();
      const contexts: APIRequestContext[] = [];
      const make = async (role: Role): Promise<string> => {
        const demo = DEMO_OF[role];
        if (demo) {
          const api = await apiSignIn(serverURL, DEMO[demo].email, DEMO[demo].password);
          contexts.push(api);
          return saveState(api, dir, DEMO[demo].email);
        }
        const account = await createAccount(serverURL, dir, { type: role === 'customer' ? 'client' : 'translator' });
        contexts.push(account.api);
        return account.storageState;
      };
      await use({
        get: (role) => {
          let state = made.get(role);
          if (!state) {
            state = make(role);
            made.set(role, state);
          }
          return state;
        },
      });
      await Promise.all(contexts.map((c) => c.dispose()));
    },
    { scope: 'worker' },
  ],
  signedInAs: [undefined, { option: true }],
  storageState: async ({ signedInAs, roleStates }, use) => {
    await use(signedInAs ? await roleStates.get(signedInAs) : undefined);
  },
  newAccount: async ({ serverURL }, use, testInfo) => {
    const made: Account[] = [];
    await use(async (options) => {
      const account = await createAccount(serverURL, testInfo.outputPath('.auth'), options);
      made.push(account);
      return account;
    });
    await Promise.all(made.map((a) => a.api.dispose()));
  },
  adminApi: async ({ serverURL }, use) => {
    const api = await apiSignIn(serverURL, DEMO.admin.email, DEMO.admin.password);
    await use(api);
    await api.dispose();
  },
  shot: async ({ page }, use) => {
    await use((name) => shotPage(page, name));
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

/** The `shot` fixture for a page other than the test's own (a second browser, say). */
export async function shotPage(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: size.height });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

/**
 * Waits until the page has finished loading as a person sees it: no spinner, skeleton or busy
 * frame is left (call it after the page's heading is visible).
 */
export async function expectSettled(page: Page): Promise<void> {
  await expect(
    page.locator(
      '[aria-busy="true"], .MuiSkeleton-root, .MuiCircularProgress-indeterminate, .MuiLinearProgress-indeterminate',
    ),
  ).toHaveCount(0, { timeout: 20_000 });
}

/**
 * The page's cumulative layout shift since it was opened, as Chrome defines it (the largest burst of
 * shifts no more than 1 s apart and within 5 s, shifts right after input left out), and the elements
 * that moved in that burst. Call it once the page has settled.
 */
export async function layoutShift(page: Page): Promise<{ cls: number; moved: string[] }> {
  return page.evaluate(
    () =>
      new Promise<{ cls: number; moved: string[] }>((resolve) => {
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] };
        const judge = (entries: Shift[]) => {
          let best = { cls: 0, moved: [] as string[] };
          let burst = { cls: 0, moved: [] as string[], first: 0, last: 0 };
          for (const e of entries.filter((x) => !x.hadRecentInput)) {
            if (burst.cls > 0 && (e.startTime - burst.last > 1000 || e.startTime - burst.first > 5000))
              burst = { cls: 0, moved: [], first: e.startTime, last: e.startTime };
            if (burst.cls === 0) burst.first = e.startTime;
            burst.cls += e.value;
            burst.last = e.startTime;
            for (const s of e.sources ?? []) {
              const el = s.node instanceof Element ? s.node : s.node?.parentElement;
              if (el)
                burst.moved.push(
                  `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].slice(0, 2).join('.')}`,
                );
            }
            if (burst.cls > best.cls) best = { cls: burst.cls, moved: [...burst.moved] };
          }
          return best;
        };
        const seen: Shift[] = [];
        const observer = new PerformanceObserver((list) => seen.push(...(list.getEntries() as Shift[])));
        observer.observe({ type: 'layout-shift', buffered: true });
        // the buffered entries come in the observer's first callback, a task later
        setTimeout(() => {
          observer.disconnect();
          resolve(judge(seen));
        }, 50);
      }),
  );
}

/** The page moved no more than a phone's target allows while it loaded (CLS at most 0.1). */
export async function expectStableLayout(page: Page): Promise<void> {
  const { cls, moved } = await layoutShift(page);
  expect(
    cls,
    `the layout shifted by ${cls.toFixed(3)} as the page loaded (moved: ${moved.join(', ')})`,
  ).toBeLessThanOrEqual(0.1);
}

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
  // legacy mode runs axe.run() in the page itself; the default runs each frame partly and finishes
  // in a blank page it opens and closes per analysis, which matters only for cross-origin frames
  // (axe then skips them): the app has none, and both modes found the same violations, every
  // impact, on the 30 pages of accessibility.spec.ts. The blank page cost about 1.3 s a check
  // (2.2 s against 0.9 s on /auth, docs/performance.md). The option is deprecated for axe 5: when it
  // goes, the default (and its blank page) comes back.
  let builder = new AxeBuilder({ page }).setLegacyMode(true);
  if (include) builder = builder.include(include);
  if (exclude) builder = builder.exclude(exclude);
  const { violations } = await builder.analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    'serious or critical accessibility violations',
  ).toEqual([]);
}
