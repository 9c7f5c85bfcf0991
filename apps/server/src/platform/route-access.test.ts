import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, payments, payoutRequests, projects } from '../db/schema';
import { seedDemoData } from '../db/seed/demo';
import { authed, loginDemo, signUp, type TestSession } from '../test/auth-helpers';
import { createTestApp, type TestApp } from '../test/harness';
import { ROUTE_ACCESS } from './route-access';

// The authorization matrix, generated from the route table: every registered route x every role.
// A route without a line in ROUTE_ACCESS fails here.

let t: TestApp;
let customer: TestSession;
let translator: TestSession;
let _admin: TestSession;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db);
  customer = await loginDemo(t.app, 'customer');
  translator = await loginDemo(t.app, 'translator');
  _admin = await loginDemo(t.app, 'admin');
});

afterAll(async () => {
  await t?.close();
});

const registered = () => [...new Set(t.app.routeTable)].filter((r) => !r.startsWith('OPTIONS '));
const split = (route: string) => {
  const [method, path] = route.split(' ');
  return { method: method as 'GET' | 'POST' | 'DELETE', url: path.replace(/:\w+/g, '1') };
};
/** Input every route refuses (field errors would show if validation came first). */
const junk = (method: string) =>
  method === 'GET' || method === 'DELETE'
    ? {}
    : {
        payload: { bogus: '\u0001'.repeat(3), rating: 'x', id: 'nope' },
        headers: { 'content-type': 'application/json' },
      };

describe('the route table', () => {
  it('every registered route declares who may call it, and every line names a registered route', () => {
    const routes = registered();
    const missing = routes.filter((r) => !(r in ROUTE_ACCESS) && r !== 'GET /bench/hello');
    expect(missing, 'add these to ROUTE_ACCESS in platform/route-access.ts').toEqual([]);
    const stale = Object.keys(ROUTE_ACCESS).filter((r) => !routes.includes(r) && r !== 'GET /bench/hello');
    expect(stale, 'these are not registered any more').toEqual([]);
  });
});

