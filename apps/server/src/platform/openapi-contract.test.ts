import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type App, buildApp } from '../app';
import { testConfig } from '../config';
import { authed, loginDemo, type TestSession } from '../test/auth-helpers';
import { freshDatabase } from '../test/harness';
import { documentedTypes, TRANSPORT_4XX } from './openapi';

// The OpenAPI documents against what the server does, for a client that reads only the documents:
// each operation's security schemes are the credentials it takes (and no others), its 2xx answers
// come in the content types it declares, and the answers given outside the routes (405, 414, 426,
// an unknown path) are the ones the documents describe.

type Answer = { content?: Record<string, unknown> };
type Operation = {
  security?: Record<string, string[]>[];
  responses: Record<string, Answer>;
  'x-access'?: string;
};
type Doc = { info: { description: string }; paths: Record<string, Record<string, Operation>> };

/** A request carrying this header stops after its route's access check and validation (see beforeAll). */
const PROBE = 'x-contract-probe';
/** GETs that change the session or need a one-time token: called with the probe only. */
const SIDE_EFFECT_GETS = new Set([
  '/api/logout',
  '/manage/act',
  '/api/2/mail/unsubscribe',
  '/api/2/realtime',
  '/api/2/tools/{currency}/SetCurrency',
]);

let app: App;
let closeAll: () => Promise<void>;
let web: Doc;
let api: Doc;
let sessions: Record<'customer' | 'translator' | 'admin', TestSession>;
let tokens: Record<'customer' | 'translator' | 'admin', string>;

beforeAll(async () => {
  const { database, drop } = await freshDatabase({ demo: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'parlance-contract-'));
  app = await buildApp({ config: testConfig({ dataDir }), database });
  // after the access check and validation, a probe goes no further: nothing is changed by calling
  // every operation with every scheme
  app.addHook('preHandler', async (request, reply) => {
    if (request.headers[PROBE]) return reply.status(204).send();
  });
  // a route whose answer drifted from its document (config.checkAnswers must stop it)
  app.get(
    '/api/2/contract-drift',
    { config: { access: 'public' }, schema: { response: { 200: z.object({ status: z.literal('OK') }) } } },
    async (_request, reply) => reply.type('text/csv').send('a,b\n'),
  );
  await app.ready();
  closeAll = async () => {
    await app.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  sessions = {
    customer: await loginDemo(app, 'customer'),
    translator: await loginDemo(app, 'translator'),
    admin: await loginDemo(app, 'admin'),
  };
  tokens = { customer: '', translator: '', admin: '' };
  for (const role of ['customer', 'translator', 'admin'] as const) {
    tokens[role] = (await authed(app, sessions[role]).get('/api/2/auth/token')).json().results.jwt.access_token;
  }
  web = (await app.inject({ method: 'GET', url: '/api/2/docs/openapi.json' })).json();
  api = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
}, 120_000);

afterAll(async () => {
  await closeAll?.();
});

const operations = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );

/** The demo account an operation is for, by its x-access. */
function roleFor(access: string | undefined): 'customer' | 'translator' | 'admin' {
  if (access === 'translator') return 'translator';
  if (access === 'customer' || access === 'user' || access === 'self' || access === 'public') return 'customer';
  return 'admin';
}

/** The request of a document path: each path parameter as `1`. */
const concrete = (path: string) => path.replace(/\{\w+\}/g, '1');

function withScheme(scheme: string, role: 'customer' | 'translator' | 'admin', req: InjectOptions): InjectOptions {
  const headers = { ...(req.headers as Record<string, string> | undefined) };
  if (scheme === 'session') {
    headers.cookie = sessions[role].cookie;
    headers['x-csrf-token'] = sessions[role].csrf;
  } else headers.authorization = `Bearer ${tokens[role]}`;
  return { ...req, headers };
}

