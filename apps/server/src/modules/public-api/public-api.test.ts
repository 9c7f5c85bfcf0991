import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { createHash, createHmac } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseOrders, webhookDeliveries } from '../../db/schema';
import { balanceOfOwner } from '../../platform/ledger';
import { CapturingMailer, createTestApp, type TestApp } from '../../test/harness';
import { generateClientTypes } from '../../print-api-client';
import { newCustomer, newTranslator, type Person, takeAndDeliver } from '../projects/projects-test-helpers';
import { apiClient, injectFetch } from './api-client';
import { orderTranslation } from './client/readme-example';

// The customer API through its own generated client only (the translator's side goes through the
// web app's calls, as a translator would): the order-to-delivery flow, scopes, revocation,
// idempotency, the rate limit, and webhooks (signature, retries, give-up) with the test clock.

let t: TestApp;
let mailer: CapturingMailer;
let customer: Person;
let translator: Person;
let key: string;

async function newKey(person: Person): Promise<string> {
  const res = await person.api.post('/userService/updateApiKeysForm', { keygen: '1' });
  expect(res.statusCode).toBe(200);
  return res.json().token_api as string;
}

beforeAll(async () => {
  mailer = new CapturingMailer();
  t = await createTestApp({ webhookAllowPrivate: true }, { mailer });
  customer = await newCustomer(t.app, 1_000_000);
  translator = await newTranslator(t.app, { pairs: [['american-english', 'spanish']], expertises: ['general'] });
  key = await newKey(customer);
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with only the customer API, and the committed client is generated from it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).every((p: string) => p.startsWith('/api/v1/'))).toBe(true);
    expect(doc.paths['/api/v1/orders'].post.security).toEqual([{ apiKey: [] }, { oauth2: ['order'] }]);
    expect(Object.keys(doc.webhooks)).toContain('project.delivered');
    const committed = readFileSync(join(import.meta.dirname, 'client/schema.d.ts'), 'utf8');
    expect(await generateClientTypes(doc), 'run: npm run api:client -w apps/server').toBe(committed);
    // the web app's document leaves the customer API out
    const web = (await t.app.inject({ method: 'GET', url: '/api/2/docs/openapi.json' })).json();
    expect(Object.keys(web.paths).some((p) => p.startsWith('/api/v1/'))).toBe(false);
  });

  it('the reference page and its renderer are served from the package, framable by the app only', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api-docs/reference' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.body).toContain('/api-docs/reference/scalar.js');
    // the vendored bundle, exactly the published file: packed for browsers that take brotli, plain for the rest
    const vendored = JSON.parse(readFileSync(join(import.meta.dirname, '../../../vendor/scalar/VERSION.json'), 'utf8'));
    const packed = await t.app.inject({
      method: 'GET',
      url: '/api-docs/reference/scalar.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(packed.statusCode).toBe(200);
    expect(packed.headers['content-encoding']).toBe('br');
    expect(packed.headers.vary).toContain('accept-encoding');
    const unpacked = brotliDecompressSync(packed.rawPayload);
    expect(createHash('sha256').update(unpacked).digest('hex')).toBe(vendored.sha256);
    for (const acceptEncoding of ['identity', 'br;q=0']) {
      const plain = await t.app.inject({
        method: 'GET',
        url: '/api-docs/reference/scalar.js',
        headers: { 'accept-encoding': acceptEncoding },
      });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(createHash('sha256').update(plain.rawPayload).digest('hex')).toBe(vendored.sha256);
    }
  });
});

describe("the README's typed client", () => {
  it('is the example the repo type-checks, and it orders and pays through the app', async () => {
    const example = readFileSync(join(import.meta.dirname, 'client/readme-example.ts'), 'utf8');
    const shown = example.slice(example.indexOf('// npm i openapi-fetch')).replace("'./schema'", "'./parlance-api'");
    const readme = readFileSync(join(import.meta.dirname, '../../../../../README.md'), 'utf8');
    expect(readme, 'copy client/readme-example.ts into the README (Customer API)').toContain(
      `\`\`\`ts\n${shown}\`\`\``,
    );

    const buyer = await newCustomer(t.app, 1_000_000);
    const before = await balanceOfOwner(t.database.db, buyer.id, 'customer_credits');
    const result = await orderTranslation('http://localhost', await newKey(buyer), injectFetch(t.app));
    expect(result.quotedCredits).toBeGreaterThan(0);
    expect(result.project).toMatchObject({ name: 'Catalogue', sourceLanguage: 'american-english' });
    const after = await balanceOfOwner(t.database.db, buyer.id, 'customer_credits');
    expect(before - after).toBe(result.paidCredits);
    // a refused call ends the example with the API's code and message
    await expect(orderTranslation('http://localhost', 'prl_0123456789abcdef_nope', injectFetch(t.app))).rejects.toThrow(
      /^unauthenticated: /,
    );
  });
});