describe('every route x every role', () => {
  it('a guest gets 401 on every signed-in route, before any field error', async () => {
    const wrong: string[] = [];
    for (const route of registered()) {
      const access = ROUTE_ACCESS[route];
      if (!access || access === 'public' || access === 'self') continue;
      const { method, url } = split(route);
      const res = await t.app.inject({ method, url, ...junk(method) });
      if (res.statusCode !== 401) wrong.push(`${route}: ${res.statusCode} ${res.body.slice(0, 80)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('customers and translators get 404 on every admin route (the back office does not exist for them), before any field error', async () => {
    const wrong: string[] = [];
    for (const route of registered().filter((r) => ROUTE_ACCESS[r] === 'admin')) {
      const { method, url } = split(route);
      for (const [who, s] of [
        ['customer', customer],
        ['translator', translator],
      ] as const) {
        const res = await authed(t.app, s).inject({ method, url, ...junk(method) });
        if (res.statusCode !== 404) wrong.push(`${who} ${route}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("a customer's calls answer translators 403, a translator's answer customers 403, every method, before any field error", async () => {
    const wrong: string[] = [];
    for (const route of registered()) {
      const access = ROUTE_ACCESS[route];
      if (access !== 'customer' && access !== 'translator') continue;
      // the team chat answers 401 to the cookie alone: every call needs its bearer token first
      if (route.includes(' /chat/api/')) continue;
      const { method, url } = split(route);
      const outsider = access === 'customer' ? translator : customer;
      const before = await fingerprint();
      const res = await authed(t.app, outsider).inject({ method, url, ...junk(method) });
      if (res.statusCode !== 403) wrong.push(`${route}: ${res.statusCode} ${res.body.slice(0, 80)}`);
      if ((await fingerprint()) !== before) wrong.push(`${route}: changed the database`);
    }
    expect(wrong).toEqual([]);
  });

  it('public routes never ask a guest to sign in', async () => {
    for (const route of registered().filter((r) => ROUTE_ACCESS[r] === 'public')) {
      const { method, url } = split(route);
      if (url === '/api/logout') continue;
      const res = await t.app.inject({ method, url, ...junk(method) });
      expect(res.statusCode, `${route}: ${res.body}`).not.toBe(401);
      expect(res.statusCode, `${route}: ${res.body}`).toBeLessThan(500);
    }
  });
});

describe("own and another's object", () => {
  it("a customer's project and invoice: 200 to the owner, 404 to another customer and a stranger translator", async () => {
    const [project] = await t.database.db
      .select()
      .from(projects)
      .where(eq(projects.customerId, customer.user.id))
      .limit(1);
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.userId, customer.user.id)).limit(1);
    const other = await signUp(t.app, { user_type: 'client' });
    const stranger = await signUp(t.app, { user_type: 'translator' });
    const objects = [
      project && `/api/2/projects/${project.id}`,
      invoice && `/api/2/account/invoice/${invoice.id}`,
      `/api/2/account/${customer.user.id}/billing-info`,
    ].filter((u): u is string => Boolean(u));
    expect(objects.length).toBeGreaterThanOrEqual(2);
    for (const url of objects) {
      expect((await authed(t.app, customer).get(url)).statusCode, url).toBe(200);
      expect((await authed(t.app, other).get(url)).statusCode, url).toBe(404);
      expect((await authed(t.app, stranger).get(url)).statusCode, url).toBe(404);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});

/** Row counts and project states: a refused request must leave them as they were. */
async function fingerprint(): Promise<string> {
  const rows = await t.database.db.execute(sql`SELECT
    (SELECT count(*) FROM projects) AS projects,
    (SELECT md5(coalesce(string_agg(id || status, ',' ORDER BY id), '')) FROM projects) AS states,
    (SELECT count(*) FROM project_events) AS project_events,
    (SELECT count(*) FROM purchase_orders) AS orders,
    (SELECT max(updated_at) FROM purchase_orders) AS orders_changed,
    (SELECT count(*) FROM payments) AS payments,
    (SELECT count(*) FROM ledger_transactions) AS ledger,
    (SELECT count(*) FROM invoices) AS invoices,
    (SELECT count(*) FROM saved_cards) AS cards,
    (SELECT count(*) FROM payout_requests) AS payouts,
    (SELECT count(*) FROM project_messages) AS messages`);
  const list = Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows;
  return JSON.stringify(list[0]);
}

/**
 * Routes with a path parameter that is not somebody's object, each with why. Every other route with a
 * parameter is called below with other people's objects; a new one that answers them fails here.
 */
const NOT_AN_OBJECT: Record<string, string> = {
  'GET /chat/api/search/:phrase': 'a search phrase',
  'GET /moderation/api/search/word/:term': 'a search term in the shared vocabulary',
};

describe("every route with an object id x every role x another's object", () => {
  it('a customer and a translator with nothing of their own get 403 or 404 (400 for junk input), and nothing changes', async () => {
    const other = await signUp(t.app, { user_type: 'client' });
    const stranger = await signUp(t.app, { user_type: 'translator' });
    const [payment] = await t.database.db.select().from(payments).limit(1);
    const wrong: string[] = [];
    let calls = 0;
    for (const route of registered()) {
      const access = ROUTE_ACCESS[route];
      if (!route.includes(':') || route in NOT_AN_OBJECT) continue;
      if (access === 'public' || access === 'self' || access === 'admin' || access?.startsWith('api-')) continue;
      const [method, path] = route.split(' ');
      // the demo's objects have low ids in every table; a payment's key where a key is asked
      for (const id of ['1', '2', '3']) {
        const url = path.replace(/:(\w+)/g, (_m, name: string) => (name === 'key' ? (payment?.key ?? 'k') : id));
        for (const [who, s] of [
          ['customer', other],
          ['translator', stranger],
        ] as const) {
          const before = await fingerprint();
          const res = await authed(t.app, s).inject({
            method: method as 'GET',
            url,
            ...junk(method),
          });
          calls += 1;
          // 400: a field error about the request's own input (the same for any id), never a state
          const allowed = [400, 403, 404];
          // the team chat and its file storage ask for their bearer token before anything else
          if (route.includes(' /chat/api/') || route.includes(' /file-storage/')) allowed.push(401);
          if (!allowed.includes(res.statusCode))
            wrong.push(`${who} ${method} ${url}: ${res.statusCode} ${res.body.slice(0, 80)}`);
          if ((await fingerprint()) !== before) wrong.push(`${who} ${method} ${url}: changed the database`);
        }
      }
    }
    expect(calls).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });

  it('the owner sees their own objects: a project, billing details, a payment, a paid payout', async () => {
    const db = t.database.db;
    const demoTranslator = translator;
    const [project] = await db.select().from(projects).where(eq(projects.customerId, customer.user.id)).limit(1);
    const [payment] = await db.select().from(payments).where(eq(payments.userId, customer.user.id)).limit(1);
    const [payout] = await db
      .select()
      .from(payoutRequests)
      .where(eq(payoutRequests.userId, demoTranslator.user.id))
      .limit(1);
    const own: [TestSession, string][] = [
      [customer, `/api/2/projects/${project.id}`],
      [customer, `/api/2/account/${customer.user.id}/billing-info`],
    ];
    if (payment) own.push([customer, `/api/2/payments/${payment.key}`]);
    for (const [s, url] of own) expect((await authed(t.app, s).get(url)).statusCode, url).toBe(200);
    if (payout && payout.status === 'paid') {
      const pdf = await authed(t.app, demoTranslator).get(`/api/2/account/convert/invoice/${payout.id}`);
      expect(pdf.statusCode).toBe(200);
    }
  });
});
