import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, form, loginDemo, type TestSession } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

// Malformed input answers 400 or 404 with a message, never 500: NUL bytes in strings,
// broken multipart bodies, integers beyond what the database stores.

let t: TestApp;
let customer: TestSession;
let admin: TestSession;
let translator: TestSession;

beforeAll(async () => {
  t = await createTestApp({}, { demo: true });
  customer = await loginDemo(t.app, 'customer');
  admin = await loginDemo(t.app, 'admin');
  translator = await loginDemo(t.app, 'translator');
});

afterAll(async () => {
  await t?.close();
});

function expectClear(res: { statusCode: number; body: string; json: () => unknown }, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { status: string; message: string };
  expect(body.status).toBe('ERROR');
  expect(body.message.length).toBeGreaterThan(5);
  expect(res.body).not.toMatch(/byte sequence|0x00|stack|at \w+ \(/);
}

const GARBAGE = {
  headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
  payload: 'garbage',
};

describe('a NUL byte in a string', () => {
  it('signing in as a guest with a NUL in the user name is 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/2/account/auth/login',
      ...form({ username: 'a\u0000b', pwd: 'x' }),
    });
    expectClear(res, 400);
  });

  it('in a query string (%00) is 400', async () => {
    expectClear(await t.app.inject({ method: 'GET', url: '/api/2/site/ui-feature/config/get?uuid=%00' }), 400);
    expectClear(await authed(t.app, customer).get('/api/2/site/ui-feature/config/get?uuid=a%00b'), 400);
  });

  it('in an idempotency key or a JSON body is 400', async () => {
    const res = await authed(t.app, customer).post('/ajax/cart/executeRecurringPayment', {
      pqid: 'x.y',
      card_id: 1,
      idempotency_key: 'k\u0000',
    });
    expectClear(res, 400);
    const json = await authed(t.app, customer).postJson('/api/2/account/auth/login', { username: '\u0000', pwd: 'x' });
    expect(json.statusCode).toBeLessThan(500);
  });

  it("in translateNow's multipart idempotency key is 400", async () => {
    const boundary = 'b0undary';
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="ck"',
      '',
      'abc',
      `--${boundary}`,
      'Content-Disposition: form-data; name="idempotency_key"',
      '',
      'k\u0000k',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const res = await authed(t.app, customer).inject({
      method: 'POST',
      url: '/ajax/cart/translateNow',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expectClear(res, 400);
  });
});

describe('a broken multipart body', () => {
  for (const url of ['/ajax/filepicker/fileUploaded', '/api/2/projects/1/addresource', '/ajax/cart/translateNow']) {
    it(`${url} answers 400 (or 401 to a guest), never 500`, async () => {
      const signedIn = await authed(t.app, customer).inject({ method: 'POST', url, ...GARBAGE });
      expect(signedIn.statusCode, signedIn.body).toBeLessThan(500);
      expect([400, 404]).toContain(signedIn.statusCode);
      const guest = await t.app.inject({ method: 'POST', url, ...GARBAGE });
      expect(guest.statusCode, guest.body).toBeLessThan(500);
    });
  }
});

describe('an id beyond the database integer', () => {
  it('/api/2/account/invoice/2147483648 is 404', async () => {
    expectClear(await authed(t.app, customer).get('/api/2/account/invoice/2147483648'), 404);
  });

  it('every GET route with an id in its path answers 404 or 400 for 2147483648, to every role', async () => {
    const routes = [...new Set(t.app.routeTable)]
      .filter((r) => r.startsWith('GET ') && /:\w*id\b/i.test(r))
      .map((r) => r.slice(4));
    expect(routes.length).toBeGreaterThan(3);
    for (const route of routes) {
      const url = route.replace(/:\w+/g, '2147483648');
      for (const s of [customer, admin, translator]) {
        const res = await authed(t.app, s).get(url);
        expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
      }
    }
  });
});

