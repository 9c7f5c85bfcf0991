import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { testConfig } from '../config';
import { freshDatabase, TestClock } from '../test/harness';
import { requestIdOf } from './log-context';
import { createScheduler } from './scheduler';

// Request and task ids (ADR 0104): what a support person needs to find the lines of one user's
// failed call, or of one timed task's run, and what a client sees of them.

const lines: Record<string, unknown>[] = [];
const raw: string[] = [];
const stream = {
  write(line: string) {
    raw.push(line);
    lines.push(JSON.parse(line) as Record<string, unknown>);
  },
};

let app: App;
let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let dataDir: string;

beforeAll(async () => {
  fresh = await freshDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'parlance-log-'));
  app = await buildApp({
    config: testConfig({ dataDir, logLevel: 'warn' }),
    database: fresh.database,
    logStream: stream,
  });
  // business code logs through deps.logger, not the request's logger, after awaiting work and a body
  app.post(
    '/api/2/test/log-context',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request: { body: unknown }) => {
      await new Promise((r) => setTimeout(r, 5));
      app.deps.logger.warn({ body: request.body }, 'service line');
      throw new Error('boom');
    },
  );
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await fresh?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('request ids', () => {
  it('takes a sane x-request-id and replaces anything else with a new one', () => {
    const of = (value?: string) => requestIdOf({ headers: value === undefined ? {} : { 'x-request-id': value } });
    expect(of('lb-7f3a.9_Z')).toBe('lb-7f3a.9_Z');
    for (const bad of [undefined, '', 'has space', 'a'.repeat(65), 'quote"', 'new\nline']) {
      expect(of(bad)).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(of('a'.repeat(64))).toBe('a'.repeat(64));
  });

  it('echoes the id in a header and in every error answer, of the web app and of the customer API', async () => {
    const mine = await app.inject({ method: 'GET', url: '/api/2/nope', headers: { 'x-request-id': 'support-42' } });
    expect(mine.statusCode).toBe(404);
    expect(mine.headers['x-request-id']).toBe('support-42');
    expect(mine.json()).toMatchObject({ status: 'ERROR', requestId: 'support-42' });

    const api = await app.inject({ method: 'GET', url: '/api/v1/nope', headers: { 'x-request-id': 'bad id' } });
    const id = api.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(api.json()).toEqual({ error: { code: 'not_found', message: expect.any(String), request_id: id } });

    // answered before a route is found, where no hook runs
    const long = await app.inject({ method: 'GET', url: `/api/2/account/invoice/${'x'.repeat(120)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json().requestId).toBe(long.headers['x-request-id']);

    const ok = await app.inject({ method: 'GET', url: '/api/2/health/live' });
    expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(ok.json()).toEqual({ status: 'OK' });
  });

  it("puts the id on the request's lines and on those business code writes through deps.logger", async () => {
    lines.length = 0;
    raw.length = 0;
    const res = await app.inject({
      method: 'POST',
      url: '/api/2/test/log-context',
      headers: { 'x-request-id': 'find-me-1', 'content-type': 'application/json' },
      payload: { hello: 'world' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      status: 'ERROR',
      message: 'Something went wrong on our side. Please try again.',
      requestId: 'find-me-1',
    });
    const service = lines.find((l) => l.msg === 'service line');
    const failure = lines.find((l) => l.msg === 'request failed');
    expect(service).toMatchObject({ requestId: 'find-me-1', body: { hello: 'world' } });
    expect(failure).toMatchObject({ requestId: 'find-me-1' });
    // the request's own logger binds the id: the mixin does not write it a second time
    for (const line of raw) expect(line.split('"requestId"').length).toBeLessThanOrEqual(2);
  });
});

describe('task ids', () => {
  it('names the task and its run on every line the task logs, and a new id on each run', async () => {
    lines.length = 0;
    const clock = new TestClock();
    const scheduler = createScheduler(clock, (message, err) => app.log.error({ err }, message));
    let runs = 0;
    scheduler.add({
      name: 'test.logs',
      everyMs: 0,
      run: async () => {
        runs += 1;
        await new Promise((r) => setTimeout(r, 2));
        app.deps.logger.warn('inside the task');
        if (runs === 2) throw new Error('second run fails');
        return 1;
      },
    });
    await scheduler.runOnce();
    await scheduler.runOnce();
    const inside = lines.filter((l) => l.msg === 'inside the task');
    const failed = lines.find((l) => l.msg === 'scheduled task test.logs failed');
    expect(inside).toHaveLength(2);
    for (const l of inside) expect(l).toMatchObject({ task: 'test.logs', taskId: expect.any(String) });
    expect(inside[0].taskId).not.toBe(inside[1].taskId);
    // the failure is logged under the run that failed
    expect(failed).toMatchObject({ task: 'test.logs', taskId: inside[1].taskId });
    await scheduler.stop();
  });
});

describe('scheduler stop', () => {
  it('waits for the task in hand, starts no other, and gives up after the bound', async () => {
    const clock = new TestClock();
    const scheduler = createScheduler(clock);
    let release: () => void = () => {};
    const order: string[] = [];
    scheduler.add({
      name: 'slow',
      everyMs: 0,
      run: async () => {
        order.push('slow started');
        await new Promise<void>((r) => {
          release = r;
        });
        order.push('slow done');
        return 1;
      },
    });
    scheduler.add({
      name: 'next',
      everyMs: 0,
      run: async () => {
        order.push('next');
        return 1;
      },
    });
    const tick = scheduler.runOnce();
    await new Promise((r) => setTimeout(r, 5));
    const stopping = scheduler.stop(5000);
    setTimeout(() => release(), 20);
    expect(await stopping).toBe(true);
    await tick;
    expect(order).toEqual(['slow started', 'slow done']);
    expect(await scheduler.runOnce()).toEqual({ changed: {}, failed: {} });

    const stuck = createScheduler(clock);
    stuck.add({ name: 'stuck', everyMs: 0, run: () => new Promise<number>(() => {}) });
    void stuck.runOnce();
    await new Promise((r) => setTimeout(r, 5));
    expect(await stuck.stop(30)).toBe(false);
  });
});
