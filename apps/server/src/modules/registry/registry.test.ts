import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_CURRENCIES,
  CURRENCY_SYMBOLS,
  type ConfigData,
  type Country,
  type Currency,
  type Language,
  SESSION_COOKIE,
  type SessionData,
  TEXTS,
  type UiFeature,
  type UserData,
} from '@parlance/shared';
import { auditLog } from '../../db/schema';
import { sha256 } from '../../platform/crypto';
import { countryByIp, isLocalAddress } from '../../platform/geo';
import { authed, form, loginDemo, type TestSession } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { safeReturnPath } from './help-center';

let t: TestApp;
let customer: TestSession;
let translator: TestSession;
let admin: TestSession;

beforeAll(async () => {
  t = await createTestApp({}, { demo: true });
  customer = await loginDemo(t.app, 'customer');
  translator = await loginDemo(t.app, 'translator');
  admin = await loginDemo(t.app, 'admin');
});

afterAll(async () => {
  await t?.close();
});

const guestGet = (url: string) => t.app.inject({ method: 'GET', url });
const sidOf = (session: TestSession) => session.cookie.slice(`${SESSION_COOKIE}=`.length);

describe('GET /registry/get', () => {
  it('answers more than 100 languages with slug, name, iso and flag', async () => {
    const res = await guestGet('/registry/get?data=Language');
    expect(res.statusCode).toBe(200);
    const languages = res.json().results as Language[];
    expect(languages.length).toBeGreaterThan(100);
    const german = languages.find((l) => l.slug === 'german');
    expect(german).toMatchObject({ name: 'German', iso: 'de', flag: 'DE' });
    expect(new Set(languages.map((l) => l.slug)).size).toBe(languages.length);
  });

  it('answers the expertises', async () => {
    const res = await guestGet('/registry/get?data=Expertise');
    expect(res.statusCode).toBe(200);
    const expertises = res.json().results as { id: number; slug: string; name: string }[];
    expect(expertises.length).toBeGreaterThan(0);
    expect(Object.keys(expertises[0]).sort()).toEqual(['id', 'name', 'slug']);
  });

  it("answers the 7 admin currencies with the spec's symbols, in the spec's order", async () => {
    const res = await guestGet('/registry/get?data=Currency');
    expect(res.statusCode).toBe(200);
    const list = res.json().results as Currency[];
    expect(list.map((c) => c.code).slice(0, 7)).toEqual([...ADMIN_CURRENCIES]);
    for (const code of ADMIN_CURRENCIES) {
      expect(list.find((c) => c.code === code)?.symbol).toBe(CURRENCY_SYMBOLS[code]);
    }
    expect(list.find((c) => c.code === 'USD')?.rate).toBe(1);
    expect(list.find((c) => c.code === 'EUR')?.rate).toBeCloseTo(0.92);
  });

  it('answers null user data and a session of nulls to a guest', async () => {
    const user = await guestGet('/registry/get?data=User');
    expect(user.statusCode).toBe(200);
    expect(user.json()).toEqual({ results: null });
    const session = await guestGet('/registry/get?data=Session');
    expect(session.json()).toEqual({ results: { CSRFToken: null, sid: null, voucher: null } });
  });

  it('answers the signed-in user and its CSRF token and public session reference', async () => {
    const user = (await authed(t.app, customer).get('/registry/get?data=User')).json().results as UserData;
    expect(user).toMatchObject({ email: 'customer@parlance.test', type: 'customer', isAdmin: false });
    expect(user).not.toHaveProperty('passwordHash');
    const session = (await authed(t.app, customer).get('/registry/get?data=Session')).json().results as SessionData;
    expect(session.CSRFToken).toBe(customer.csrf);
    expect(session.sid).toBe(sha256(sidOf(customer)).slice(0, 16));
    expect(session.sid).not.toContain(sidOf(customer));
    expect(session.voucher).toBeNull();
  });

  it('answers the config of the web app', async () => {
    const res = await guestGet('/registry/get?data=Config');
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual({
      legacyUrl: 'http://localhost:3000',
      companyName: 'Parlance',
      blendDomainURL: 'http://localhost:3000',
      appDomainURL: 'http://localhost:3000',
      captchaApiKey: null,
      isShowBlendTalkFeature: true,
      notFoundText: null,
      supportEmail: 'support@parlance.test',
      blogUrl: null,
    } satisfies ConfigData);
  });

  it('refuses an unknown kind, a kind of later work, and a missing one with a clear message', async () => {
    for (const data of ['Nonsense', 'Prices', 'toString', '__proto__']) {
      const res = await guestGet(`/registry/get?data=${data}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(`Unknown data "${data}"`);
      expect(res.json().message).toContain('Language');
    }
    expect((await guestGet('/registry/get')).statusCode).toBe(400);
  });
});

describe('captcha in the config', () => {
  it('names the challenge URL when the captcha is on', async () => {
    const withCaptcha = await createTestApp({ captcha: true, publicUrl: 'https://parlance.example' });
    try {
      const config = (await withCaptcha.app.inject({ method: 'GET', url: '/registry/get?data=Config' })).json()
        .results as ConfigData;
      expect(config.captchaApiKey).toBe('/api/2/captcha/challenge');
      expect(config.legacyUrl).toBe('https://parlance.example');
      expect(config.appDomainURL).toBe('https://parlance.example');
    } finally {
      await withCaptcha.close();
    }
  });
});

describe('currencies and countries', () => {
  it('GET /api/2/currency answers the currencies', async () => {
    const res = await guestGet('/api/2/currency');
    expect(res.statusCode).toBe(200);
    const codes = (res.json().results as Currency[]).map((c) => c.code);
    expect(codes).toEqual(expect.arrayContaining([...ADMIN_CURRENCIES]));
  });

  it('GET /api/2/country/list answers countries sorted by name', async () => {
    const res = await guestGet('/api/2/country/list');
    expect(res.statusCode).toBe(200);
    const list = res.json().results as Country[];
    expect(list.length).toBeGreaterThan(190);
    expect(list.find((c) => c.code === 'DE')?.name).toBe('Germany');
    const position = (name: string) => list.findIndex((c) => c.name === name);
    expect(position('Afghanistan')).toBeGreaterThanOrEqual(0);
    expect(position('Afghanistan')).toBeLessThan(position('Germany'));
    expect(position('Germany')).toBeLessThan(position('Zimbabwe'));
  });

  it('GET /userService/getCountriesInfo answers no country for a local address', async () => {
    const res = await guestGet('/userService/getCountriesInfo');
    expect(res.statusCode).toBe(200);
    expect(res.json().countryByIp).toBeNull();
    expect((res.json().list as Country[]).length).toBeGreaterThan(190);
    // without TRUST_PROXY the forwarded address of a client is not believed
    const forwarded = await t.app.inject({
      method: 'GET',
      url: '/userService/getCountriesInfo',
      headers: { 'x-forwarded-for': '8.8.8.8' },
    });
    expect(forwarded.json().countryByIp).toBeNull();
  });

  it('GET /userService/getCountriesInfo answers the country of the forwarded address behind a proxy', async () => {
    const proxied = await createTestApp({ trustProxy: true });
    try {
      const res = await proxied.app.inject({
        method: 'GET',
        url: '/userService/getCountriesInfo',
        headers: { 'x-forwarded-for': '81.2.69.142' },
      });
      expect(res.json().countryByIp).toBe('GB');
    } finally {
      await proxied.close();
    }
  });

  it('finds countries by IP and none for loopback and private addresses', async () => {
    expect(await countryByIp('8.8.8.8')).toBe('US');
    expect(await countryByIp('::ffff:8.8.8.8')).toBe('US');
    expect(await countryByIp('2001:4860:4860::8888')).toBe('US');
    for (const ip of ['127.0.0.1', '::1', '10.0.0.7', '192.168.1.1', '172.20.0.1', 'fd00::1', 'not-an-ip', '']) {
      expect(await countryByIp(ip)).toBeNull();
    }
    expect(isLocalAddress('172.15.0.1')).toBe(false);
  });
});

describe('UI feature flags', () => {
  it('lists every flag', async () => {
    const res = await guestGet('/api/2/site/ui-feature/config/get?data=UiFeature');
    expect(res.statusCode).toBe(200);
    const flags = res.json().results as UiFeature[];
    expect(flags.find((f) => f.uuid === 'wizard-step-upload')).toMatchObject({ status: 1, config: { enabled: true } });
  });

  it('answers whether one flag is on', async () => {
    expect((await guestGet('/api/2/site/ui-feature/config/get?uuid=blend-talk')).json()).toEqual({ results: true });
    expect((await guestGet('/api/2/site/ui-feature/config/get?uuid=no-such-flag')).json()).toEqual({
      results: false,
    });
    expect((await guestGet('/api/2/site/ui-feature/config/get')).statusCode).toBe(400);
    expect((await guestGet('/api/2/site/ui-feature/config/get?data=Other')).statusCode).toBe(400);
  });

  it('lets only admins change a flag', async () => {
    const change = { uuid: 'wizard-step-brief', status: 0, config: { enabled: true } };
    const guest = await t.app.inject({ method: 'POST', url: '/api/2/site/ui-feature/config/set', payload: change });
    expect(guest.statusCode).toBe(401);
    // admin routes do not exist for customers and translators: 404
    expect((await authed(t.app, customer).postJson('/api/2/site/ui-feature/config/set', change)).statusCode).toBe(404);
    expect((await authed(t.app, translator).postJson('/api/2/site/ui-feature/config/set', change)).statusCode).toBe(
      404,
    );
    expect((await guestGet('/api/2/site/ui-feature/config/get?uuid=wizard-step-brief')).json().results).toBe(true);
  });

  it('turns the team chat off and on again, and records who did it', async () => {
    const off = await authed(t.app, admin).postJson('/api/2/site/ui-feature/config/set', {
      uuid: 'blend-talk',
      status: 1,
      config: { enabled: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().results).toMatchObject({ uuid: 'blend-talk', status: 1, config: { enabled: false } });
    expect((await guestGet('/api/2/site/ui-feature/config/get?uuid=blend-talk')).json().results).toBe(false);
    expect((await guestGet('/registry/get?data=Config')).json().results.isShowBlendTalkFeature).toBe(false);

    // the same as a form, with the config as a JSON string
    const on = await authed(t.app, admin).post('/api/2/site/ui-feature/config/set', {
      uuid: 'blend-talk',
      status: '1',
      config: '{"enabled":true}',
    });
    expect(on.statusCode).toBe(200);
    expect((await guestGet('/registry/get?data=Config')).json().results.isShowBlendTalkFeature).toBe(true);

    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ui-feature.update'), eq(auditLog.targetId, 'blend-talk')));
    expect(rows).toHaveLength(2);
    expect(rows[0].actorId).toBe(admin.user.id);
    expect(rows[0].details).toMatchObject({
      before: { config: { enabled: true } },
      after: { config: { enabled: false } },
    });
  });

  it('overrides the not-found text through the "not-found-text" flag', async () => {
    const unnamed = await authed(t.app, admin).postJson('/api/2/site/ui-feature/config/set', {
      uuid: 'not-found-text',
      status: 1,
      config: { enabled: true, text: 'Nothing here' },
    });
    expect(unnamed.statusCode).toBe(404);
    const created = await authed(t.app, admin).postJson('/api/2/site/ui-feature/config/set', {
      uuid: 'not-found-text',
      name: 'Not-found page text',
      status: 1,
      config: { enabled: true, text: 'This page went on holiday.' },
    });
    expect(created.statusCode).toBe(200);
    expect((await guestGet('/registry/get?data=Config')).json().results.notFoundText).toBe(
      'This page went on holiday.',
    );
    await authed(t.app, admin).postJson('/api/2/site/ui-feature/config/set', {
      uuid: 'not-found-text',
      status: 0,
      config: { enabled: true, text: 'This page went on holiday.' },
    });
    expect((await guestGet('/registry/get?data=Config')).json().results.notFoundText).toBeNull();
  });

  it('refuses bad flag changes', async () => {
    const set = (body: Record<string, unknown>) =>
      authed(t.app, admin).postJson('/api/2/site/ui-feature/config/set', body);
    expect((await set({ uuid: 'blend-talk', status: 2, config: {} })).statusCode).toBe(400);
    expect((await set({ uuid: 'blend talk!', status: 1, config: {} })).statusCode).toBe(400);
    expect((await set({ uuid: 'blend-talk', status: 1, config: 'not json' })).statusCode).toBe(400);
    expect((await set({ uuid: 'blend-talk', status: 1 })).statusCode).toBe(400);
  });
});

describe('help centre sign-in', () => {
  it('needs a signed-in browser session for the auth params', async () => {
    expect((await guestGet('/api/2/zendesk/auth-params')).statusCode).toBe(401);
    // a bearer token may not mint a fresh token through the help centre
    const token = (await authed(t.app, customer).get('/api/2/auth/token')).json().results.jwt.access_token as string;
    const bearer = await t.app.inject({
      method: 'GET',
      url: '/api/2/zendesk/auth-params',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearer.statusCode).toBe(403);
    expect(bearer.json().message).toBe(TEXTS.helpCenterNeedsSession);
  });

  it('hands out a token that the sign-in URL accepts and redirects to the help centre', async () => {
    const res = await authed(t.app, customer).get('/api/2/zendesk/auth-params');
    expect(res.statusCode).toBe(200);
    const { zendeskAuthUrl, authParams } = res.json().results as {
      zendeskAuthUrl: string;
      authParams: { jwt: string; return_to: string };
    };
    expect(zendeskAuthUrl).toBe('/api/2/help-center/sso');
    expect(authParams.return_to).toBe('/help-center');
    expect(await t.app.deps.jwt.verify(authParams.jwt, t.clock.now(), 'help-center')).toBe(customer.user.id);
    // a help-centre token is good for the help centre only, never as an API bearer token
    expect(await t.app.deps.jwt.verify(authParams.jwt, t.clock.now())).toBeNull();
    const asBearer = await t.app.inject({
      method: 'GET',
      url: '/registry/get?data=User',
      headers: { authorization: `Bearer ${authParams.jwt}` },
    });
    expect(asBearer.statusCode).toBe(401);

    // the browser posts the params as a plain form, in a new tab, with the session cookie and no CSRF header
    const signIn = await t.app.inject({
      method: 'POST',
      url: zendeskAuthUrl,
      ...form(authParams),
      headers: { ...form(authParams).headers, cookie: customer.cookie },
    });
    expect(signIn.statusCode).toBe(303);
    expect(signIn.headers.location).toBe('/help-center');

    const deeper = await t.app.inject({
      method: 'POST',
      url: zendeskAuthUrl,
      ...form({ jwt: authParams.jwt, return_to: '/help-center/articles?id=3#top' }),
    });
    expect(deeper.headers.location).toBe('/help-center/articles?id=3#top');
  });

  it('refuses a forged or expired token and redirects only within the site', async () => {
    const { authParams } = (await authed(t.app, customer).get('/api/2/zendesk/auth-params')).json().results;
    const post = (fields: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/2/help-center/sso', ...form(fields) });

    const forged = await post({ jwt: `${authParams.jwt.slice(0, -4)}AAAA`, return_to: '/help-center' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe(TEXTS.helpCenterLinkInvalid);

    for (const target of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'help-center', '/a\nb']) {
      const res = await post({ jwt: authParams.jwt, return_to: target });
      expect(res.statusCode, target).toBe(400);
      expect(res.headers.location).toBeUndefined();
    }

    t.clock.advance(11 * 60 * 1000);
    const expired = await post({ jwt: authParams.jwt, return_to: '/help-center' });
    expect(expired.statusCode).toBe(401);
  });

  it('accepts only same-site relative paths as return_to', () => {
    expect(safeReturnPath('/help-center')).toBe('/help-center');
    expect(safeReturnPath('/a/../b')).toBe('/b');
    expect(safeReturnPath('//x.example')).toBeNull();
    expect(safeReturnPath('/\\x.example')).toBeNull();
    expect(safeReturnPath('javascript:alert(1)')).toBeNull();
  });
});

describe('OpenAPI', () => {
  it('documents the registry and admin calls', async () => {
    const res = await guestGet('/api/2/docs/openapi.json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths as Record<string, unknown>);
    for (const path of [
      '/registry/get',
      '/userService/getCountriesInfo',
      '/api/2/site/ui-feature/config/set',
      '/api/2/help-center/sso',
      '/manage/act',
      '/api/2/tools/{currency}/SetCurrency',
      '/api/2/account/customers',
      '/api/2/admin/audit',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
