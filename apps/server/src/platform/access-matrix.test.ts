import { and, eq, inArray, sql } from 'drizzle-orm';
import type { InjectOptions } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, type Permission, permissionsOf, STAFF_GROUPS } from '@parlance/shared';
import { invoices, payments, payoutRequests, projects } from '../db/schema';
import { DEMO_PASSWORD, DEMO_STAFF, seedDemoData } from '../db/seed/demo';
import { DEMO_LM } from '../db/seed/demo-lm-dashboard';
import { login, loginDemo, signUp, type TestSession } from '../test/auth-helpers';
import { createTestApp, type TestApp } from '../test/harness';
import { isPermission, type RouteAccess } from './access';

// The authorization matrix, through HTTP: every registered route, as every kind of person (a
// guest, two customers, two translators, and each staff role), with the answer each must get taken
// from ONE table (`expected`, by the access the route declares), and the objects of one person
// tried by every other (OBJECTS). A route that declares no access stops the server from starting
// (platform/access.ts), so no route escapes this walk.

const STAFF_ROLES = {
  admin: null, // the super-admin: every permission
  finance: STAFF_GROUPS.finance,
  support: STAFF_GROUPS.support,
  moderator: STAFF_GROUPS.moderation,
  lm: STAFF_GROUPS.languageManager,
} as const;
type StaffRole = keyof typeof STAFF_ROLES;
const SIGNED_IN = ['customer', 'customer2', 'translator', 'translator2', ...Object.keys(STAFF_ROLES)] as const;
type SignedIn = (typeof SIGNED_IN)[number];
type Role = 'guest' | SignedIn;

const isStaffRole = (role: Role): role is StaffRole => role in STAFF_ROLES;

function permissionsOfRole(role: StaffRole): Permission[] {
  const group = STAFF_ROLES[role];
  return group === null
    ? permissionsOf({ type: 'admin', isAdmin: true }, [])
    : permissionsOf({ type: 'admin', isAdmin: false }, [group]);
}

/** The gate's answer: refused with this status before the input is read, or admitted (the handler decides). */
type Gate = 401 | 403 | 404 | 'admitted';

/** THE TABLE: what each kind of person gets from a route, by the route's declared access. */
function expected(access: RouteAccess, role: Role): Gate {
  if (access === 'public' || access === 'self') return 'admitted';
  // the customer API takes API keys and access tokens only, never the cookie
  if (access === 'api-read' || access === 'api-order' || access === 'api-pay') return 401;
  if (role === 'guest') return 401;
  if (access === 'user') return 'admitted';
  if (access === 'customer') return role === 'customer' || role === 'customer2' ? 'admitted' : 403;
  if (access === 'translator') return role === 'translator' || role === 'translator2' ? 'admitted' : 403;
  // a staff permission: the back office does not exist for customers and translators
  if (!isStaffRole(role)) return 404;
  return permissionsOfRole(role).includes(access) ? 'admitted' : 403;
}

/** Calls that end or switch the caller's own session: made by nobody here, whatever the table says. */
const ENDS_THE_SESSION = new Set(['GET /api/logout', 'GET /manage/act', 'POST /api/2/account/switchBA']);

let t: TestApp;
const people = {} as Record<SignedIn, TestSession>;
const bearer = {} as Record<SignedIn, string>;

