import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Response } from 'light-my-request';
import { MODERATION_ACL_GROUP, type ModerationItem } from '@parlance/shared';
import { aclGroups, auditLog, myTeamMembers, userAclGroups, users } from '../../db/schema';
import { hashPassword } from '../../platform/passwords';
import { authed, login, TEST_PASSWORD, type TestSession, uniqueEmail } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { newPerson } from '../project-lists/list-test-helpers';

// The team chat as a moderation source (blendTalk), through the real app with every role:
// a flagged message is on moderation for its author, unseen by the other members, not the chat's
// last message, notifies only admins; it is approved (once, live) or declined from the chat's message
// menu or from the moderation table; admins delete and restore messages.

interface WsClient {
  send(data: string): void;
  close(): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: () => void): void;
  on(event: 'open' | 'error', listener: (arg?: unknown) => void): void;
}
type WsConstructor = new (url: string) => WsClient;
const WS_MODULE = 'ws';

type Caller = {
  id: number;
  token: string;
  session: TestSession;
  call: (method: string, url: string, payload?: unknown) => Promise<Response>;
};

let t: TestApp;
let port: number;
let customer: Caller;
let translator: Caller;
let admin: Caller;
let moderator: Caller;
let staffWithoutModeration: Caller;
let groupId: number;

async function caller(session: TestSession, id: number): Promise<Caller> {
  const token = (await authed(t.app, session).get('/api/2/auth/token')).json().results.jwt.access_token as string;
  return {
    id,
    token,
    session,
    call: (method, url, payload) =>
      t.app.inject({
        method: method as 'GET',
        url,
        payload: payload as string | undefined,
        headers: { authorization: `Bearer ${token}` },
      }) as unknown as Promise<Response>,
  };
}

async function adminUser(name: string, opts: { superAdmin: boolean; group?: string }): Promise<Caller> {
  const email = uniqueEmail(name.split(' ')[0].toLowerCase());
  const [u] = await t.app.deps.db
    .insert(users)
    .values({
      type: 'admin',
      isAdmin: opts.superAdmin,
      email,
      name,
      passwordHash: await hashPassword(TEST_PASSWORD, 'fast'),
    })
    .returning();
  if (opts.group) {
    const [g] = await t.app.deps.db.select().from(aclGroups).where(eq(aclGroups.name, opts.group));
    await t.app.deps.db.insert(userAclGroups).values({ userId: u.id, groupId: g.id });
  }
  return caller(await login(t.app, email, TEST_PASSWORD), u.id);
}

beforeAll(async () => {
  t = await createTestApp();
  const c = await newPerson(t.app, 'client', 'Carla Customer');
  const tr = await newPerson(t.app, 'translator', 'Theo Translator');
  await t.app.deps.db.insert(myTeamMembers).values({ customerId: c.id, translatorId: tr.id });
  customer = await caller(c.session, c.id);
  translator = await caller(tr.session, tr.id);
  admin = await adminUser('Adam Admin', { superAdmin: true });
  moderator = await adminUser('Mona Moderator', { superAdmin: false, group: MODERATION_ACL_GROUP });
  staffWithoutModeration = await adminUser('Sam Staff', { superAdmin: false });
  await customer.call('GET', '/chat/api/chats');
  const group = await customer.call('POST', '/chat/api/chats', {
    title: 'Launch',
    members: [{ id: translator.id }, { id: admin.id }],
  });
  expect(group.statusCode).toBe(201);
  groupId = group.json().chatId;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  port = address.port;
});
afterAll(async () => {
  await t.close();
});

const send = (who: Caller, text: string) =>
  who.call('POST', '/chat/api/direct-messages', { text, chat: { id: groupId } });
const chatOf = async (who: Caller) => (await who.call('GET', `/chat/api/chats/${groupId}`)).json();
const historyTexts = async (who: Caller) =>
  (await who.call('GET', `/chat/api/chats/${groupId}/messages`)).json().data.map((m: { text: string }) => m.text);
const unread = async (who: Caller) => (await who.call('GET', '/chat/api/notifications?exists[seenAt]=false')).json();
const seenAll = (who: Caller) => who.call('PATCH', `/chat/api/chats/${groupId}/seen`);
const tableRow = async (messageId: number): Promise<ModerationItem | undefined> => {
  const rows = (
    await authed(t.app, moderator.session).get('/moderation/api/moderations/search?source=blendTalk')
  ).json();
  return (rows as ModerationItem[]).find((r) => r.link.endsWith(`message=${messageId}`));
};

