import { desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MANAGER_TEXTS, TEXTS } from '@parlance/shared';
import { auditLog, users } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { authed, login, loginDemo, type TestSession } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

// Account managers: assigning and removing a customer's manager from the back office, the
// manager's customer list following it, and the admin's chat-user look-up (GET /api/2/admin/chat/getUsers).

let t: TestApp;
let admin: TestSession;
let support: TestSession;
let finance: TestSession;
let moderator: TestSession;
let customer: TestSession;
let translator: TestSession;

beforeAll(async () => {
  t = await createTestApp({}, { demo: true });
  admin = await loginDemo(t.app, 'admin');
  customer = await loginDemo(t.app, 'customer');
  translator = await loginDemo(t.app, 'translator');
  support = await login(t.app, 'support@parlance.test', DEMO_PASSWORD);
  finance = await login(t.app, 'finance@parlance.test', DEMO_PASSWORD);
  moderator = await login(t.app, 'moderator@parlance.test', DEMO_PASSWORD);
});

afterAll(async () => {
  await t?.close();
});

const as = (s: TestSession) => authed(t.app, s);
const url = (id: number) => `/api/2/admin/users/${id}/account-manager`;
const managerOf = async (id: number) =>
  (await t.database.db.select().from(users).where(eq(users.id, id)))[0].accountManagerId;
const customersOf = async (managerId: number) =>
  (await as(admin).get(`/api/2/admin/account-managers/${managerId}/customers?page=1&pageSize=100`)).json() as {
    data: { id: number; email: string }[];
    totalCount: number;
  };
const amAudits = () =>
  t.database.db
    .select()
    .from(auditLog)
    .where(like(auditLog.action, 'user.account-manager.%'))
    .orderBy(desc(auditLog.id));

describe('account manager of a customer', () => {
  it("shows the customer's manager and the staff to choose from, to every staff member", async () => {
    const res = await as(finance).get(url(customer.user.id));
    expect(res.statusCode).toBe(200);
    const { accountManager, candidates } = res.json().results;
    // the demo's customers are looked after by support@
    expect(accountManager).toMatchObject({ email: 'support@parlance.test' });
    const emails = candidates.map((c: { email: string }) => c.email);
    expect(emails).toEqual(
      expect.arrayContaining(['support@parlance.test', 'finance@parlance.test', 'admin@parlance.test']),
    );
    expect(emails).not.toContain('customer@parlance.test');
    expect(emails).not.toContain('translator@parlance.test');
  });

  it("assigns a manager (audited); the old manager's list loses the customer and the new one's gains it", async () => {
    const financeId = finance.user.id;
    const supportId = support.user.id;
    expect((await customersOf(supportId)).data.map((c) => c.id)).toContain(customer.user.id);
    expect((await customersOf(financeId)).totalCount).toBe(0);

    const res = await as(support).postJson(url(customer.user.id), { managerId: financeId });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.accountManager).toMatchObject({ id: financeId, email: 'finance@parlance.test' });
    expect(await managerOf(customer.user.id)).toBe(financeId);
    expect((await customersOf(financeId)).data.map((c) => c.id)).toEqual([customer.user.id]);
    expect((await customersOf(supportId)).data.map((c) => c.id)).not.toContain(customer.user.id);

    const [entry] = await amAudits();
    expect(entry).toMatchObject({
      action: 'user.account-manager.assign',
      actorId: support.user.id,
      targetId: String(customer.user.id),
      details: { before: supportId, after: financeId },
    });

    // the same again changes nothing and writes nothing
    const audits = (await amAudits()).length;
    expect((await as(support).post(url(customer.user.id), { managerId: String(financeId) })).statusCode).toBe(200);
    expect((await amAudits()).length).toBe(audits);
  });

  it('removes the manager with managerId null or empty (audited)', async () => {
    const res = await as(admin).postJson(url(customer.user.id), { managerId: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.accountManager).toBeNull();
    expect(await managerOf(customer.user.id)).toBeNull();
    expect((await customersOf(finance.user.id)).totalCount).toBe(0);
    expect((await amAudits())[0]).toMatchObject({ action: 'user.account-manager.remove', actorId: admin.user.id });
    // a form with an empty value does the same (and, already empty, writes nothing)
    expect((await as(admin).post(url(customer.user.id), { managerId: '' })).statusCode).toBe(200);
    expect((await as(admin).postJson(url(customer.user.id), { managerId: support.user.id })).statusCode).toBe(200);
    expect(await managerOf(customer.user.id)).toBe(support.user.id);
  });

  it('refuses bad input with a message and changes nothing', async () => {
    const before = await managerOf(customer.user.id);
    const audits = (await amAudits()).length;
    const cases: [number | string, unknown, number, string?][] = [
      [customer.user.id, { managerId: customer.user.id }, 400, ACCOUNT_MANAGER_TEXTS.notStaff],
      [customer.user.id, { managerId: translator.user.id }, 400, ACCOUNT_MANAGER_TEXTS.notStaff],
      [customer.user.id, { managerId: 999_999 }, 400, ACCOUNT_MANAGER_TEXTS.notStaff],
      [customer.user.id, { managerId: 'abc' }, 400],
      [customer.user.id, { managerId: -1 }, 400],
      [customer.user.id, { managerId: 1e12 }, 400],
      [customer.user.id, {}, 400],
      [translator.user.id, { managerId: support.user.id }, 400, ACCOUNT_MANAGER_TEXTS.notCustomer],
      [support.user.id, { managerId: support.user.id }, 400, ACCOUNT_MANAGER_TEXTS.notCustomer],
      [999_999, { managerId: support.user.id }, 404, TEXTS.userNotFound],
      ['abc', { managerId: support.user.id }, 400, TEXTS.userNotFound],
    ];
    for (const [id, body, status, message] of cases) {
      const res = await as(admin).inject({
        method: 'POST',
        url: `/api/2/admin/users/${id}/account-manager`,
        payload: body as object,
      });
      expect(res.statusCode, `${id} ${JSON.stringify(body)}`).toBe(status);
      if (message) expect(res.json().message).toBe(message);
    }
    expect((await as(admin).get(url(translator.user.id))).statusCode).toBe(400);
    expect((await as(admin).get(url(999_999))).statusCode).toBe(404);
    expect(await managerOf(customer.user.id)).toBe(before);
    expect((await amAudits()).length).toBe(audits);
  });

  it('needs users.act to change: finance and moderation staff 403, customers and translators 404, guests 401', async () => {
    const body = { managerId: finance.user.id };
    expect((await as(finance).postJson(url(customer.user.id), body)).statusCode).toBe(403);
    expect((await as(moderator).postJson(url(customer.user.id), body)).statusCode).toBe(403);
    expect((await as(customer).postJson(url(customer.user.id), body)).statusCode).toBe(404);
    expect((await as(translator).postJson(url(customer.user.id), body)).statusCode).toBe(404);
    expect((await as(customer).get(url(customer.user.id))).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: url(customer.user.id) })).statusCode).toBe(401);
    expect(await managerOf(customer.user.id)).toBe(support.user.id);
  });
});

