import { timingSafeEqual } from 'node:crypto';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { and, count, eq, gte } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';
import { ledgerTransactions, mailOutbox, webhookDeliveries } from '../db/schema';
import type { SchedulerObserver } from './scheduler';

// Prometheus metrics (ADR 0101). One Registry per app instance, never prom-client's global one, so
// tests that build several apps do not collide. Backlogs and totals kept in the database are read
// on scrape, by queries an index answers; request, socket and task figures are counted in memory.

/** Where /metrics is served: nowhere (default), on the main port behind a token, or on its own port. */
export type MetricsExposure = { kind: 'off' } | { kind: 'token'; token: string } | { kind: 'port'; port: number };

export function metricsExposure(config: { metricsToken?: string; metricsPort?: number }): MetricsExposure {
  if (config.metricsPort) return { kind: 'port', port: config.metricsPort };
  if (config.metricsToken) return { kind: 'token', token: config.metricsToken };
  return { kind: 'off' };
}

export interface AppMetrics {
  registry: Registry;
  /** the scheduler reports each task's outcome here */
  scheduler: SchedulerObserver;
  /** the Prometheus text of every metric */
  render(): Promise<string>;
  contentType: string;
}

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** mail that failed within this window is the mail backlog: no mail retries on its own */
const MAIL_FAILED_WINDOW_MS = 24 * 3600_000;

/**
 * Creates the registry and its metrics. `defaults` adds prom-client's process metrics and the
 * event-loop lag (their timers run for the life of the process: only when metrics are served).
 */
export function createMetrics(opts: {
  database: Database;
  /** the number of open WebSockets, read on scrape */
  openSockets: () => number;
  now: () => Date;
  defaults: boolean;
}): AppMetrics & { observeRequest(request: FastifyRequest, reply: FastifyReply): void } {
  const registry = new Registry();
  if (opts.defaults) collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const { db } = opts.database;

  const requests = new Counter({
    name: 'parlance_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'parlance_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'parlance_websockets_open',
    help: 'WebSockets open on this instance (realtime and chat)',
    registers: [registry],
    collect() {
      this.set(opts.openSockets());
    },
  });
  const taskRuns = new Counter({
    name: 'parlance_scheduler_task_runs_total',
    help: 'Scheduled task runs on this instance, by task and outcome (ok, failed, skipped: another instance held it)',
    labelNames: ['task', 'outcome'],
    registers: [registry],
  });
  const taskFailures = new Counter({
    name: 'parlance_scheduler_task_failures_total',
    help: 'Scheduled task runs that threw, by task',
    labelNames: ['task'],
    registers: [registry],
  });
  const taskDuration = new Histogram({
    name: 'parlance_scheduler_task_duration_seconds',
    help: 'Time a scheduled task took, by task',
    labelNames: ['task'],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
    registers: [registry],
  });
  new Gauge({
    name: 'parlance_webhook_deliveries_pending',
    help: 'Webhook deliveries waiting to go out or to be retried (webhook_deliveries_due_idx)',
    registers: [registry],
    async collect() {
      const [row] = await db
        .select({ n: count() })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.status, 'pending'));
      this.set(row?.n ?? 0);
    },
  });
  new Gauge({
    name: 'parlance_mail_outbox_failed',
    help: 'Mails the SMTP server refused in the last 24 hours (mail_outbox_created_idx): none is retried',
    registers: [registry],
    async collect() {
      const since = new Date(opts.now().getTime() - MAIL_FAILED_WINDOW_MS);
      const [row] = await db
        .select({ n: count() })
        .from(mailOutbox)
        .where(and(gte(mailOutbox.createdAt, since), eq(mailOutbox.status, 'failed')));
      this.set(row?.n ?? 0);
    },
  });
  new Gauge({
    name: 'parlance_ledger_transactions',
    help: 'Ledger transactions posted, all instances together (a count of ledger_transactions)',
    registers: [registry],
    async collect() {
      const [row] = await db.select({ n: count() }).from(ledgerTransactions);
      this.set(row?.n ?? 0);
    },
  });
  const pool = opts.database.pool;
  if (pool) {
    new Gauge({
      name: 'parlance_db_pool_connections',
      help: 'PostgreSQL pool connections of this instance, by state (total, idle, waiting clients)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  return {
    registry,
    contentType: registry.contentType,
    render: () => registry.metrics(),
    scheduler: {
      taskDone(task, outcome, seconds) {
        taskRuns.inc({ task, outcome });
        if (outcome === 'failed') taskFailures.inc({ task });
        if (outcome !== 'skipped') taskDuration.observe({ task }, seconds);
      },
    },
    observeRequest(request, reply) {
      // the route pattern bounds the labels; requests no route took (404s, static files) share one
      const route = request.routeOptions.url ?? 'unmatched';
      const labels = { method: request.method, route, status_code: String(reply.statusCode) };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
    },
  };
}

/** Compares the Authorization header with `Bearer <token>` in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = createHash('sha256')
    .update(header ?? '')
    .digest();
  const expected = createHash('sha256').update(`Bearer ${token}`).digest();
  return timingSafeEqual(given, expected);
}

/**
 * GET /metrics on the main port: served only with METRICS_TOKEN and without METRICS_PORT; 404
 * otherwise, so nothing is exposed by default and a separate port keeps it off the public one.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: AppMetrics, exposure: MetricsExposure): void {
  app.get(
    '/metrics',
    { config: { access: 'self', ownAuthorization: true }, schema: { hide: true } },
    async (request, reply) => {
      if (exposure.kind !== 'token') {
        return reply.status(404).send({ status: 'ERROR', message: 'GET /metrics does not exist' });
      }
      if (!bearerMatches(request.headers.authorization, exposure.token)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ status: 'ERROR', message: 'Send Authorization: Bearer <METRICS_TOKEN> to read the metrics' });
      }
      return reply.type(metrics.contentType).send(await metrics.render());
    },
  );
}

/**
 * The separate metrics listener of METRICS_PORT: GET /metrics only (with the bearer token too when
 * METRICS_TOKEN is set), anything else 404. A plain node:http server: none of the app's hooks apply.
 */
export async function startMetricsServer(
  metrics: AppMetrics,
  opts: { port: number; host: string; token?: string },
): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    if (opts.token && !bearerMatches(req.headers.authorization, opts.token)) {
      res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer realm="metrics"' }).end();
      return;
    }
    metrics.render().then(
      (text) => res.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  return server;
}
