import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { testConfig } from '../config';
import { signUp } from '../test/auth-helpers';
import { freshDatabase } from '../test/harness';
import { gracefulShutdown } from './shutdown';

// The graceful stop of one app (ADR 0104), listening on a real port: readiness turns 503 at the
// signal while requests are still served, a slow request in hand is answered, a WebSocket is told
// 1001, the process would exit 0; past the bound it would exit 1; a relayed repeat of the signal is
// not a second signal. (platform/rolling-restart.test.ts does the same with real processes.)

interface WsClient {
  on(event: 'close', listener: (code: number) => void): void;
  on(event: 'open' | 'error', listener: (arg?: unknown) => void): void;
}
type WsConstructor = new (url: string, options?: { headers?: Record<string, string> }) => WsClient;
const WS_MODULE = 'ws';
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An exit callback and a promise of its first code (what the process would exit with). */
function exitRecorder() {
  const codes: number[] = [];
  let first: (code: number) => void = () => {};
  const exited = new Promise<number>((r) => {
    first = r;
  });
  return {
    codes,
    exited,
    exit: (code: number) => {
      codes.push(code);
      first(code);
    },
  };
}

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

/** An app with a route that answers after `release()` (`entered` once a request is in it), listening on a free port. */
async function listening(shutdownTimeoutMs = 5000) {
  const { database, drop } = await freshDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'parlance-shutdown-'));
  const app: App = await buildApp({ config: testConfig({ dataDir, shutdownTimeoutMs }), database });
  let release: () => void = () => {};
  const released = new Promise<void>((r) => {
    release = r;
  });
  let enter: () => void = () => {};
  const entered = new Promise<void>((r) => {
    enter = r;
  });
  app.get('/api/2/test/slow', { config: { access: 'public' }, schema: { hide: true } }, async () => {
    enter();
    await released;
    return { status: 'OK' };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  cleanup.push(async () => {
    release();
    await app.close().catch(() => undefined);
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, port, release, entered };
}

function get(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('graceful shutdown', () => {
  it('serves on with readiness 503 during the delay, answers the request in hand, says 1001 to sockets, exits 0', async () => {
    const { app, port, release, entered } = await listening();
    const person = await signUp(app);
    const { WebSocket } = (await import(WS_MODULE)) as { WebSocket: WsConstructor };
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/2/realtime`, { headers: { cookie: person.cookie } });
    await new Promise((resolve, reject) => {
      ws.on('open', resolve);
      ws.on('error', reject);
    });
    const closed = new Promise<number>((resolve) => ws.on('close', resolve));
    const slow = get(port, '/api/2/test/slow');
    await entered;

    const exits: number[] = [];
    const stop = gracefulShutdown({
      app,
      delayMs: 1500,
      timeoutMs: 10_000,
      workers: [],
      finally: async () => {},
      exit: (code) => exits.push(code),
    });
    const stopping = stop('SIGTERM');
    // during the delay: still served, but not ready, and every answer closes its connection
    const ready = await get(port, '/api/2/health/ready');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body).checks).toEqual([{ check: 'shutdown', message: 'this instance is shutting down' }]);
    const live = await get(port, '/api/2/health/live');
    expect(live).toMatchObject({ status: 200, connection: 'close' });
    // the relayed copy of the same Ctrl-C changes nothing
    await stop('SIGINT');
    expect(exits).toEqual([]);

    // after the delay the listener closes; the slow request is still answered once released. A
    // connection that reached the kernel's backlog just as the listener closed is reset rather than
    // refused: that is the closing itself, so the loop waits for a refusal.
    let refused = '';
    for (let i = 0; i < 100 && refused !== 'ECONNREFUSED'; i++) {
      await wait(50);
      refused = await get(port, '/api/2/health/live').then(
        () => '',
        (err: NodeJS.ErrnoException) => err.code ?? 'error',
      );
    }
    expect(refused).toBe('ECONNREFUSED');
    expect(exits).toEqual([]);
    release();
    expect((await slow).status).toBe(200);
    expect(await closed).toBe(1001);
    await stopping;
    expect(exits).toEqual([0]);
  });

  it('cuts what is left and exits 1 when the bound runs out, and at once on a later second signal', async () => {
    const { app, port, entered } = await listening();
    const slow = get(port, '/api/2/test/slow').catch((err: NodeJS.ErrnoException) => err.code);
    await entered;
    const bounded = exitRecorder();
    const stop = gracefulShutdown({
      app,
      delayMs: 0,
      timeoutMs: 300,
      workers: [],
      finally: async () => {},
      exit: bounded.exit,
    });
    void stop('SIGTERM');
    // the bound runs out on the shutdown's own timer
    expect(await bounded.exited).toBe(1);
    expect(bounded.codes).toEqual([1]);
    // the request that never finished was cut, not left hanging
    expect(await slow).toBe('ECONNRESET');

    const other = await listening();
    const again: number[] = [];
    let at = Date.parse('2026-11-30T10:00:00Z');
    const stopOther = gracefulShutdown({
      app: other.app,
      delayMs: 1500,
      timeoutMs: 10_000,
      workers: [],
      finally: async () => {},
      exit: (code) => again.push(code),
      clock: { now: () => new Date(at) },
    });
    const first = stopOther('SIGINT');
    // a signal 1.1 s later is someone asking again, not the relayed copy
    at += 1100;
    await stopOther('SIGINT');
    expect(again).toEqual([1]);
    // the graceful close still running behind it does not report success afterwards
    await first;
    expect(again).toEqual([1]);
  });
});
