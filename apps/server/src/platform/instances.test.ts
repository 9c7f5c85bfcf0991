import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_LIMITS, TEXTS } from '@parlance/shared';
import { type App, buildApp } from '../app';
import { testConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { ledgerTransactions, myTeamMembers, projectEvents } from '../db/schema';
import { apiClient } from '../modules/public-api/api-client';
import {
  detailOf,
  newCustomer,
  newTranslator,
  type Person,
  paidProject,
  projectRow,
  takeAndDeliver,
} from '../modules/projects/projects-test-helpers';
import { authed, loginRequest, signUp } from '../test/auth-helpers';
import { CapturingMailer, freshDatabase, TestClock } from '../test/harness';
import { verifyLedger } from './ledger';

// Two server instances on one PostgreSQL database, as in a scale-out behind a load balancer
// ("Several instances"): a session made on one is honoured and ended on both; an event
// recorded on one reaches a socket on the other; both schedulers running at the same moment make
// each timed move once and send each mail once; rate limits count the hits of both.
// PGlite is one process by construction: there is no second instance to test there.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const HOUR = 60 * 60 * 1000;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface WsClient {
  close(): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'open' | 'error', listener: (arg?: unknown) => void): void;
}
type WsConstructor = new (url: string, options?: { headers?: Record<string, string> }) => WsClient;
const WS_MODULE = 'ws';

describe.skipIf(onPostgres)('two server instances', () => {
  it.skip('skipped on PGlite: it is embedded in one process; run with TEST_DATABASE_URL (npm run test:api:pg)', () => {});
});

