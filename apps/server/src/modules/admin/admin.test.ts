import { and, desc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminUserDescription, type AdminUserPreview, CSRF_HEADER, SESSION_COOKIE, TEXTS } from '@parlance/shared';
import { auditLog, ledgerAccounts, projects, users } from '../../db/schema';
import { verifyLedger } from '../../platform/ledger';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { authed, form, login, loginDemo, type TestSession } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let customer: TestSession;
let translator: TestSession;
let admin: TestSession;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp({}, { demo: true });
  customer = await loginDemo(t.app, 'customer');
  translator = await loginDemo(t.app, 'translator');
  admin = await loginDemo(t.app, 'admin');
  const [project] = await t.database.db
    .insert(projects)
    .values({ customerId: customer.user.id, name: 'Brochure' })
    .returning();
  projectId = project.id;
});

afterAll(async () => {
  await t?.close();
});

const as = (session: TestSession) => authed(t.app, session);
const userRow = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
const lastAudit = async () => (await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

/** Every admin call with input that would be accepted from an admin. */
const ADMIN_CALLS: { name: string; request: () => InjectOptions }[] = [
  { name: 'float', request: () => ({ method: 'POST', url: '/admin/float', ...form({}) }) },
  {
    name: 'isProjectExist',
    request: () => ({ method: 'POST', url: '/adminService/isProjectExist', ...form({ PID: '1' }) }),
  },
  {
    name: 'searchUser',
    request: () => ({ method: 'POST', url: '/adminService/searchUser', ...form({ userID: 'casey' }) }),
  },
  { name: 'getUserDescription', request: () => ({ method: 'GET', url: '/adminService/getUserDescription?uid=1' }) },
  { name: 'act', request: () => ({ method: 'GET', url: '/manage/act?NoRedirect=1&uid=customer@parlance.test' }) },
  { name: 'restore', request: () => ({ method: 'GET', url: '/manage/act?NoRedirect=1' }) },
  { name: 'SetCurrency', request: () => ({ method: 'GET', url: '/api/2/tools/EUR/SetCurrency' }) },
  {
    name: 'set-locale',
    request: () => ({ method: 'POST', url: '/api/2/admin/country/set-locale', ...form({ admin_locale: 'DE' }) }),
  },
  { name: 'reset-locale', request: () => ({ method: 'POST', url: '/api/2/admin/country/reset-locale', ...form({}) }) },
  { name: 'backoffice', request: () => ({ method: 'GET', url: '/api/2/admin/backoffice' }) },
  { name: 'acl-list', request: () => ({ method: 'GET', url: '/api/2/account/acl-list' }) },
  {
    name: 'customers',
    request: () => ({
      method: 'POST',
      url: '/api/2/account/customers',
      ...form({ fullName: 'Nobody Here', email: 'nobody@example.test' }),
    }),
  },
  { name: 'outbox', request: () => ({ method: 'GET', url: '/api/2/admin/outbox?page=1&pageSize=20' }) },
  { name: 'audit', request: () => ({ method: 'GET', url: '/api/2/admin/audit?page=1&pageSize=20' }) },
];

describe('who may call the admin calls', () => {
  it.each(ADMIN_CALLS)('$name: guests 401, customers and translators 404', async ({ request }) => {
    const before = await t.database.db.select({ id: users.id }).from(users);
    const guest = await t.app.inject(request());
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ status: 'ERROR', message: TEXTS.notSignedIn, requestId: expect.any(String) });
    for (const session of [customer, translator]) {
      const res = await as(session).inject(request());
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(TEXTS.notFound);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    // nothing changed: same users, the customer still has its own currency and country
    expect(await t.database.db.select({ id: users.id }).from(users)).toEqual(before);
    expect(await userRow(customer.user.id)).toMatchObject({ currency: 'USD', country: 'US' });
  });
});

