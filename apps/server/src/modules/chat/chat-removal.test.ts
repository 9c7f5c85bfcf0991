import { and, asc, eq } from 'drizzle-orm';
import type { Response } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_TEXTS, chatListEntrySchema } from '@parlance/shared';
import { auditLog, chatEvents, myTeamMembers, users } from '../../db/schema';
import { hashPassword } from '../../platform/passwords';
import { authed, login, TEST_PASSWORD, uniqueEmail } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { newPerson } from '../project-lists/list-test-helpers';

// Removing and restoring a chat: who may (the team group's owner and admins remove, admins
// restore; a member who may not gets 403, an outsider 404), what a removed chat refuses, and that
// each change is one event for the members (live) and one audit row.

interface WsClient {
  send(data: string): void;
  close(): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'open' | 'error', listener: (arg?: unknown) => void): void;
}
type WsConstructor = new (url: string) => WsClient;
const WS_MODULE = 'ws';

type Caller = {
  id: number;
  token: string;
  call: (method: string, url: string, payload?: unknown) => Promise<Response>;
};

let t: TestApp;
let port: number;
let owner: Caller;
let member: Caller;
let outsider: Caller;
let admin: Caller;
let groupId: number;
let myTeamChatId: number;
let messageId: number;

async function caller(session: Parameters<typeof authed>[1] & { user: { id: number } }): Promise<Caller> {
  const token = (await authed(t.app, session).get('/api/2/auth/token')).json().results.jwt.access_token as string;
  return {
    id: session.user.id,
    token,
    call: (method, url, payload) =>
      t.app.inject({
        method: method as 'GET',
        url,
        payload: payload as string | undefined,
        headers: { authorization: `Bearer ${token}` },
      }) as unknown as Promise<Response>,
  };
}

const eventsOf = (chatId: number) =>
  t.app.deps.db
    .select({ type: chatEvents.type, payload: chatEvents.payload, audience: chatEvents.audience })
    .from(chatEvents)
    .where(eq(chatEvents.chatId, chatId))
    .orderBy(asc(chatEvents.seq));

const auditOf = (chatId: number) =>
  t.app.deps.db
    .select({ action: auditLog.action, actorId: auditLog.actorId })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'chat'), eq(auditLog.targetId, String(chatId))))
    .orderBy(asc(auditLog.id));

beforeAll(async () => {
  t = await createTestApp();
  const c = await newPerson(t.app, 'client', 'Rita Owner');
  const tr = await newPerson(t.app, 'translator', 'Mark Member');
  const o = await newPerson(t.app, 'translator', 'Olga Outsider');
  await t.app.deps.db.insert(myTeamMembers).values({ customerId: c.id, translatorId: tr.id });
  const email = uniqueEmail('admin');
  await t.app.deps.db.insert(users).values({
    type: 'admin',
    isAdmin: true,
    email,
    name: 'Ada Admin',
    passwordHash: await hashPassword(TEST_PASSWORD, 'fast'),
  });
  owner = await caller(c.session);
  member = await caller(tr.session);
  outsider = await caller(o.session);
  admin = await caller(await login(t.app, email, TEST_PASSWORD));
  myTeamChatId = (await owner.call('GET', '/chat/api/chats')).json().data[0].chatId;
  const created = await owner.call('POST', '/chat/api/chats', { title: 'Launch team', members: [{ id: member.id }] });
  expect(created.statusCode).toBe(201);
  groupId = created.json().chatId;
  const sent = await member.call('POST', '/chat/api/direct-messages', {
    text: 'Draft is ready',
    chat: { id: groupId },
  });
  expect(sent.statusCode).toBe(201);
  messageId = sent.json().id;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  port = address.port;
});
afterAll(async () => {
  await t.close();
});

describe('who may remove and restore a chat', () => {
  it('tells each viewer what they may do: the owner may remove the team group, the member may not', async () => {
    const mine = chatListEntrySchema.parse((await owner.call('GET', `/chat/api/chats/${groupId}`)).json());
    expect(mine.actions).toEqual({ remove: true, restore: false });
    const theirs = chatListEntrySchema.parse((await member.call('GET', `/chat/api/chats/${groupId}`)).json());
    expect(theirs.actions).toEqual({ remove: false, restore: false });
    const myTeam = chatListEntrySchema.parse((await owner.call('GET', `/chat/api/chats/${myTeamChatId}`)).json());
    expect(myTeam.actions.remove).toBe(false);
  });

  it('an outsider gets 404, a member who is not the owner 403, and nothing changes', async () => {
    const before = (await eventsOf(groupId)).length;
    const byOutsider = await outsider.call('DELETE', `/chat/api/chats/${groupId}`);
    expect(byOutsider.statusCode).toBe(404);
    expect(byOutsider.json().message).toBe(CHAT_TEXTS.chatNotFound);
    const byMember = await member.call('DELETE', `/chat/api/chats/${groupId}`);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().message).toBe(CHAT_TEXTS.notAllowed);
    // the customer owns the my-team chat but it is not a team group: only an admin removes it
    expect((await owner.call('DELETE', `/chat/api/chats/${myTeamChatId}`)).statusCode).toBe(403);
    expect((await eventsOf(groupId)).length).toBe(before);
    const chat = (await member.call('GET', `/chat/api/chats/${groupId}`)).json();
    expect(chat.deletedAt).toBeNull();
  });

  it('only an admin restores: to customers and translators the moderators’ call does not exist (404)', async () => {
    expect((await owner.call('PATCH', `/chat/api/chats/${groupId}/restore`)).statusCode).toBe(404);
    expect((await member.call('PATCH', `/chat/api/chats/${groupId}/restore`)).statusCode).toBe(404);
  });
});

