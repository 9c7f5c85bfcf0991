import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_TEXTS, PROFILE_TEXTS } from '@parlance/shared';
import { apiKeys } from '../../db/schema';
import { verifyApiKey } from '../../platform/api-keys';
import { authed, form, signUp, type TestSession } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let customer: TestSession;

beforeAll(async () => {
  t = await createTestApp();
  customer = await signUp(t.app);
});

afterAll(async () => {
  await t?.close();
});

describe('API key', () => {
  it('generates a key shown once, stores only its hash, and verifyApiKey finds its owner', async () => {
    const empty = await authed(t.app, customer).get('/api/2/account/api-keys');
    expect(empty.json().results).toEqual({ apiKey: null, oauth: null });

    const res = await authed(t.app, customer).post('/userService/updateApiKeysForm', { keygen: '1' });
    expect(res.statusCode).toBe(200);
    const key: string = res.json().token_api;
    expect(key).toMatch(/^prl_[a-f0-9]{16}_[A-Za-z0-9_-]{43}$/);
    expect(res.json().keys.apiKey).toMatchObject({ prefix: key.slice(0, 21), hint: key.slice(-4), lastUsedAt: null });

    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.userId, customer.user.id));
    expect(JSON.stringify(row)).not.toContain(key.slice(21));
    expect((await verifyApiKey(t.database.db, key))?.id).toBe(customer.user.id);
    expect(await verifyApiKey(t.database.db, `${key.slice(0, -1)}x`)).toBeNull();
    expect(await verifyApiKey(t.database.db, 'not a key')).toBeNull();
    // the state never answers the secret again, and shows when the key was last used
    const state = await authed(t.app, customer).get('/api/2/account/api-keys');
    expect(state.body).not.toContain(key);
    expect(state.json().results.apiKey.lastUsedAt).not.toBeNull();
  });

  it('a reset makes the old key stop working', async () => {
    const first = (await authed(t.app, customer).post('/userService/updateApiKeysForm', { keygen: '1' })).json()
      .token_api;
    const reset = await authed(t.app, customer).get('/userService/updateApiKeysForm?s=reset&react=1');
    expect(reset.statusCode).toBe(200);
    const second: string = reset.json().token_api;
    expect(second).not.toBe(first);
    expect(await verifyApiKey(t.database.db, first)).toBeNull();
    expect((await verifyApiKey(t.database.db, second))?.id).toBe(customer.user.id);
  });

  it('a reset by GET needs the CSRF header; translators, bearer tokens and guests get no keys', async () => {
    const noCsrf = await t.app.inject({
      method: 'GET',
      url: '/userService/updateApiKeysForm?s=reset&react=1',
      headers: { cookie: customer.cookie },
    });
    expect(noCsrf.statusCode).toBe(403);
    const translator = await signUp(t.app, { user_type: 'translator' });
    const res = await authed(t.app, translator).post('/userService/updateApiKeysForm', { keygen: '1' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(API_KEY_TEXTS.translatorsNoKeys);
    const token = (await authed(t.app, customer).get('/api/2/auth/token')).json().results.jwt.access_token;
    const bearer = await t.app.inject({
      method: 'GET',
      url: '/api/2/account/api-keys',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearer.statusCode).toBe(403);
    const guest = await t.app.inject({ method: 'POST', url: '/userService/updateApiKeysForm', ...form({ keygen: 1 }) });
    expect(guest.statusCode).toBe(401);
  });
});

describe('OAuth client', () => {
  it('requires a redirect uri with the spec text, then creates the client and updates its uri', async () => {
    const me = await signUp(t.app);
    const api = authed(t.app, me);
    const missing = await api.post('/api/2/oauth/generate-keys', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.redirect_uri).toBe(PROFILE_TEXTS.redirectUriRequired);
    const blank = await api.post('/api/2/oauth/generate-keys', { redirect_uri: '  ' });
    expect(blank.json().errors.redirect_uri).toBe(PROFILE_TEXTS.redirectUriRequired);
    const insecure = await api.post('/api/2/oauth/generate-keys', { redirect_uri: 'http://example.com/cb' });
    expect(insecure.json().errors.redirect_uri).toBe(API_KEY_TEXTS.redirectInvalid);
    const early = await api.post('/api/2/oauth/update-client', { redirect_uri: 'https://example.com/cb' });
    expect(early.statusCode).toBe(409);
    expect((await api.get('/api/2/account/api-keys')).json().results.oauth).toBeNull();

    const res = await api.post('/api/2/oauth/generate-keys', { redirect_uri: 'https://app.example.com/callback' });
    expect(res.statusCode).toBe(200);
    const { clientId, clientSecret, redirectUri } = res.json().results;
    expect(clientId).toMatch(/^[a-f0-9]{24}$/);
    expect(clientSecret.length).toBeGreaterThanOrEqual(43);
    expect(redirectUri).toBe('https://app.example.com/callback');

    const update = await api.post('/api/2/oauth/update-client', { redirect_uri: 'http://localhost:3000/cb' });
    expect(update.statusCode).toBe(200);
    expect(update.json().results.oauth).toMatchObject({ clientId, redirectUri: 'http://localhost:3000/cb' });
    expect(update.body).not.toContain(clientSecret);
  });
});
