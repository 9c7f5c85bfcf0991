import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthCodes } from '../../db/schema';
import { OAUTH_TEXTS } from '@parlance/shared';
import { createTestApp, type TestApp } from '../../test/harness';
import { newCustomer, newTranslator, type Person } from '../projects/projects-test-helpers';
import { apiClient } from '../public-api/api-client';
import { s256 } from '../public-api/oauth-grants';
import { sha256 } from '../../platform/crypto';
import { SPENT_CODE_KEEP_MS, sweepOauthCodes } from './sweep';

// The authorization-code grant with PKCE end to end: a partner's client, a customer who allows
// it on the consent page's calls, the token endpoint, and the customer API with the token.

const REDIRECT = 'https://partner.example/callback?tenant=7';
let t: TestApp;
let partner: Person;
let customer: Person;
let clientId: string;
let clientSecret: string;

beforeAll(async () => {
  t = await createTestApp();
  partner = await newCustomer(t.app, 0);
  customer = await newCustomer(t.app, 0);
  const made = await partner.api.post('/api/2/oauth/generate-keys', { redirect_uri: REDIRECT, name: 'Acme Sync' });
  expect(made.statusCode).toBe(200);
  ({ clientId, clientSecret } = made.json().results);
});
afterAll(() => t.close());

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: s256(verifier) };
}

function authorizeQuery(over: Record<string, string> = {}, challenge = pkce().challenge) {
  return new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    scope: 'read order',
    state: 'xyz-123',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...over,
  });
}

/** The customer allows the request; the code from the redirect. */
async function allow(person: Person, challenge: string, over: Record<string, string> = {}): Promise<string> {
  const body = Object.fromEntries(authorizeQuery(over, challenge));
  const res = await person.api.postJson('/api/2/oauth/authorize', { ...body, decision: 'allow' });
  expect(res.statusCode).toBe(200);
  const to = new URL(res.json().results.redirectTo);
  expect(`${to.origin}${to.pathname}`).toBe('https://partner.example/callback');
  expect(to.searchParams.get('tenant')).toBe('7');
  expect(to.searchParams.get('state')).toBe(over.state ?? 'xyz-123');
  return to.searchParams.get('code') as string;
}