describe('order to delivery through the public API', () => {
  it('quotes, orders (idempotently), pays, follows, talks, downloads and approves', async () => {
    const api = apiClient(t.app, key);
    const me = await api.GET('/api/v1/me');
    expect(me.data).toMatchObject({ id: customer.id, scopes: ['read', 'order', 'pay'] });
    expect(me.response.headers.get('ratelimit-limit')).toBe('1000');

    const text = 'The quick brown fox jumps over the lazy dog and the cat. This is the text for you.';
    const analyzed = await api.POST('/api/v1/text/analyze', { body: { text } });
    expect(analyzed.data).toMatchObject({ words: 18, language: { code: 'en' } });

    const quote = await api.POST('/api/v1/quotes', {
      body: { source_language: 'american-english', target_languages: ['spanish'], expertise: 'general', text },
    });
    expect(quote.error).toBeUndefined();
    expect(quote.data?.word_count).toBe(18);
    const quoted = quote.data?.subtotal_credits ?? 0;
    expect(quoted).toBeGreaterThan(0);

    const body = {
      name: 'API order',
      source_language: 'american-english',
      target_languages: ['spanish'],
      expertise: 'general',
      text,
      brief: 'Keep it friendly',
    };
    const headers = { 'idempotency-key': 'order-1' };
    const created = await api.POST('/api/v1/orders', { body, params: { header: headers } });
    expect(created.error).toBeUndefined();
    expect(created.data).toMatchObject({
      status: 'cart',
      wordCount: 18,
      brief: 'Keep it friendly',
      quotedCredits: quoted,
    });
    const again = await api.POST('/api/v1/orders', { body, params: { header: headers } });
    expect(again.data?.pid).toBe(created.data?.pid);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    const [{ n }] = await t.database.db
      .select({ n: count() })
      .from(purchaseOrders)
      .where(eq(purchaseOrders.customerId, customer.id));
    expect(n).toBe(1);
    const reused = await api.POST('/api/v1/orders', { body: { ...body, name: 'Other' }, params: { header: headers } });
    expect(reused.response.status).toBe(422);
    expect(reused.error?.error.code).toBe('idempotency_key_reused');

    const cart = await api.GET('/api/v1/cart');
    expect(cart.data?.purchaseOrders).toHaveLength(1);
    const before = await balanceOfOwner(t.database.db, customer.id, 'customer_credits');
    const paid = await api.POST('/api/v1/cart/pay', {
      body: { ck: cart.data?.ck ?? '' },
      params: { header: { 'idempotency-key': 'pay-1' } },
    });
    expect(paid.error).toBeUndefined();
    const projectId = paid.data?.projects[0]?.id ?? 0;
    expect(projectId).toBeGreaterThan(0);
    const repaid = await api.POST('/api/v1/cart/pay', {
      body: { ck: cart.data?.ck ?? '' },
      params: { header: { 'idempotency-key': 'pay-1' } },
    });
    expect(repaid.data?.projects[0]?.id).toBe(projectId);
    const after = await balanceOfOwner(t.database.db, customer.id, 'customer_credits');
    expect(before - after).toBe(cart.data?.totalCredits);

    const list = await api.GET('/api/v1/projects', { params: { query: { per_page: 10 } } });
    expect(list.data?.data.map((p) => p.id)).toEqual([projectId]);

    await takeAndDeliver(translator, projectId);
    const delivered = await api.GET('/api/v1/projects/{id}', { params: { path: { id: projectId } } });
    expect(delivered.data?.status).toBe('READY');
    const translation = delivered.data?.files.find((f) => f.context === 'translation');
    expect(translation).toBeDefined();
    const file = await api.GET('/api/v1/files/{id}', {
      params: { path: { id: String(translation?.id) } },
      parseAs: 'text',
    });
    expect(file.response.status).toBe(200);
    expect(file.data).toBe('PK translated words');

    const message = await api.POST('/api/v1/projects/{id}/messages', {
      params: { path: { id: projectId } },
      body: { body: 'Thank you!' },
    });
    expect(message.data?.body).toBe('Thank you!');

    const approved = await api.POST('/api/v1/projects/{id}/approve', {
      params: { path: { id: projectId }, header: { 'idempotency-key': 'approve-1' } },
    });
    expect(approved.data?.status).toBe('COMPLETED');

    // another customer's project is not found
    const other = await newCustomer(t.app, 0);
    const otherApi = apiClient(t.app, await newKey(other));
    const hidden = await otherApi.GET('/api/v1/projects/{id}', { params: { path: { id: projectId } } });
    expect(hidden.response.status).toBe(404);
    expect(hidden.error?.error.code).toBe('not_found');
  });

  it('validates bodies with field errors in one envelope', async () => {
    const api = apiClient(t.app, key);
    const res = await api.POST('/api/v1/quotes', {
      body: { source_language: 'american-english', target_languages: [], expertise: 'general', word_count: 10 },
    });
    expect(res.response.status).toBe(400);
    expect(res.error?.error.code).toBe('invalid_request');
    expect(Object.keys(res.error?.error.fields ?? {})).toContain('target_languages');
  });
});

