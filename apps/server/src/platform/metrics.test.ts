import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPerson } from '../modules/project-lists/list-test-helpers';
import { createTestApp, type TestApp } from '../test/harness';
import { bearerMatches, startMetricsServer } from './metrics';

const TOKEN = 'metrics-token-for-tests-0123';
const WS_MODULE = 'ws';
type WsClient = { close(): void; on(event: 'open' | 'error', listener: (arg?: unknown) => void): void };
type WsConstructor = new (url: string, options?: { headers?: Record<string, string> }) => WsClient;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN });
});
afterAll(async () => {
  await t?.close();
});

async function scrape(app = t.app): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
}

/** The value of one sample line, by metric name and its exact labels (as prom-client prints them). */
function sample(text: string, name: string, labels = ''): number | null {
  const prefix = labels ? `${name}{${labels}} ` : `${name} `;
  const line = text.split('\n').find((l) => l.startsWith(prefix));
  return line === undefined ? null : Number(line.slice(prefix.length));
}

describe('GET /metrics with METRICS_TOKEN', () => {
  it('refuses a request without the token or with another one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(none.body).not.toContain('parlance_');
    for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization } });
      expect(res.statusCode, authorization).toBe(401);
    }
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
  });

  it('counts requests by route pattern and status, never by raw path', async () => {
    for (const id of [101, 102, 103]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/2/projects/${id}` });
      expect(res.statusCode).toBe(401);
    }
    await t.app.inject({ method: 'GET', url: '/api/2/health/live' });
    await t.app.inject({ method: 'GET', url: '/no/such/page/zqx' });
    const text = await scrape();
    const labels = 'method="GET",route="/api/2/projects/:id",status_code="401"';
    expect(sample(text, 'parlance_http_requests_total', labels)).toBe(3);
    expect(sample(text, 'parlance_http_request_duration_seconds_count', labels)).toBe(3);
    expect(sample(text, 'parlance_http_request_duration_seconds_bucket', `le="+Inf",${labels}`)).toBe(3);
    expect(
      sample(text, 'parlance_http_requests_total', 'method="GET",route="/api/2/health/live",status_code="200"'),
    ).toBe(1);
    expect(text).not.toContain('/api/2/projects/101');
    expect(text).not.toContain('zqx');
    expect(sample(text, 'parlance_http_requests_total', 'method="GET",route="unmatched",status_code="404"')).toBe(1);
  });

  it('names the backlogs, the ledger, the event-loop lag and the process', async () => {
    const text = await scrape();
    expect(sample(text, 'parlance_webhook_deliveries_pending')).toBe(0);
    expect(sample(text, 'parlance_mail_outbox_failed')).toBe(0);
    expect(sample(text, 'parlance_ledger_transactions')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(text).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(text).toContain('# TYPE nodejs_heap_size_used_bytes gauge');
    if (t.database.engine === 'postgres') {
      expect(sample(text, 'parlance_db_pool_connections', 'state="total"')).toBeGreaterThan(0);
      expect(sample(text, 'parlance_db_pool_connections', 'state="waiting"')).toBe(0);
    } else {
      expect(text).not.toContain('parlance_db_pool_connections');
    }
  });

  it('serves every family the sample Grafana dashboard queries', async () => {
    const dashboard = readFileSync(join(import.meta.dirname, '../../../../docs/ops/grafana-dashboard.json'), 'utf8');
    const names = new Set(dashboard.match(/\b(parlance|nodejs|process)_[a-z0-9_]+/g) ?? []);
    expect(names.size).toBeGreaterThan(8);
    const text = await scrape();
    for (const name of names) {
      const family = name.replace(/_(bucket|count|sum)$/, '');
      // the pool exists on PostgreSQL only
      if (family === 'parlance_db_pool_connections' && t.database.engine !== 'postgres') continue;
      expect(text, name).toMatch(new RegExp(`^# TYPE ${family} `, 'm'));
    }
  });

  it('counts scheduled task runs and failures by task', async () => {
    let calls = 0;
    t.app.deps.scheduler.add({
      name: 'test.flaky',
      everyMs: 0,
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('the flaky task failed');
        return 1;
      },
    });
    const first = await t.app.deps.scheduler.runOnce();
    expect(first.failed['test.flaky']).toBe('the flaky task failed');
    await t.app.deps.scheduler.runOnce();
    const text = await scrape();
    expect(sample(text, 'parlance_scheduler_task_failures_total', 'task="test.flaky"')).toBe(1);
    expect(sample(text, 'parlance_scheduler_task_runs_total', 'task="test.flaky",outcome="failed"')).toBe(1);
    expect(sample(text, 'parlance_scheduler_task_runs_total', 'task="test.flaky",outcome="ok"')).toBe(1);
    expect(sample(text, 'parlance_scheduler_task_runs_total', 'task="webhooks.deliver",outcome="ok"')).toBe(2);
    expect(sample(text, 'parlance_scheduler_task_duration_seconds_count', 'task="test.flaky"')).toBe(2);
  });

  it('counts the open WebSockets', async () => {
    const WebSocketClient = ((await import(WS_MODULE)) as { WebSocket: WsConstructor }).WebSocket;
    const alice = await newPerson(t.app, 'client', 'Alice Able');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    expect(sample(await scrape(), 'parlance_websockets_open')).toBe(0);
    const ws = new WebSocketClient(`ws://127.0.0.1:${port}/api/2/realtime`, {
      headers: { cookie: alice.session.cookie },
    });
    await new Promise<void>((resolve, reject) => {
      ws.on('open', () => resolve());
      ws.on('error', reject);
    });
    expect(sample(await scrape(), 'parlance_websockets_open')).toBe(1);
    ws.close();
    const end = Date.now() + 3000;
    while (sample(await scrape(), 'parlance_websockets_open') !== 0 && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(sample(await scrape(), 'parlance_websockets_open')).toBe(0);
  });
});

describe('where /metrics is not exposed', () => {
  it('answers 404 with neither METRICS_TOKEN nor METRICS_PORT', async () => {
    const other = await createTestApp();
    try {
      const res = await other.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer x' } });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('parlance_');
    } finally {
      await other.close();
    }
  });

  it('with METRICS_PORT serves them only on that port, behind the token when one is set', async () => {
    const other = await createTestApp({ metricsPort: 9999, metricsToken: TOKEN });
    const server = await startMetricsServer(other.app.metrics, { port: 0, host: '127.0.0.1', token: TOKEN });
    try {
      const main = await other.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(main.statusCode).toBe(404);
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      await other.app.inject({ method: 'GET', url: '/api/2/health/live' });
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      expect((await fetch(`${base}/api/2/health/live`)).status).toBe(404);
      const ok = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.status).toBe(200);
      const text = await ok.text();
      expect(
        sample(text, 'parlance_http_requests_total', 'method="GET",route="/api/2/health/live",status_code="200"'),
      ).toBe(1);
      // its own registry: the first app's requests are not in it
      expect(text).not.toContain('/api/2/projects/:id');
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await other.close();
    }
  });
});