function token(fields: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

function exchange(code: string, verifier: string, over: Record<string, string> = {}) {
  return token({
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
    client_id: clientId,
    code_verifier: verifier,
    ...over,
  });
}

describe('the consent step', () => {
  it('names the client, its owner and the asked scopes', async () => {
    const res = await customer.api.get(`/api/2/oauth/authorize?${authorizeQuery()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toMatchObject({
      status: 'ask',
      clientName: 'Acme Sync',
      redirectUri: REDIRECT,
      scopes: ['read', 'order'],
    });
    expect(res.json().results.ownerName).toContain(partner.session.user.name);
  });

  it('a redirect uri other than the registered one, or an unknown client, is an error page, never a redirect', async () => {
    const wrong: Record<string, string>[] = [
      { redirect_uri: 'https://evil.example/callback' },
      { redirect_uri: 'https://partner.example/callback' },
      { client_id: 'f'.repeat(24) },
    ];
    for (const over of wrong) {
      const res = await customer.api.get(`/api/2/oauth/authorize?${authorizeQuery(over)}`);
      expect(res.json().results.status).toBe('error');
      const posted = await customer.api.postJson('/api/2/oauth/authorize', {
        ...Object.fromEntries(authorizeQuery(over)),
        decision: 'allow',
      });
      expect(posted.statusCode).toBe(400);
      expect(posted.body).not.toContain('evil.example');
    }
    const res = await customer.api.get(`/api/2/oauth/authorize?${authorizeQuery({ redirect_uri: 'x' })}`);
    expect(res.json().results.message).toBe(OAUTH_TEXTS.wrongRedirect);
  });

  it('only S256 PKCE is accepted: plain or none goes back to the application as invalid_request', async () => {
    const weak: Record<string, string>[] = [{ code_challenge_method: 'plain' }, { code_challenge: '' }];
    for (const over of weak) {
      const res = await customer.api.get(`/api/2/oauth/authorize?${authorizeQuery(over)}`);
      const answer = res.json().results;
      expect(answer.status).toBe('redirect');
      const to = new URL(answer.redirectTo);
      expect(to.searchParams.get('error')).toBe('invalid_request');
      expect(to.searchParams.get('state')).toBe('xyz-123');
    }
    const scope = (await customer.api.get(`/api/2/oauth/authorize?${authorizeQuery({ scope: 'admin' })}`)).json();
    expect(new URL(scope.results.redirectTo).searchParams.get('error')).toBe('invalid_scope');
  });

  it('Deny sends access_denied with the state and no code', async () => {
    const res = await customer.api.postJson('/api/2/oauth/authorize', {
      ...Object.fromEntries(authorizeQuery()),
      decision: 'deny',
    });
    const to = new URL(res.json().results.redirectTo);
    expect(to.searchParams.get('error')).toBe('access_denied');
    expect(to.searchParams.get('state')).toBe('xyz-123');
    expect(to.searchParams.get('code')).toBeNull();
  });

  it('needs a signed-in customer, and the CSRF token of the session to allow', async () => {
    const guest = await t.app.inject({ method: 'GET', url: `/api/2/oauth/authorize?${authorizeQuery()}` });
    expect(guest.statusCode).toBe(401);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/2/oauth/authorize',
      headers: { cookie: customer.session.cookie },
      payload: { ...Object.fromEntries(authorizeQuery()), decision: 'allow' },
    });
    expect(noCsrf.statusCode).toBe(403);
    const translator = await newTranslator(t.app);
    const refused = await translator.api.get(`/api/2/oauth/authorize?${authorizeQuery()}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(OAUTH_TEXTS.customersOnly);
  });
});

describe('the token endpoint', () => {
  it('exchanges a code once for tokens acting for the customer, within the granted scopes', async () => {
    const { verifier, challenge } = pkce();
    const code = await allow(customer, challenge);
    const res = await exchange(code, verifier);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'read order' });
    expect(body.refresh_token).toMatch(/^prr_/);
    const api = apiClient(t.app, body.access_token);
    const me = await api.GET('/api/v1/me');
    expect(me.data?.id).toBe(customer.id);
    expect(me.data?.scopes).toEqual(['read', 'order']);
    const pay = await api.POST('/api/v1/cart/pay', {
      params: { header: { 'idempotency-key': 'pay-once' } },
      body: { ck: 'any' },
    });
    expect(pay.response.status).toBe(403);
    expect(pay.error?.error.code).toBe('insufficient_scope');
  });

  it('a wrong PKCE verifier, redirect uri or client, or an expired code, is invalid_grant', async () => {
    const other = pkce();
    let { verifier, challenge } = pkce();
    let res = await exchange(await allow(customer, challenge), other.verifier);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_grant', error_description: expect.any(String) });

    ({ verifier, challenge } = pkce());
    res = await exchange(await allow(customer, challenge), verifier, { redirect_uri: 'https://partner.example/other' });
    expect(res.json().error).toBe('invalid_grant');

    ({ verifier, challenge } = pkce());
    const code = await allow(customer, challenge);
    t.clock.advance(10 * 60_000 + 1000);
    res = await exchange(code, verifier);
    expect(res.json().error).toBe('invalid_grant');
    expect(res.json().error_description).toContain('expired');

    res = await exchange('nope', verifier, { client_id: 'f'.repeat(24) });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('invalid_client');
    res = await exchange(code, verifier, { client_secret: 'wrong' });
    expect(res.json().error).toBe('invalid_client');
    res = await token({ grant_type: 'password', client_id: clientId });
    expect(res.json().error).toBe('unsupported_grant_type');
    res = await token({ grant_type: 'authorization_code', client_id: clientId });
    expect(res.json()).toEqual({ error: 'invalid_request', error_description: 'Send code' });
  });

  it('a code used twice fails and revokes the tokens issued from it', async () => {
    const { verifier, challenge } = pkce();
    const code = await allow(customer, challenge);
    const first = await exchange(code, verifier, { client_secret: clientSecret });
    expect(first.statusCode).toBe(200);
    const api = apiClient(t.app, first.json().access_token);
    expect((await api.GET('/api/v1/me')).response.status).toBe(200);
    const second = await exchange(code, verifier);
    expect(second.statusCode).toBe(400);
    expect(second.json().error).toBe('invalid_grant');
    expect((await api.GET('/api/v1/me')).response.status).toBe(401);
    const refresh = await token({
      grant_type: 'refresh_token',
      refresh_token: first.json().refresh_token,
      client_id: clientId,
    });
    expect(refresh.json().error).toBe('invalid_grant');
  });

  it('a spent code is kept a day past its expiry to catch a replay, then swept', async () => {
    const { verifier, challenge } = pkce();
    const code = await allow(customer, challenge);
    const first = await exchange(code, verifier, { client_secret: clientSecret });
    expect(first.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(oauthCodes)
      .where(eq(oauthCodes.codeHash, sha256(code)));
    expect(row.usedAt).not.toBeNull();
    const kept = async () =>
      (await t.database.db.select().from(oauthCodes).where(eq(oauthCodes.codeHash, row.codeHash))).length === 1;
    const expiry = row.expiresAt.getTime();
    // nothing goes a moment before the day after its expiry
    await sweepOauthCodes(t.database.db, new Date(expiry + SPENT_CODE_KEEP_MS - 60_000));
    expect(await kept()).toBe(true);
    // the replay inside that day still revokes what the code gave
    const api = apiClient(t.app, first.json().access_token);
    expect((await exchange(code, verifier)).json().error).toBe('invalid_grant');
    expect((await api.GET('/api/v1/me')).response.status).toBe(401);
    expect(await sweepOauthCodes(t.database.db, new Date(expiry + SPENT_CODE_KEEP_MS + 60_000))).toBeGreaterThan(0);
    expect(await kept()).toBe(false);
    // a swept code is simply unknown
    expect((await exchange(code, verifier)).json().error).toBe('invalid_grant');
  });

  it('refresh tokens rotate: the new one works, the old one replayed revokes the access', async () => {
    const { verifier, challenge } = pkce();
    const first = (await exchange(await allow(customer, challenge), verifier)).json();
    const next = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: clientId });
    expect(next.statusCode).toBe(200);
    expect(next.json().refresh_token).not.toBe(first.refresh_token);
    expect(next.json().scope).toBe('read order');
    const narrowed = await token({
      grant_type: 'refresh_token',
      refresh_token: next.json().refresh_token,
      client_id: clientId,
      scope: 'read',
    });
    expect(narrowed.json().scope).toBe('read');
    const wider = await token({
      grant_type: 'refresh_token',
      refresh_token: narrowed.json().refresh_token,
      client_id: clientId,
      scope: 'read pay',
    });
    expect(wider.json().error).toBe('invalid_scope');
    const old = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: clientId });
    expect(old.json().error).toBe('invalid_grant');
    expect((await apiClient(t.app, narrowed.json().access_token).GET('/api/v1/me')).response.status).toBe(200);
    // the token just replaced, presented again: it leaked, so the whole access ends
    const replay = await token({
      grant_type: 'refresh_token',
      refresh_token: next.json().refresh_token,
      client_id: clientId,
    });
    expect(replay.json().error).toBe('invalid_grant');
    expect((await apiClient(t.app, narrowed.json().access_token).GET('/api/v1/me')).response.status).toBe(401);
  });

  it('client credentials still work and answer errors in the RFC 6749 shape', async () => {
    const res = await token({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret });
    expect(res.statusCode).toBe(200);
    expect(res.json().refresh_token).toBeUndefined();
    const me = await apiClient(t.app, res.json().access_token).GET('/api/v1/me');
    expect(me.data?.id).toBe(partner.id);
    const bad = await token({ grant_type: 'client_credentials', client_id: clientId, client_secret: 'x' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error).toBe('invalid_client');
  });
});