describe('POST /admin/float', () => {
  const floatOf = async (session: TestSession) => {
    const res = await as(session).post('/admin/float', {});
    expect(res.statusCode).toBe(200);
    return res.json().results;
  };

  it("offers each staff member exactly the actions their groups' calls allow", async () => {
    expect(await floatOf(admin)).toEqual({
      appliesTo: { id: admin.user.id, name: admin.user.name, email: 'admin@parlance.test', type: 'admin' },
      staff: { id: admin.user.id, name: admin.user.name },
      acting: false,
      actions: ['goToProject', 'actAs', 'userDetails', 'changeCurrency', 'changeCountry', 'adminSearch', 'outbox'],
    });
    const support = await login(t.app, 'support@parlance.test', DEMO_PASSWORD);
    expect((await floatOf(support)).actions).toEqual([
      'goToProject',
      'actAs',
      'userDetails',
      'changeCurrency',
      'changeCountry',
      'adminSearch',
    ]);
    // finance reads the back office but may not act as users nor change their currency or country
    const finance = await login(t.app, 'finance@parlance.test', DEMO_PASSWORD);
    expect((await floatOf(finance)).actions).toEqual(['goToProject', 'userDetails', 'adminSearch']);
    // and what it is not offered, its call refuses
    const refused = await as(finance).inject({ method: 'GET', url: '/api/2/tools/EUR/SetCurrency' });
    expect(refused.statusCode).toBe(403);
  });

  it('while acting, applies to the acted-as user and offers the way back', async () => {
    const support = await login(t.app, 'support@parlance.test', DEMO_PASSWORD);
    const act = await as(support).inject({ method: 'GET', url: '/manage/act?NoRedirect=1&uid=customer@parlance.test' });
    expect(act.statusCode).toBe(200);
    const sid = act.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
    const cookie = `${SESSION_COOKIE}=${sid}`;
    const session = await t.app.inject({ method: 'GET', url: '/registry/get?data=Session', headers: { cookie } });
    const acting: TestSession = { ...support, cookie, csrf: session.json().results.CSRFToken };
    const float = await floatOf(acting);
    expect(float).toMatchObject({
      appliesTo: { id: customer.user.id, email: 'customer@parlance.test', type: 'customer' },
      staff: { id: support.user.id },
      acting: true,
    });
    expect(float.actions).toEqual([
      'restoreAdmin',
      'goToProject',
      'actAs',
      'userDetails',
      'changeCurrency',
      'changeCountry',
    ]);
  });
});

describe('POST /adminService/isProjectExist', () => {
  it('answers whether the project exists', async () => {
    const yes = await as(admin).post('/adminService/isProjectExist', { PID: String(projectId) });
    expect(yes.statusCode).toBe(200);
    expect(yes.json()).toEqual({ result: true });
    expect((await as(admin).post('/adminService/isProjectExist', { PID: '999999' })).json()).toEqual({
      result: false,
    });
    expect((await as(admin).post('/adminService/isProjectExist', { PID: '99999999999999999999' })).json()).toEqual({
      result: false,
    });
    expect((await as(admin).postJson('/adminService/isProjectExist', { PID: projectId })).json()).toEqual({
      result: true,
    });
  });

  it('refuses a PID that is not digits only', async () => {
    for (const PID of ['abc', '12a', '-1', '1.5', '']) {
      const res = await as(admin).post('/adminService/isProjectExist', { PID });
      expect(res.statusCode, PID).toBe(400);
      expect(res.json().message).toBe(TEXTS.projectIdDigitsOnly);
    }
    expect((await as(admin).post('/adminService/isProjectExist', {})).statusCode).toBe(400);
  });
});

describe('POST /adminService/searchUser', () => {
  const search = async (userID: string) => (await as(admin).post('/adminService/searchUser', { userID })).json();

  it('finds a user by id, by e-mail in any case, and by part of a name or e-mail', async () => {
    const byId = await search(String(customer.user.id));
    expect(byId.users[0]).toEqual({
      ID: customer.user.id,
      UserName: 'Casey Customer',
      eMail: 'customer@parlance.test',
    });
    expect((await search('CUSTOMER@Parlance.TEST')).users).toEqual([byId.users[0]]);
    expect((await search('casey')).users.map((u: AdminUserPreview) => u.ID)).toEqual([customer.user.id]);
    expect((await search('TOMAS TRANS')).users.map((u: AdminUserPreview) => u.ID)).toEqual([translator.user.id]);
    const all = (await search('@parlance.test')).users as AdminUserPreview[];
    expect(all.map((u) => u.eMail).sort()).toEqual([
      'admin@parlance.test',
      'customer@parlance.test',
      'finance@parlance.test',
      'moderator@parlance.test',
      'support@parlance.test',
      'translator@parlance.test',
    ]);
  });

  it('answers the not-found text when nobody matches, and matches wildcards literally', async () => {
    expect(await search('zebra-nobody')).toEqual({ error: TEXTS.userNotFound });
    expect(await search('%')).toEqual({ error: TEXTS.userNotFound });
    expect(await search('_')).toEqual({ error: TEXTS.userNotFound });
    expect((await as(admin).post('/adminService/searchUser', { userID: '' })).statusCode).toBe(400);
  });

  it('answers at most 20 users, exact matches first', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({
      type: 'customer' as const,
      email: `bulk${i}@example.test`,
      name: `Bulk Person ${i}`,
    }));
    const inserted = await t.database.db.insert(users).values(rows).returning({ id: users.id });
    const found = (await search('bulk')).users as AdminUserPreview[];
    expect(found).toHaveLength(20);
    const exact = (await search('bulk24@example.test')).users as AdminUserPreview[];
    expect(exact[0].ID).toBe(inserted[24].id);
    const byId = (await search(String(inserted[3].id))).users as AdminUserPreview[];
    expect(byId[0].ID).toBe(inserted[3].id);
  });
});