describe('a date that matches YYYY-MM-DD but is not a day', () => {
  const NOT_DAYS = ['0000-00-00', '9999-99-99', '2026-02-31', '2023-02-29', '0000-01-01'];

  it.each(NOT_DAYS)('%s is 400 in every date filter, and a CSV download never starts', async (day) => {
    const asAdmin = authed(t.app, admin);
    for (const url of [
      `/api/2/admin/convert/requests?from=${day}`,
      `/api/2/admin/convert/requests?to=${day}`,
      `/api/2/admin/convert/requests/downloads/csv?from=${day}`,
      `/api/2/admin/convert/requests/downloads/csv?to=${day}`,
      `/api/2/admin/projects?dateFrom=${day}`,
    ]) {
      const res = await asAdmin.get(url);
      expectClear(res, 400);
      expect(res.headers['content-disposition'], url).toBeUndefined();
    }
    expectClear(
      await authed(t.app, customer).get(`/api/2/account/statement/get?date_from=${day}&date_to=2026-01-01`),
      400,
    );
    expectClear(await authed(t.app, customer).get(`/api/2/account/partner?startDate=${day}&endDate=2026-01-01`), 400);
    expectClear(await authed(t.app, translator).get(`/api/2/dashboard/statement?action_date_from=${day}`), 400);
  });

  it('the first and last days there are still work as filters', async () => {
    const res = await authed(t.app, admin).get('/api/2/admin/convert/requests?from=0001-01-01&to=9999-12-31');
    expect(res.statusCode, res.body).toBe(200);
    const csv = await authed(t.app, admin).get(
      '/api/2/admin/convert/requests/downloads/csv?from=0001-01-01&to=9999-12-31',
    );
    expect(csv.statusCode, csv.body).toBe(200);
    const statement = await authed(t.app, customer).get(
      '/api/2/account/statement/get?date_from=0001-01-01&date_to=9999-12-31',
    );
    expect(statement.statusCode, statement.body).toBe(200);
    const projects = await authed(t.app, admin).get('/api/2/admin/projects?dateFrom=0001-01-01&dateTo=9999-12-31');
    expect(projects.statusCode, projects.body).toBe(200);
  });
});

describe('a WebSocket address opened as a page', () => {
  it.each(['/api/2/realtime', '/chat/api/live'])('%s answers 426 with the error envelope', async (url) => {
    const res = await authed(t.app, customer).get(url);
    expectClear(res, 426);
    expect(res.headers.upgrade).toBe('websocket');
  });
});

describe('requests the router or the HTTP parser refuses', () => {
  it('a method a known path does not have is 405 with the methods it has', async () => {
    const res = await authed(t.app, customer).inject({ method: 'PATCH', url: '/api/2/projects/1' });
    expectClear(res, 405);
    expect(String(res.headers.allow)).toContain('GET');
    const api = await t.app.inject({ method: 'DELETE', url: '/api/v1/orders' });
    expect(api.statusCode).toBe(405);
    expect(api.json().error.code).toBe('method_not_allowed');
    // an unknown path is still 404
    expectClear(await authed(t.app, customer).inject({ method: 'PATCH', url: '/api/2/nothing-here' }), 404);
  });

  it('a path parameter over 100 characters is 414 in the error envelope', async () => {
    expectClear(await authed(t.app, customer).get(`/api/2/projects/${'9'.repeat(150)}`), 414);
  });

  it('headers over the 16 kB limit (a very long address) are 431 in the error envelope', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const rawAnswer = (path: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(`GET ${path}?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
        });
        let answer = '';
        socket.on('data', (chunk) => {
          answer += chunk.toString();
        });
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
      });
    const raw = await rawAnswer('/api/2/health');
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    expect(raw).toContain('application/json');
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 'ERROR' });
    // the customer API's document declares its own envelope for it
    const api = await rawAnswer('/api/v1/orders');
    expect(api).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(api.slice(api.indexOf('\r\n\r\n') + 4))).toMatchObject({
      error: { code: 'headers_too_large' },
    });
  });
});
