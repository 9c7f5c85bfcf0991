import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { eq } from 'drizzle-orm';
import type { InjectOptions, Response } from 'light-my-request';
import { CSRF_HEADER, SESSION_COOKIE, type UserData } from '@parlance/shared';
import type { App } from '../platform/services';
import { sessions } from '../db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../db/seed/demo';
import { type CaptchaChallenge, encodeCaptchaPayload } from '../platform/captcha';
import { sha256 } from '../platform/crypto';

// Helpers for API tests of every area: sign up, sign in, and call the API as that person.

/** A signed-in browser: the session cookie, its CSRF token and the user data the server answered. */
export interface TestSession {
  /** the `Cookie` header value, e.g. `sid=...` */
  cookie: string;
  csrf: string;
  user: UserData;
}

/** Encodes fields as the web app posts them (application/x-www-form-urlencoded). */
export function form(fields: Record<string, string | number | boolean | undefined | null>): {
  payload: string;
  headers: Record<string, string>;
} {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null) params.append(k, String(v));
  return { payload: params.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}

let counter = 0;
/** A unique e-mail address for this test process. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${process.pid}.${Date.now()}.${counter}@example.test`;
}

export const TEST_PASSWORD = 'Secret-pass1';

export interface SignUpInput {
  full_name?: string;
  user_email?: string;
  pwd?: string;
  user_type?: 'client' | 'translator';
  user_country?: string;
  company_name?: string;
  phone?: string;
  agree_terms?: string;
  captcha_response?: string;
  captcha_service?: string;
  registrationPage?: string;
  /** a referral code (the partner program's /auth?ref=CODE) */
  ref?: string;
}

/** The signup form with good defaults; override any field. Does not solve a captcha by itself. */
export function signUpForm(input: SignUpInput = {}): Record<string, string> {
  return {
    full_name: 'Test Person',
    user_email: uniqueEmail(),
    pwd: TEST_PASSWORD,
    action: 'reg',
    agree_terms: '1',
    user_type: 'client',
    user_country: 'US',
    company_name: 'Test Co',
    captcha_service: 'recaptcha',
    registrationPage: '/auth',
    ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
  };
}

/**
 * Registers a new account through POST /userService/addAccountInfo and returns its session
 * (signup signs the user in). Solves a captcha when the app requires one. Throws unless it worked.
 */
export async function signUp(
  app: App,
  input: SignUpInput = {},
): Promise<TestSession & { email: string; password: string }> {
  const fields = signUpForm(input);
  if (app.deps.config.captcha && input.captcha_response === undefined)
    fields.captcha_response = await solveCaptcha(app);
  const res = await app.inject({ method: 'POST', url: '/userService/addAccountInfo', ...form(fields) });
  if (res.statusCode !== 200) throw new Error(`signUp failed: ${res.statusCode} ${res.body}`);
  return { ...(await sessionOf(app, res)), email: fields.user_email, password: fields.pwd };
}

/** Signs in through POST /api/2/account/auth/login. Throws unless it worked. */
export async function login(
  app: App,
  email: string,
  password: string,
  extra: { twoFactorAuthCode?: string } = {},
): Promise<TestSession> {
  const res = await loginRequest(app, email, password, extra);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return sessionOf(app, res);
}

/** The raw sign-in answer, for tests of the sign-in itself. */
export async function loginRequest(
  app: App,
  email: string,
  password: string,
  extra: { twoFactorAuthCode?: string; captcha_response?: string; cookie?: string } = {},
): Promise<Response> {
  const captcha = extra.captcha_response ?? (app.deps.config.captcha ? await solveCaptcha(app) : undefined);
  const body = form({
    username: email,
    pwd: password,
    twoFactorAuthCode: extra.twoFactorAuthCode,
    captcha_response: captcha,
    captcha_service: 'recaptcha',
  });
  return app.inject({
    method: 'POST',
    url: '/api/2/account/auth/login',
    payload: body.payload,
    headers: { ...body.headers, ...(extra.cookie ? { cookie: extra.cookie } : {}) },
  });
}

/** Signs in as one of the demo accounts (call seedDemoData(app.deps.db, { passwordHashing: 'fast' }) first). */
export function loginDemo(app: App, kind: (typeof DEMO_ACCOUNTS)[number]['type']): Promise<TestSession> {
  const account = DEMO_ACCOUNTS.find((a) => a.type === kind);
  if (!account) throw new Error(`no demo account of type ${kind}`);
  return login(app, account.email, DEMO_PASSWORD);
}

/** The session a sign-in or signup answer started: its cookie and the CSRF token stored with it. */
export async function sessionOf(app: App, res: Response): Promise<TestSession> {
  const sid = res.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
  if (!sid) throw new Error(`no session cookie in the answer: ${res.statusCode} ${res.body}`);
  const [row] = await app.deps.db
    .select()
    .from(sessions)
    .where(eq(sessions.idHash, sha256(sid)));
  if (!row) throw new Error('the session cookie has no session row');
  const body = res.json() as { user: UserData };
  return { cookie: `${SESSION_COOKIE}=${sid}`, csrf: row.csrfToken, user: body.user };
}

/** Calls the API as a signed-in browser would: with the cookie and the CSRF header. */
export function authed(app: App, session: Pick<TestSession, 'cookie' | 'csrf'>) {
  const headers = { cookie: session.cookie, [CSRF_HEADER]: session.csrf };
  const inject = (opts: InjectOptions) =>
    app.inject({ ...opts, headers: { ...headers, ...(opts.headers as Record<string, string> | undefined) } });
  return {
    inject,
    get: (url: string) => inject({ method: 'GET', url }),
    /** form-encoded POST, as the web app sends most calls */
    post: (url: string, fields: Record<string, string | number | boolean | undefined | null> = {}) =>
      inject({ method: 'POST', url, ...form(fields) }),
    /** JSON POST */
    postJson: (url: string, body: unknown) => inject({ method: 'POST', url, payload: body as object }),
    delete: (url: string) => inject({ method: 'DELETE', url }),
  };
}

/** Fetches a challenge from GET /api/2/captcha/challenge and solves it, as the browser widget does. */
export async function solveCaptcha(app: App): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/2/captcha/challenge' });
  if (res.statusCode !== 200) throw new Error(`captcha challenge failed: ${res.statusCode} ${res.body}`);
  const challenge = res.json() as CaptchaChallenge;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 10_000 });
  if (!solution) throw new Error('could not solve the captcha challenge');
  return encodeCaptchaPayload({
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  });
}