describe('GET /adminService/getUserDescription', () => {
  it('describes a user by id or e-mail, without secrets', async () => {
    const res = await as(admin).get(`/adminService/getUserDescription?uid=${customer.user.id}`);
    expect(res.statusCode).toBe(200);
    const user = res.json().results as AdminUserDescription;
    expect(user).toMatchObject({
      ID: customer.user.id,
      UserName: 'Casey Customer',
      eMail: 'customer@parlance.test',
      type: 'customer',
      isAdmin: false,
      country: 'US',
      company: 'Acme Localization',
      hasPassword: true,
      twoFactorEnabled: false,
      aclGroups: ['role.customer'],
    });
    expect(Number.isNaN(Date.parse(user.createdAt))).toBe(false);
    expect(res.body).not.toContain('argon2');
    const byEmail = await as(admin).get('/adminService/getUserDescription?uid=Customer%40parlance.test');
    expect(byEmail.json().results.ID).toBe(customer.user.id);
  });

  it('answers 404 for an unknown user and 400 without uid', async () => {
    for (const uid of ['999999', 'nobody@example.test', 'not-an-id', '99999999999999']) {
      const res = await as(admin).get(`/adminService/getUserDescription?uid=${encodeURIComponent(uid)}`);
      expect(res.statusCode, uid).toBe(404);
      expect(res.json().message).toBe(TEXTS.userNotFound);
    }
    expect((await as(admin).get('/adminService/getUserDescription')).statusCode).toBe(400);
  });
});

describe('GET /api/2/tools/{currency}/SetCurrency', () => {
  it("sets the admin's own currency and records it", async () => {
    const res = await as(admin).get('/api/2/tools/EUR/SetCurrency');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'OK', currency: 'EUR' });
    expect((await userRow(admin.user.id)).currency).toBe('EUR');
    expect(await lastAudit()).toMatchObject({
      actorId: admin.user.id,
      action: 'admin.user.currency',
      targetId: String(admin.user.id),
      details: { from: 'USD', to: 'EUR' },
    });
    expect((await as(admin).get('/api/2/tools/gbp/SetCurrency')).json()).toEqual({ status: 'OK', currency: 'GBP' });
  });

  it("sets another user's currency by uid", async () => {
    const res = await as(admin).get(`/api/2/tools/NIS/SetCurrency?uid=${translator.user.id}`);
    expect(res.json()).toEqual({ status: 'OK', currency: 'NIS' });
    expect((await userRow(translator.user.id)).currency).toBe('NIS');
    await as(admin).get(`/api/2/tools/USD/SetCurrency?uid=${translator.user.id}`);
  });

  it('refuses an unknown currency or user, and a call without the CSRF token', async () => {
    for (const code of ['XYZ', 'ILS', 'usd1']) {
      const res = await as(admin).get(`/api/2/tools/${code}/SetCurrency`);
      expect(res.statusCode, code).toBe(400);
      expect(res.json().message).toContain('USD, EUR, NIS, GBP, CHF, CAD, AUD');
    }
    expect((await as(admin).get('/api/2/tools/EUR/SetCurrency?uid=424242')).statusCode).toBe(404);
    const noToken = await t.app.inject({
      method: 'GET',
      url: '/api/2/tools/CHF/SetCurrency',
      headers: { cookie: admin.cookie },
    });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().message).toBe(TEXTS.csrfInvalid);
    expect((await userRow(admin.user.id)).currency).not.toBe('CHF');
  });
});