describe.skipIf(!onPostgres)('two server instances on one PostgreSQL', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let second: Database;
  let a: App;
  let b: App;
  const clock = new TestClock();
  const mailA = new CapturingMailer();
  const mailB = new CapturingMailer();
  let dataDir: string;
  // sign-up is rate-limited too (3 a minute here, for the sign-in test): each new account in a new minute
  const nextMinute = () => clock.advance(61_000);
  const customerOn = (app: App, credits?: number) => {
    nextMinute();
    return newCustomer(app, credits);
  };
  const translatorOn = (app: App, skills: Parameters<typeof newTranslator>[1]) => {
    nextMinute();
    return newTranslator(app, skills);
  };

  beforeAll(async () => {
    fresh = await freshDatabase();
    const url = (fresh.database.pool as pg.Pool).options.connectionString as string;
    second = await openDatabase({ url, dataDir: null });
    dataDir = mkdtempSync(join(tmpdir(), 'parlance-instances-'));
    const config = testConfig({ dataDir, authRateLimit: 3, apiRateLimit: 4 });
    a = await buildApp({ config, database: fresh.database, clock, mailer: mailA });
    b = await buildApp({ config, database: second, clock, mailer: mailB });
    await a.ready();
    await b.ready();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await second?.close();
    await fresh?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a session made on one instance works on the other, and signing out on one ends it on both', async () => {
    nextMinute();
    const s = await signUp(a, { full_name: 'Ines Instance' });
    const me = await authed(b, s).get('/registry/get?data=User');
    expect(me.statusCode).toBe(200);
    expect(me.json().results.name).toBe('Ines Instance');
    expect((await authed(b, s).get('/api/logout')).statusCode).toBe(200);
    let after = await authed(a, s).get('/registry/get?data=User');
    for (let i = 0; i < 50 && after.json().results; i++) {
      await wait(20);
      after = await authed(a, s).get('/registry/get?data=User');
    }
    expect(after.json().results).toBeNull();
  });

  it("a project paid through one instance reaches the customer's socket on the other", async () => {
    await b.listen({ port: 0, host: '127.0.0.1' });
    const address = b.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const customer = await customerOn(a);
    const WebSocketClient = ((await import(WS_MODULE)) as { WebSocket: WsConstructor }).WebSocket;
    const ws = new WebSocketClient(`ws://127.0.0.1:${address.port}/api/2/realtime?lastEventId=-1`, {
      headers: { cookie: customer.session.cookie },
    });
    const received: { type: string; payload: { projectId?: number } }[] = [];
    ws.on('message', (data) => received.push(JSON.parse(String(data))));
    await new Promise<void>((resolve, reject) => {
      ws.on('open', () => resolve());
      ws.on('error', reject);
    });
    try {
      const id = await paidProject(a, customer, { words: 100 });
      const seen = () => received.filter((m) => m.payload?.projectId === id);
      for (let i = 0; i < 100 && seen().length === 0; i++) await wait(20);
      expect(seen().length).toBeGreaterThan(0);
    } finally {
      ws.close();
    }
  });

  it('both schedulers running at the same moment make each timed move once and send each mail once', async () => {
    const customer = await customerOn(a);
    const translator = await translatorOn(a, { level: 4 });
    const member = await translatorOn(a, { pairs: [['american-english', 'dutch']] });
    const outsiders = [
      await translatorOn(a, { pairs: [['american-english', 'dutch']] }),
      await translatorOn(a, { pairs: [['american-english', 'dutch']] }),
    ];
    const asB = (p: Person): Person => ({ ...p, api: authed(b, p.session) });
    const taken = await paidProject(a, customer, { words: 1000 });
    detailOf(await translator.api.post(`/api/2/job/${taken}/take`));
    const delivered = await paidProject(a, customer, { words: 500 });
    await takeAndDeliver(asB(translator), delivered);
    const untaken = await paidProject(a, customer, { words: 300 });
    // the customer's own team is offered their jobs first (2 hours), then everyone matching is mailed
    await a.deps.db.insert(myTeamMembers).values({ customerId: customer.id, translatorId: member.id });
    const team = await paidProject(a, customer, { targets: ['dutch'], words: 200 });
    const ids = [taken, delivered, untaken, team];

    const mailsBefore = [mailA.sent.length, mailB.sent.length];
    const bothAtOnce = async () => {
      const runs = await Promise.all([a.deps.scheduler.runOnce(), b.deps.scheduler.runOnce()]);
      for (const run of runs) expect(run.failed).toEqual({});
    };
    // the My Team window ends
    clock.advance(PROJECT_LIMITS.myTeamFirstWindowMs + HOUR);
    await bothAtOnce();
    await bothAtOnce();
    // the taken job's deadline passes
    clock.advance(24 * HOUR);
    await bothAtOnce();
    await bothAtOnce();
    // the untaken job's grace ends; the delivery's 7 days end
    clock.advance(PROJECT_LIMITS.autoCompleteAfterMs + PROJECT_LIMITS.expireAfterDeadlineMs);
    await bothAtOnce();
    await bothAtOnce();
    // the earnings' hold ends
    clock.advance(PROJECT_LIMITS.earningsHoldMs + HOUR);
    await bothAtOnce();
    await bothAtOnce();

    const timed = await a.deps.db.select().from(projectEvents).where(inArray(projectEvents.projectId, ids));
    const moveKeys = timed.filter((e) => e.actorId === null).map((e) => `${e.projectId} ${e.action}`);
    const sentNow = [...mailA.sent.slice(mailsBefore[0]), ...mailB.sent.slice(mailsBefore[1])];
    const mailKeys = sentNow.map((m) => `${m.to} ${m.subject} ${m.text}`);
    // read by `npm run report:figures`
    console.log(
      `instances figures: ${JSON.stringify({
        timedMoves: moveKeys.length,
        duplicateTimedMoves: moveKeys.length - new Set(moveKeys).size,
        mails: mailKeys.length,
        duplicateMails: mailKeys.length - new Set(mailKeys).size,
      })}`,
    );

    expect((await projectRow(a, taken)).status).toBe('DELAYED');
    expect((await projectRow(a, delivered)).status).toBe('COMPLETED');
    expect((await projectRow(a, delivered)).earningsReleasedAt).not.toBeNull();
    expect((await projectRow(a, untaken)).status).toBe('CANCELLED');
    const events = await a.deps.db.select().from(projectEvents).where(inArray(projectEvents.projectId, ids));
    const moves = (id: number) =>
      events
        .filter((e) => e.projectId === id)
        .map((e) => e.action)
        .filter((m) => m !== 'paid');
    expect(moves(taken)).toEqual(['take', 'mark-delayed']);
    expect(moves(delivered)).toEqual(['take', 'deliver', 'auto-complete']);
    expect(moves(untaken)).toEqual(['expire']);
    expect(moves(team)).toEqual(['expire']);
    const ledger = await a.deps.db.select().from(ledgerTransactions);
    const of = (kind: string, id: number) => ledger.filter((t) => t.kind === kind && t.metadata.projectId === id);
    expect(of('release', delivered)).toHaveLength(1);
    expect(of('refund', untaken)).toHaveLength(1);
    expect(of('refund', team)).toHaveLength(1);

    const mails = [...mailA.sent.slice(mailsBefore[0]), ...mailB.sent.slice(mailsBefore[1])].map(
      (m) => `${m.to} ${m.subject}`,
    );
    const customerMails = mails.filter((m) => m.startsWith(customer.session.user.email));
    // the clock jumps past both the day of the reminder to approve and the day the delivery completes
    // by itself: whichever task runs first decides whether the reminder still goes, but never twice
    const reminders = customerMails.filter((m) => m.endsWith('Please approve "Test order"'));
    expect(reminders.length).toBeLessThanOrEqual(1);
    // one completed, one delayed, two expired (the team's job was offered to everyone, and nobody took it either)
    expect(
      customerMails
        .filter((m) => !reminders.includes(m))
        .map((m) => m.replace(/^\S+ /, ''))
        .sort(),
    ).toEqual([
      '"Test order" expired: refunded in full',
      '"Test order" expired: refunded in full',
      '"Test order" is completed',
      '"Test order" is delayed',
    ]);
    for (const outsider of outsiders) {
      expect(mails.filter((m) => m.startsWith(outsider.session.user.email))).toHaveLength(1);
    }
    // the translator hears of their own projects: the late one and the completed one, once each
    expect(
      mails
        .filter((m) => m.startsWith(translator.session.user.email))
        .map((m) => m.replace(/^\S+ /, ''))
        .sort(),
    ).toEqual(['"Test order" is completed', '"Test order" is delayed']);
    expect(mails.filter((m) => m.startsWith(member.session.user.email))).toEqual([]);
    expect((await verifyLedger(a.deps.db)).ok).toBe(true);
  });

  it('counts sign-in attempts of one address across both instances', async () => {
    const statuses: number[] = [];
    for (const app of [a, b, a])
      statuses.push((await loginRequest(app, 'nobody@example.test', 'Wrong-pass1')).statusCode);
    expect(statuses).toEqual([401, 401, 401]);
    for (const app of [b, a]) {
      const limited = await loginRequest(app, 'nobody@example.test', 'Wrong-pass1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ status: 'ERROR', message: TEXTS.tooManyRequests });
    }
  });

  it("counts a customer API key's calls across both instances, with the RateLimit headers", async () => {
    const person = await customerOn(a, 0);
    const token = (await person.api.post('/userService/updateApiKeysForm', { keygen: '1' })).json().token_api;
    const onA = apiClient(a, token);
    const onB = apiClient(b, token);
    const remaining: (string | null)[] = [];
    for (const api of [onA, onB, onA, onB]) {
      const res = await api.GET('/api/v1/me');
      expect(res.response.status).toBe(200);
      remaining.push(res.response.headers.get('ratelimit-remaining'));
    }
    expect(remaining).toEqual(['3', '2', '1', '0']);
    const limited = await onA.GET('/api/v1/me');
    expect(limited.response.status).toBe(429);
    expect(limited.error?.error.code).toBe('rate_limited');
    expect(limited.response.headers.get('ratelimit-limit')).toBe('4');
    // the window ends for both; the sweep removes the spent counters
    clock.advance(61_000);
    expect((await onB.GET('/api/v1/me')).response.status).toBe(200);
    await a.deps.scheduler.runOnce();
    const left = await a.deps.db.query.rateLimits.findMany({ where: (r, { lt }) => lt(r.expiresAt, clock.now()) });
    expect(left).toEqual([]);
  });
});
