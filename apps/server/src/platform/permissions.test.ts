import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_PERMISSIONS, type Permission, PERMISSIONS, permissionsOf, STAFF_GROUPS } from '@parlance/shared';
import { auditLog, creditActions, probationParams, userAclGroups } from '../db/schema';
import { DEMO_PASSWORD, DEMO_STAFF } from '../db/seed/demo';
import { authed, login, loginDemo, type TestSession } from '../test/auth-helpers';
import { createTestApp, type TestApp } from '../test/harness';
import { isPermission } from './access';

// Staff roles: every admin route x every role. Outsiders get 404, staff without the
// route's permission 403, and nothing changes in the database either way.

let t: TestApp;
const sessions: Record<string, TestSession> = {};

beforeAll(async () => {
  t = await createTestApp({}, { demo: true });
  sessions.customer = await loginDemo(t.app, 'customer');
  sessions.translator = await loginDemo(t.app, 'translator');
  sessions.superAdmin = await loginDemo(t.app, 'admin');
  for (const s of DEMO_STAFF) sessions[s.acl] = await login(t.app, s.email, DEMO_PASSWORD);
});

afterAll(async () => {
  await t?.close();
});

const adminRoutes = () => [...t.app.routeAccess.keys()].filter((r) => isPermission(t.app.routeAccess.get(r)));
const ROUTE_PERMISSIONS = new Proxy({} as Record<string, Permission>, {
  get: (_target, route: string) => t.app.routeAccess.get(route) as Permission,
});
const split = (route: string) => {
  const [method, path] = route.split(' ');
  return { method: method as 'GET' | 'POST' | 'DELETE', url: path.replace(/:\w+/g, '1') };
};
/** Input every route refuses, so that a call that got through changes nothing either. */
const junk = (method: string) =>
  method === 'GET' || method === 'DELETE'
    ? {}
    : { payload: { bogus: '\u0001' }, headers: { 'content-type': 'application/json' } };

async function snapshot() {
  const db = t.database.db;
  const [a, c, p, g] = await Promise.all([
    db.select().from(auditLog),
    db.select().from(creditActions),
    db.select().from(probationParams),
    db.select().from(userAclGroups),
  ]);
  return JSON.stringify({ audit: a.length, credit: c, probation: p, groups: g });
}

describe('the permission list', () => {
  it('derives permissions from groups; only super-admins manage roles; outsiders hold none', () => {
    expect(permissionsOf({ type: 'admin', isAdmin: true }, [])).toEqual([...PERMISSIONS]);
    expect(permissionsOf({ type: 'admin', isAdmin: false }, [STAFF_GROUPS.finance])).toEqual([
      'backoffice.read',
      'credits.write',
      'payouts.write',
    ]);
    expect(permissionsOf({ type: 'admin', isAdmin: false }, [])).toEqual(['backoffice.read']);
    expect(permissionsOf({ type: 'customer', isAdmin: false }, [STAFF_GROUPS.admin])).toEqual([]);
    for (const perms of Object.values(GROUP_PERMISSIONS)) expect(perms).not.toContain('roles.write');
  });
});