describe('a flagged message', () => {
  let heldId: number;

  it('is on moderation for its author, with the reason in the moderation table', async () => {
    await send(customer, 'Before the held one');
    await Promise.all([seenAll(customer), seenAll(translator), seenAll(admin)]);
    const res = await send(translator, 'Write to me at theo@example.com, it is faster');
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('moderation');
    heldId = res.json().id;
    expect((await translator.call('GET', `/chat/api/messages/${heldId}`)).json().status).toBe('moderation');
    expect(await historyTexts(translator)).toContain('Write to me at theo@example.com, it is faster');
    const row = await tableRow(heldId);
    expect(row).toMatchObject({ source: 'blendTalk', status: 'pending', title: 'Launch' });
    expect(row?.author.id).toBe(translator.id);
    expect(row?.reasons.map((r) => r.type)).toEqual(['email']);
    expect(row?.link).toBe(`/admin/blend-talk/user/${customer.id}/chat/${groupId}?message=${heldId}`);
  });

  it('the customer does not see it anywhere; it is not the last message; only admins are notified', async () => {
    expect((await customer.call('GET', `/chat/api/messages/${heldId}`)).statusCode).toBe(404);
    expect(await historyTexts(customer)).not.toContain('Write to me at theo@example.com, it is faster');
    expect((await customer.call('GET', `/chat/api/chat/${groupId}/search/theo`)).json().messages).toEqual([]);
    for (const who of [customer, translator, admin])
      expect((await chatOf(who)).lastMessage.text, String(who.id)).toBe('Before the held one');
    expect((await unread(customer)).total).toBe(0);
    expect((await unread(admin)).total).toBe(1);
    // nobody replies to, reacts to or pins a held message
    expect(
      (
        await customer.call('POST', '/chat/api/reply-messages', {
          text: 'ok',
          chat: { id: groupId },
          message: { id: heldId },
        })
      ).statusCode,
    ).toBe(404);
    expect((await admin.call('POST', `/chat/api/messages/${heldId}/reaction`, { type: 'like' })).statusCode).toBe(400);
    expect((await admin.call('PATCH', `/chat/api/messages/${heldId}`, { isPinned: true })).statusCode).toBe(403);
  });

  it('only admins with the moderation right approve it from the message menu', async () => {
    const url = `/chat/api/messages/${heldId}/moderation`;
    expect((await customer.call('PATCH', url, { status: 'approved' })).statusCode).toBe(404);
    expect((await translator.call('PATCH', url, { status: 'approved' })).statusCode).toBe(404);
    expect((await staffWithoutModeration.call('PATCH', url, { status: 'approved' })).statusCode).toBe(403);
    expect((await admin.call('PATCH', url, { status: 'maybe' })).statusCode).toBe(400);
    expect((await admin.call('PATCH', '/chat/api/messages/999999/moderation', { status: 'approved' })).statusCode).toBe(
      404,
    );
    expect((await customer.call('GET', `/chat/api/messages/${heldId}`)).statusCode).toBe(404);

    const approved = await admin.call('PATCH', url, { status: 'approved' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe('approved');
    expect((await customer.call('GET', `/chat/api/messages/${heldId}`)).json().text).toBe(
      'Write to me at theo@example.com, it is faster',
    );
    expect((await chatOf(customer)).lastMessage.id).toBe(heldId);
    expect((await unread(customer)).total).toBe(1);
    expect(await tableRow(heldId)).toMatchObject({ status: 'approved' });
    const audits = await t.app.deps.db.select().from(auditLog).where(eq(auditLog.action, 'moderation.approve'));
    expect(audits.map((a) => a.actorId)).toContain(admin.id);
  });

  it('approving twice changes nothing; declining an approved message is refused', async () => {
    const url = `/chat/api/messages/${heldId}/moderation`;
    expect((await admin.call('PATCH', url, { status: 'approved' })).statusCode).toBe(200);
    expect((await unread(customer)).total).toBe(1);
    const declined = await admin.call('PATCH', url, { status: 'declined' });
    expect(declined.statusCode).toBe(409);
    expect(declined.json().message).toBe('This message has already been approved.');
    expect((await customer.call('GET', `/chat/api/messages/${heldId}`)).json().status).toBe('approved');
  });

  it('a message that was never held cannot be approved; an admin message is never held', async () => {
    const plain = (await send(customer, 'Nothing to see')).json();
    expect(
      (await admin.call('PATCH', `/chat/api/messages/${plain.id}/moderation`, { status: 'approved' })).statusCode,
    ).toBe(400);
    const own = await send(admin, 'Support is at help@example.com');
    expect(own.json().status).toBe('approved');
    expect(await tableRow(own.json().id)).toBeUndefined();
  });
});

describe('declined, and decided from the moderation table', () => {
  it('declined from the table: the author is told, the customer never sees it, the menu cannot approve it', async () => {
    const held = (await send(translator, 'Call me on +1 415 555 0134 tonight')).json();
    expect(held.status).toBe('moderation');
    const row = await tableRow(held.id);
    if (!row) throw new Error('not in the moderation table');
    const decided = await authed(t.app, moderator.session).inject({
      method: 'PATCH',
      url: `/moderation/api/moderations/${row.id}`,
      payload: { status: 'declined' },
    });
    expect(decided.statusCode).toBe(200);
    expect((await translator.call('GET', `/chat/api/messages/${held.id}`)).json().status).toBe('declined');
    expect((await customer.call('GET', `/chat/api/messages/${held.id}`)).statusCode).toBe(404);
    expect((await chatOf(customer)).lastMessage.text).not.toContain('+1 415');
    const again = await admin.call('PATCH', `/chat/api/messages/${held.id}/moderation`, { status: 'approved' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This message has already been declined.');
  });

  it('declined from the message menu: the table shows it declined', async () => {
    const held = (await send(translator, 'My skype is theo.translates')).json();
    expect(held.status).toBe('moderation');
    const res = await moderator.call('PATCH', `/chat/api/messages/${held.id}/moderation`, { status: 'declined' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('declined');
    expect(await tableRow(held.id)).toMatchObject({ status: 'declined' });
  });

  it('approved from the table: it arrives live for the customer once, and the author sees the change', async () => {
    const { WebSocket } = (await import(WS_MODULE)) as { WebSocket: WsConstructor };
    const listen = async (who: Caller) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/chat/api/live?token=${who.token}`);
      const got: { type: string; payload: { message?: { id: number; status: string } } }[] = [];
      ws.on('message', (d) => got.push(JSON.parse(String(d))));
      await new Promise<void>((resolve, reject) => {
        ws.on('open', () => resolve());
        ws.on('error', reject);
      });
      ws.send(JSON.stringify({ cursors: {} }));
      for (let i = 0; i < 100 && !got.some((e) => e.type === 'sync'); i++) await wait(20);
      return { ws, got };
    };
    const customerLive = await listen(customer);
    const authorLive = await listen(translator);
    const held = (await send(translator, 'See www.theo-translates.example for my rates')).json();
    expect(held.status).toBe('moderation');
    const row = await tableRow(held.id);
    if (!row) throw new Error('not in the moderation table');
    const res = await authed(t.app, moderator.session).inject({
      method: 'PATCH',
      url: `/moderation/api/moderations/${row.id}`,
      payload: { status: 'approved' },
    });
    expect(res.statusCode).toBe(200);
    const about = (e: { payload: { message?: { id: number } } }) => e.payload.message?.id === held.id;
    for (let i = 0; i < 100 && !customerLive.got.some(about); i++) await wait(20);
    for (let i = 0; i < 100 && !authorLive.got.some((e) => about(e) && e.type === 'message.updated'); i++)
      await wait(20);
    // one more message to both: live events arrive in order, so a repeat of the approval would be here by now
    const fence = (await send(customer, 'Thank you, noted.')).json() as { id: number };
    const fenced = (got: { payload: { message?: { id: number } } }[]) =>
      got.some((e) => e.payload.message?.id === fence.id);
    for (let i = 0; i < 100 && !(fenced(customerLive.got) && fenced(authorLive.got)); i++) await wait(20);
    expect(fenced(customerLive.got) && fenced(authorLive.got)).toBe(true);
    expect(customerLive.got.filter(about).map((e) => [e.type, e.payload.message?.status])).toEqual([
      ['message.created', 'approved'],
    ]);
    expect(authorLive.got.filter(about).map((e) => [e.type, e.payload.message?.status])).toEqual([
      ['message.created', 'moderation'],
      ['message.updated', 'approved'],
    ]);
    customerLive.ws.close();
    authorLive.ws.close();
  });
});

describe('admins delete and restore (Undo)', () => {
  it('a deleted message is a placeholder for members until an admin restores it', async () => {
    const m = (await send(customer, 'Typo in the brief')).json();
    for (const who of [customer, translator, staffWithoutModeration])
      expect((await who.call('DELETE', `/chat/api/messages/${m.id}`)).statusCode, String(who.id)).toBe(
        who === staffWithoutModeration ? 403 : 404,
      );
    const deleted = await moderator.call('DELETE', `/chat/api/messages/${m.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().deletedAt).not.toBeNull();
    const seen = (await translator.call('GET', `/chat/api/messages/${m.id}`)).json();
    expect(seen).toMatchObject({ text: '', attachments: [] });
    expect(seen.deletedAt).not.toBeNull();
    expect((await admin.call('GET', `/chat/api/messages/${m.id}`)).json().text).toBe('Typo in the brief');
    expect((await customer.call('PATCH', `/chat/api/messages/${m.id}/restore`)).statusCode).toBe(404);
    const restored = await admin.call('PATCH', `/chat/api/messages/${m.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().deletedAt).toBeNull();
    expect((await translator.call('GET', `/chat/api/messages/${m.id}`)).json()).toMatchObject({
      text: 'Typo in the brief',
      deletedAt: null,
    });
  });

  it('a deleted held message stays out of sight of the other members', async () => {
    const held = (await send(translator, 'mail theo@example.com')).json();
    expect((await admin.call('DELETE', `/chat/api/messages/${held.id}`)).statusCode).toBe(200);
    expect((await customer.call('GET', `/chat/api/messages/${held.id}`)).statusCode).toBe(404);
    expect((await admin.call('PATCH', `/chat/api/messages/${held.id}/restore`)).statusCode).toBe(200);
    expect((await customer.call('GET', `/chat/api/messages/${held.id}`)).statusCode).toBe(404);
    expect((await translator.call('GET', `/chat/api/messages/${held.id}`)).json().status).toBe('moderation');
  });
});

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
