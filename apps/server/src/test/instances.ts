import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Real server processes on one PostgreSQL, a balancer in front of them and a chat client that
// follows its socket across restarts: the rolling-restart test (platform/rolling-restart.test.ts)
// and its bench (scripts/bench-ops.ts) drive the same pieces.

const SERVER_DIR = join(import.meta.dirname, '../..');
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface Instance {
  port: number;
  child: ChildProcess;
  /** the exit code once the process has ended (null: killed by a signal) */
  exited: Promise<number | null>;
  stderr(): string;
  /** sends SIGTERM and answers the exit code and how long the stop took */
  terminate(): Promise<{ code: number | null; ms: number }>;
  /** ends it at once (cleanup) */
  kill(): void;
}

/** Starts `src/main.ts` on `port` against `databaseUrl` and waits until its readiness answers 200. */
export async function startInstance(opts: {
  port: number;
  databaseUrl: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parlance-instance-'));
  const { VITEST: _vitest, VITEST_WORKER_ID: _worker, VITEST_POOL_ID: _pool, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${opts.port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: opts.databaseUrl,
      DEMO_DATA: 'false',
      CAPTCHA: 'false',
      SMTP_URL: '',
      ECB_RATES_URL: '',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000000',
      ...opts.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
  void exited.then(() => rmSync(dataDir, { recursive: true, force: true }));
  const instance: Instance = {
    port: opts.port,
    child,
    exited,
    stderr: () => stderr,
    async terminate() {
      const begun = performance.now();
      child.kill('SIGTERM');
      const code = await exited;
      return { code, ms: Math.round(performance.now() - begun) };
    },
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server on ${opts.port} exited (${child.exitCode}):\n${stderr}`);
    if ((await readiness(opts.port)) === 200) return instance;
    if (Date.now() > deadline) {
      instance.kill();
      throw new Error(`the server on ${opts.port} was not ready in time:\n${stderr}`);
    }
    await wait(100);
  }
}

/** The readiness status of the instance on `port`, or 0 when nothing answers. */
async function readiness(port: number): Promise<number> {
  try {
    const res = await send({ port, method: 'GET', path: '/api/2/health/ready', agent: false });
    return res.status;
  } catch {
    return 0;
  }
}

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

function send(opts: {
  port: number;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  agent: Agent | false;
}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: opts.port,
        method: opts.method,
        path: opts.path,
        headers: opts.headers,
        agent: opts.agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), headers: res.headers }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

/**
 * What a load balancer does: it probes each instance's readiness every `probeMs` and sends to the
 * ready ones in turn over keep-alive connections; a connection refused is tried on the next
 * instance (nothing was sent). Every other failure is the caller's: a request that reached an
 * instance must be answered by it.
 */
export class Balancer {
  private readonly ready = new Map<number, boolean>();
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 64 });
  private turn = 0;
  private timer: NodeJS.Timeout | null = null;
  /** requests answered, by port */
  readonly answered = new Map<number, number>();
  /** tries that met a refused connection and went to the next instance */
  retriedRefused = 0;

  constructor(
    readonly ports: number[],
    private readonly probeMs = 100,
  ) {
    for (const p of ports) this.ready.set(p, true);
  }

  start(): void {
    const probe = async () => {
      await Promise.all(this.ports.map(async (p) => this.ready.set(p, (await readiness(p)) === 200)));
      if (this.timer) this.timer = setTimeout(probe, this.probeMs);
    };
    this.timer = setTimeout(probe, 0);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.agent.destroy();
  }

  /** The instances to try, the ready ones first, starting at the next in turn. */
  private order(): number[] {
    const start = this.turn++ % this.ports.length;
    const rotated = [...this.ports.slice(start), ...this.ports.slice(0, start)];
    return [...rotated.filter((p) => this.ready.get(p)), ...rotated.filter((p) => !this.ready.get(p))];
  }

  /** A ready instance's port (for a socket that reconnects). */
  pick(): number {
    return this.order()[0];
  }

  async request(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
    // every instance refusing (all restarting at once): wait a little, as a balancer queues
    for (let round = 0; round < 100; round++) {
      for (const port of this.order()) {
        try {
          const answer = await send({ port, method, path, headers, body, agent: this.agent });
          this.answered.set(port, (this.answered.get(port) ?? 0) + 1);
          return answer;
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'ECONNREFUSED') throw err;
          this.retriedRefused += 1;
          this.ready.set(port, false);
        }
      }
      await wait(50);
    }
    throw new Error('no instance accepted the connection');
  }
}

/** A steady stream of one request from `concurrency` callers until stopped: answered, failed, latencies. */
export function steadyLoad(
  balancer: Balancer,
  call: { method: string; path: string; headers?: Record<string, string> },
  concurrency: number,
) {
  let running = true;
  const latencies: number[] = [];
  const failures: string[] = [];
  const loops = Array.from({ length: concurrency }, async () => {
    while (running) {
      const begun = performance.now();
      try {
        const res = await balancer.request(call.method, call.path, call.headers);
        if (res.status === 200) latencies.push(performance.now() - begun);
        else failures.push(`HTTP ${res.status}: ${res.body.slice(0, 200)}`);
      } catch (err) {
        failures.push(`${(err as NodeJS.ErrnoException).code ?? ''} ${(err as Error).message}`);
      }
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      latencies.sort((a, b) => a - b);
      const at = (q: number) =>
        latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]) : 0;
      return { answered: latencies.length, failures, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: at(1) };
    },
  };
}

interface WsClient {
  send(data: string): void;
  close(): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: (code: number) => void): void;
  on(event: 'open' | 'error', listener: (arg?: unknown) => void): void;
}
type WsConstructor = new (url: string) => WsClient;
const WS_MODULE = 'ws';

/**
 * A chat client as the web app's (apps/web/src/features/chat/live.ts): it sends its cursors on
 * every connect, reconnects within a second of a 1001 close (after 0.5 s on other drops) to the
 * instance the balancer picks, and counts each message the server hands it by id.
 */
export class ChatFollower {
  private readonly cursors: Record<string, number> = {};
  /** message id -> how many times the server sent it */
  readonly deliveries = new Map<number, number>();
  readonly closeCodes: number[] = [];
  /** the ports it was connected to, in order */
  readonly ports: number[] = [];
  private stopped = false;
  private socket: WsClient | null = null;

  constructor(
    private readonly token: string,
    private readonly pick: () => number,
  ) {}

  /** Connects and answers once the server's sync arrived. */
  async start(port: number): Promise<void> {
    const { WebSocket } = (await import(WS_MODULE)) as { WebSocket: WsConstructor };
    await new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/chat/api/live?token=${encodeURIComponent(this.token)}`);
      this.socket = ws;
      let synced = false;
      ws.on('open', () => {
        this.ports.push(port);
        ws.send(JSON.stringify({ cursors: this.cursors }));
      });
      ws.on('error', (err) => {
        if (!synced) reject(err);
      });
      ws.on('message', (data) => {
        const event = JSON.parse(String(data)) as {
          type: string;
          chatId: number;
          seq: number;
          payload: { cursors?: Record<string, number>; message?: { id: number } };
        };
        if (event.type === 'sync') {
          for (const [chat, seq] of Object.entries(event.payload.cursors ?? {})) this.cursors[chat] ??= seq;
          synced = true;
          resolve();
          return;
        }
        this.cursors[String(event.chatId)] = Math.max(this.cursors[String(event.chatId)] ?? 0, event.seq);
        const id = event.type === 'message.created' ? event.payload.message?.id : undefined;
        if (id !== undefined) this.deliveries.set(id, (this.deliveries.get(id) ?? 0) + 1);
      });
      ws.on('close', (code) => {
        this.closeCodes.push(code);
        if (!synced) {
          // the caller (start or reconnect) tries again
          reject(new Error(`closed with ${code} before the sync`));
          return;
        }
        if (this.stopped || this.socket !== ws) return;
        void this.reconnect(code === 1001 ? Math.random() * 1000 : 500);
      });
    });
  }

  private async reconnect(delayMs: number): Promise<void> {
    for (let attempt = 0; attempt < 40 && !this.stopped; attempt++) {
      await wait(attempt === 0 ? delayMs : 250);
      try {
        await this.start(this.pick());
        return;
      } catch {
        // that instance went away too: try the one the balancer picks next
      }
    }
  }

  stop(): void {
    this.stopped = true;
    this.socket?.close();
  }
}
