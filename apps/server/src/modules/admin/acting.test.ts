import { and, eq, inArray } from 'drizzle-orm';
import type { Response } from 'light-my-request';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CSRF_HEADER, SESSION_COOKIE, type SessionData, TEXTS, type UserData } from '@parlance/shared';
import { auditLog, users } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { hashPassword } from '../../platform/passwords';
import { authed, login, loginDemo, type TestSession } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let customer: TestSession;
let translator: TestSession;
let admin: TestSession;

beforeAll(async () => {
  t = await createTestApp({}, { demo: true });
  customer = await loginDemo(t.app, 'customer');
  translator = await loginDemo(t.app, 'translator');
  await t.database.db.insert(users).values({
    type: 'admin',
    isAdmin: true,
    email: 'second.admin@parlance.test',
    name: 'Second Admin',
    passwordHash: await hashPassword(DEMO_PASSWORD, 'fast'),
  });
});

beforeEach(async () => {
  admin = await loginDemo(t.app, 'admin');
});

afterAll(async () => {
  await t?.close();
});

/** The browser after an answer that rotated the session: the new cookie and its CSRF token. */
async function rotated(res: Response): Promise<TestSession> {
  const sid = res.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
  if (!sid) throw new Error(`no new session cookie: ${res.statusCode} ${res.body}`);
  const cookie = `${SESSION_COOKIE}=${sid}`;
  const session = await t.app.inject({ method: 'GET', url: '/registry/get?data=Session', headers: { cookie } });
  const { CSRFToken } = session.json().results as SessionData;
  if (!CSRFToken) throw new Error('the new session has no CSRF token');
  const user = (await t.app.inject({ method: 'GET', url: '/registry/get?data=User', headers: { cookie } })).json()
    .results as UserData;
  return { cookie, csrf: CSRFToken, user };
}

const act = (session: TestSession, uid?: string) =>
  authed(t.app, session).get(`/manage/act?NoRedirect=1${uid === undefined ? '' : `&uid=${encodeURIComponent(uid)}`}`);

const userOf = async (session: Pick<TestSession, 'cookie'>) =>
  (await t.app.inject({ method: 'GET', url: '/registry/get?data=User', headers: { cookie: session.cookie } })).json()
    .results as UserData | null;

describe('acting as a user', () => {
  it('acts as the customer by e-mail, keeps admin rights, and restores the admin', async () => {
    const res = await act(admin, 'customer@parlance.test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'OK' });
    const acting = await rotated(res);

    // the spec's "acting": the user type is not admin but isAdmin is true
    expect(acting.user).toMatchObject({ id: customer.user.id, type: 'customer', isAdmin: true });
    expect(acting.csrf).not.toBe(admin.csrf);
    // the old cookie is dead
    expect(await userOf(admin)).toBeNull();
    // admin calls still work while acting (the floating tools must be able to restore)
    expect((await authed(t.app, acting).get('/api/2/admin/backoffice')).statusCode).toBe(200);
    // the customer's own session is untouched
    expect(await userOf(customer)).toMatchObject({ id: customer.user.id, isAdmin: false });

    const back = await act(acting);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({ status: 'OK' });
    const restored = await rotated(back);
    expect(restored.user).toMatchObject({ id: admin.user.id, type: 'admin', isAdmin: true });
    expect(await userOf(acting)).toBeNull();

    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.action, ['admin.act.start', 'admin.act.restore']))
      .orderBy(auditLog.id);
    expect(rows.map((r) => [r.action, r.actorId, r.targetId])).toEqual([
      ['admin.act.start', admin.user.id, String(customer.user.id)],
      ['admin.act.restore', admin.user.id, String(customer.user.id)],
    ]);
  });

  it('acts by id, switches straight to another user, and restores the admin', async () => {
    const first = await rotated(await act(admin, String(customer.user.id)));
    expect(first.user.id).toBe(customer.user.id);
    const second = await rotated(await act(first, 'translator@parlance.test'));
    expect(second.user).toMatchObject({ id: translator.user.id, type: 'translator', isAdmin: true });
    const restored = await rotated(await act(second));
    expect(restored.user.id).toBe(admin.user.id);
  });

  it("changes the acted-as user's currency when no uid is given", async () => {
    const acting = await rotated(await act(admin, 'customer@parlance.test'));
    const res = await authed(t.app, acting).get('/api/2/tools/AUD/SetCurrency');
    expect(res.json()).toEqual({ status: 'OK', currency: 'AUD' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(row.currency).toBe('AUD');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admin.user.currency'), eq(auditLog.targetId, String(customer.user.id))));
    expect(entry.actorId).toBe(admin.user.id);
    await act(acting);
  });

  it('redirects to the home page without NoRedirect', async () => {
    const res = await authed(t.app, admin).get('/manage/act?uid=customer%40parlance.test');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    const acting = await rotated(res);
    expect(acting.user.id).toBe(customer.user.id);
    await act(acting);
  });
});

describe('acting is refused', () => {
  it('needs the CSRF token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/manage/act?NoRedirect=1&uid=customer%40parlance.test',
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(TEXTS.csrfInvalid);
    expect(res.cookies).toHaveLength(0);
    expect(await userOf(admin)).toMatchObject({ id: admin.user.id });
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/manage/act?NoRedirect=1&uid=customer%40parlance.test',
      headers: { cookie: admin.cookie, [CSRF_HEADER]: customer.csrf },
    });
    expect(wrong.statusCode).toBe(403);
  });

  it('does not act as yourself or as another admin', async () => {
    const self = await act(admin, 'admin@parlance.test');
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ status: 'ERROR', message: TEXTS.cannotActAsSelf, requestId: expect.any(String) });
    const other = await act(admin, 'second.admin@parlance.test');
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ status: 'ERROR', message: TEXTS.cannotActAsAdmin, requestId: expect.any(String) });
    expect(await userOf(admin)).toMatchObject({ id: admin.user.id });
  });

  it('answers 404 for an unknown user and 400 for an empty uid', async () => {
    for (const uid of ['nobody@example.test', '999999', 'no-such-thing']) {
      const res = await act(admin, uid);
      expect(res.statusCode, uid).toBe(404);
      expect(res.json().message).toBe(TEXTS.userNotFound);
    }
    expect((await act(admin, '')).statusCode).toBe(400);
  });

  it('cannot restore when not acting', async () => {
    const res = await act(admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'ERROR',
      message: 'You are not acting as another user',
      requestId: expect.any(String),
    });
  });

  it('is for admins only', async () => {
    const guest = await t.app.inject({ method: 'GET', url: '/manage/act?NoRedirect=1&uid=customer%40parlance.test' });
    expect(guest.statusCode).toBe(401);
    expect((await act(customer, 'translator@parlance.test')).statusCode).toBe(404);
    expect((await act(translator, 'customer@parlance.test')).statusCode).toBe(404);
    expect((await act(customer)).statusCode).toBe(404);
    expect(await userOf(customer)).toMatchObject({ id: customer.user.id, isAdmin: false });
  });

  it('needs a browser session, not a bearer token', async () => {
    const token = (await authed(t.app, admin).get('/api/2/auth/token')).json().results.jwt.access_token as string;
    const res = await t.app.inject({
      method: 'GET',
      url: '/manage/act?NoRedirect=1&uid=customer%40parlance.test',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TEXTS.actingNeedsSession);
  });

  it('keeps a signed-in second admin an admin', async () => {
    const second = await login(t.app, 'second.admin@parlance.test', DEMO_PASSWORD);
    expect((await act(second, 'admin@parlance.test')).json().message).toBe(TEXTS.cannotActAsAdmin);
  });
});
