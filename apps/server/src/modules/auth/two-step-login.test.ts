import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, TEXTS } from '@parlance/shared';
import { auditLog, passwordTokens, sessions, twoFactorRecoveryCodes, users } from '../../db/schema';
import { DEMO_PASSWORD, DEMO_STAFF, seedDemoData } from '../../db/seed/demo';
import { sha256 } from '../../platform/crypto';
import { authed, form, login, loginRequest, signUp, TEST_PASSWORD } from '../../test/auth-helpers';
import { CapturingMailer, createTestApp, type TestApp } from '../../test/harness';

// Two-step login that holds: a password link asks for the code before any session exists; recovery
// codes stand in for a code, once each; the move to a new app needs the old and the new code; staff
// can turn it off for a locked-out customer.

let t: TestApp;
const mailer = new CapturingMailer();
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://parlance.example' }, { mailer });
  await seedDemoData(t.database.db, { storage: t.app.deps.storage });
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Brand-new2!';
const codeFor = (secret: string, offsetMs = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: t.clock.now().getTime() + offsetMs });
const wrongCode = (secret: string) => (codeFor(secret) === '123456' ? '654321' : '123456');

/** A new user with two-step login on: its secret and its ten recovery codes. */
async function withTwoStep(): Promise<{
  u: Awaited<ReturnType<typeof signUp>>;
  secret: string;
  recoveryCodes: string[];
}> {
  const u = await signUp(t.app);
  const { secret } = (await authed(t.app, u).get('/api/2/auth/2fa')).json().results;
  const on = await authed(t.app, u).post('/api/2/account/2fa', { code: codeFor(secret) });
  expect(on.statusCode).toBe(200);
  // the next 30-second step, so that sign-in codes are not the one just used
  t.clock.advance(30_000);
  return { u, secret, recoveryCodes: on.json().results.recoveryCodes };
}

async function mailedToken(email: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/2/account/auth/password/resetPasswordToken',
    ...form({ email }),
  });
  expect(res.statusCode).toBe(200);
  const link = mailer.last(email)?.text.match(/https?:\/\/\S+/)?.[0];
  const token = link && new URL(link).searchParams.get('token');
  if (!token) throw new Error('no link mailed');
  return token;
}