describe('security schemes', () => {
  it('each declared scheme gets through and an undeclared one is refused', async () => {
    const wrong: string[] = [];
    for (const { path, method, op } of operations(web)) {
      const schemes = (op.security ?? []).flatMap((requirement) => Object.keys(requirement));
      if (schemes.length === 0) continue;
      const role = roleFor(op['x-access']);
      const probe: InjectOptions = {
        method: method as InjectOptions['method'],
        url: concrete(path),
        headers: { [PROBE]: '1' },
      };
      for (const scheme of ['session', 'bearer']) {
        const res = await app.inject(withScheme(scheme, role, probe));
        // the demo account is the one the operation is for: a 401 or 403 is the scheme refused
        const refused = res.statusCode === 401 || res.statusCode === 403;
        const declared = schemes.includes(scheme);
        if (declared === refused) {
          wrong.push(`${method} ${path} as ${role} with ${scheme}: ${res.statusCode} (declared: ${declared})`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('the key and token calls take only the session cookie', () => {
    for (const [path, method] of [
      ['/api/2/auth/token', 'get'],
      ['/api/2/auth/2fa', 'get'],
      ['/api/2/account/api-keys', 'get'],
      ['/api/2/account/api-keys/scopes', 'post'],
      ['/api/2/account/webhook', 'put'],
      ['/api/2/oauth/generate-keys', 'post'],
      ['/api/2/zendesk/auth-params', 'get'],
    ]) {
      expect(web.paths[path][method].security, `${method} ${path}`).toEqual([{ session: [] }]);
    }
  });
});

describe('content types', () => {
  // the demo data's first objects (id 1) answer many of the calls with a path: its files and pages too
  it('every 2xx of a GET comes in a content type its operation declares', async () => {
    const wrong: string[] = [];
    const withPath: string[] = [];
    let checked = 0;
    for (const { path, method, op } of operations(web)) {
      if (method !== 'GET' || SIDE_EFFECT_GETS.has(path)) continue;
      const schemes = (op.security ?? []).flatMap((requirement) => Object.keys(requirement));
      const request: InjectOptions = { method: 'GET', url: concrete(path) };
      const res = await app.inject(schemes.length ? withScheme(schemes[0], roleFor(op['x-access']), request) : request);
      if (res.statusCode >= 300) continue;
      checked++;
      if (path.includes('{')) withPath.push(path);
      const type = String(res.headers['content-type'] ?? '').split(';')[0];
      const declared = Object.keys(op.responses[String(res.statusCode)]?.content ?? {});
      const matches = declared.some(
        (d) => d === '*/*' || d === type || (d.endsWith('/*') && type.startsWith(d.slice(0, -1))),
      );
      if (!matches) wrong.push(`GET ${path}: ${res.statusCode} ${type || '(none)'}, declared ${declared.join('|')}`);
    }
    console.log(`content types: ${checked} answers checked, ${withPath.length} with a path: ${withPath.join(' ')}`);
    expect(checked).toBeGreaterThan(50);
    expect(wrong).toEqual([]);
  }, 120_000);

  it('a route that only redirects documents no 2xx at all', () => {
    expect(documentedTypes({ url: '/api/2/help-center/sso', config: { produces: ['redirect'] } })).toEqual([]);
    expect(Object.keys(web.paths['/api/2/help-center/sso'].post.responses).filter((c) => c.startsWith('2'))).toEqual(
      [],
    );
    expect(Object.keys(web.paths['/api/2/mail/unsubscribe'].get.responses).filter((c) => c.startsWith('2'))).toEqual(
      [],
    );
  });

  it('a route that answers another content type than its document fails in tests', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/2/contract-drift' });
    expect(res.statusCode).toBe(500);
    expect(web.paths['/api/2/contract-drift'].get.responses['200'].content).toHaveProperty('application/json');
  });
});

describe('answers outside the route handlers', () => {
  it('a method a known path does not have: 405 with Allow, as both documents say', async () => {
    const res = await authed(app, sessions.customer).inject({ method: 'PUT', url: '/api/2/account/invoices' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(web.paths['/api/2/account/invoices'].put).toBeUndefined();
    const v1 = await app.inject({ method: 'DELETE', url: '/api/v1/cart' });
    expect(v1.statusCode).toBe(405);
    expect(v1.json().error.code).toBe('method_not_allowed');
    expect(web.info.description).toContain('405');
    expect(api.info.description).toContain('405');
  });

  it('an unknown address under an API prefix is a JSON 404, not the web app', async () => {
    for (const url of ['/moderation/api/nothing', '/chat/api/nothing', '/file-storage/api/nothing', '/ajax/nothing']) {
      const res = await authed(app, sessions.admin).get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().status, url).toBe('ERROR');
    }
  });

  it('a path parameter over 100 characters: 414 in each document envelope, declared on each such operation', async () => {
    const long = '1'.repeat(300);
    const webAnswer = await authed(app, sessions.customer).get(`/api/2/account/invoice/${long}`);
    expect(webAnswer.statusCode).toBe(414);
    expect(webAnswer.json()).toMatchObject({ status: 'ERROR', message: 'The address is too long' });
    const apiAnswer = await app.inject({ method: 'GET', url: `/api/v1/orders/${long}` });
    expect(apiAnswer.statusCode).toBe(414);
    expect(apiAnswer.json().error).toMatchObject({ code: 'uri_too_long' });
    for (const doc of [web, api]) {
      for (const { path, method, op } of operations(doc)) {
        if (path.includes('{')) expect(op.responses['414'], `${method} ${path}`).toBeDefined();
        expect(op.responses['431'], `${method} ${path}`).toBeDefined();
      }
    }
    expect(web.paths['/api/2/account/invoice/{id}'].get.responses['414']).toMatchObject({
      description: TRANSPORT_4XX[414],
    });
  });

  it('/api/2/realtime without an upgrade: the 426 the document declares', async () => {
    const res = await authed(app, sessions.customer).get('/api/2/realtime');
    expect(res.statusCode).toBe(426);
    expect(res.json().status).toBe('ERROR');
    expect(Object.keys(web.paths['/api/2/realtime'].get.responses)).toContain('426');
  });
});

type Schema = {
  properties: Record<string, Schema>;
  maxLength?: number;
  anyOf?: Schema[];
  items?: Schema;
  not?: unknown;
};
const bodySchema = (doc: Doc, path: string) =>
  (
    doc.paths[path].post as unknown as {
      requestBody: { content: Record<string, { schema: Schema }> };
    }
  ).requestBody.content['application/json'].schema;

describe('request schemas as strict as the server', () => {
  /** The status of a body after access and validation only (the probe stops there: nothing is saved). */
  const validated = async (url: string, payload: object, session?: TestSession, key?: string) => {
    const headers = { [PROBE]: '1', ...(key ? { authorization: `Bearer ${key}` } : {}) };
    const request: InjectOptions = { method: 'POST', url, payload, headers };
    const res = session ? await authed(app, session).inject(request) : await app.inject(request);
    return res.statusCode;
  };

  it('tags and group names: the documented maxLength is where the server starts refusing', async () => {
    const tags = bodySchema(web, '/api/2/projects/{id}/tags').properties.tags.anyOf?.[0].items?.maxLength ?? 0;
    expect(tags).toBe(20);
    expect(await validated('/api/2/projects/1/tags', { tags: ['x'.repeat(tags)] }, sessions.customer)).toBe(204);
    expect(await validated('/api/2/projects/1/tags', { tags: ['x'.repeat(tags + 1)] }, sessions.customer)).toBe(400);
    const group = bodySchema(web, '/api/2/account/cat-tool-map/{id}/group').properties.name.maxLength ?? 0;
    expect(group).toBe(100);
    const groupUrl = '/api/2/account/cat-tool-map/1/group';
    expect(await validated(groupUrl, { name: 'g'.repeat(group) }, sessions.customer)).toBe(204);
    expect(await validated(groupUrl, { name: 'g'.repeat(group + 1) }, sessions.customer)).toBe(400);
  });

  it('the customer API states its cross-field rules, and the server applies them', async () => {
    const keygen = await authed(app, sessions.customer).post('/userService/updateApiKeysForm', { keygen: '1' });
    const key = keygen.json().token_api as string;
    const languages = { source_language: 'english', target_languages: ['german'] };
    expect(bodySchema(api, '/api/v1/quotes').anyOf).toEqual([{ required: ['word_count'] }, { required: ['text'] }]);
    expect(await validated('/api/v1/quotes', languages, undefined, key)).toBe(400);
    expect(await validated('/api/v1/quotes', { ...languages, word_count: 10 }, undefined, key)).toBe(204);
    expect(await validated('/api/v1/quotes', { ...languages, text: 'Hello' }, undefined, key)).toBe(204);
    expect(bodySchema(api, '/api/v1/orders').not).toEqual({ required: ['text', 'url'] });
    expect(
      await validated('/api/v1/orders', { ...languages, text: 'Hello', url: 'https://example.com/' }, undefined, key),
    ).toBe(400);
    expect(await validated('/api/v1/orders', { ...languages, text: 'Hello' }, undefined, key)).toBe(204);
    const both = await app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      payload: { ...languages, text: 'Hello', url: 'https://example.com/' },
      headers: { [PROBE]: '1', authorization: `Bearer ${key}` },
    });
    expect(both.json().error).toMatchObject({ code: 'invalid_request', fields: { url: 'Send text or url, not both' } });
  });

  it('file uploads to an order document their multipart body', () => {
    const upload = api.paths['/api/v1/orders/{id}/files'].post as unknown as {
      requestBody: { content: Record<string, { schema: Schema }> };
    };
    expect(upload.requestBody.content['multipart/form-data'].schema.properties.files).toBeDefined();
  });
});

describe('statuses of single operations', () => {
  it('the help-centre sign-in refuses a bad token with the 401 it declares', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/2/help-center/sso', payload: { jwt: 'not-a-token' } });
    expect(res.statusCode).toBe(401);
    expect(Object.keys(web.paths['/api/2/help-center/sso'].post.responses)).toEqual(
      expect.arrayContaining(['303', '401']),
    );
  });

  it('acting as a user redirects with the 303 it declares, or answers 200 with NoRedirect=1', async () => {
    const admin = authed(app, sessions.admin);
    const act = await admin.get(`/manage/act?uid=${sessions.customer.user.id}`);
    expect(act.statusCode).toBe(303);
    expect(act.headers.location).toBe('/');
    const responses = web.paths['/manage/act'].get.responses;
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(['200', '303']));
  });
});
