import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../../platform/realtime';
import { createTestApp, type TestApp } from '../../test/harness';
import { giveSkills, insertProject, newPerson, type Person } from '../project-lists/list-test-helpers';

// A real WebSocket client ('ws', installed with @fastify/websocket) against the listening test app.

interface WsClient {
  readyState: number;
  send(data: string): void;
  close(): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'open' | 'error', listener: (arg?: unknown) => void): void;
  on(event: 'close', listener: (code: number) => void): void;
}
type WsConstructor = new (url: string, options?: { headers?: Record<string, string> }) => WsClient;

const WS_MODULE = 'ws';
let WebSocketClient: WsConstructor;
let t: TestApp;
let base: string;
let alice: Person;
let bob: Person;
let tom: Person;
let tina: Person;
const db = () => t.database.db;
const opened: WsClient[] = [];

interface Received {
  id: number;
  type: string;
  payload: Record<string, unknown>;
}

/** A connected client that collects what it receives. */
async function connect(p: Person | null, query = '', headers: Record<string, string> = {}) {
  const ws = new WebSocketClient(`${base}/api/2/realtime${query}`, {
    headers: { ...(p ? { cookie: p.session.cookie } : {}), ...headers },
  });
  opened.push(ws);
  const messages: Received[] = [];
  let closeCode: number | null = null;
  ws.on('message', (data) => messages.push(JSON.parse(String(data)) as Received));
  ws.on('close', (code) => {
    closeCode = code;
  });
  await new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve());
    ws.on('error', reject);
  });
  return {
    ws,
    messages,
    closeCode: () => closeCode,
    events: () => messages.filter((m) => m.type !== 'realtime.sync'),
  };
}

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function emit(event: Parameters<typeof recordEvent>[1]): Promise<number> {
  const id = await db().transaction((tx) => recordEvent(tx, event));
  t.app.deps.bus.notify();
  return id;
}

/**
 * Sends the person one more event and waits until the feed has it. A feed sends events in id
 * order, so what was going to arrive before it has arrived: asserting that something did not
 * arrive needs no waiting on the clock.
 */
async function fence(feed: { events: () => Received[] }, userId: number): Promise<number> {
  const marker = await emit({ userId, type: 'project.updated', payload: { projectId: 999, status: 'READY' } });
  await until(() => feed.events().some((e) => e.id === marker));
  return marker;
}

beforeAll(async () => {
  WebSocketClient = ((await import(WS_MODULE)) as { WebSocket: WsConstructor }).WebSocket;
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `ws://127.0.0.1:${address.port}`;
  alice = await newPerson(t.app, 'client', 'Alice Able');
  bob = await newPerson(t.app, 'client', 'Bob Baker');
  tom = await newPerson(t.app, 'translator', 'Tom Tanner');
  tina = await newPerson(t.app, 'translator', 'Tina Turner');
  await giveSkills(db(), tom.id, ['american-english>spanish']);
});
afterAll(async () => {
  for (const ws of opened) ws.close();
  await t.close();
});