const setPassword = (token: string, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/2/account/auth/password?token=${encodeURIComponent(token)}`,
    ...form({ password: NEW_PASSWORD, password_verify: NEW_PASSWORD, ...extra }),
  });

const hasSessionCookie = (res: { cookies: { name: string }[] }) => res.cookies.some((c) => c.name === SESSION_COOKIE);
const userRow = async (id: number) => (await t.app.deps.db.select().from(users).where(eq(users.id, id)))[0];
const sessionCount = async (id: number) =>
  (await t.app.deps.db.select().from(sessions).where(eq(sessions.userId, id))).length;

describe('a password link for an account with two-step login', () => {
  it('asks for the code before changing anything or starting a session, then spends the link', async () => {
    const { u, secret } = await withTwoStep();
    const before = (await userRow(u.user.id)).passwordHash;
    const token = await mailedToken(u.email);

    const asks = await setPassword(token);
    expect(asks.statusCode).toBe(417);
    expect(asks.json().message).toBe(TEXTS.twoFactorRequired);
    expect(hasSessionCookie(asks)).toBe(false);
    expect((await userRow(u.user.id)).passwordHash).toBe(before);
    // the old session lives on and the link still works until the code is given
    expect(await sessionCount(u.user.id)).toBe(1);

    const wrong = await setPassword(token, { twoFactorAuthCode: wrongCode(secret) });
    expect(wrong.statusCode).toBe(417);
    expect(wrong.json().message).toBe(TEXTS.twoFactorInvalid);
    expect(hasSessionCookie(wrong)).toBe(false);
    expect((await userRow(u.user.id)).passwordHash).toBe(before);

    const done = await setPassword(token, { twoFactorAuthCode: codeFor(secret) });
    expect(done.statusCode).toBe(200);
    expect(hasSessionCookie(done)).toBe(true);
    expect((await userRow(u.user.id)).passwordHash).not.toBe(before);
    // the new password signs in (with a code), the old one does not
    t.clock.advance(30_000);
    expect((await loginRequest(t.app, u.email, TEST_PASSWORD, { twoFactorAuthCode: codeFor(secret) })).statusCode).toBe(
      401,
    );
    expect((await loginRequest(t.app, u.email, NEW_PASSWORD, { twoFactorAuthCode: codeFor(secret) })).statusCode).toBe(
      200,
    );

    t.clock.advance(30_000);
    const again = await setPassword(token, { twoFactorAuthCode: codeFor(secret) });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(TEXTS.resetTokenInvalid);
  });

  it('takes a recovery code in place of the app code, once', async () => {
    const { u, recoveryCodes } = await withTwoStep();
    const token = await mailedToken(u.email);
    const done = await setPassword(token, { twoFactorAuthCode: recoveryCodes[3].toUpperCase() });
    expect(done.statusCode).toBe(200);
    const second = await mailedToken(u.email);
    const reused = await setPassword(second, { twoFactorAuthCode: recoveryCodes[3] });
    expect(reused.statusCode).toBe(417);
    expect(reused.json().message).toBe(TEXTS.twoFactorInvalid);
  });

  it('spends the link after five wrong codes', async () => {
    const { u, secret } = await withTwoStep();
    const token = await mailedToken(u.email);
    for (let i = 0; i < 5; i++) {
      expect((await setPassword(token, { twoFactorAuthCode: wrongCode(secret) })).statusCode).toBe(417);
    }
    const [row] = await t.app.deps.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.tokenHash, sha256(token)));
    expect(row.usedAt).not.toBeNull();
    const late = await setPassword(token, { twoFactorAuthCode: codeFor(secret) });
    expect(late.statusCode).toBe(400);
    expect(hasSessionCookie(late)).toBe(false);
  });

  it('still signs in at once an account without two-step login', async () => {
    const u = await signUp(t.app);
    const res = await setPassword(await mailedToken(u.email));
    expect(res.statusCode).toBe(200);
    expect(hasSessionCookie(res)).toBe(true);
  });
});

describe('recovery codes', () => {
  it('are ten, stored only as digests, and each signs in once', async () => {
    const { u, recoveryCodes } = await withTwoStep();
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const stored = await t.app.deps.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, u.user.id));
    expect(stored).toHaveLength(10);
    expect(stored.map((r) => r.codeHash)).not.toContain(recoveryCodes[0]);

    const first = await loginRequest(t.app, u.email, TEST_PASSWORD, { twoFactorAuthCode: recoveryCodes[0] });
    expect(first.statusCode).toBe(200);
    const again = await loginRequest(t.app, u.email, TEST_PASSWORD, { twoFactorAuthCode: recoveryCodes[0] });
    expect(again.statusCode).toBe(417);
    expect(again.json().message).toBe(TEXTS.twoFactorInvalid);

    const left = await authed(t.app, u).get('/api/2/account/2fa/recovery-codes');
    expect(left.json()).toEqual({ results: { enabled: true, recoveryCodesLeft: 9 } });
  });

  it('are spent once when two sign-ins race with the same one', async () => {
    const { u, recoveryCodes } = await withTwoStep();
    const answers = await Promise.all([
      loginRequest(t.app, u.email, TEST_PASSWORD, { twoFactorAuthCode: recoveryCodes[1] }),
      loginRequest(t.app, u.email, TEST_PASSWORD, { twoFactorAuthCode: recoveryCodes[1] }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 417]);
  });

  it('are regenerated with a current app code only, and the old ones stop working', async () => {
    const { u, secret, recoveryCodes } = await withTwoStep();
    const noCode = await authed(t.app, u).post('/api/2/account/2fa/recovery-codes', {});
    expect(noCode.statusCode).toBe(400);
    const withRecovery = await authed(t.app, u).post('/api/2/account/2fa/recovery-codes', { code: recoveryCodes[0] });
    expect(withRecovery.statusCode).toBe(400);
    const res = await authed(t.app, u).post('/api/2/account/2fa/recovery-codes', { code: codeFor(secret) });
    expect(res.statusCode).toBe(200);
    const fresh: string[] = res.json().results.recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);
    expect(
      (await loginRequest(t.app, u.email, TEST_PASSWORD, { twoFactorAuthCode: recoveryCodes[0] })).statusCode,
    ).toBe(417);
    expect((await loginRequest(t.app, u.email, TEST_PASSWORD, { twoFactorAuthCode: fresh[0] })).statusCode).toBe(200);
  });
});

describe('reset with the old and the new code', () => {
  it('moves two-step login to a new app; the old app stops working', async () => {
    const { u, secret } = await withTwoStep();
    const started = await authed(t.app, u).post('/api/2/account/2fa/new-secret');
    expect(started.statusCode).toBe(200);
    const next: string = started.json().results.secret;
    expect(next).not.toBe(secret);
    // shown again until confirmed, and nothing changed yet
    expect((await authed(t.app, u).post('/api/2/account/2fa/new-secret')).json().results.secret).toBe(next);
    expect((await userRow(u.user.id)).totpSecret).toBe(secret);

    const badNew = await authed(t.app, u).post('/api/2/account/2fa/reset', {
      code: codeFor(secret),
      new_code: wrongCode(next),
    });
    expect(badNew.statusCode).toBe(400);
    expect(badNew.json().errors).toEqual({ new_code: TEXTS.twoFactorNewCodeInvalid });
    const badOld = await authed(t.app, u).post('/api/2/account/2fa/reset', {
      code: wrongCode(secret),
      new_code: codeFor(next),
    });
    expect(badOld.statusCode).toBe(400);

    const moved = await authed(t.app, u).post('/api/2/account/2fa/reset', {
      code: codeFor(secret),
      new_code: codeFor(next),
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ results: { enabled: true } });
    expect(await userRow(u.user.id)).toMatchObject({ totpEnabled: true, totpSecret: next, totpPendingSecret: null });
    t.clock.advance(30_000);
    expect((await loginRequest(t.app, u.email, TEST_PASSWORD, { twoFactorAuthCode: codeFor(secret) })).statusCode).toBe(
      417,
    );
    expect((await loginRequest(t.app, u.email, TEST_PASSWORD, { twoFactorAuthCode: codeFor(next) })).statusCode).toBe(
      200,
    );
  });

  it('takes a recovery code for the old app (a lost phone), and still turns off with one code', async () => {
    const { u, recoveryCodes } = await withTwoStep();
    const next = (await authed(t.app, u).post('/api/2/account/2fa/new-secret')).json().results.secret;
    const moved = await authed(t.app, u).post('/api/2/account/2fa/reset', {
      code: recoveryCodes[0],
      new_code: codeFor(next),
    });
    expect(moved.statusCode).toBe(200);
    const off = await authed(t.app, u).post('/api/2/account/2fa/reset', { code: codeFor(next) });
    expect(off.json()).toEqual({ results: { enabled: false } });
    const stored = await t.app.deps.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, u.user.id));
    expect(stored).toHaveLength(0);
  });
});

describe('staff reset for a locked-out customer', () => {
  const staff = (group: string) => login(t.app, DEMO_STAFF.find((s) => s.acl === group)?.email ?? '', DEMO_PASSWORD);

  it('turns two-step login off, ends every session, mails the user without a sign-in link, and audits', async () => {
    const { u, recoveryCodes } = await withTwoStep();
    // a second session, on another browser
    await login(t.app, u.email, TEST_PASSWORD, { twoFactorAuthCode: recoveryCodes[0] });
    expect(await sessionCount(u.user.id)).toBe(2);
    const support = await staff('role.support');
    const res = await authed(t.app, support).post(`/api/2/admin/users/${u.user.id}/2fa/reset`, {
      reason: 'Lost phone; identity checked by video call',
    });
    expect(res.statusCode).toBe(200);
    expect(await userRow(u.user.id)).toMatchObject({ totpEnabled: false, totpSecret: null });
    expect(await sessionCount(u.user.id)).toBe(0);
    expect((await authed(t.app, u).get('/api/2/account')).statusCode).toBe(401);

    const mail = mailer.last(u.email);
    expect(mail?.subject).toBe(TEXTS.twoFactorStaffResetSubject);
    expect(mail?.text).not.toMatch(/https?:\/\//);
    expect(mail?.text).not.toMatch(/token|\b\d{6}\b/i);

    const [row] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admin.2fa_reset'), eq(auditLog.targetId, String(u.user.id))));
    expect(row.actorId).toBe(support.user.id);
    expect(row.details).toMatchObject({ reason: 'Lost phone; identity checked by video call' });

    // signs in with the password alone now
    expect((await loginRequest(t.app, u.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('is refused to staff without users.act, to customers, and for staff accounts', async () => {
    const { u } = await withTwoStep();
    const moderator = await staff('role.moderation');
    const url = `/api/2/admin/users/${u.user.id}/2fa/reset`;
    expect((await authed(t.app, moderator).post(url, { reason: 'because' })).statusCode).toBe(403);
    const other = await signUp(t.app);
    expect((await authed(t.app, other).post(url, { reason: 'because' })).statusCode).toBe(404);
    const support = await staff('role.support');
    const [adminRow] = await t.app.deps.db.select().from(users).where(eq(users.email, 'admin@parlance.test'));
    expect(
      (await authed(t.app, support).post(`/api/2/admin/users/${adminRow.id}/2fa/reset`, { reason: 'because' }))
        .statusCode,
    ).toBe(404);
    expect((await authed(t.app, support).post(url, {})).statusCode).toBe(400);
    expect((await userRow(u.user.id)).totpEnabled).toBe(true);
  });
});
