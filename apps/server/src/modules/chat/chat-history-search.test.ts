import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Response } from 'light-my-request';
import { CHAT_LIMITS, SEARCH_MARK_END, SEARCH_MARK_START } from '@parlance/shared';
import { myTeamMembers, translatorLanguagePairs, users } from '../../db/schema';
import type { Db } from '../../db/client';
import { hashPassword } from '../../platform/passwords';
import { authed, login, TEST_PASSWORD, uniqueEmail } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { newPerson } from '../project-lists/list-test-helpers';
import {
  forgetLexemeStats,
  globalSearch,
  historyPage,
  indexFirst,
  messageWithPage,
  phraseShare,
  searchInChat,
  type Viewer,
} from './service';

// History pages and search on a chat with every kind of message a viewer may or may not see
// (approved, their own and others' held and declined, deleted, system lines): each page and each
// jump-to-message page number equals what counting rows in id order gives (the OFFSET query the
// pages replaced), for a customer, a translator and an admin; the before/after cursors walk the
// same list; search shows what each viewer may see, best match first, with highlighted snippets.
// On PostgreSQL (TEST_DATABASE_URL) the plans of these reads use indexes, never a sequential scan
// of chat_messages.

type Caller = {
  id: number;
  viewer: Viewer;
  call: (method: string, url: string, payload?: unknown) => Promise<Response>;
};

let t: TestApp;
let customer: Caller;
let translator: Caller;
let admin: Caller;
let groupId: number;
let privateId: number;
const ids: Record<string, number> = {};

async function caller(token: string, viewer: Viewer): Promise<Caller> {
  return {
    id: viewer.id,
    viewer,
    call: (method, url, payload) =>
      t.app.inject({
        method: method as 'GET',
        url,
        payload: payload as string | undefined,
        headers: { authorization: `Bearer ${token}` },
      }) as unknown as Promise<Response>,
  };
}

const tokenOf = async (session: Parameters<typeof authed>[1]) =>
  (await authed(t.app, session).get('/api/2/auth/token')).json().results.jwt.access_token as string;

