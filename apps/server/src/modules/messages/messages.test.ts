import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_TEXTS, type MessageList } from '@parlance/shared';
import { userMessages } from '../../db/schema';
import { verifyLedger } from '../../platform/ledger';
import { authed, loginDemo } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  newCustomer,
  newTranslator,
  paidProject,
  type Person,
  takeAndDeliver,
} from '../projects/projects-test-helpers';

let t: TestApp;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp({}, { demo: true });
  const session = await loginDemo(t.app, 'admin');
  admin = { session, id: session.user.id, api: authed(t.app, session) };
});
afterAll(async () => {
  await t?.close();
});

const box = async (p: Person, query = ''): Promise<MessageList> => {
  const res = await p.api.get(`/api/2/account/messages${query}`);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const unreadInUserData = async (p: Person): Promise<number> =>
  (await p.api.get('/registry/get?data=User')).json().results.statistics.unreadMessages;
const unreadRows = async (userId: number) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(userMessages)
      .where(and(eq(userMessages.userId, userId), isNull(userMessages.readAt)))
  )[0].n;

/** A customer and a translator whose project went started -> delivered -> completed, with a post. */
async function finishedProject() {
  const customer = await newCustomer(t.app);
  const translator = await newTranslator(t.app);
  const id = await paidProject(t.app, customer);
  await takeAndDeliver(translator, id);
  const post = await translator.api.post(`/api/2/projects/${id}/messages`, {
    body: 'Please check the glossary terms.',
  });
  expect(post.statusCode).toBe(200);
  expect((await customer.api.post(`/api/2/projects/${id}/approve`)).statusCode).toBe(200);
  return { customer, translator, id };
}

describe('messages written by the events that cause them', () => {
  it('tells the customer the project started, was delivered, got a post and completed; the translator of the completion', async () => {
    const { customer, translator, id } = await finishedProject();
    const mine = await box(customer);
    expect(mine.data.map((m) => m.type)).toEqual([
      'project_completed',
      'discussion',
      'project_delivered',
      'project_started',
    ]);
    expect(mine.totalCount).toBe(4);
    expect(mine.unread).toBe(4);
    expect(mine.data[1]).toMatchObject({
      body: 'Please check the glossary terms.',
      link: `/project/${id}`,
      read: false,
      typeLabel: 'Discussion post',
    });
    // the author is not told of their own post
    const theirs = await box(translator);
    expect(theirs.data.map((m) => m.type)).toEqual(['project_completed']);
    expect(await unreadInUserData(customer)).toBe(4);
    expect(await unreadInUserData(translator)).toBe(1);
  });
});

