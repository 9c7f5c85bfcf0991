import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@parlance/shared';
import { auditLog, sessions, users } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { authed, form, login, loginDemo, loginRequest, signUp } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { demo: true });
});
afterAll(() => t.close());

const post = (fields: Record<string, string | undefined>) =>
  t.app.inject({ method: 'POST', url: '/api/2/account/auth/login', ...form(fields) });

describe('POST /api/2/account/auth/login', () => {
  it('signs in a demo customer and answers the user data', async () => {
    const res = await loginRequest(t.app, 'customer@parlance.test', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'OK',
      user: { email: 'customer@parlance.test', type: 'customer', isAdmin: false, hasPassword: true },
    });
    const sid = res.cookies.find((c) => c.name === 'sid');
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('treats the e-mail without regard to case and accepts full_name as the e-mail field', async () => {
    const res = await post({ full_name: 'CUSTOMER@Parlance.test', pwd: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('customer@parlance.test');
  });

  it('accepts JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/2/account/auth/login',
      payload: { username: 'translator@parlance.test', pwd: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.type).toBe('translator');
  });

  it('answers [username] when the e-mail is missing and [password] when the password is', async () => {
    const noUser = await post({ pwd: 'x' });
    expect(noUser.statusCode).toBe(400);
    expect(noUser.json().message).toBe(`[username] ${TEXTS.loginEmailRequired}`);
    const noPassword = await post({ username: 'customer@parlance.test' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().message).toBe(`[password] ${TEXTS.loginPasswordRequired}`);
    expect(noPassword.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const wrong = await post({ username: 'customer@parlance.test', pwd: 'Wrong-pass1' });
    const unknown = await post({ username: 'nobody@parlance.test', pwd: 'Wrong-pass1' });
    const malformed = await post({ username: 'not-an-email', pwd: 'Wrong-pass1' });
    for (const res of [wrong, unknown, malformed]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        status: 'ERROR',
        message: TEXTS.incorrectCredentials,
        requestId: expect.any(String),
      });
      expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    }
  });

  it('refuses a password sign-in for an account that has no password yet', async () => {
    const [user] = await t.app.deps.db
      .insert(users)
      .values({ type: 'customer', email: 'nopass@example.test', name: 'No Pass', passwordHash: null })
      .returning();
    const res = await post({ username: user.email, pwd: '' });
    expect(res.statusCode).toBe(400);
    const guess = await post({ username: user.email, pwd: 'Anything-1' });
    expect(guess.statusCode).toBe(401);
  });

  it('rotates the session: the cookie from before sign-in no longer works', async () => {
    const first = await loginDemo(t.app, 'customer');
    const res = await loginRequest(t.app, 'customer@parlance.test', DEMO_PASSWORD, { cookie: first.cookie });
    // the browser holds a session, so even sign-in must carry its CSRF token
    expect(res.statusCode).toBe(403);
    const again = await authed(t.app, first).post('/api/2/account/auth/login', {
      username: 'translator@parlance.test',
      pwd: DEMO_PASSWORD,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().user.type).toBe('translator');
    const newSid = again.cookies.find((c) => c.name === 'sid')?.value;
    expect(`sid=${newSid}`).not.toBe(first.cookie);
    expect((await authed(t.app, first).get('/api/2/account')).statusCode).toBe(401);
    const fresh = await t.app.inject({ method: 'GET', url: '/api/2/account', headers: { cookie: `sid=${newSid}` } });
    expect(fresh.json().results.email).toBe('translator@parlance.test');
  });

  it('writes an audit row for each sign-in', async () => {
    const session = await signUp(t.app);
    await login(t.app, session.email, session.password);
    const rows = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, session.user.id), eq(auditLog.action, 'auth.login')));
    expect(rows).toHaveLength(2); // the signup's sign-in and this one
  });
});