const send = async (who: Caller, text: string, chatId = groupId): Promise<number> => {
  const res = await who.call('POST', '/chat/api/direct-messages', { text, chat: { id: chatId } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};

const rows = async <T>(query: SQL): Promise<T[]> =>
  ((await t.app.deps.db.execute(query)) as unknown as { rows: T[] }).rows;

/** What a history page was before message numbers: the visible messages counted newest first. */
async function offsetPage(who: Caller, page: number): Promise<number[]> {
  const visible = who === admin ? sql`TRUE` : sql`(status = 'approved' OR author_id = ${who.id})`;
  const found = await rows<{ id: string }>(sql`SELECT id FROM chat_messages WHERE chat_id = ${groupId} AND ${visible}
    ORDER BY id DESC LIMIT ${CHAT_LIMITS.pageSize} OFFSET ${(page - 1) * CHAT_LIMITS.pageSize}`);
  return found.map((r) => Number(r.id)).reverse();
}

/** What a message's page number was: the visible messages after it, in pages. */
async function countedPage(who: Caller, messageId: number): Promise<number> {
  const visible = who === admin ? sql`TRUE` : sql`(status = 'approved' OR author_id = ${who.id})`;
  const [row] = await rows<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM chat_messages WHERE chat_id = ${groupId} AND id > ${messageId} AND ${visible}`,
  );
  return Math.floor(Number(row.n) / CHAT_LIMITS.pageSize) + 1;
}

const historyIds = async (who: Caller, query: string) => {
  const res = await who.call('GET', `/chat/api/chats/${groupId}/messages?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: { id: number }[]; page: number; hasMore: boolean };
  return { ...body, ids: body.data.map((m) => m.id) };
};

const searchIn = async (who: Caller, phrase: string, chatId = groupId) => {
  const res = await who.call('GET', `/chat/api/chat/${chatId}/search/${encodeURIComponent(phrase)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().messages as { id: number; text: string; snippet: string }[];
};

/** The ids of every page of an in-chat search, following each answer's `next`. */
const searchPages = async (who: Caller, phrase: string, chatId = groupId): Promise<number[]> => {
  const found: number[] = [];
  let query = '';
  for (let pages = 0; pages < 100; pages++) {
    const res = await who.call('GET', `/chat/api/chat/${chatId}/search/${encodeURIComponent(phrase)}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { messages: { id: number }[]; next: { before: number | null; skip: number } | null };
    found.push(...body.messages.map((m) => m.id));
    if (!body.next) return found;
    query = `?skip=${body.next.skip}${body.next.before === null ? '' : `&before=${body.next.before}`}`;
  }
  throw new Error('more than 100 pages');
};

const searchAll = async (who: Caller, phrase: string) => {
  const res = await who.call('GET', `/chat/api/search/${encodeURIComponent(phrase)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    messages: { id: number; chatId: number; snippet: string }[];
    chats: { chatId: number }[];
    attachments: unknown[];
  };
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.deps.db;
  const c = await newPerson(t.app, 'client', 'Carla Customer');
  const tr = await newPerson(t.app, 'translator', 'Theo Translator');
  await db.insert(myTeamMembers).values({ customerId: c.id, translatorId: tr.id });
  const adminEmail = uniqueEmail('adam');
  const [a] = await db
    .insert(users)
    .values({
      type: 'admin',
      isAdmin: true,
      email: adminEmail,
      name: 'Adam Admin',
      passwordHash: await hashPassword(TEST_PASSWORD, 'fast'),
    })
    .returning();
  customer = await caller(await tokenOf(c.session), { id: c.id, type: 'customer', isAdmin: false, name: 'Carla' });
  translator = await caller(await tokenOf(tr.session), { id: tr.id, type: 'translator', isAdmin: false, name: 'Theo' });
  admin = await caller(await tokenOf(await login(t.app, adminEmail, TEST_PASSWORD)), {
    id: a.id,
    type: 'admin',
    isAdmin: true,
    name: 'Adam',
  });
  await customer.call('GET', '/chat/api/chats');
  const group = await customer.call('POST', '/chat/api/chats', {
    title: 'Launch',
    members: [{ id: translator.id }, { id: admin.id }],
  });
  expect(group.statusCode).toBe(201);
  groupId = group.json().chatId;
  // a chat the translator is not in
  const other = await customer.call('POST', '/chat/api/chats', { title: 'Private', members: [{ id: admin.id }] });
  privateId = other.json().chatId;
  await send(customer, 'The glossary lives in the private chat', privateId);

  // 100 messages and a system line; the odd ones out are spread over several pages
  const who = [customer, translator];
  for (let i = 1; i <= 100; i++) {
    if (i === 12) ids.ownHeld = await send(customer, 'Mail me the glossary at carla@example.com');
    else if (i === 40) ids.othersHeld = await send(translator, 'Mail me the glossary at theo@example.com');
    else if (i === 41) ids.othersHeld2 = await send(translator, 'Call me about the glossary on theo@example.org');
    else if (i === 70) ids.declined = await send(translator, 'The glossary answer is at theo@example.net');
    else if (i === 75) ids.deleted = await send(customer, 'A glossary note someone deletes');
    else if (i === 90) ids.twice = await send(translator, 'Glossary, glossary: the glossary wins');
    else ids[`m${i}`] = await send(who[i % 2], `Note ${i}: the ${i % 3 ? 'deadline' : 'glossary'} is ${i * 37}`);
  }
  const moderate = await admin.call('PATCH', `/chat/api/messages/${ids.declined}/moderation`, { status: 'declined' });
  expect(moderate.statusCode, moderate.body).toBe(200);
  expect((await admin.call('DELETE', `/chat/api/messages/${ids.deleted}`)).statusCode).toBe(200);
  // a system line: the admin leaves and comes back
  const left = await customer.call('DELETE', `/chat/api/chat-members/${groupId}/${admin.id}`);
  expect(left.statusCode, left.body).toBeLessThan(300);
  const back = await customer.call('POST', '/chat/api/chat-members', { chat: { id: groupId }, user: { id: admin.id } });
  expect(back.statusCode, back.body).toBeLessThan(300);
});
afterAll(async () => {
  await t.close();
});

describe('history pages', () => {
  it('hold the messages the OFFSET count gave, for every viewer and every page', async () => {
    for (const who of [customer, translator, admin]) {
      for (let page = 1; page <= 5; page++) {
        const got = await historyIds(who, `page=${page}`);
        expect(got.ids, `page ${page}`).toEqual(await offsetPage(who, page));
        expect(got.page).toBe(page);
        expect(got.hasMore).toBe(got.ids.length === CHAT_LIMITS.pageSize);
      }
    }
    // the held and declined messages of others are nowhere in the customer's pages; their own is
    const all = (await Promise.all([1, 2, 3, 4].map((p) => historyIds(customer, `page=${p}`)))).flatMap((p) => p.ids);
    expect(all).toContain(ids.ownHeld);
    expect(all).not.toContain(ids.othersHeld);
    expect(all).not.toContain(ids.declined);
    expect(all).toContain(ids.deleted);
  });

  it('give each message the page number that counting gave, for every viewer', async () => {
    for (const who of [customer, translator, admin]) {
      const seen = (await Promise.all([1, 2, 3, 4, 5].map((p) => historyIds(who, `page=${p}`)))).flatMap((p) => p.ids);
      for (const id of seen) {
        const res = await who.call('GET', `/chat/api/messages/${id}`);
        expect(res.statusCode).toBe(200);
        expect(res.json().pageNumber, `message ${id}`).toBe(await countedPage(who, id));
      }
    }
  });

  it('walk the same list with before and after cursors, in both directions', async () => {
    for (const who of [customer, translator, admin]) {
      const all = (await Promise.all([5, 4, 3, 2, 1].map((p) => offsetPage(who, p)))).flat();
      // backwards from the newest, as an endless scroll does
      const back: number[] = [];
      let page = await historyIds(who, 'page=1');
      back.unshift(...page.ids);
      while (page.ids.length > 0) {
        page = await historyIds(who, `before=${page.ids[0]}`);
        if (page.ids.length) expect(page.page).toBe(await countedPage(who, page.ids.at(-1) as number));
        back.unshift(...page.ids);
      }
      expect(back).toEqual(all);
      // forwards from the oldest
      const forth = [all[0]];
      for (let next = await historyIds(who, `after=${all[0]}`); next.ids.length; ) {
        forth.push(...next.ids);
        next = await historyIds(who, `after=${next.ids.at(-1)}`);
      }
      expect(forth).toEqual(all);
    }
  });

  it('refuse a cursor the viewer may not see, and both cursors at once', async () => {
    expect(
      (await customer.call('GET', `/chat/api/chats/${groupId}/messages?before=${ids.othersHeld}`)).statusCode,
    ).toBe(404);
    const both = await customer.call('GET', `/chat/api/chats/${groupId}/messages?before=${ids.m2}&after=${ids.m3}`);
    expect(both.statusCode).toBe(400);
    expect(both.body).toContain('not both');
    expect((await translator.call('GET', `/chat/api/chats/${privateId}/messages?page=1`)).statusCode).toBe(404);
  });
});

describe('search', () => {
  it('matches the beginning of the word being typed, best match first, with the words marked', async () => {
    const found = await searchIn(customer, 'glos');
    expect(found[0].id).toBe(ids.twice);
    expect(found[0].snippet).toBe(
      `${SEARCH_MARK_START}Glossary${SEARCH_MARK_END}, ${SEARCH_MARK_START}glossary${SEARCH_MARK_END}: the ${SEARCH_MARK_START}glossary${SEARCH_MARK_END} wins`,
    );
    // the rest tie on rank: newest first, as before
    const rest = found.slice(1).map((m) => m.id);
    expect(rest).toEqual([...rest].sort((a, b) => b - a));
    expect((await searchIn(customer, '1591')).map((m) => m.text)).toEqual(['Note 43: the deadline is 1591']);
  });

  it("leaves out other people's held messages, and shows the author theirs", async () => {
    expect((await searchIn(customer, 'theo')).map((m) => m.id)).toEqual([]);
    expect((await searchIn(translator, 'theo')).map((m) => m.id)).toEqual(
      expect.arrayContaining([ids.othersHeld, ids.othersHeld2]),
    );
    expect((await searchIn(translator, 'carla')).map((m) => m.id)).toEqual([]);
    expect((await searchIn(customer, 'carla')).map((m) => m.id)).toEqual([ids.ownHeld]);
  });

  it("leaves out other people's declined messages; the author and admins still find them", async () => {
    expect((await searchIn(customer, 'answer')).map((m) => m.id)).toEqual([]);
    expect((await searchIn(translator, 'answer')).map((m) => m.id)).toEqual([ids.declined]);
    expect((await searchIn(admin, 'answer')).map((m) => m.id)).toEqual([ids.declined]);
  });

  it('leaves out deleted messages, for admins too', async () => {
    for (const who of [customer, translator, admin])
      expect((await searchIn(who, 'deletes')).map((m) => m.id)).toEqual([]);
  });

  it('leaves out system lines and the chats the viewer is not in', async () => {
    const forTranslator = await searchAll(translator, 'glossary');
    expect(forTranslator.messages.every((m) => m.chatId === groupId)).toBe(true);
    expect(forTranslator.chats).toEqual([]);
    const forCustomer = await searchAll(customer, 'private');
    expect(forCustomer.messages.map((m) => m.chatId)).toEqual([privateId]);
    expect(forCustomer.chats.map((c) => c.chatId)).toEqual([privateId]);
    const kinds = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM chat_messages WHERE chat_id = ${groupId} AND kind = 'system'`,
    );
    expect(kinds[0].n).toBeGreaterThan(0);
    expect((await searchIn(admin, 'adam')).length).toBe(0);
    expect((await translator.call('GET', `/chat/api/chat/${privateId}/search/glossary`)).statusCode).toBe(404);
  });

  it('finds the same messages as matching the words at query time did', async () => {
    for (const [who, phrase] of [
      [customer, 'glossary'],
      [translator, 'deadline 1'],
      [admin, 'glossary'],
      [customer, 'note 4'],
    ] as const) {
      const visible = who === admin ? sql`TRUE` : sql`(status = 'approved' OR author_id = ${who.id})`;
      const query = phrase
        .split(' ')
        .map((w) => `${w}:*`)
        .join(' & ');
      const before = await rows<{ id: string }>(sql`SELECT id FROM chat_messages WHERE chat_id = ${groupId}
        AND deleted_at IS NULL AND kind = 'ordinary' AND ${visible}
        AND to_tsvector('simple', text) @@ to_tsquery('simple', ${query}) ORDER BY id DESC`);
      // every page, each match once
      const now = await searchPages(who, phrase);
      expect(now.length, phrase).toBe(new Set(now).size);
      expect(new Set(now), phrase).toEqual(new Set(before.map((r) => Number(r.id))));
    }
  });

  it('asks the recent messages or the index first by how common the words are, with the same answers', async () => {
    const db = t.app.deps.db;
    const phrases = ['note', 'glossary', 'deadline 1', '3700', 'nowhere'];
    const answers = async () => {
      const found: number[][] = [];
      for (const phrase of phrases) {
        found.push((await searchIn(customer, phrase)).map((m) => m.id));
        found.push((await searchAll(translator, phrase)).messages.map((m) => m.id));
      }
      return found;
    };
    forgetLexemeStats(db);
    const first = await answers();
    // ANALYZE keeps how many messages hold each common word: the order of work follows it
    await db.execute(sql`ANALYZE chat_messages`);
    forgetLexemeStats(db);
    const common = await phraseShare(db, 'note');
    const rare = await phraseShare(db, '3700');
    expect(common).not.toBeNull();
    expect(rare ?? 1).toBeLessThan(common ?? 0);
    expect(await indexFirst(db, 'note', 100)).toBe(false);
    expect(await indexFirst(db, '3700', 100)).toBe(true);
    expect(await indexFirst(db, '3700 note', 100)).toBe(true);
    expect(await answers()).toEqual(first);
  });

  it('pages through every match once, best first in each window, then older ones', async () => {
    const res = await customer.call('POST', '/chat/api/chats', { title: 'Paged', members: [{ id: translator.id }] });
    const chatId = res.json().chatId as number;
    // 75 matches among 150 messages: two windows of the newest 60 matches, then 15 older ones
    const sent: number[] = [];
    for (let i = 1; i <= 150; i++) {
      const id = await send(customer, i % 2 ? `Budget line ${i}` : `Other line ${i}`, chatId);
      if (i % 2) sent.push(id);
    }
    const sizes: number[] = [];
    const seen: number[] = [];
    let query = '';
    for (let pages = 0; pages < 10; pages++) {
      const page = await customer.call('GET', `/chat/api/chat/${chatId}/search/budget${query}`);
      const body = page.json() as { messages: { id: number }[]; next: { before: number | null; skip: number } | null };
      sizes.push(body.messages.length);
      seen.push(...body.messages.map((m) => m.id));
      if (!body.next) break;
      query = `?skip=${body.next.skip}${body.next.before === null ? '' : `&before=${body.next.before}`}`;
    }
    expect(sizes).toEqual([30, 30, 15]);
    expect(seen).toEqual(await searchPages(customer, 'budget', chatId));
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort((a, b) => a - b)).toEqual(sent);
    // the first two pages are the newest 60 matches; the last, the 15 oldest
    expect(seen.slice(0, 60).every((id) => id >= sent[15])).toBe(true);
    for (const bad of ['?skip=-1', '?skip=60', '?skip=x', '?before=0'])
      expect((await customer.call('GET', `/chat/api/chat/${chatId}/search/budget${bad}`)).statusCode).toBe(400);
  });

  it('keeps no pending list in its indexes, which every search would read whole', async () => {
    const indexes = await rows<{ name: string; options: string[] | string | null }>(
      sql`SELECT c.relname AS name, c.reloptions AS options FROM pg_class c
        WHERE c.relname IN ('chat_messages_search_idx', 'chat_attachments_name_search_idx', 'chats_title_search_idx')
        ORDER BY c.relname`,
    );
    expect(indexes.map((i) => [i.name, String(i.options)])).toEqual([
      ['chat_attachments_name_search_idx', expect.stringContaining('fastupdate=off')],
      ['chat_messages_search_idx', expect.stringContaining('fastupdate=off')],
      ['chats_title_search_idx', expect.stringContaining('fastupdate=off')],
    ]);
  });

  it("finds other forms of a word in the chat's language", async () => {
    await t.app.deps.db
      .insert(translatorLanguagePairs)
      .values({ userId: translator.id, sourceLanguage: 'british-english', targetLanguage: 'german' });
    const res = await customer.call('POST', '/chat/api/chats', { title: 'Reviews', members: [{ id: translator.id }] });
    const chatId = res.json().chatId as number;
    const [chat] = await rows<{ config: string }>(
      sql`SELECT search_config::text AS config FROM chats WHERE id = ${chatId}`,
    );
    expect(chat.config).toBe('english');
    const id = await send(translator, 'The translators reviewed every chapter', chatId);
    expect((await searchIn(customer, 'reviewing', chatId)).map((m) => m.id)).toEqual([id]);
    expect((await searchIn(customer, 'chapters', chatId)).map((m) => m.id)).toEqual([id]);
    // names and numbers still match as typed
    expect((await searchIn(customer, 'transl', chatId)).map((m) => m.id)).toEqual([id]);
  });
});

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('query plans on PostgreSQL', () => {
  type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
  const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

  /** Runs a read with every raw query it sends explained first; answers the plans' nodes. */
  async function plansOf(read: (db: Db) => Promise<unknown>): Promise<PlanNode[][]> {
    const db = t.app.deps.db;
    const plans: PlanNode[][] = [];
    const explaining = new Proxy(db, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver);
        return async (query: SQL) => {
          const [row] = (
            (await target.execute(sql`EXPLAIN (FORMAT JSON) ${query}`)) as unknown as {
              rows: { 'QUERY PLAN': [{ Plan: PlanNode }] | string }[];
            }
          ).rows;
          const plan = row['QUERY PLAN'];
          plans.push(nodes((typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan));
          return target.execute(query);
        };
      },
    });
    await read(explaining as Db);
    return plans;
  }

  const touchesMessages = (plan: PlanNode[]) => plan.some((n) => n['Relation Name'] === 'chat_messages');
  const expectIndexed = (plans: PlanNode[][]) => {
    const onMessages = plans.filter(touchesMessages);
    expect(onMessages.length).toBeGreaterThan(0);
    for (const plan of onMessages) {
      const scans = plan.filter((n) => n['Relation Name'] === 'chat_messages');
      expect(scans.map((n) => n['Node Type'])).not.toContain('Seq Scan');
      expect(scans.some((n) => /Index/.test(n['Node Type']) || n['Node Type'] === 'Bitmap Heap Scan')).toBe(true);
    }
  };

  beforeAll(async () => {
    // enough messages that a sequential scan would be the planner's choice if no index served
    const db = t.app.deps.db;
    const [last] = await rows<{ n: string }>(sql`SELECT last_ordinal AS n FROM chats WHERE id = ${groupId}`);
    const from = Number(last.n) + 1;
    await db.execute(sql`INSERT INTO chat_messages (chat_id, seq, ordinal, author_id, text, status)
      SELECT ${groupId}, i, i, ${customer.id}, 'Bulk ' || i || ' about the ' || (ARRAY['invoice','draft','legal','manual'])[1 + i % 4], 'approved'
      FROM generate_series(${from}::int, ${from + 39_999}::int) AS s(i)`);
    await db.execute(
      sql`UPDATE chats SET last_ordinal = ${from + 39_999}, last_seq = ${from + 39_999} WHERE id = ${groupId}`,
    );
    await db.execute(sql`ANALYZE chat_messages`);
  });

  it('history pages at any depth, cursors and jumps read ranges of an index', async () => {
    for (const who of [customer, admin]) {
      expectIndexed(await plansOf((db) => historyPage(db, who.viewer, groupId, { page: 1 })));
      expectIndexed(await plansOf((db) => historyPage(db, who.viewer, groupId, { page: 1300 })));
      expectIndexed(await plansOf((db) => historyPage(db, who.viewer, groupId, { before: ids.m20 })));
      expectIndexed(await plansOf((db) => historyPage(db, who.viewer, groupId, { after: ids.m20 })));
      expectIndexed(await plansOf((db) => messageWithPage(db, who.viewer, ids.m20)));
    }
  });

  it('search, for a common word, a rare one and a phrase, in a chat and everywhere', async () => {
    for (const phrase of ['invoice', 'bulk 1234', '1591', 'glossary'])
      for (const who of [customer, admin]) {
        expectIndexed(await plansOf((db) => searchInChat(db, who.viewer, groupId, phrase)));
        expectIndexed(await plansOf((db) => globalSearch(db, who.viewer, phrase)));
      }
  });
});
