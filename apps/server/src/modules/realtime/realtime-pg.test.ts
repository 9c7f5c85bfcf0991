import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { type Database, openDatabase } from '../../db/client';
import { recordEvent } from '../../platform/realtime';
import { createPgBus } from '../../platform/realtime-pg';
import type { RealtimeBus } from '../../platform/realtime';
import { freshDatabase } from '../../test/harness';
import { newPerson } from '../project-lists/list-test-helpers';

interface WsClient {
  send(data: string): void;
  close(): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'open' | 'error', listener: (arg?: unknown) => void): void;
}
type WsConstructor = new (url: string, options?: { headers?: Record<string, string> }) => WsClient;
const WS_MODULE = 'ws';

// The PostgreSQL bus: two server instances on one database wake each other's sockets through
// LISTEN/NOTIFY. Runs only on PostgreSQL (TEST_DATABASE_URL).

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('createPgBus', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let second: Database;
  let a: RealtimeBus;
  let b: RealtimeBus;

  beforeAll(async () => {
    fresh = await freshDatabase();
    const url = (fresh.database.pool as pg.Pool).options.connectionString as string;
    second = await openDatabase({ url, dataDir: null });
    a = await createPgBus(fresh.database.pool as pg.Pool);
    b = await createPgBus(second.pool as pg.Pool);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await second.close();
    await fresh.drop();
  });

  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('a notify wakes this instance at once and the other through NOTIFY, once each', async () => {
    let woke = { a: 0, b: 0 };
    const offA = a.subscribe(() => woke.a++);
    const offB = b.subscribe(() => woke.b++);
    // a second notify is the fence: NOTIFYs arrive in order, so a repeat of the first would be in by then
    a.notify();
    expect(woke.a).toBe(1);
    for (let i = 0; i < 50 && woke.b === 0; i++) await wait(20);
    a.notify();
    for (let i = 0; i < 50 && woke.b < 2; i++) await wait(20);
    expect(woke).toEqual({ a: 2, b: 2 });
    woke = { a: 0, b: 0 };
    b.notify();
    for (let i = 0; i < 50 && woke.a === 0; i++) await wait(20);
    b.notify();
    for (let i = 0; i < 50 && woke.a < 2; i++) await wait(20);
    expect(woke).toEqual({ a: 2, b: 2 });
    offA();
    offB();
  });

  it('an event recorded through one server reaches a socket on another server', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'parlance-pg-bus-'));
    const appA = await buildApp({ config: testConfig({ dataDir }), database: fresh.database });
    const appB = await buildApp({ config: testConfig({ dataDir }), database: second });
    try {
      await appB.listen({ port: 0, host: '127.0.0.1' });
      const address = appB.server.address();
      if (!address || typeof address === 'string') throw new Error('not listening');
      const person = await newPerson(appA, 'client', 'Paula Postgres');
      const WebSocketClient = ((await import(WS_MODULE)) as { WebSocket: WsConstructor }).WebSocket;
      const ws = new WebSocketClient(`ws://127.0.0.1:${address.port}/api/2/realtime?lastEventId=-1`, {
        headers: { cookie: person.session.cookie },
      });
      const received: { id: number; type: string }[] = [];
      ws.on('message', (data) => received.push(JSON.parse(String(data)) as { id: number; type: string }));
      await new Promise<void>((resolve, reject) => {
        ws.on('open', () => resolve());
        ws.on('error', reject);
      });
      for (let i = 0; i < 100 && received.length === 0; i++) await wait(20);
      const id = await appA.deps.db.transaction((tx) =>
        recordEvent(tx, { userId: person.id, type: 'project.updated', payload: { projectId: 1, status: 'READY' } }),
      );
      appA.deps.bus.notify();
      for (let i = 0; i < 100 && !received.some((m) => m.id === id); i++) await wait(20);
      expect(received.filter((m) => m.type === 'project.updated').map((m) => m.id)).toEqual([id]);
      ws.close();
    } finally {
      await appA.close();
      await appB.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('an event committed late with a smaller id is still delivered, once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'parlance-pg-late-'));
    const app = await buildApp({ config: testConfig({ dataDir }), database: fresh.database });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('not listening');
      const person = await newPerson(app, 'client', 'Lena Late');
      const WebSocketClient = ((await import(WS_MODULE)) as { WebSocket: WsConstructor }).WebSocket;
      const ws = new WebSocketClient(`ws://127.0.0.1:${address.port}/api/2/realtime?lastEventId=-1`, {
        headers: { cookie: person.session.cookie },
      });
      const received: { id: number; type: string }[] = [];
      ws.on('message', (data) => received.push(JSON.parse(String(data)) as { id: number; type: string }));
      await new Promise<void>((resolve, reject) => {
        ws.on('open', () => resolve());
        ws.on('error', reject);
      });
      for (let i = 0; i < 100 && received.length === 0; i++) await wait(20);
      const event = {
        userId: person.id,
        type: 'project.updated' as const,
        payload: { projectId: 1, status: 'READY' as const },
      };
      let release: () => void = () => {};
      const gate = new Promise<void>((r) => {
        release = r;
      });
      let lateId = 0;
      const slow = app.deps.db.transaction(async (tx) => {
        lateId = await recordEvent(tx, event);
        await gate;
      });
      for (let i = 0; i < 100 && lateId === 0; i++) await wait(10);
      const early = await app.deps.db.transaction((tx) => recordEvent(tx, event));
      app.deps.bus.notify();
      for (let i = 0; i < 100 && !received.some((m) => m.id === early); i++) await wait(20);
      release();
      await slow;
      app.deps.bus.notify();
      for (let i = 0; i < 100 && !received.some((m) => m.id === lateId); i++) await wait(20);
      // one more event is the fence: a repeat of either would have been sent before it
      const fence = await app.deps.db.transaction((tx) => recordEvent(tx, event));
      app.deps.bus.notify();
      for (let i = 0; i < 100 && !received.some((m) => m.id === fence); i++) await wait(20);
      expect(lateId).toBeLessThan(early);
      expect(received.filter((m) => m.type === 'project.updated').map((m) => m.id)).toEqual([early, lateId, fence]);
      ws.close();
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('an unsubscribed listener hears nothing more', async () => {
    let heard = 0;
    const off = b.subscribe(() => heard++);
    off();
    // a listener still subscribed on the same instance tells when the notify has arrived
    let arrived = 0;
    const offWitness = b.subscribe(() => arrived++);
    a.notify();
    for (let i = 0; i < 50 && arrived === 0; i++) await wait(20);
    offWitness();
    expect(arrived).toBe(1);
    expect(heard).toBe(0);
  });
});