describe('two-step sign-in', () => {
  async function userWithTwoFactor() {
    const session = await signUp(t.app);
    const setup = await authed(t.app, session).get('/api/2/auth/2fa');
    const secret = setup.json().results.secret as string;
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    const on = await authed(t.app, session).post('/api/2/account/2fa', {
      code: totp.generate({ timestamp: t.clock.now().getTime() }),
    });
    expect(on.statusCode).toBe(200);
    return { ...session, totp };
  }

  it('asks for the code with 417, then signs in with a real code', async () => {
    const u = await userWithTwoFactor();
    const first = await loginRequest(t.app, u.email, u.password);
    expect(first.statusCode).toBe(417);
    expect(first.json().message).toBe(TEXTS.twoFactorRequired);
    expect(first.cookies.find((c) => c.name === 'sid')).toBeUndefined();

    t.clock.advance(30_000); // the next step, so the code differs from the one used to turn it on
    const code = u.totp.generate({ timestamp: t.clock.now().getTime() });
    const res = await loginRequest(t.app, u.email, u.password, { twoFactorAuthCode: code });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.twoFactorEnabled).toBe(true);
  });

  it('refuses a wrong code with 417 and the invalid-code text', async () => {
    const u = await userWithTwoFactor();
    const now = t.clock.now().getTime();
    const right = u.totp.generate({ timestamp: now });
    const wrong = right === '000000' ? '111111' : '000000';
    const res = await loginRequest(t.app, u.email, u.password, { twoFactorAuthCode: wrong });
    expect(res.statusCode).toBe(417);
    expect(res.json().message).toBe(TEXTS.twoFactorInvalid);
  });

  it('accepts the code of the previous step and refuses one two steps old', async () => {
    const u = await userWithTwoFactor();
    const now = t.clock.now().getTime();
    const previous = u.totp.generate({ timestamp: now - 30_000 });
    const older = u.totp.generate({ timestamp: now - 90_000 });
    const current = u.totp.generate({ timestamp: now });
    if (older !== previous && older !== current) {
      const old = await loginRequest(t.app, u.email, u.password, { twoFactorAuthCode: older });
      expect(old.statusCode).toBe(417);
    }
    const ok = await loginRequest(t.app, u.email, u.password, { twoFactorAuthCode: previous });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses the same code a second time', async () => {
    const u = await userWithTwoFactor();
    t.clock.advance(30_000);
    const code = u.totp.generate({ timestamp: t.clock.now().getTime() });
    expect((await loginRequest(t.app, u.email, u.password, { twoFactorAuthCode: code })).statusCode).toBe(200);
    const replay = await loginRequest(t.app, u.email, u.password, { twoFactorAuthCode: code });
    expect(replay.statusCode).toBe(417);
    expect(replay.json().message).toBe(TEXTS.twoFactorInvalid);
  });

  it('answers 401, not 417, when the password is wrong (the code step reveals nothing)', async () => {
    const u = await userWithTwoFactor();
    const res = await loginRequest(t.app, u.email, 'Wrong-pass1');
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/logout', () => {
  it('ends the session: the cookie no longer works and the row is gone', async () => {
    const session = await loginDemo(t.app, 'customer');
    const res = await authed(t.app, session).get('/api/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'OK' });
    const cleared = res.cookies.find((c) => c.name === 'sid');
    expect(cleared?.value).toBe('');
    expect((await authed(t.app, session).get('/api/2/account')).statusCode).toBe(401);
    const [logout] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, session.user.id), eq(auditLog.action, 'auth.logout')));
    expect(logout).toBeDefined();
  });

  it('needs the CSRF token with the cookie: missing or forged is refused and the session stays', async () => {
    const session = await loginDemo(t.app, 'customer');
    const missing = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie: session.cookie } });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().message).toBe(TEXTS.csrfInvalid);
    const forged = await authed(t.app, { cookie: session.cookie, csrf: 'forged-token' }).get('/api/logout');
    expect(forged.statusCode).toBe(403);
    expect((await authed(t.app, session).get('/api/2/account')).statusCode).toBe(200);
  });

  it('answers OK to a guest', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/logout' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'OK' });
  });
});

describe('CSRF and origin on state-changing calls', () => {
  it('refuses a POST with the cookie but without, or with a wrong, CSRF token', async () => {
    const session = await signUp(t.app);
    const body = form({ full_name: 'Changed Name' });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/userService/updateRegisterInfo',
      payload: body.payload,
      headers: { ...body.headers, cookie: session.cookie },
    });
    expect(missing.statusCode).toBe(403);
    const forged = await authed(t.app, { cookie: session.cookie, csrf: `${session.csrf}x` }).post(
      '/userService/updateRegisterInfo',
      { full_name: 'Changed Name' },
    );
    expect(forged.statusCode).toBe(403);
    const [row] = await t.app.deps.db.select().from(users).where(eq(users.id, session.user.id));
    expect(row.name).toBe(session.user.name);
  });

  it('refuses a sign-in posted from another site', async () => {
    const body = form({ username: 'customer@parlance.test', pwd: DEMO_PASSWORD });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/2/account/auth/login',
      payload: body.payload,
      headers: { ...body.headers, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('accepts a sign-in posted from the same origin', async () => {
    const body = form({ username: 'customer@parlance.test', pwd: DEMO_PASSWORD });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/2/account/auth/login',
      payload: body.payload,
      headers: { ...body.headers, origin: 'http://parlance.test', host: 'parlance.test' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('sessions table', () => {
  it('keeps only the hash of the session id', async () => {
    const session = await login(t.app, 'admin@parlance.test', DEMO_PASSWORD);
    const sid = session.cookie.replace('sid=', '');
    const rows = await t.app.deps.db.select().from(sessions).where(eq(sessions.idHash, sid));
    expect(rows).toHaveLength(0);
    const [own] = await t.app.deps.db.select().from(sessions).where(eq(sessions.userId, session.user.id));
    expect(own.idHash).toMatch(/^[0-9a-f]{64}$/);
  });
});
