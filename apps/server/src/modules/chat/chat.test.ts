import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Response } from 'light-my-request';
import {
  CHAT_TEXTS,
  chatAdminUsersSchema,
  chatCurrentUserSchema,
  chatFilesSchema,
  chatHistoryPageSchema,
  chatInChatSearchSchema,
  chatListSchema,
  chatMessageListSchema,
  chatMessageWithPageSchema,
  chatNotificationsSchema,
  chatPeopleSchema,
  chatSearchSchema,
} from '@parlance/shared';
import type { z } from 'zod';
import { myTeamMembers, users } from '../../db/schema';
import { hashPassword } from '../../platform/passwords';
import { authed, login, TEST_PASSWORD, uniqueEmail } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { newPerson } from '../project-lists/list-test-helpers';

// The team chat API (spec 3 section 7) through the real app: every role, bad inputs, outsiders,
// idempotent sends, and the live channel's replay after a disconnect.

interface WsClient {
  send(data: string): void;
  close(): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: (code: number, reason: Buffer) => void): void;
  on(event: 'open' | 'error', listener: (arg?: unknown) => void): void;
}
type WsConstructor = new (url: string) => WsClient;
const WS_MODULE = 'ws';

let t: TestApp;
let port: number;
type Caller = {
  id: number;
  token: string;
  call: (method: string, url: string, payload?: unknown, headers?: Record<string, string>) => Promise<Response>;
};
let customer: Caller;
let translator: Caller;
let outsiderTranslator: Caller;
let otherCustomer: Caller;
let admin: Caller;
let myTeamChatId: number;
let groupId: number;

async function caller(session: Parameters<typeof authed>[1] & { user: { id: number } }): Promise<Caller> {
  const token = (await authed(t.app, session).get('/api/2/auth/token')).json().results.jwt.access_token as string;
  return {
    id: session.user.id,
    token,
    call: (method, url, payload, headers = {}) =>
      t.app.inject({
        method: method as 'GET',
        url,
        payload: payload as string | undefined,
        headers: { authorization: `Bearer ${token}`, ...headers },
      }) as unknown as Promise<Response>,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  const c = await newPerson(t.app, 'client', 'Carla Customer');
  const tr = await newPerson(t.app, 'translator', 'Theo Translator');
  const tr2 = await newPerson(t.app, 'translator', 'Olga Outsider');
  const c2 = await newPerson(t.app, 'client', 'Otto Other');
  await t.app.deps.db.insert(myTeamMembers).values({ customerId: c.id, translatorId: tr.id });
  const email = uniqueEmail('admin');
  await t.app.deps.db.insert(users).values({
    type: 'admin',
    isAdmin: true,
    email,
    name: 'Adam Admin',
    passwordHash: await hashPassword(TEST_PASSWORD, 'fast'),
  });
  const adminSession = await login(t.app, email, TEST_PASSWORD);
  customer = await caller(c.session);
  translator = await caller(tr.session);
  outsiderTranslator = await caller(tr2.session);
  otherCustomer = await caller(c2.session);
  admin = await caller(adminSession);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  port = address.port;
});
afterAll(async () => {
  await t.close();
});

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('chat list and the my-team chat', () => {
  it('needs the bearer token: a session cookie alone is refused', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/chat/api/chats' })).statusCode).toBe(401);
  });

  it("creates the customer's my-team chat with the My Team translator, for both of them", async () => {
    const list = (await customer.call('GET', '/chat/api/chats')).json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ type: 'my-team', title: 'My Team', membersCount: 2 });
    myTeamChatId = list[0].chatId;
    const theirs = (await translator.call('GET', '/chat/api/chats')).json().data;
    expect(theirs.map((x: { chatId: number }) => x.chatId)).toEqual([myTeamChatId]);
    expect((await outsiderTranslator.call('GET', '/chat/api/chats')).json().data).toEqual([]);
  });

  it('outsiders get 404 for the chat, its messages, members, files and search', async () => {
    for (const url of [
      `/chat/api/chats/${myTeamChatId}`,
      `/chat/api/chats/${myTeamChatId}/messages`,
      `/chat/api/chats/${myTeamChatId}/pinnedMessages`,
      `/chat/api/chat-attachments/${myTeamChatId}`,
      `/chat/api/chat/${myTeamChatId}/search/hello`,
    ]) {
      expect((await outsiderTranslator.call('GET', url)).statusCode, url).toBe(404);
      expect((await otherCustomer.call('GET', url)).statusCode, url).toBe(404);
    }
    expect((await otherCustomer.call('GET', `/chat/api/chat-members/${myTeamChatId}`)).statusCode).toBe(404);
    const send = await otherCustomer.call('POST', '/chat/api/direct-messages', {
      text: 'hi',
      chat: { id: myTeamChatId },
    });
    expect(send.statusCode).toBe(404);
  });
});