describe('GET /api/2/realtime', () => {
  it('replays the user’s events after the last id, then delivers new ones live; never another customer’s', async () => {
    const first = await emit({
      userId: alice.id,
      type: 'project.updated',
      payload: { projectId: 1, status: 'IN_PROGRESS' },
    });
    const second = await emit({ userId: alice.id, type: 'project.message', payload: { projectId: 1, messageId: 5 } });
    await emit({ userId: bob.id, type: 'project.updated', payload: { projectId: 2, status: 'READY' } });

    const c = await connect(alice);
    c.ws.send(JSON.stringify({ lastEventId: first - 1 }));
    await until(() => c.events().length === 2);
    expect(c.events()).toEqual([
      { id: first, type: 'project.updated', payload: { projectId: 1, status: 'IN_PROGRESS' } },
      { id: second, type: 'project.message', payload: { projectId: 1, messageId: 5 } },
    ]);

    const live = await emit({ userId: alice.id, type: 'project.updated', payload: { projectId: 1, status: 'READY' } });
    await emit({ userId: bob.id, type: 'project.updated', payload: { projectId: 2, status: 'COMPLETED' } });
    await until(() => c.events().length === 3);
    const marker = await fence(c, alice.id);
    expect(c.events().map((e) => e.id)).toEqual([first, second, live, marker]);
  });

  it('takes the last id from the query string, and replays only what is after it', async () => {
    const a = await emit({ userId: alice.id, type: 'project.updated', payload: { projectId: 3, status: 'PENDING' } });
    const b = await emit({
      userId: alice.id,
      type: 'project.updated',
      payload: { projectId: 3, status: 'IN_PROGRESS' },
    });
    const c = await connect(alice, `?lastEventId=${a}`);
    await until(() => c.events().length === 1);
    const marker = await fence(c, alice.id);
    expect(c.events().map((e) => e.id)).toEqual([b, marker]);
  });

  it('with lastEventId -1 sends no history, a sync id to resume from, then what comes next', async () => {
    const before = await emit({
      userId: alice.id,
      type: 'project.updated',
      payload: { projectId: 4, status: 'READY' },
    });
    const c = await connect(alice);
    c.ws.send(JSON.stringify({ lastEventId: -1 }));
    await until(() => c.messages.length === 1);
    expect(c.messages[0]).toEqual({ id: before, type: 'realtime.sync', payload: {} });
    const next = await emit({
      userId: alice.id,
      type: 'project.updated',
      payload: { projectId: 4, status: 'COMPLETED' },
    });
    await until(() => c.events().length === 1);
    expect(c.events()[0].id).toBe(next);
  });

  it('Bob never receives Alice’s events, live or replayed', async () => {
    const c = await connect(bob);
    c.ws.send(JSON.stringify({ lastEventId: 0 }));
    const replayEnd = await fence(c, bob.id);
    const replayed = c.events().filter((e) => e.id !== replayEnd);
    expect(replayed.length).toBeGreaterThan(0);
    const aliceEvent = await emit({
      userId: alice.id,
      type: 'project.updated',
      payload: { projectId: 9, status: 'READY' },
    });
    const bobEvent = await emit({
      userId: bob.id,
      type: 'project.updated',
      payload: { projectId: 8, status: 'READY' },
    });
    // Alice's event has the smaller id: had it been sent, it would have arrived first
    await until(() => c.events().some((e) => e.id === bobEvent));
    expect(c.events().some((e) => e.id === aliceEvent)).toBe(false);
    expect(c.events().every((e) => [2, 8, 999].includes(Number(e.payload.projectId)))).toBe(true);
  });

  it('role events reach the role; project.opened reaches only translators the job matches now', async () => {
    const matching = await insertProject(db(), { customerId: alice.id, status: 'PENDING' });
    const other = await insertProject(db(), { customerId: alice.id, status: 'PENDING', targetLanguage: 'japanese' });
    const tomFeed = await connect(tom, '?lastEventId=-1');
    const tinaFeed = await connect(tina, '?lastEventId=-1');
    const aliceFeed = await connect(alice, '?lastEventId=-1');
    await until(() => tomFeed.messages.length > 0 && tinaFeed.messages.length > 0);
    const openedMatching = await emit({
      role: 'translator',
      type: 'project.opened',
      payload: { projectId: matching, sourceLanguage: null, targetLanguage: null, expertise: null },
    });
    const openedOther = await emit({
      role: 'translator',
      type: 'project.opened',
      payload: { projectId: other, sourceLanguage: null, targetLanguage: null, expertise: null },
    });
    const toAll = await emit({
      role: 'translator',
      type: 'project.updated',
      payload: { projectId: other, status: 'HOLD' },
    });
    // toAll has the largest id: whatever else either feed was going to get came before it
    await until(() => tomFeed.events().some((e) => e.id === toAll) && tinaFeed.events().some((e) => e.id === toAll));
    await fence(aliceFeed, alice.id);
    expect(tomFeed.events().map((e) => e.id)).toEqual([openedMatching, toAll]);
    expect(tinaFeed.events().map((e) => e.id)).toEqual([toAll]);
    expect(aliceFeed.events().some((e) => [openedMatching, openedOther, toAll].includes(e.id))).toBe(false);
  });

  it('refuses guests and other origins', async () => {
    const guest = await connect(null);
    await until(() => guest.closeCode() !== null);
    expect(guest.closeCode()).toBe(4401);
    const foreign = await connect(alice, '', { origin: 'https://evil.example' });
    await until(() => foreign.closeCode() !== null);
    expect(foreign.closeCode()).toBe(4403);
  });
});
