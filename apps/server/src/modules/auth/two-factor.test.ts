import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@parlance/shared';
import { auditLog, sessions, users } from '../../db/schema';
import { randomToken, sha256 } from '../../platform/crypto';
import { authed, signUp, type TestSession } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const codeFor = (secret: string, offsetMs = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: t.clock.now().getTime() + offsetMs });
const wrongCode = (secret: string) => (codeFor(secret) === '123456' ? '654321' : '123456');

async function setup(u: TestSession) {
  const res = await authed(t.app, u).get('/api/2/auth/2fa');
  expect(res.statusCode).toBe(200);
  return res.json().results as { secret: string; uri: string };
}

describe('two-step login settings', () => {
  it('gives a secret and otpauth URI, and turns on with a correct code', async () => {
    const u = await signUp(t.app);
    const { secret, uri } = await setup(u);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Parlance:/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain('issuer=Parlance');
    // shown again unchanged until confirmed
    expect((await setup(u)).secret).toBe(secret);

    const wrong = await authed(t.app, u).post('/api/2/account/2fa', { code: wrongCode(secret) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ code: TEXTS.twoFactorInvalid });
    const missing = await authed(t.app, u).post('/api/2/account/2fa', {});
    expect(missing.statusCode).toBe(400);

    const on = await authed(t.app, u).post('/api/2/account/2fa', { code: codeFor(secret) });
    expect(on.statusCode).toBe(200);
    expect(on.json().results.enabled).toBe(true);
    expect(on.json().results.recoveryCodes).toHaveLength(10);
    const [row] = await t.app.deps.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row.totpEnabled).toBe(true);
    const audits = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, u.user.id), eq(auditLog.action, 'auth.2fa_enabled')));
    expect(audits).toHaveLength(1);

    const again = await authed(t.app, u).get('/api/2/auth/2fa');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TEXTS.twoFactorAlreadyOn);
    expect(JSON.stringify(again.json())).not.toContain(secret);
  });

  it('refuses to turn on before a setup was started', async () => {
    const u = await signUp(t.app);
    const res = await authed(t.app, u).post('/api/2/account/2fa', { code: '123456' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TEXTS.twoFactorNotStarted);
  });

  it('turns off only with a correct code, and then forgets the secret', async () => {
    const u = await signUp(t.app);
    const { secret } = await setup(u);
    await authed(t.app, u).post('/api/2/account/2fa', { code: codeFor(secret) });

    const wrong = await authed(t.app, u).post('/api/2/account/2fa/reset', { code: wrongCode(secret) });
    expect(wrong.statusCode).toBe(400);
    let [row] = await t.app.deps.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row.totpEnabled).toBe(true);

    const off = await authed(t.app, u).post('/api/2/account/2fa/reset', { code: codeFor(secret) });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ results: { enabled: false } });
    [row] = await t.app.deps.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row).toMatchObject({ totpEnabled: false, totpSecret: null });
    const audits = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, u.user.id), eq(auditLog.action, 'auth.2fa_disabled')));
    expect(audits).toHaveLength(1);

    const offAgain = await authed(t.app, u).post('/api/2/account/2fa/reset', { code: codeFor(secret) });
    expect(offAgain.statusCode).toBe(409);
    // a new setup gets a new secret
    expect((await setup(u)).secret).not.toBe(secret);
  });

  it('accepts the code as a JSON number, leading zeros and all', async () => {
    const u = await signUp(t.app);
    const { secret } = await setup(u);
    // find a moment whose code starts with 0, so that the number loses a digit
    let offset = 0;
    while (!codeFor(secret, offset).startsWith('0')) offset += 30_000;
    t.clock.advance(offset);
    const res = await authed(t.app, u).postJson('/api/2/account/2fa', { code: Number(codeFor(secret)) });
    expect(res.statusCode).toBe(200);
  });

  it('is not available to a bearer token or a guest', async () => {
    const u = await signUp(t.app);
    const token = (await authed(t.app, u).get('/api/2/auth/token')).json().results.jwt.access_token as string;
    const viaBearer = await t.app.inject({
      method: 'GET',
      url: '/api/2/auth/2fa',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(viaBearer.statusCode).toBe(403);
    expect(viaBearer.json().message).toBe(TEXTS.ownerOnly);
    expect((await t.app.inject({ method: 'GET', url: '/api/2/auth/2fa' })).statusCode).toBe(401);
  });

  it('is not available to an admin acting as the user', async () => {
    const u = await signUp(t.app);
    const [admin] = await t.app.deps.db
      .insert(users)
      .values({ type: 'admin', isAdmin: true, email: 'acting-admin@example.test', name: 'Acting Admin' })
      .returning();
    // the session /manage/act would create: the user, with the admin to restore
    const sid = randomToken();
    const csrf = randomToken();
    await t.app.deps.db.insert(sessions).values({
      idHash: sha256(sid),
      userId: u.user.id,
      actingAdminId: admin.id,
      csrfToken: csrf,
      expiresAt: new Date(t.clock.now().getTime() + 60_000),
    });
    const acting = { cookie: `sid=${sid}`, csrf };
    const res = await authed(t.app, acting).get('/api/2/auth/2fa');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(TEXTS.ownerOnly);
    expect((await authed(t.app, acting).post('/api/2/account/2fa', { code: '123456' })).statusCode).toBe(403);
    const [row] = await t.app.deps.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row.totpSecret).toBeNull();
  });
});