describe('the owner removes the team group', () => {
  async function openLive(token: string) {
    const { WebSocket } = (await import(WS_MODULE)) as { WebSocket: WsConstructor };
    const ws = new WebSocket(`ws://127.0.0.1:${port}/chat/api/live?token=${token}`);
    const received: { type: string; chatId: number; payload: Record<string, unknown> }[] = [];
    ws.on('message', (d) => received.push(JSON.parse(String(d))));
    await new Promise<void>((resolve, reject) => {
      ws.on('open', () => resolve());
      ws.on('error', reject);
    });
    ws.send(JSON.stringify({ cursors: {} }));
    return { ws, received };
  }
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
    return check();
  };

  it('marks it removed for every member, live: one chat.removed event and one audit row', async () => {
    const live = await openLive(member.token);
    await until(() => live.received.some((e) => e.type === 'sync'));
    const before = (await eventsOf(groupId)).length;
    const res = await owner.call('DELETE', `/chat/api/chats/${groupId}`);
    expect(res.statusCode).toBe(200);
    const chat = chatListEntrySchema.parse(res.json());
    expect(chat.deletedAt).not.toBeNull();
    expect(chat.actions).toEqual({ remove: false, restore: false });

    const events = await eventsOf(groupId);
    expect(events.length).toBe(before + 1);
    const removed = events[events.length - 1];
    expect(removed.type).toBe('chat.removed');
    expect(removed.payload).toMatchObject({ chatId: groupId, by: { id: owner.id, name: 'Rita Owner' } });
    expect([...removed.audience].sort()).toEqual([owner.id, member.id].sort());
    expect(await auditOf(groupId)).toEqual([{ action: 'chat.remove', actorId: owner.id }]);

    // the other member hears of it without asking
    expect(await until(() => live.received.some((e) => e.type === 'chat.removed' && e.chatId === groupId))).toBe(true);
    live.ws.close();
    // and their list shows it removed (the lock)
    const theirs = (await member.call('GET', '/chat/api/chats')).json().data;
    expect(theirs.find((c: { chatId: number }) => c.chatId === groupId).deletedAt).not.toBeNull();
  });

  it('removing it again changes nothing and tells nobody', async () => {
    const before = (await eventsOf(groupId)).length;
    expect((await owner.call('DELETE', `/chat/api/chats/${groupId}`)).statusCode).toBe(200);
    expect((await eventsOf(groupId)).length).toBe(before);
    expect(await auditOf(groupId)).toHaveLength(1);
  });

  it('refuses new messages, replies, reactions, pins, renames and members with a plain message', async () => {
    const refused = [
      await member.call('POST', '/chat/api/direct-messages', { text: 'Still here?', chat: { id: groupId } }),
      await owner.call('POST', '/chat/api/reply-messages', {
        text: 'Yes',
        chat: { id: groupId },
        message: { id: messageId },
      }),
      await owner.call('POST', `/chat/api/messages/${messageId}/reaction`, { type: 'like' }),
      await owner.call('PATCH', `/chat/api/messages/${messageId}`, { isPinned: true }),
      await owner.call('PATCH', `/chat/api/chats/${groupId}`, { title: 'Renamed' }),
      await owner.call('POST', '/chat/api/chat-members', { chat: { id: groupId }, user: { id: admin.id } }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(CHAT_TEXTS.chatRemoved);
    }
    // its history still reads
    const history = (await member.call('GET', `/chat/api/chats/${groupId}/messages`)).json().data;
    expect(history.map((m: { text: string }) => m.text)).toContain('Draft is ready');
    const chat = (await owner.call('GET', `/chat/api/chats/${groupId}`)).json();
    expect(chat.title).toBe('Launch team');
  });

  it('an admin sees Restore, restores it (one chat.restored event, audited) and members write again', async () => {
    const seen = chatListEntrySchema.parse((await admin.call('GET', `/chat/api/chats/${groupId}`)).json());
    expect(seen.actions).toEqual({ remove: false, restore: true });
    const live = await openLive(owner.token);
    await until(() => live.received.some((e) => e.type === 'sync'));
    const res = await admin.call('PATCH', `/chat/api/chats/${groupId}/restore`);
    expect(res.statusCode).toBe(200);
    expect(res.json().deletedAt).toBeNull();
    const events = await eventsOf(groupId);
    expect(events[events.length - 1].type).toBe('chat.restored');
    expect(await auditOf(groupId)).toEqual([
      { action: 'chat.remove', actorId: owner.id },
      { action: 'chat.restore', actorId: admin.id },
    ]);
    expect(await until(() => live.received.some((e) => e.type === 'chat.restored' && e.chatId === groupId))).toBe(true);
    live.ws.close();
    const sent = await member.call('POST', '/chat/api/direct-messages', { text: 'Back again', chat: { id: groupId } });
    expect(sent.statusCode).toBe(201);
    const mine = chatListEntrySchema.parse((await owner.call('GET', `/chat/api/chats/${groupId}`)).json());
    expect(mine.actions).toEqual({ remove: true, restore: false });
  });

  it('an admin removes any chat, the my-team chat too', async () => {
    const res = await admin.call('DELETE', `/chat/api/chats/${myTeamChatId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().deletedAt).not.toBeNull();
    const sent = await owner.call('POST', '/chat/api/direct-messages', { text: 'Hello?', chat: { id: myTeamChatId } });
    expect(sent.statusCode).toBe(409);
    expect((await admin.call('PATCH', `/chat/api/chats/${myTeamChatId}/restore`)).statusCode).toBe(200);
  });
});