describe('credentials and scopes', () => {
  it('the cookie is never accepted on the API, and a key never on the web app', async () => {
    const viaCookie = await customer.api.get('/api/v1/me');
    expect(viaCookie.statusCode).toBe(401);
    expect(viaCookie.json().error.code).toBe('unauthenticated');
    const viaKey = await t.app.inject({
      method: 'GET',
      url: '/api/2/account',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(viaKey.statusCode).toBe(401);
  });

  it('a key without a scope gets 403 and changes nothing; a revoked key 401', async () => {
    const person = await newCustomer(t.app, 100_000);
    const own = await newKey(person);
    const scoped = await person.api.postJson('/api/2/account/api-keys/scopes', { kind: 'key', scopes: ['read'] });
    expect(scoped.statusCode).toBe(200);
    expect(scoped.json().keys.apiKey.scopes).toEqual(['read']);
    const api = apiClient(t.app, own);
    const refused = await api.POST('/api/v1/orders', {
      body: {
        source_language: 'american-english',
        target_languages: ['spanish'],
        expertise: 'general',
        text: 'Hello there',
      },
    });
    expect(refused.response.status).toBe(403);
    expect(refused.error?.error.code).toBe('insufficient_scope');
    const [{ n }] = await t.database.db
      .select({ n: count() })
      .from(purchaseOrders)
      .where(eq(purchaseOrders.customerId, person.id));
    expect(n).toBe(0);
    expect((await api.GET('/api/v1/me')).response.status).toBe(200);

    expect((await person.api.delete('/api/2/account/api-keys/key')).statusCode).toBe(200);
    const revoked = await api.GET('/api/v1/me');
    expect(revoked.response.status).toBe(401);
    expect(revoked.error?.error.code).toBe('unauthenticated');
    const unknown = await apiClient(t.app, 'prl_0123456789abcdef_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA').GET(
      '/api/v1/me',
    );
    expect(unknown.response.status).toBe(401);
  });

  it('OAuth client credentials give a token with the asked scopes; a replaced client ends its tokens', async () => {
    const made = await customer.api.post('/api/2/oauth/generate-keys', { redirect_uri: 'https://example.com/cb' });
    const { clientId, clientSecret } = made.json().results;
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/token',
      payload: { grant_type: 'client_credentials', client_id: clientId, client_secret: 'wrong' },
    });
    expect(bad.statusCode).toBe(401);
    // RFC 6749 section 5.2, the shape OAuth libraries read
    expect(bad.json().error).toBe('invalid_client');
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/token',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials&scope=read',
    });
    expect(res.statusCode).toBe(200);
    const token = res.json().access_token as string;
    expect(res.json().scope).toBe('read');
    const api = apiClient(t.app, token);
    expect((await api.GET('/api/v1/me')).data?.scopes).toEqual(['read']);
    const quoted = await api.POST('/api/v1/quotes', {
      body: { source_language: 'american-english', target_languages: ['spanish'], expertise: 'general', word_count: 5 },
    });
    expect(quoted.response.status).toBe(200);
    const order = await api.POST('/api/v1/orders', {
      body: { source_language: 'american-english', target_languages: ['spanish'], expertise: 'general', text: 'Hi' },
    });
    expect(order.error?.error.code).toBe('insufficient_scope');
    await customer.api.post('/api/2/oauth/generate-keys', { redirect_uri: 'https://example.com/cb' });
    expect((await api.GET('/api/v1/me')).response.status).toBe(401);
  });
});