beforeAll(async () => {
  t = await createTestApp();
  // the whole demo: projects, invoices, payments and payouts of its customer and translator
  await seedDemoData(t.database.db, { storage: t.app.deps.storage, passwordHashing: 'fast' });
  people.customer = await loginDemo(t.app, 'customer');
  people.translator = await loginDemo(t.app, 'translator');
  people.admin = await loginDemo(t.app, 'admin');
  people.customer2 = await signUp(t.app, { user_type: 'client' });
  people.translator2 = await signUp(t.app, { user_type: 'translator' });
  const staffEmail = (group: string) => DEMO_STAFF.find((s) => s.acl === group)?.email ?? '';
  people.finance = await login(t.app, staffEmail(STAFF_GROUPS.finance), DEMO_PASSWORD);
  people.support = await login(t.app, staffEmail(STAFF_GROUPS.support), DEMO_PASSWORD);
  people.moderator = await login(t.app, staffEmail(STAFF_GROUPS.moderation), DEMO_PASSWORD);
  people.lm = await login(t.app, DEMO_LM.email, DEMO_PASSWORD);
  for (const role of SIGNED_IN) {
    const res = await call(role, 'GET', '/api/2/auth/token');
    bearer[role] = res.json().results.jwt.access_token;
  }
});

afterAll(async () => {
  await t?.close();
});

/** The team chat and its file storage take the bearer token of GET /api/2/auth/token, as the web app sends it. */
const takesBearer = (url: string) => url.startsWith('/chat/api/') || url.startsWith('/file-storage/');

function call(role: Role, method: string, url: string, extra: Partial<InjectOptions> = {}) {
  const headers: Record<string, string> = { ...(extra.headers as Record<string, string> | undefined) };
  if (role !== 'guest') {
    if (takesBearer(url) && bearer[role]) headers.authorization = `Bearer ${bearer[role]}`;
    else {
      headers.cookie = people[role].cookie;
      headers[CSRF_HEADER] = people[role].csrf;
    }
  }
  return t.app.inject({ ...extra, method: method as 'GET', url, headers });
}

/** Input every route refuses (a field error would show if validation came before the gate). */
const junk = (method: string): Partial<InjectOptions> =>
  method === 'GET' || method === 'DELETE'
    ? {}
    : {
        payload: { bogus: '\u0001'.repeat(3), rating: 'x', id: 'nope' },
        headers: { 'content-type': 'application/json' },
      };

const routes = () => [...t.app.routeAccess.entries()].filter(([route]) => !route.startsWith('OPTIONS '));
const urlOf = (path: string) => path.replace(/:\w+/g, '1');

/** Row counts and states a refused request must leave as they were. */
async function fingerprint(): Promise<string> {
  const rows = await t.database.db.execute(sql`SELECT
    (SELECT md5(coalesce(string_agg(id || status, ',' ORDER BY id), '')) FROM projects) AS projects,
    (SELECT count(*) FROM project_events) AS project_events,
    (SELECT count(*) FROM purchase_orders) AS orders,
    (SELECT count(*) FROM payments) AS payments,
    (SELECT count(*) FROM ledger_transactions) AS ledger,
    (SELECT count(*) FROM invoices) AS invoices,
    (SELECT count(*) FROM payout_requests) AS payouts,
    (SELECT count(*) FROM project_messages) AS messages,
    (SELECT count(*) FROM credit_actions) AS credit_actions,
    (SELECT count(*) FROM user_acl_groups) AS acl,
    (SELECT count(*) FROM audit_log) AS audit,
    (SELECT count(*) FROM sessions) AS sessions`);
  const list = Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows;
  return JSON.stringify(list[0]);
}