describe('authorized apps in the profile', () => {
  it('lists the app with its scopes; Revoke refuses its access and refresh tokens at once', async () => {
    const person = await newCustomer(t.app, 0);
    expect((await person.api.get('/api/2/oauth/authorized-apps')).json().results).toEqual([]);
    const { verifier, challenge } = pkce();
    const issued = (await exchange(await allow(person, challenge, { scope: 'read' }), verifier)).json();
    const api = apiClient(t.app, issued.access_token);
    expect((await api.GET('/api/v1/me')).response.status).toBe(200);
    const [app] = (await person.api.get('/api/2/oauth/authorized-apps')).json().results;
    expect(app).toMatchObject({ clientName: 'Acme Sync', scopes: ['read'] });
    expect(app.lastUsedAt).not.toBeNull();

    expect((await customer.api.delete(`/api/2/oauth/authorized-apps/${app.id}`)).statusCode).toBe(404);
    const revoked = await person.api.delete(`/api/2/oauth/authorized-apps/${app.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().results).toEqual([]);
    const refused = await api.GET('/api/v1/me');
    expect(refused.response.status).toBe(401);
    expect(refused.error?.error.message).toBe('This access token was revoked');
    const refresh = await token({
      grant_type: 'refresh_token',
      refresh_token: issued.refresh_token,
      client_id: clientId,
    });
    expect(refresh.json().error).toBe('invalid_grant');
    expect((await person.api.delete(`/api/2/oauth/authorized-apps/${app.id}`)).statusCode).toBe(404);
  });
});
