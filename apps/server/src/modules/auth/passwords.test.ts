import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, TEXTS } from '@parlance/shared';
import { auditLog, passwordTokens, sessions, users } from '../../db/schema';
import { sha256 } from '../../platform/crypto';
import { authed, form, loginRequest, sessionOf, signUp } from '../../test/auth-helpers';
import { CapturingMailer, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
const mailer = new CapturingMailer();
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://parlance.example' }, { mailer });
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Brand-new2!';

const requestReset = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/2/account/auth/password/resetPasswordToken', ...form({ email }) });
const checkToken = async (token: string) =>
  (await t.app.inject({ method: 'POST', url: '/ajax/user/checkToken', ...form({ token }) })).json().isTokenValid;
const setPassword = (token: string, password: string, verify = password) =>
  t.app.inject({
    method: 'POST',
    url: `/api/2/account/auth/password?token=${encodeURIComponent(token)}`,
    ...form({ password, password_verify: verify, captcha_service: 'recaptcha' }),
  });

/** The token of the last link mailed to this address. */
function mailedToken(to: string): { token: string; link: string } {
  const mail = mailer.last(to);
  if (!mail) throw new Error(`no mail to ${to}`);
  const link = mail.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error('no link in the mail');
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error('no token in the link');
  return { token, link };
}

describe('password reset by mail', () => {
  it('mails a one-hour link, and the link sets a new password and signs the user in', async () => {
    const u = await signUp(t.app);
    const res = await requestReset(u.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'OK' });

    const mail = mailer.last(u.email);
    expect(mail?.subject).toMatch(/reset/i);
    expect(mail?.html).toContain('href="https://parlance.example/auth/resetPassword?token=');
    const { token, link } = mailedToken(u.email);
    expect(link.startsWith('https://parlance.example/auth/resetPassword?token=')).toBe(true);

    // only the hash is stored, for one hour
    const [row] = await t.app.deps.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.tokenHash, sha256(token)));
    expect(row).toMatchObject({ userId: u.user.id, purpose: 'reset', usedAt: null });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(LIMITS.resetTokenTtlMs);
    expect(await t.app.deps.db.select().from(passwordTokens).where(eq(passwordTokens.tokenHash, token))).toHaveLength(
      0,
    );

    expect(await checkToken(token)).toBe(true);
    const done = await setPassword(token, NEW_PASSWORD);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'OK', user: { id: u.user.id, email: u.email } });

    // signed in with the new session; the session from before the reset is gone
    const fresh = await sessionOf(t.app, done);
    expect((await authed(t.app, fresh).get('/api/2/account')).statusCode).toBe(200);
    expect((await authed(t.app, u).get('/api/2/account')).statusCode).toBe(401);
    const remaining = await t.app.deps.db.select().from(sessions).where(eq(sessions.userId, u.user.id));
    expect(remaining).toHaveLength(1);

    expect((await loginRequest(t.app, u.email, u.password)).statusCode).toBe(401);
    expect((await loginRequest(t.app, u.email, NEW_PASSWORD)).statusCode).toBe(200);
    const audits = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(u.user.id)));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['auth.password_reset_requested', 'auth.password_reset']),
    );
  });

  it('answers 404 with the spec text for an address that has no account', async () => {
    const res = await requestReset('nobody@example.test');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ errors: { email: TEXTS.emailNotInRecords } });
    expect(mailer.last('nobody@example.test')).toBeUndefined();
  });

  it('refuses a malformed or missing address with the format text', async () => {
    for (const email of ['not an email', '']) {
      const res = await requestReset(email);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ email: TEXTS.emailFormat });
    }
  });

  it('refuses a link a second time', async () => {
    const u = await signUp(t.app);
    await requestReset(u.email);
    const { token } = mailedToken(u.email);
    expect((await setPassword(token, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await checkToken(token)).toBe(false);
    const again = await setPassword(token, 'Another-pass3!');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(TEXTS.resetTokenInvalid);
    expect((await loginRequest(t.app, u.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous uses of a link win', async () => {
    const u = await signUp(t.app);
    await requestReset(u.email);
    const { token } = mailedToken(u.email);
    const answers = await Promise.all([setPassword(token, 'First-pass1!'), setPassword(token, 'Second-pass2!')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses a link after one hour', async () => {
    const u = await signUp(t.app);
    await requestReset(u.email);
    const { token } = mailedToken(u.email);
    t.clock.advance(LIMITS.resetTokenTtlMs + 1000);
    expect(await checkToken(token)).toBe(false);
    const res = await setPassword(token, NEW_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TEXTS.resetTokenInvalid);
    expect((await loginRequest(t.app, u.email, u.password)).statusCode).toBe(200);
  });

  it('ends older links when a newer one is used', async () => {
    const u = await signUp(t.app);
    await requestReset(u.email);
    const older = mailedToken(u.email).token;
    await requestReset(u.email);
    const newer = mailedToken(u.email).token;
    expect(older).not.toBe(newer);
    expect((await setPassword(newer, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await checkToken(older)).toBe(false);
  });

  it('refuses a weak or mismatched password, and keeps the link usable', async () => {
    const u = await signUp(t.app);
    await requestReset(u.email);
    const { token } = mailedToken(u.email);
    const weak = await setPassword(token, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toEqual({ password: TEXTS.passwordRules.length });
    const mismatch = await setPassword(token, NEW_PASSWORD, 'Something-else1!');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual({ password_verify: TEXTS.passwordsDoNotMatch });
    expect(await checkToken(token)).toBe(true);
  });

  it('refuses made-up and missing tokens', async () => {
    expect(await checkToken('made-up')).toBe(false);
    expect(await checkToken('')).toBe(false);
    const res = await setPassword('made-up', NEW_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TEXTS.resetTokenInvalid);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/2/account/auth/password',
      ...form({ password: NEW_PASSWORD, password_verify: NEW_PASSWORD }),
    });
    expect(none.statusCode).toBe(400);
  });
});

describe('accounts without a password', () => {
  async function passwordlessUser() {
    const u = await signUp(t.app);
    await t.app.deps.db.update(users).set({ passwordHash: null }).where(eq(users.id, u.user.id));
    return u;
  }

  it('sets the first password of a signed-in user', async () => {
    const u = await passwordlessUser();
    const me = await authed(t.app, u).get('/api/2/account');
    expect(me.json().results.hasPassword).toBe(false);
    const res = await authed(t.app, u).post('/api/2/account/auth/first-password/setup', {
      password: NEW_PASSWORD,
      password_verify: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.hasPassword).toBe(true);
    expect((await loginRequest(t.app, u.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a first password when there already is one, and a weak one', async () => {
    const u = await signUp(t.app);
    const res = await authed(t.app, u).post('/api/2/account/auth/first-password/setup', {
      password: NEW_PASSWORD,
      password_verify: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TEXTS.passwordAlreadySet);
    expect((await loginRequest(t.app, u.email, u.password)).statusCode).toBe(200);

    const p = await passwordlessUser();
    const weak = await authed(t.app, p).post('/api/2/account/auth/first-password/setup', {
      password: 'abc',
      password_verify: 'abc',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.password).toBe(TEXTS.passwordRules.length);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/2/account/auth/first-password/setup',
      ...form({ password: NEW_PASSWORD, password_verify: NEW_PASSWORD }),
    });
    expect(res.statusCode).toBe(401);
  });

  it('mails a create-password link that sets the password through the same endpoint', async () => {
    const u = await passwordlessUser();
    const res = await authed(t.app, u).post('/api/2/account/auth/send-password-link');
    expect(res.statusCode).toBe(200);
    const { token, link } = mailedToken(u.email);
    expect(link).toMatch(/^https:\/\/parlance\.example\/auth\/resetPassword\?token=[^&]+&create=1$/);
    const [row] = await t.app.deps.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.tokenHash, sha256(token)));
    expect(row.purpose).toBe('create');
    const done = await setPassword(token, NEW_PASSWORD);
    expect(done.statusCode).toBe(200);
    expect(done.json().user.hasPassword).toBe(true);
  });

  it('sends no link to a user who has a password', async () => {
    const u = await signUp(t.app);
    const before = mailer.sent.length;
    const res = await authed(t.app, u).post('/api/2/account/auth/send-password-link');
    expect(res.statusCode).toBe(409);
    expect(mailer.sent.length).toBe(before);
  });
});