describe('every route x every kind of person', () => {
  it('declares its access on the route (the server refuses to start otherwise)', () => {
    const all = routes();
    expect(all.length).toBeGreaterThan(300);
    expect(new Set(t.app.routeTable).size).toBe(all.length);
  });

  it('refuses exactly whom the table refuses, before any field error, and changes nothing', async () => {
    const before = await fingerprint();
    const wrong: string[] = [];
    let calls = 0;
    for (const [route, access] of routes()) {
      const [method, path] = route.split(' ');
      for (const role of ['guest', ...SIGNED_IN] as Role[]) {
        const gate = expected(access, role);
        if (gate === 'admitted') continue;
        const res = await call(role, method, urlOf(path), junk(method));
        calls += 1;
        if (res.statusCode !== gate) wrong.push(`${role} ${route} (${access}): ${res.statusCode}, expected ${gate}`);
      }
    }
    expect(calls).toBeGreaterThan(1200);
    expect(wrong).toEqual([]);
    expect(await fingerprint()).toBe(before);
  });

  // every route for every kind of person: 6 s on a quiet machine, more than 30 s beside a browser run
  it('admits whom the table admits: no sign-in asked, no permission refused, no 500', async () => {
    const wrong: string[] = [];
    for (const [route, access] of routes()) {
      if (ENDS_THE_SESSION.has(route)) continue;
      const [method, path] = route.split(' ');
      for (const role of ['guest', ...SIGNED_IN] as Role[]) {
        if (expected(access, role) !== 'admitted') continue;
        // public calls are the same for everyone: a guest's call says it
        if ((access === 'public' || access === 'self') && role !== 'guest') continue;
        const res = await call(role, method, urlOf(path), junk(method));
        const refusedByGate =
          res.statusCode === 401 ||
          (isPermission(access) &&
            res.statusCode === 403 &&
            res.json().message === 'You do not have the permission for this action');
        if (res.statusCode >= 500 || (refusedByGate && access !== 'public' && access !== 'self')) {
          wrong.push(`${role} ${route} (${access}): ${res.statusCode} ${res.body.slice(0, 100)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});

// ---- objects: one person's, tried by everyone ----

interface Fixtures {
  /** the demo customer's project nobody has taken yet */
  pending: number;
  /** a project the demo translator works on */
  taken: number;
  invoice: number;
  payment: string;
  payout: number;
  customerId: number;
}

async function fixtures(): Promise<Fixtures> {
  const db = t.database.db;
  const customerId = people.customer.user.id;
  const [pending] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.customerId, customerId), eq(projects.status, 'PENDING'), eq(projects.kind, 'classic')))
    .limit(1);
  const [taken] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(eq(projects.translatorId, people.translator.user.id), inArray(projects.status, ['IN_PROGRESS', 'DELAYED'])),
    )
    .limit(1);
  const [invoice] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.userId, customerId)).limit(1);
  const [payment] = await db
    .select({ key: payments.key })
    .from(payments)
    .where(eq(payments.userId, customerId))
    .limit(1);
  const [payout] = await db
    .select({ id: payoutRequests.id })
    .from(payoutRequests)
    .where(and(eq(payoutRequests.userId, people.translator.user.id), eq(payoutRequests.status, 'pending')))
    .limit(1);
  if (!pending || !taken || !invoice || !payment || !payout) throw new Error('the demo data lacks an object');
  return {
    pending: pending.id,
    taken: taken.id,
    invoice: invoice.id,
    payment: payment.key,
    payout: payout.id,
    customerId,
  };
}

interface ObjectCase {
  route: string;
  url: (f: Fixtures) => string;
  body?: Record<string, unknown>;
  /** each person's answer; people left out are not asked (a candidate's view depends on matching) */
  expect: Partial<Record<Role, number>>;
  /** the one person whose call changes the object, made after every refusal of the case */
  last?: [Role, number];
}

/** THE OBJECT TABLE: the demo customer's and the demo translator's objects, asked for by everyone. */
const OBJECTS: ObjectCase[] = [
  {
    route: 'GET /api/2/projects/:id',
    url: (f) => `/api/2/projects/${f.pending}`,
    expect: {
      guest: 401,
      customer: 200,
      customer2: 404,
      translator2: 404,
      admin: 200,
      finance: 200,
      support: 200,
      moderator: 200,
      lm: 200,
    },
  },
  {
    route: 'GET /api/2/projects/:id',
    url: (f) => `/api/2/projects/${f.taken}`,
    expect: { customer: 200, customer2: 404, translator: 200, translator2: 404, support: 200 },
  },
  {
    route: 'POST /api/2/projects/:id/messages',
    url: (f) => `/api/2/projects/${f.taken}/messages`,
    body: { body: 'Is the glossary final?' },
    expect: { customer2: 404, translator2: 404, finance: 403, support: 403, moderator: 403, customer: 200 },
  },
  {
    route: 'POST /api/2/admin/projects/:id/hold',
    url: (f) => `/api/2/admin/projects/${f.taken}/hold`,
    expect: { guest: 401, customer: 404, translator: 404, finance: 403, support: 403, moderator: 403 },
    last: ['lm', 200],
  },
  {
    route: 'POST /api/2/projects/:id/cancel',
    url: (f) => `/api/2/projects/${f.pending}/cancel`,
    expect: { guest: 401, customer2: 404, translator2: 404, finance: 403, support: 403, moderator: 403 },
    last: ['customer', 200],
  },
  {
    // the editor: outsiders 404, the customer before delivery 403 (the demo job's file decides the rest)
    route: 'GET /api/2/workbench/projects/:id',
    url: (f) => `/api/2/workbench/projects/${f.taken}`,
    expect: { guest: 401, customer: 403, customer2: 404, translator2: 404 },
  },
  {
    // a page of the editor's segments: whoever may open the job, as the open itself
    route: 'GET /api/2/workbench/projects/:id/segments',
    url: (f) => `/api/2/workbench/projects/${f.taken}/segments?after=0`,
    expect: { guest: 401, customer: 403, customer2: 404, translator2: 404 },
  },
  {
    // the job as XLIFF is for who may edit it: the customer reads the job but takes no XLIFF (403);
    // the translator's answer depends on the demo job's file, as the editor's own does
    route: 'GET /api/2/workbench/projects/:id/xliff',
    url: (f) => `/api/2/workbench/projects/${f.taken}/xliff`,
    expect: { guest: 401, customer: 403, customer2: 404, translator2: 404 },
  },
  {
    route: 'POST /api/2/workbench/projects/:id/deliver',
    url: (f) => `/api/2/workbench/projects/${f.taken}/deliver`,
    body: { acceptWarnings: true },
    expect: { guest: 401, customer: 403, customer2: 404, translator2: 404, finance: 403, support: 403 },
  },
  {
    route: 'GET /api/2/account/invoice/:id',
    url: (f) => `/api/2/account/invoice/${f.invoice}`,
    expect: { customer: 200, customer2: 404, translator: 404, translator2: 404, finance: 200, moderator: 200 },
  },
  {
    route: 'GET /api/2/account/:id/billing-info',
    url: (f) => `/api/2/account/${f.customerId}/billing-info`,
    expect: { customer: 200, customer2: 404, translator: 404, support: 200, finance: 200 },
  },
  {
    route: 'POST /api/2/account/:id/billing-info',
    url: (f) => `/api/2/account/${f.customerId}/billing-info`,
    body: { Company: 'Taken over Inc', Country: 'US', firstName: 'Mal', lastName: 'Lory', city: 'Reno' },
    expect: { customer2: 404, translator: 404, support: 403, moderator: 403, lm: 403 },
  },
  {
    route: 'GET /api/2/payments/:key',
    url: (f) => `/api/2/payments/${f.payment}`,
    expect: { customer: 200, customer2: 404, translator2: 404 },
  },
  {
    route: 'POST /api/2/account/convert/requests/:id/cancel',
    url: (f) => `/api/2/account/convert/requests/${f.payout}/cancel`,
    expect: { guest: 401, translator2: 404, customer: 403, finance: 403, admin: 403 },
  },
  {
    route: 'GET /api/2/admin/outbox',
    url: () => '/api/2/admin/outbox',
    expect: { customer: 404, translator: 404, finance: 403, support: 403, moderator: 403, lm: 403, admin: 200 },
  },
  {
    // staff turn off a locked-out customer's two-step login: users.act only (the demo customer has
    // it off, so the admitted answer is 409 and nothing changes)
    route: 'POST /api/2/admin/users/:id/2fa/reset',
    url: (f) => `/api/2/admin/users/${f.customerId}/2fa/reset`,
    body: { reason: 'Lost phone, identity checked' },
    expect: {
      guest: 401,
      customer: 404,
      customer2: 404,
      translator: 404,
      finance: 403,
      moderator: 403,
      lm: 403,
      support: 409,
      admin: 409,
    },
  },
  {
    route: 'GET /manage/act',
    url: (f) => `/manage/act?NoRedirect=1&uid=${f.customerId}`,
    expect: { customer: 404, translator: 404, finance: 403, moderator: 403, lm: 403 },
  },
];

describe("one person's objects x everyone", () => {
  it("the project page offers staff only their permissions' actions", async () => {
    const f = await fixtures();
    const actions = async (role: Role) => (await call(role, 'GET', `/api/2/projects/${f.pending}`)).json().actions;
    for (const role of ['finance', 'support', 'moderator'] as const) {
      expect(await actions(role), role).toEqual([]);
    }
    expect(await actions('lm')).toEqual(expect.arrayContaining(['cancel', 'hold', 'reassign']));
    expect(await actions('admin')).toEqual(expect.arrayContaining(['cancel', 'hold', 'reassign']));
  });
  it('answers each person as the object table says, and a refusal changes nothing', async () => {
    const f = await fixtures();
    const wrong: string[] = [];
    for (const c of OBJECTS) {
      expect(t.app.routeAccess.has(c.route), c.route).toBe(true);
      const [method] = c.route.split(' ');
      const options = c.body ? { payload: c.body, headers: { 'content-type': 'application/json' } } : {};
      const before = await fingerprint();
      for (const [role, status] of Object.entries(c.expect) as [Role, number][]) {
        const res = await call(role, method, c.url(f), options);
        if (res.statusCode !== status) wrong.push(`${role} ${c.route}: ${res.statusCode}, expected ${status}`);
      }
      const refusalsOnly = Object.values(c.expect).every((s) => s !== undefined && s >= 400);
      if (refusalsOnly) expect(await fingerprint(), c.route).toBe(before);
      if (c.last) {
        const [role, status] = c.last;
        const res = await call(role, method, c.url(f), options);
        if (res.statusCode !== status) wrong.push(`${role} ${c.route} (last): ${res.statusCode}, expected ${status}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('the credentials each route declares in the document', () => {
  it('are the ones it takes: a bearer token cannot act as the browser, the cookie cannot call the chat API', async () => {
    type Doc = { paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>> };
    const doc = (await t.app.inject({ method: 'GET', url: '/api/2/docs/openapi.json' })).json() as Doc;
    const wrong: string[] = [];
    let checked = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const route = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
        const access = t.app.routeAccess.get(route);
        if (!access || access === 'public' || access === 'self' || ENDS_THE_SESSION.has(route)) continue;
        const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement)).sort();
        const url = path.replace(/\{\w+\}/g, '1');
        const role: SignedIn = access === 'translator' ? 'translator' : access === 'customer' ? 'customer' : 'admin';
        if (schemes.join() === 'session') {
          const res = await call(role, method.toUpperCase(), url, {
            ...junk(method.toUpperCase()),
            headers: { ...junk(method.toUpperCase()).headers, authorization: `Bearer ${bearer[role]}` },
          });
          if (res.statusCode !== 403) wrong.push(`${route} with a bearer token: ${res.statusCode}`);
          checked++;
        } else if (schemes.join() === 'bearer') {
          const res = await t.app.inject({
            ...junk(method.toUpperCase()),
            method: method.toUpperCase() as 'GET',
            url,
            headers: {
              ...junk(method.toUpperCase()).headers,
              cookie: people[role].cookie,
              [CSRF_HEADER]: people[role].csrf,
            },
          });
          if (res.statusCode !== 401) wrong.push(`${route} with the cookie: ${res.statusCode}`);
          checked++;
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });
});