describe('team groups', () => {
  it('refuses blank and long titles with the spec text; translators may not create groups', async () => {
    const blank = await customer.call('POST', '/chat/api/chats', { title: '   ', members: [{ id: translator.id }] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(CHAT_TEXTS.titleEmpty);
    const long = await customer.call('POST', '/chat/api/chats', {
      title: 'x'.repeat(101),
      members: [{ id: translator.id }],
    });
    expect(long.statusCode).toBe(400);
    const none = await customer.call('POST', '/chat/api/chats', { title: 'Team', members: [] });
    expect(none.statusCode).toBe(400);
    const stranger = await customer.call('POST', '/chat/api/chats', {
      title: 'Team',
      members: [{ id: outsiderTranslator.id }],
    });
    expect(stranger.statusCode).toBe(404);
    const byTranslator = await translator.call('POST', '/chat/api/chats', {
      title: 'Team',
      members: [{ id: customer.id }],
    });
    expect(byTranslator.statusCode).toBe(403);
  });

  it('a customer creates a group with a My Team translator, title trimmed to 100 characters at most', async () => {
    const res = await customer.call('POST', '/chat/api/chats', {
      title: `  ${'T'.repeat(100)}  `,
      members: [{ id: translator.id }],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ type: 'custom', title: 'T'.repeat(100), membersCount: 2 });
    groupId = res.json().chatId;
    const rename = await customer.call(
      'PATCH',
      `/chat/api/chats/${groupId}`,
      JSON.stringify({ title: 'Launch team' }),
      {
        'content-type': 'application/merge-patch+json',
      },
    );
    expect(rename.statusCode).toBe(200);
    expect(rename.json().title).toBe('Launch team');
  });

  it('customers may not pin or rename the my-team chat; translators may', async () => {
    expect((await customer.call('PATCH', `/chat/api/chats/${myTeamChatId}`, { isPinned: true })).statusCode).toBe(403);
    expect((await customer.call('PATCH', `/chat/api/chats/${myTeamChatId}`, { title: 'Mine' })).statusCode).toBe(403);
    const pin = await translator.call('PATCH', `/chat/api/chats/${myTeamChatId}`, { isPinned: true });
    expect(pin.statusCode).toBe(200);
    expect(pin.json().pinnedAt).not.toBeNull();
    const list = (await translator.call('GET', '/chat/api/chats')).json().data;
    expect(list[0].chatId).toBe(myTeamChatId);
  });

  it('translators do not see members; a customer cannot be removed; a translator can', async () => {
    expect((await translator.call('GET', `/chat/api/chat-members/${groupId}`)).statusCode).toBe(403);
    const members = (await customer.call('GET', `/chat/api/chat-members/${groupId}`)).json().data;
    expect(members.map((m: { user: { type: string } }) => m.user.type).sort()).toEqual(['Customer', 'Translator']);
    expect((await admin.call('DELETE', `/chat/api/chat-members/${groupId}/${customer.id}`)).statusCode).toBe(403);
  });
});

describe('messages', () => {
  it('refuses a blank message and sends a text; a retry with the same client id is stored once', async () => {
    const blank = await customer.call('POST', '/chat/api/direct-messages', { text: '  ', chat: { id: groupId } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(CHAT_TEXTS.messageEmpty);
    const body = { text: 'Hello team', chat: { id: groupId }, clientId: 'c-1' };
    const first = await customer.call('POST', '/chat/api/direct-messages', body);
    expect(first.statusCode).toBe(201);
    const again = await customer.call('POST', '/chat/api/direct-messages', body);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const page = (await translator.call('GET', `/chat/api/chats/${groupId}/messages`)).json().data;
    expect(page.filter((m: { text: string }) => m.text === 'Hello team')).toHaveLength(1);
  });

  it('counts notifications for the other member and clears them on seen', async () => {
    const before = (await translator.call('GET', '/chat/api/notifications?exists[seenAt]=false')).json();
    expect(before.total).toBeGreaterThan(0);
    expect((await translator.call('PATCH', `/chat/api/chats/${groupId}/seen`)).statusCode).toBe(200);
    const after = (await translator.call('GET', '/chat/api/notifications?exists[seenAt]=false')).json();
    expect(after.data.filter((n: { chatId: number }) => n.chatId === groupId)).toEqual([]);
  });

  it('replies, reacts (toggle), pins; translators cannot pin; bad reaction types are refused', async () => {
    const [first] = (await customer.call('GET', `/chat/api/chats/${groupId}/messages`))
      .json()
      .data.filter((m: { type: string }) => m.type === 'ordinary');
    const reply = await translator.call('POST', '/chat/api/reply-messages', {
      text: 'Hi!',
      chat: { id: groupId },
      message: { id: first.id },
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().replyTo).toMatchObject({ id: first.id, text: 'Hello team' });
    expect((await translator.call('POST', `/chat/api/messages/${first.id}/reaction`, { type: 'wow' })).statusCode).toBe(
      400,
    );
    const liked = await translator.call('POST', `/chat/api/messages/${first.id}/reaction`, { type: 'heart' });
    expect(liked.json().reactions).toEqual([{ type: 'heart', author: { id: translator.id, name: 'Theo Translator' } }]);
    const unliked = await translator.call('POST', `/chat/api/messages/${first.id}/reaction`, { type: 'heart' });
    expect(unliked.json().reactions).toEqual([]);
    expect((await translator.call('PATCH', `/chat/api/messages/${first.id}`, { isPinned: true })).statusCode).toBe(403);
    expect((await customer.call('PATCH', `/chat/api/messages/${first.id}`, { isPinned: true })).statusCode).toBe(200);
    const pinned = (await translator.call('GET', `/chat/api/chats/${groupId}/pinnedMessages`)).json().data;
    expect(pinned.map((m: { id: number }) => m.id)).toEqual([first.id]);
    expect((await outsiderTranslator.call('GET', `/chat/api/messages/${first.id}`)).statusCode).toBe(404);
    expect((await translator.call('GET', `/chat/api/messages/${first.id}`)).json().pageNumber).toBe(1);
  });

  it('only admins delete and restore', async () => {
    const m = (
      await customer.call('POST', '/chat/api/direct-messages', { text: 'oops', chat: { id: groupId } })
    ).json();
    // admin routes do not exist for customers and translators: 404
    expect((await customer.call('DELETE', `/chat/api/messages/${m.id}`)).statusCode).toBe(404);
    expect((await admin.call('DELETE', `/chat/api/messages/${m.id}`)).statusCode).toBe(200);
    const seen = (await translator.call('GET', `/chat/api/messages/${m.id}`)).json();
    expect(seen.deletedAt).not.toBeNull();
    expect(seen.text).toBe('');
    expect((await admin.call('PATCH', `/chat/api/messages/${m.id}/restore`)).statusCode).toBe(200);
    expect((await translator.call('GET', `/chat/api/messages/${m.id}`)).json().text).toBe('oops');
  });

  it('uploads a file, attaches it, lists it; others cannot attach or delete it', async () => {
    const boundary = 'XBOUNDARY';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="brief.txt"\r\nContent-Type: text/plain\r\n\r\nhello file\r\n--${boundary}--\r\n`;
    const up = await customer.call('POST', '/file-storage/api/files', payload, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    expect(up.statusCode).toBe(201);
    expect(up.json()).toMatchObject({ originalName: 'brief.txt', size: 10, mimeType: 'text/plain' });
    const fileId = up.json().id;
    const stolen = await translator.call('POST', '/chat/api/direct-messages', {
      text: '',
      chat: { id: groupId },
      attachments: [{ id: fileId }],
    });
    expect(stolen.statusCode).toBe(404);
    const sent = await customer.call('POST', '/chat/api/direct-messages', {
      text: '',
      chat: { id: groupId },
      attachments: [{ id: fileId }],
    });
    expect(sent.statusCode).toBe(201);
    const files = (await translator.call('GET', `/chat/api/chat-attachments/${groupId}`)).json().data;
    expect(files.map((f: { originalName: string }) => f.originalName)).toEqual(['brief.txt']);
    // search finds the file by a word of its name or a piece of it, for members only
    for (const phrase of ['brief', 'ief.tx']) {
      const found = (await translator.call('GET', `/chat/api/search/${phrase}`)).json();
      expect(found.attachments).toEqual([
        expect.objectContaining({
          id: fileId,
          filename: 'brief.txt',
          size: 10,
          chatId: groupId,
          messageId: sent.json().id,
        }),
      ]);
    }
    expect((await outsiderTranslator.call('GET', '/chat/api/search/brief')).json().attachments).toEqual([]);
    const dl = await translator.call('GET', `/file-storage/api/files/${fileId}/download`);
    expect(dl.body).toBe('hello file');
    expect((await outsiderTranslator.call('GET', `/file-storage/api/files/${fileId}/download`)).statusCode).toBe(404);
    expect(
      (await translator.call('DELETE', `/chat/api/messages/${sent.json().id}/attachments/${fileId}`)).statusCode,
    ).toBe(403);
    expect(
      (await customer.call('DELETE', `/chat/api/messages/${sent.json().id}/attachments/${fileId}`)).statusCode,
    ).toBe(200);
  });

  it("search finds a member's messages and never another chat's", async () => {
    await otherCustomer.call('GET', '/chat/api/chats');
    const hits = (await translator.call('GET', '/chat/api/search/hell')).json();
    expect(hits.messages.map((m: { text: string }) => m.text)).toContain('Hello team');
    expect((await outsiderTranslator.call('GET', '/chat/api/search/hello')).json().messages).toEqual([]);
    const inChat = (await translator.call('GET', `/chat/api/chat/${groupId}/search/team`)).json();
    expect(inChat.messages.length).toBeGreaterThan(0);
    expect((await customer.call('GET', `/chat/api/search/x?customer=${otherCustomer.id}`)).statusCode).toBe(403);
  });

  it('admins look customers up by external id; others get 404', async () => {
    const found = (await admin.call('GET', `/chat/api/admin/users?externalId[]=${customer.id}`)).json().data;
    expect(found.map((u: { id: number }) => u.id)).toEqual([customer.id]);
    expect((await customer.call('GET', `/chat/api/admin/users?externalId[]=${customer.id}`)).statusCode).toBe(404);
    const chatsOf = (await admin.call('GET', `/chat/api/chats?customer=${customer.id}`)).json().data;
    expect(chatsOf.map((c: { chatId: number }) => c.chatId).sort()).toEqual([myTeamChatId, groupId].sort());
  });
});

describe('answers', () => {
  it('every read answers as its shared schema says, for each role that may call it', async () => {
    const last = (await customer.call('GET', `/chat/api/chats/${groupId}/messages`)).json().data.at(-1);
    const reads: [Caller[], string, z.ZodType][] = [
      [[customer, translator, admin], '/chat/api/current-user', chatCurrentUserSchema],
      [[customer, translator, admin], '/chat/api/chats', chatListSchema],
      [[customer, translator, admin], `/chat/api/chats/${groupId}/messages`, chatHistoryPageSchema],
      [[customer, translator, admin], `/chat/api/chats/${groupId}/pinnedMessages`, chatMessageListSchema],
      [[customer, translator, admin], `/chat/api/messages/${last.id}`, chatMessageWithPageSchema],
      [[customer, translator, admin], '/chat/api/notifications?exists[seenAt]=false', chatNotificationsSchema],
      [[customer, translator, admin], `/chat/api/chat-attachments/${groupId}`, chatFilesSchema],
      [[customer, translator, admin], '/chat/api/search/brief', chatSearchSchema],
      [[customer, translator, admin], `/chat/api/chat/${groupId}/search/hello`, chatInChatSearchSchema],
      [[customer, translator, admin], '/chat/api/my-contacts', chatPeopleSchema],
      [[customer, admin], `/chat/api/chat-members/${groupId}`, chatPeopleSchema],
      [[admin], `/chat/api/admin/user-contacts/${customer.id}`, chatPeopleSchema],
      [[admin], `/chat/api/admin/users?externalId[]=${customer.id}`, chatAdminUsersSchema],
    ];
    for (const [who, url, schema] of reads)
      for (const c of who) {
        const res = await c.call('GET', url);
        expect(res.statusCode, `${url} as ${c.id}`).toBe(200);
        expect(schema.safeParse(res.json()).success, `${url} as ${c.id}`).toBe(true);
      }
    const people = (await admin.call('GET', `/chat/api/chat-members/${groupId}`)).json().data;
    expect(people.map((p: { user: { type: string } }) => p.user.type).sort()).toEqual(['Customer', 'Translator']);
  });
});

describe('live channel', () => {
  async function open(token: string | null): Promise<{
    ws: WsClient;
    received: { type: string; chatId: number; seq: number; payload: Record<string, unknown> }[];
    closed: Promise<{ code: number; reason: string }>;
  }> {
    const { WebSocket } = (await import(WS_MODULE)) as { WebSocket: WsConstructor };
    const ws = new WebSocket(`ws://127.0.0.1:${port}/chat/api/live${token ? `?token=${token}` : ''}`);
    const received: { type: string; chatId: number; seq: number; payload: Record<string, unknown> }[] = [];
    ws.on('message', (d) => received.push(JSON.parse(String(d))));
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
    await new Promise<void>((resolve, reject) => {
      ws.on('open', () => resolve());
      ws.on('error', reject);
    });
    return { ws, received, closed };
  }

  it("refuses a connection without a token: 'Token not available'", async () => {
    const { closed } = await open(null);
    expect(await closed).toEqual({ code: 4401, reason: CHAT_TEXTS.tokenNotAvailable });
  });

  it('delivers live, and after a disconnect replays exactly the 50 missed messages once, in order', async () => {
    const first = await open(translator.token);
    first.ws.send(JSON.stringify({ cursors: {} }));
    for (let i = 0; i < 100 && !first.received.some((e) => e.type === 'sync'); i++) await wait(20);
    await customer.call('POST', '/chat/api/direct-messages', { text: 'live one', chat: { id: groupId } });
    for (let i = 0; i < 100 && !first.received.some((e) => e.type === 'message.created'); i++) await wait(20);
    const live = first.received.filter((e) => e.type === 'message.created');
    expect(live.map((e) => (e.payload.message as { text: string }).text)).toEqual(['live one']);
    const cursor = live[0].seq;
    first.ws.close();
    await first.closed;

    for (let i = 0; i < 50; i++)
      await customer.call('POST', '/chat/api/direct-messages', {
        text: `missed ${i}`,
        chat: { id: groupId },
        clientId: `m-${i}`,
      });

    const second = await open(translator.token);
    second.ws.send(JSON.stringify({ cursors: { [groupId]: cursor } }));
    for (let i = 0; i < 200 && !second.received.some((e) => e.type === 'sync'); i++) await wait(20);
    // a later live message arrives after the replay, once
    await customer.call('POST', '/chat/api/direct-messages', { text: 'after', chat: { id: groupId } });
    for (
      let i = 0;
      i < 100 && !second.received.some((e) => (e.payload.message as { text?: string } | undefined)?.text === 'after');
      i++
    )
      await wait(20);
    // and one more: live events arrive in order, so a repeat of anything before it would be here by now
    await customer.call('POST', '/chat/api/direct-messages', { text: 'fence', chat: { id: groupId } });
    const textsNow = () =>
      second.received
        .filter((e) => e.type === 'message.created' && e.chatId === groupId)
        .map((e) => (e.payload.message as { text: string }).text);
    for (let i = 0; i < 100 && !textsNow().includes('fence'); i++) await wait(20);
    expect(textsNow()).toEqual([...Array.from({ length: 50 }, (_, i) => `missed ${i}`), 'after', 'fence']);
    const seqs = second.received.filter((e) => e.chatId === groupId).map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    second.ws.close();
  });
});
