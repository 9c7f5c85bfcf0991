import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, TEXTS } from '@parlance/shared';
import { aclGroups, auditLog, userAclGroups, users } from '../../db/schema';
import { authed, loginDemo, signUp } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { demo: true });
});
afterAll(() => t.close());

const bearer = (token: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

describe('POST /userService/updateRegisterInfo', () => {
  it('updates name, country, company and phone of the signed-in user', async () => {
    const u = await signUp(t.app);
    const res = await authed(t.app, u).post('/userService/updateRegisterInfo', {
      full_name: "Mary-Ann O'Neil",
      user_country: 'fr',
      company_name: 'Neil & Co',
      phone: '+33 1 23',
    });
    expect(res.statusCode).toBe(400); // "+" is not allowed in a phone number
    expect(res.json().errors).toEqual({ phone: TEXTS.invalidPhone });

    const ok = await authed(t.app, u).post('/userService/updateRegisterInfo', {
      full_name: "Mary-Ann O'Neil",
      user_country: 'fr',
      company_name: 'Neil & Co',
      phone: '01 23 45',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({
      name: "Mary-Ann O'Neil",
      country: 'FR',
      billingAddress: { Company: 'Neil & Co' },
      phone: '01 23 45',
    });
  });

  it('refuses a bad name and an unknown country with field errors, changing nothing', async () => {
    const u = await signUp(t.app);
    const res = await authed(t.app, u).post('/userService/updateRegisterInfo', { full_name: 'X', user_country: 'ZZ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ full_name: TEXTS.incorrectFullName, user_country: TEXTS.invalidCountry });
    const [row] = await t.app.deps.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row.name).toBe(u.user.name);
  });

  it('switches a customer to translator together with the acl group', async () => {
    const u = await signUp(t.app);
    const res = await authed(t.app, u).post('/userService/updateRegisterInfo', { user_type: 'translator' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.type).toBe('translator');
    const groups = await t.app.deps.db
      .select({ name: aclGroups.name })
      .from(userAclGroups)
      .innerJoin(aclGroups, eq(aclGroups.id, userAclGroups.groupId))
      .where(eq(userAclGroups.userId, u.user.id));
    expect(groups.map((g) => g.name)).toEqual(['role.translator']);
  });

  it('keeps an admin an admin', async () => {
    const admin = await loginDemo(t.app, 'admin');
    const res = await authed(t.app, admin).post('/userService/updateRegisterInfo', { user_type: 'client' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.type).toBe('admin');
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/userService/updateRegisterInfo',
      payload: { full_name: 'A B' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(TEXTS.notSignedIn);
  });
});

describe('terms and policy', () => {
  it('records acceptance of the terms of service', async () => {
    const u = await signUp(t.app);
    await t.app.deps.db.update(users).set({ termsAcceptedAt: null }).where(eq(users.id, u.user.id));
    const refused = await authed(t.app, u).post('/api/2/accept-terms-of-service', { value: 'false' });
    expect(refused.statusCode).toBe(400);
    const res = await authed(t.app, u).post('/api/2/accept-terms-of-service', { value: '1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ results: { accepted: true } });
    const [row] = await t.app.deps.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row.termsAcceptedAt).not.toBeNull();
  });

  it('answers and records the privacy policy acceptance (a GET that needs the CSRF token)', async () => {
    const u = await signUp(t.app);
    await t.app.deps.db.update(users).set({ policyAcceptedAt: null }).where(eq(users.id, u.user.id));
    const before = await authed(t.app, u).get('/api/2/user/checkPolicyTermsConditions');
    expect(before.json()).toEqual({ results: { accepted: false } });

    const noCsrf = await t.app.inject({
      method: 'GET',
      url: '/api/2/user/updatePolicyTermsConditions',
      headers: { cookie: u.cookie },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect((await authed(t.app, u).get('/api/2/user/checkPolicyTermsConditions')).json().results.accepted).toBe(false);

    const update = await authed(t.app, u).get('/api/2/user/updatePolicyTermsConditions');
    expect(update.statusCode).toBe(200);
    const after = await authed(t.app, u).get('/api/2/user/checkPolicyTermsConditions');
    expect(after.json()).toEqual({ results: { accepted: true } });
    const rows = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, u.user.id), eq(auditLog.action, 'account.policy_accepted')));
    expect(rows).toHaveLength(1);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/2/user/checkPolicyTermsConditions' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/2/account', () => {
  it("answers one's own account information without secrets", async () => {
    const u = await signUp(t.app);
    const res = await authed(t.app, u).get(`/api/2/account?user_id=${u.user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toMatchObject({
      id: u.user.id,
      email: u.email,
      type: 'customer',
      hasPassword: true,
      aclGroups: ['role.customer'],
    });
    expect(JSON.stringify(res.json())).not.toMatch(/argon2|secret/i);
    const noId = await authed(t.app, u).get('/api/2/account');
    expect(noId.json().results.id).toBe(u.user.id);
  });

  it("answers 404 for another user's account, but an admin may read it", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const res = await authed(t.app, a).get(`/api/2/account?user_id=${b.user.id}`);
    expect(res.statusCode).toBe(404);
    expect(JSON.stringify(res.json())).not.toContain(b.email);

    const admin = await loginDemo(t.app, 'admin');
    const asAdmin = await authed(t.app, admin).get(`/api/2/account?user_id=${b.user.id}`);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().results.email).toBe(b.email);
    expect((await authed(t.app, admin).get('/api/2/account?user_id=999999')).statusCode).toBe(404);
  });

  it('refuses a malformed user_id and a guest', async () => {
    const u = await signUp(t.app);
    expect((await authed(t.app, u).get('/api/2/account?user_id=abc')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/2/account' })).statusCode).toBe(401);
  });
});

describe('GET /api/2/auth/token', () => {
  it('answers a 10-minute JWT and the acl groups; the JWT works as a bearer', async () => {
    const u = await loginDemo(t.app, 'translator');
    const res = await authed(t.app, u).get('/api/2/auth/token');
    expect(res.statusCode).toBe(200);
    const { results } = res.json();
    expect(results.jwt.expires_in).toBe(LIMITS.authTokenTtlSeconds);
    expect(results.acl_groups).toEqual(['role.translator']);
    const claims = JSON.parse(Buffer.from(results.jwt.access_token.split('.')[1], 'base64url').toString());
    expect(claims.sub).toBe(String(u.user.id));
    expect(claims.exp - claims.iat).toBe(600);

    const me = await bearer(results.jwt.access_token, '/api/2/account');
    expect(me.statusCode).toBe(200);
    expect(me.json().results.email).toBe('translator@parlance.test');
  });

  it('refuses an expired JWT and a forged one', async () => {
    const u = await loginDemo(t.app, 'customer');
    const token = (await authed(t.app, u).get('/api/2/auth/token')).json().results.jwt.access_token as string;
    const forged = `${token.slice(0, -4)}AAAA`;
    expect((await bearer(forged, '/api/2/account')).statusCode).toBe(401);
    t.clock.advance(LIMITS.authTokenTtlSeconds * 1000 + 1000);
    const expired = await bearer(token, '/api/2/account');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().status).toBe('ERROR');
  });

  it('is not issued to a bearer (a token may not mint its successor) nor to a guest', async () => {
    const u = await loginDemo(t.app, 'customer');
    const token = (await authed(t.app, u).get('/api/2/auth/token')).json().results.jwt.access_token as string;
    expect((await bearer(token, '/api/2/auth/token')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/2/auth/token' })).statusCode).toBe(401);
  });
});