describe('GET /api/2/admin/chat/getUsers', () => {
  const getUsers = (s: TestSession, query: string) =>
    as(s).get(`/api/2/admin/chat/getUsers?query=${encodeURIComponent(query)}`);

  it('finds customers by name, e-mail or user ID (external id); never translators or staff', async () => {
    const byName = (await getUsers(moderator, 'casey')).json().results;
    expect(byName).toEqual([
      expect.objectContaining({
        id: customer.user.id,
        externalId: String(customer.user.id),
        email: 'customer@parlance.test',
        type: 'Customer',
      }),
    ]);
    expect((await getUsers(finance, 'CUSTOMER@parlance')).json().results.map((u: { id: number }) => u.id)).toContain(
      customer.user.id,
    );
    expect(
      (await getUsers(finance, String(customer.user.id))).json().results.map((u: { id: number }) => u.id),
    ).toContain(customer.user.id);
    expect((await getUsers(admin, 'translator@parlance.test')).json().results).toEqual([]);
    expect((await getUsers(admin, String(translator.user.id))).json().results).toEqual([]);
    expect((await getUsers(admin, 'support@')).json().results).toEqual([]);
    // LIKE wildcards are taken literally
    expect((await getUsers(admin, '%')).json().results).toEqual([]);
    expect((await getUsers(admin, '_')).json().results).toEqual([]);
  });

  it('the chat look-up by external id answers the same rows (one query)', async () => {
    const chat = await t.app.inject({
      method: 'GET',
      url: `/chat/api/admin/users?externalId[]=${customer.user.id}&externalId[]=${translator.user.id}`,
      headers: {
        authorization: `Bearer ${(await as(admin).get('/api/2/auth/token')).json().results.jwt.access_token}`,
      },
    });
    expect(chat.statusCode).toBe(200);
    const admin2 = (await getUsers(admin, String(customer.user.id))).json().results;
    expect(chat.json().data).toEqual(admin2);
  });

  it('refuses an empty or too long query with a message; outsiders 404, guests 401', async () => {
    for (const q of ['', '   ', 'x'.repeat(201)]) {
      const res = await getUsers(admin, q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toMatch(/name, e-mail or user ID|200 characters/);
    }
    expect((await as(admin).get('/api/2/admin/chat/getUsers')).statusCode).toBe(400);
    expect((await getUsers(customer, 'casey')).statusCode).toBe(404);
    expect((await getUsers(translator, 'casey')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/2/admin/chat/getUsers?query=casey' })).statusCode).toBe(401);
  });
});