describe('every admin route x every role', () => {
  it('outsiders get 404, staff without the permission 403, and nothing changes', async () => {
    const before = await snapshot();
    const wrong: string[] = [];
    const staffGroups = DEMO_STAFF.map((s) => s.acl);
    // first every refused call (nothing may change), then the allowed ones
    for (const route of adminRoutes()) {
      const { method, url } = split(route);
      const needed = ROUTE_PERMISSIONS[route];
      for (const who of ['customer', 'translator']) {
        const res = await authed(t.app, sessions[who]).inject({ method, url, ...junk(method) });
        if (res.statusCode !== 404) wrong.push(`${who} ${route}: ${res.statusCode}`);
      }
      for (const group of staffGroups.filter(
        (g) => !permissionsOf({ type: 'admin', isAdmin: false }, [g]).includes(needed),
      )) {
        const res = await authed(t.app, sessions[group]).inject({ method, url, ...junk(method) });
        if (res.statusCode !== 403) wrong.push(`${group} ${route}: ${res.statusCode}, lacks ${needed}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toBe(before);
    for (const route of adminRoutes()) {
      const { method, url } = split(route);
      const needed = ROUTE_PERMISSIONS[route];
      for (const group of staffGroups.filter((g) =>
        permissionsOf({ type: 'admin', isAdmin: false }, [g]).includes(needed),
      )) {
        const res = await authed(t.app, sessions[group]).inject({ method, url, ...junk(method) });
        // team-chat calls take the bearer token only (chat.test.ts signs staff in with it): a cookie gets 401
        const bearerOnly = url.startsWith('/chat/api/') && res.statusCode === 401;
        if ((res.statusCode === 403 || res.statusCode === 401) && !bearerOnly)
          wrong.push(`${group} ${route}: ${res.statusCode} but holds ${needed}`);
      }
    }
    expect(wrong).toEqual([]);
    // super-admins pass every route's permission check (what they send is then validated)
    for (const route of adminRoutes()) {
      const { method, url } = split(route);
      const res = await authed(t.app, sessions.superAdmin).inject({ method, url, ...junk(method) });
      const bearerOnly = url.startsWith('/chat/api/') && res.statusCode === 401;
      if ((res.statusCode === 403 || res.statusCode === 401) && !bearerOnly)
        wrong.push(`super-admin ${route}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the bearer token carries the acl groups', async () => {
    const res = await authed(t.app, sessions['role.finance']).get('/api/2/auth/token');
    expect(res.statusCode).toBe(200);
    expect(res.json().results.acl_groups).toEqual(['role.finance']);
  });

  it('the back office tells each staff member their permissions and which tabs are read-only', async () => {
    const support = (await authed(t.app, sessions['role.support']).get('/api/2/admin/backoffice')).json().results;
    expect(support.permissions).toEqual(['backoffice.read', 'users.act']);
    expect(support.tabs.find((x: { id: string }) => x.id === 'credits').readOnly).toBe(true);
    const finance = (await authed(t.app, sessions['role.finance']).get('/api/2/admin/backoffice')).json().results;
    expect(finance.tabs.find((x: { id: string }) => x.id === 'credits').readOnly).toBe(false);
  });
});

describe('the access-control list', () => {
  it('super-admins add and remove staff members, audited; bad input changes nothing', async () => {
    const admin = authed(t.app, sessions.superAdmin);
    const add = await admin.postJson('/api/2/account/acl-list/members', {
      group: 'role.finance',
      user: 'support@parlance.test',
    });
    expect(add.statusCode).toBe(200);
    const finance = add.json().results.find((g: { name: string }) => g.name === 'role.finance');
    expect(finance.members.map((m: { email: string }) => m.email).sort()).toEqual([
      'finance@parlance.test',
      'support@parlance.test',
    ]);
    expect(finance.permissions).toContain('credits.write');
    // the support admin now holds finance rights
    const support = authed(t.app, sessions['role.support']);
    expect((await support.get('/api/2/admin/backoffice')).json().results.permissions).toContain('credits.write');

    const before = await snapshot();
    const customer = await admin.postJson('/api/2/account/acl-list/members', {
      group: 'role.finance',
      user: 'customer@parlance.test',
    });
    expect(customer.statusCode).toBe(400);
    expect(customer.json().message).toBe('Only staff accounts can be added to staff groups');
    const noGroup = await admin.postJson('/api/2/account/acl-list/members', {
      group: 'role.god',
      user: 'support@parlance.test',
    });
    expect(noGroup.statusCode).toBe(400);
    const empty = await admin.postJson('/api/2/account/acl-list/members', { group: '', user: '' });
    expect(empty.statusCode).toBe(400);
    const nobody = await admin.postJson('/api/2/account/acl-list/members', {
      group: 'role.finance',
      user: 'nobody@x.test',
    });
    expect(nobody.statusCode).toBe(404);
    // staff without roles.write: 403
    const byFinance = await authed(t.app, sessions['role.finance']).postJson('/api/2/account/acl-list/members', {
      group: 'role.moderation',
      user: 'finance@parlance.test',
    });
    expect(byFinance.statusCode).toBe(403);
    expect(await snapshot()).toBe(before);

    const remove = await admin.delete(
      '/api/2/account/acl-list/members?group=role.finance&user=support%40parlance.test',
    );
    expect(remove.statusCode).toBe(200);
    expect((await support.get('/api/2/admin/backoffice')).json().results.permissions).not.toContain('credits.write');
    const audit = (await admin.get('/api/2/admin/audit?pageSize=5'))
      .json()
      .data.map((e: { action: string }) => e.action);
    expect(audit.slice(0, 2)).toEqual(['acl.member.remove', 'acl.member.add']);
  });
});

describe("account managers' customers", () => {
  it('lists the customers of a staff member, paged and searchable; others 404', async () => {
    const admin = authed(t.app, sessions.superAdmin);
    const support = sessions['role.support'].user;
    const res = await admin.get(`/api/2/admin/account-managers/${support.id}/customers`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((c: { email: string }) => c.email)).toContain('customer@parlance.test');
    expect(res.json().totalCount).toBeGreaterThanOrEqual(1);
    const none = await admin.get(`/api/2/admin/account-managers/${support.id}/customers?query=zzzz`);
    expect(none.json()).toMatchObject({ data: [], totalCount: 0 });
    const notStaff = await admin.get(`/api/2/admin/account-managers/${sessions.customer.user.id}/customers`);
    expect(notStaff.statusCode).toBe(404);
    expect((await admin.get('/api/2/admin/account-managers/abc/customers')).statusCode).toBe(400);
  });
});