describe('GET /api/2/account/messages', () => {
  it('filters by status and type and pages on the server', async () => {
    const { customer } = await finishedProject();
    const page1 = await box(customer, '?limit=3&page=1');
    const page2 = await box(customer, '?limit=3&page=2');
    expect(page1.data).toHaveLength(3);
    expect(page2.data).toHaveLength(1);
    expect(page1.totalCount).toBe(4);
    expect(new Set([...page1.data, ...page2.data].map((m) => m.id)).size).toBe(4);
    const discussions = await box(customer, '?filter_type=discussion');
    expect(discussions.data.map((m) => m.type)).toEqual(['discussion']);
    expect(discussions.totalCount).toBe(1);
    await customer.api.post(`/api/2/account/messages/${discussions.data[0].id}/read`);
    const read = await box(customer, '?filter_status=read');
    expect(read.data.map((m) => m.id)).toEqual([discussions.data[0].id]);
    const unread = await box(customer, '?filter_status=unread');
    expect(unread.totalCount).toBe(3);
    expect(unread.unread).toBe(3);
  });

  it('answers 400 for a bad filter or page, and 401 to a guest', async () => {
    const customer = await newCustomer(t.app, 0);
    for (const q of ['?filter_status=maybe', '?filter_type=spam', '?page=0', '?limit=1000', '?page=x']) {
      const res = await customer.api.get(`/api/2/account/messages${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/2/account/messages' })).statusCode).toBe(401);
  });

  it('answers an empty box to a new user', async () => {
    const customer = await newCustomer(t.app, 0);
    expect(await box(customer)).toEqual({ data: [], totalCount: 0, unread: 0 });
    expect(await unreadInUserData(customer)).toBe(0);
  });
});

describe('marking read', () => {
  it('marks the selected messages read in bulk; a read message stays read', async () => {
    const { customer } = await finishedProject();
    const { data } = await box(customer);
    const [a, b] = data;
    const res = await customer.api.inject({
      method: 'POST',
      url: '/api/2/account/messages/read',
      payload: `ids[]=${a.id}&ids[]=${b.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ marked: 2, unread: 2 });
    expect(await unreadInUserData(customer)).toBe(2);
    const [first] = await t.database.db.select().from(userMessages).where(eq(userMessages.id, a.id));
    t.clock.advance(60_000);
    // again (one, as JSON): nothing more is marked and the first read time stays
    const again = await customer.api.postJson('/api/2/account/messages/read', { ids: [a.id] });
    expect(again.json()).toEqual({ marked: 0, unread: 2 });
    const [after] = await t.database.db.select().from(userMessages).where(eq(userMessages.id, a.id));
    expect(after.readAt).toEqual(first.readAt);
    const one = await customer.api.post(`/api/2/account/messages/${data[2].id}/read`);
    expect(one.json()).toEqual({ marked: 1, unread: 1 });
    expect((await box(customer, '?filter_status=unread')).data.map((m) => m.id)).toEqual([data[3].id]);
  });

  it('marks nothing when one of the ids is someone else’s (404), or none is selected (400)', async () => {
    const { customer, translator } = await finishedProject();
    const mine = (await box(customer)).data.map((m) => m.id);
    const theirs = (await box(translator)).data[0].id;
    const mixed = await customer.api.postJson('/api/2/account/messages/read', { ids: [mine[0], theirs] });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json().message).toBe(MESSAGE_TEXTS.notFound);
    expect(await unreadRows(customer.id)).toBe(4);
    expect(await unreadRows(translator.id)).toBe(1);
    const single = await customer.api.post(`/api/2/account/messages/${theirs}/read`);
    expect(single.statusCode).toBe(404);
    expect(await unreadRows(translator.id)).toBe(1);
    const none = await customer.api.postJson('/api/2/account/messages/read', { ids: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain(MESSAGE_TEXTS.selectAtLeastOne);
    const empty = await customer.api.post('/api/2/account/messages/read', {});
    expect(empty.statusCode).toBe(400);
    for (const bad of ['abc', '-1', '99999999999999999999']) {
      const res = await customer.api.post(`/api/2/account/messages/${bad}/read`);
      expect([400, 404], bad).toContain(res.statusCode);
    }
    const guest = await t.app.inject({ method: 'POST', url: `/api/2/account/messages/${mine[0]}/read` });
    expect([401, 403]).toContain(guest.statusCode);
    expect(await unreadRows(customer.id)).toBe(4);
  });
});

describe('POST /api/2/admin/messages', () => {
  it('puts an admin notice in the user box; others may not send one', async () => {
    const customer = await newCustomer(t.app, 0);
    const sent = await admin.api.post('/api/2/admin/messages', {
      user_id: customer.id,
      subject: 'Scheduled maintenance',
      body: 'The site is down on Sunday 02:00-03:00 UTC.',
    });
    expect(sent.statusCode).toBe(200);
    const { data } = await box(customer);
    expect(data).toEqual([
      expect.objectContaining({ type: 'admin_notice', subject: 'Scheduled maintenance', read: false }),
    ]);
    const other = await newCustomer(t.app, 0);
    const refused = await other.api.post('/api/2/admin/messages', { user_id: customer.id, subject: 'x', body: 'y' });
    expect(refused.statusCode).toBe(404);
    const blank = await admin.api.post('/api/2/admin/messages', { user_id: customer.id, subject: ' ', body: 'y' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.subject).toBe(MESSAGE_TEXTS.subjectRequired);
    const nobody = await admin.api.post('/api/2/admin/messages', { user_id: 99999999, subject: 'a', body: 'b' });
    expect(nobody.statusCode).toBe(404);
    expect((await box(customer)).totalCount).toBe(1);
  });
});

describe('the ledger', () => {
  it('is whole after everything above', async () => {
    expect((await verifyLedger(t.database.db)).ok).toBe(true);
  });
});