describe('country of a user', () => {
  it("sets a user's country by uid, in any case", async () => {
    const res = await as(admin).post('/api/2/admin/country/set-locale', {
      admin_locale: 'de',
      uid: 'customer@parlance.test',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'OK', country: 'DE' });
    expect((await userRow(customer.user.id)).country).toBe('DE');
    expect(await lastAudit()).toMatchObject({
      actorId: admin.user.id,
      action: 'admin.user.country',
      targetId: String(customer.user.id),
      details: { from: 'US', to: 'DE' },
    });
  });

  it('resets the country to the country of the request address, none for a local one', async () => {
    const res = await as(admin).post('/api/2/admin/country/reset-locale', { uid: String(customer.user.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'OK', country: null });
    expect((await userRow(customer.user.id)).country).toBeNull();
    expect((await lastAudit()).action).toBe('admin.user.country-reset');
    // an empty POST resets the admin's own country
    const own = await as(admin).inject({ method: 'POST', url: '/api/2/admin/country/reset-locale' });
    expect(own.statusCode).toBe(200);
    expect((await userRow(admin.user.id)).country).toBeNull();
    // as the web app posts it: an empty form
    expect((await as(admin).post('/api/2/admin/country/reset-locale', {})).json()).toEqual({
      status: 'OK',
      country: null,
    });
    await t.database.db.update(users).set({ country: 'US' }).where(eq(users.id, customer.user.id));
  });

  it('refuses an unknown country or user', async () => {
    for (const admin_locale of ['ZZ', 'Germany', '']) {
      const res = await as(admin).post('/api/2/admin/country/set-locale', { admin_locale });
      expect(res.statusCode, admin_locale).toBe(400);
    }
    const unknown = await as(admin).post('/api/2/admin/country/set-locale', { admin_locale: 'ZZ' });
    expect(unknown.json().errors).toEqual({ admin_locale: TEXTS.unknownCountry });
    const nobody = await as(admin).post('/api/2/admin/country/set-locale', { admin_locale: 'FR', uid: '777777' });
    expect(nobody.statusCode).toBe(404);
    expect((await as(admin).post('/api/2/admin/country/reset-locale', { uid: 'ghost@example.test' })).statusCode).toBe(
      404,
    );
  });

  it('resets to the country of the forwarded address behind a proxy', async () => {
    const proxied = await createTestApp({ trustProxy: true }, { demo: true });
    try {
      const session = await loginDemo(proxied.app, 'admin');
      const res = await authed(proxied.app, session).inject({
        method: 'POST',
        url: '/api/2/admin/country/reset-locale',
        headers: { 'x-forwarded-for': '81.2.69.142' },
      });
      expect(res.json()).toEqual({ status: 'OK', country: 'GB' });
    } finally {
      await proxied.close();
    }
  });
});

describe('back office', () => {
  it("answers the admin's groups and the counts", async () => {
    await t.app.deps.mailer.send({ to: 'someone@example.test', subject: 'Hello', text: 'Hi' });
    const res = await as(admin).get('/api/2/admin/backoffice');
    expect(res.statusCode).toBe(200);
    const { results } = res.json();
    expect(results.aclGroups).toEqual(['role.admin']);
    const all = await t.database.db.select().from(users);
    expect(results.counts).toMatchObject({
      users: all.length,
      customers: all.filter((u) => u.type === 'customer').length,
      translators: 1,
      admins: 1,
    });
    expect(results.counts.outbox).toBeGreaterThanOrEqual(1);
  });

  it('lists the access-control groups', async () => {
    const res = await as(admin).get('/api/2/account/acl-list');
    expect(res.statusCode).toBe(200);
    const groups = res.json().results as { id: number; name: string; description: string }[];
    expect(groups.map((g) => g.name)).toEqual(
      expect.arrayContaining(['role.admin', 'role.customer', 'role.translator', 'role.model-training-expert']),
    );
    expect(Object.keys(groups[0]).sort()).toEqual(['description', 'id', 'members', 'name', 'permissions']);
  });
});

describe('POST /api/2/account/customers', () => {
  const create = (fields: Record<string, string>) => as(admin).post('/api/2/account/customers', fields);

  it('creates a customer who can sign in, and records it', async () => {
    const res = await create({
      fullName: 'Paula Partner-Client',
      email: 'Paula@Example.test',
      userName: 'paula',
      password: 'Strong-pass9',
      partnerId: String(customer.user.id),
      credits: '0',
    });
    expect(res.statusCode).toBe(200);
    const created = res.json().results as AdminUserDescription;
    expect(created).toMatchObject({
      UserName: 'Paula Partner-Client',
      eMail: 'Paula@Example.test',
      type: 'customer',
      isAdmin: false,
      hasPassword: true,
      aclGroups: ['role.customer'],
    });
    expect(await lastAudit()).toMatchObject({
      actorId: admin.user.id,
      action: 'admin.customer.create',
      targetId: String(created.ID),
      details: { userName: 'paula', partnerId: customer.user.id },
    });
    const session = await login(t.app, 'paula@example.test', 'Strong-pass9');
    expect(session.user.id).toBe(created.ID);
  });

  it('creates a customer without a password, who sets one later', async () => {
    const res = await create({ fullName: 'Nora No-Password', email: 'nora@example.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.hasPassword).toBe(false);
  });

  it('refuses a taken e-mail and invalid fields with per-field errors', async () => {
    const taken = await create({ fullName: 'Casey Again', email: 'CUSTOMER@parlance.test' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual({ email: TEXTS.emailTaken });

    const invalid = await create({ fullName: 'X', email: 'not an email', password: 'weak' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({
      fullName: TEXTS.incorrectFullName,
      email: TEXTS.incorrectEmail,
      password: TEXTS.passwordRules.length,
    });
    expect((await create({})).json().errors).toMatchObject({ fullName: TEXTS.incorrectFullName });
    expect((await create({ fullName: 'Pat Person', email: 'pat@example.test', partnerId: '888888' })).statusCode).toBe(
      400,
    );
    expect((await create({ fullName: 'Pat Person', email: 'pat@example.test', credits: 'ten' })).statusCode).toBe(400);
  });

  it('grants credits through the ledger with the new account', async () => {
    const res = await create({ fullName: 'Rich Person', email: 'rich@example.test', credits: '500' });
    expect(res.statusCode).toBe(200);
    const id = res.json().results.ID as number;
    const [account] = await t.database.db
      .select()
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.ownerId, id), eq(ledgerAccounts.kind, 'customer_credits')));
    expect(account.balance).toBe(500);
    expect((await lastAudit()).details).toMatchObject({ credits: 500 });
    expect((await verifyLedger(t.database.db)).ok).toBe(true);
  });

  it('refuses a grant over the limit and creates nobody', async () => {
    const res = await create({ fullName: 'Greedy Person', email: 'greedy@example.test', credits: '1000001' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.credits).toMatch(/at most 1000000 credits/);
    const search = await as(admin).post('/adminService/searchUser', { userID: 'greedy@example.test' });
    expect(search.json()).toEqual({ error: TEXTS.userNotFound });
  });
});

describe('outbox and audit log', () => {
  it('pages the outbox on the server, newest first', async () => {
    const before = (await as(admin).get('/api/2/admin/outbox')).json().totalCount as number;
    for (let i = 0; i < 25; i++) {
      await t.app.deps.mailer.send({ to: `reader${i}@example.test`, subject: `Mail ${i}`, text: `Body ${i}` });
    }
    const first = await as(admin).get('/api/2/admin/outbox?page=1&pageSize=20');
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.totalCount).toBe(before + 25);
    expect(page1.data).toHaveLength(20);
    expect(page1.data[0]).toMatchObject({
      to: 'reader24@example.test',
      subject: 'Mail 24',
      text: 'Body 24',
      html: null,
      status: 'stored',
      error: null,
    });
    expect(Object.keys(page1.data[0]).sort()).toEqual(
      ['createdAt', 'error', 'html', 'id', 'secretsHidden', 'status', 'subject', 'text', 'to'].sort(),
    );
    const page2 = (await as(admin).get('/api/2/admin/outbox?page=2&pageSize=20')).json();
    expect(page2.data).toHaveLength(before + 5);
    expect(page2.data[0].subject).toBe('Mail 4');
  });

  it('refuses bad pages', async () => {
    for (const query of ['page=0', 'pageSize=101', 'pageSize=0', 'page=abc']) {
      expect((await as(admin).get(`/api/2/admin/outbox?${query}`)).statusCode, query).toBe(400);
      expect((await as(admin).get(`/api/2/admin/audit?${query}`)).statusCode, query).toBe(400);
    }
  });

  it('pages the audit log, newest first, with who did it', async () => {
    await as(admin).get('/api/2/tools/CAD/SetCurrency');
    const res = await as(admin).get('/api/2/admin/audit?page=1&pageSize=2');
    expect(res.statusCode).toBe(200);
    const { data, totalCount } = res.json();
    expect(data).toHaveLength(2);
    expect(totalCount).toBeGreaterThan(2);
    expect(data[0]).toMatchObject({
      actorId: admin.user.id,
      actorName: 'Ada Admin',
      actorEmail: 'admin@parlance.test',
      action: 'admin.user.currency',
      targetType: 'user',
      details: { to: 'CAD' },
    });
    expect(data[0].id).toBeGreaterThan(data[1].id);
  });
});

describe('CSRF on admin forms', () => {
  it('refuses a POST with the cookie but without the token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/2/admin/country/set-locale',
      ...form({ admin_locale: 'FR' }),
      headers: { ...form({}).headers, cookie: admin.cookie, [CSRF_HEADER]: 'wrong' },
    });
    expect(res.statusCode).toBe(403);
  });
});