describe('rate limit', () => {
  it('answers RateLimit headers and a clear 429 when a key has spent its minute', async () => {
    const small = await createTestApp({ apiRateLimit: 3 });
    try {
      const person = await newCustomer(small.app, 0);
      const res = await person.api.post('/userService/updateApiKeysForm', { keygen: '1' });
      const api = apiClient(small.app, res.json().token_api);
      const remaining: (string | null)[] = [];
      for (let i = 0; i < 3; i++)
        remaining.push((await api.GET('/api/v1/me')).response.headers.get('ratelimit-remaining'));
      expect(remaining).toEqual(['2', '1', '0']);
      const limited = await api.GET('/api/v1/me');
      expect(limited.response.status).toBe(429);
      expect(limited.error?.error.code).toBe('rate_limited');
      expect(Number(limited.response.headers.get('retry-after'))).toBeGreaterThan(0);
      small.clock.advance(61_000);
      expect((await api.GET('/api/v1/me')).response.status).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe('webhooks', () => {
  let receiver: Server;
  let received: { headers: IncomingMessage['headers']; body: string }[] = [];
  let answer = 200;
  let url = '';

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.statusCode = answer;
        res.end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  });
  afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

  it('refuses private and loopback targets unless the development setting allows them', async () => {
    const strict = await createTestApp();
    try {
      const person = await newCustomer(strict.app, 0);
      for (const target of [
        'https://127.0.0.1/x',
        'https://10.1.2.3/x',
        'https://[::1]/x',
        'https://localhost/x',
        'http://example.com/x',
      ]) {
        const res = await person.api.inject({ method: 'PUT', url: '/api/2/account/webhook', payload: { url: target } });
        expect(res.statusCode, target).toBe(400);
        expect(res.json().errors.url).toBeTruthy();
      }
    } finally {
      await strict.close();
    }
  });

  it('posts every project move signed, retries with backoff, then gives up after a day and mails', async () => {
    const person = await newCustomer(t.app, 1_000_000);
    const set = await person.api.inject({ method: 'PUT', url: '/api/2/account/webhook', payload: { url } });
    expect(set.statusCode).toBe(200);
    const secret: string = set.json().results.secret;
    const api = apiClient(t.app, await newKey(person));
    await api.POST('/api/v1/orders', {
      body: {
        source_language: 'american-english',
        target_languages: ['spanish'],
        expertise: 'general',
        // ten words or more: new translators are on probation, which offers no shorter work
        text: 'Hello webhook world, this text is long enough for a translator on probation.',
      },
    });
    const cart = await api.GET('/api/v1/cart');
    const paid = await api.POST('/api/v1/cart/pay', {
      body: { ck: cart.data?.ck ?? '' },
      params: { header: { 'idempotency-key': 'hook-pay' } },
    });
    const projectId = paid.data?.projects[0]?.id ?? 0;
    await takeAndDeliver(translator, projectId);

    received = [];
    await t.app.deps.scheduler.runOnce();
    const events = received.map((r) => JSON.parse(r.body).type);
    expect(events).toEqual(['project.started', 'project.delivered']);
    for (const r of received) {
      const sig = String(r.headers['parlance-signature']);
      const ts = String(r.headers['parlance-timestamp']);
      const expected = createHmac('sha256', secret).update(`${ts}.${r.body}`).digest('hex');
      expect(sig).toBe(`t=${ts},v1=${expected}`);
      expect(r.headers['parlance-delivery']).toBe(JSON.parse(r.body).id);
      expect(JSON.parse(r.body).data.projectId).toBe(projectId);
    }
    // delivered rows are not sent again
    received = [];
    await t.app.deps.scheduler.runOnce();
    expect(received).toEqual([]);

    // the receiver fails: retried with growing waits, then failed after a day, and the customer mailed
    answer = 500;
    await api.POST('/api/v1/projects/{id}/messages', { params: { path: { id: projectId } }, body: { body: 'Ping' } });
    await t.app.deps.scheduler.runOnce();
    const [row] = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.userId, person.id), eq(webhookDeliveries.event, 'project.message')));
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.lastStatus).toBe(500);
    const firstWait = (row.nextAttemptAt?.getTime() ?? 0) - (row.lastAttemptAt?.getTime() ?? 0);
    expect(firstWait).toBeGreaterThanOrEqual(24_000);
    expect(firstWait).toBeLessThanOrEqual(36_000);
    // nothing is sent before it is due
    received = [];
    await t.app.deps.scheduler.runOnce();
    expect(received).toHaveLength(0);
    mailer.sent.length = 0;
    for (let i = 0; i < 40; i++) {
      t.clock.advance(2 * 60 * 60 * 1000 + 60_000);
      await t.app.deps.scheduler.runOnce();
    }
    const [failed] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, row.id));
    expect(failed.status).toBe('failed');
    expect(failed.attempts).toBeGreaterThan(5);
    expect(failed.attempts).toBeLessThan(30);
    expect(mailer.sent.filter((m) => m.to === person.session.user.email && /webhook/.test(m.subject))).toHaveLength(1);

    // the profile lists it and resends it
    const list = await person.api.get('/api/2/account/webhook/deliveries');
    expect(list.json().data.find((d: { id: string }) => d.id === row.id)?.status).toBe('failed');
    answer = 200;
    received = [];
    expect((await person.api.post(`/api/2/account/webhook/deliveries/${row.id}/resend`)).statusCode).toBe(200);
    await t.app.deps.scheduler.runOnce();
    const [resent] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, row.id));
    expect(resent.status).toBe('delivered');
    expect(received.some((r) => r.headers['parlance-delivery'] === row.id)).toBe(true);
  });
});
