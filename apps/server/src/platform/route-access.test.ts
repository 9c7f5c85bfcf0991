import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, projects } from '../db/schema';
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

  it('customers and translators get 403 on every admin route, before any field error', async () => {
    const wrong: string[] = [];
    for (const route of registered().filter((r) => ROUTE_ACCESS[r] === 'admin')) {
      const { method, url } = split(route);
      for (const [who, s] of [
        ['customer', customer],
        ['translator', translator],
      ] as const) {
        const res = await authed(t.app, s).inject({ method, url, ...junk(method) });
        if (res.statusCode !== 403) wrong.push(`${who} ${route}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("a customer's list calls answer translators 403, a translator's answer customers 403", async () => {
    const wrong: string[] = [];
    for (const route of registered()) {
      const access = ROUTE_ACCESS[route];
      if (access !== 'customer' && access !== 'translator') continue;
      const { method, url } = split(route);
      if (method !== 'GET') continue;
      const outsider = access === 'customer' ? translator : customer;
      const res = await authed(t.app, outsider).inject({ method, url });
      if (res.statusCode !== 403) wrong.push(`${route}: ${res.statusCode}`);
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
