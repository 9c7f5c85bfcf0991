import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { webhookDeliveries, webhookEndpoints, users } from '../../db/schema';
import { checkedLookup } from '../../platform/documents/fetch-url';
import type { Services } from '../../platform/services';
import { signWebhook, WEBHOOK_HEADERS } from '../../platform/webhooks';
import { newTaskId, withLogFields } from '../../platform/log-context';

// Delivers the webhook outbox (a scheduler task): due rows are POSTed, a 2xx marks them delivered;
// anything else is retried with exponential backoff and jitter (30 s doubling, at most 2 h apart)
// until a day after the first attempt, then the row is failed and the customer mailed (the
// failed_callback mailing flag). Several rows are sent at once; each row is claimed by moving its
// next attempt forward first, so two instances never send the same row at the same time.

export const WEBHOOK_RETRY_FOR_MS = 24 * 60 * 60 * 1000;
export const WEBHOOK_TIMEOUT_MS = 10_000;
const FIRST_DELAY_MS = 30_000;
const MAX_DELAY_MS = 2 * 60 * 60 * 1000;
const BATCH = 200;
const CONCURRENCY = 32;

/** The wait before attempt n+1 (n >= 1 attempts made): 30 s x 2^(n-1), capped, +-20 % jitter. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

export interface SendResult {
  ok: boolean;
  status: number | null;
  error: string | null;
}

/** One signed POST; never throws. */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  allowPrivate: boolean,
): Promise<SendResult> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve({ ok: false, status: null, error: 'invalid URL' });
      return;
    }
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: 'POST',
        lookup: checkedLookup(allowPrivate),
        timeout: WEBHOOK_TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Parlance-Webhooks/1.0',
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          resolve({ ok: status >= 200 && status < 300, status, error: status >= 300 ? `HTTP ${status}` : null });
        });
        res.on('error', (err) => resolve({ ok: false, status: res.statusCode ?? null, error: err.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (err) => resolve({ ok: false, status: null, error: err.message.slice(0, 300) }));
    req.end(body);
  });
}

async function mapLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++];
      await fn(item);
    }
  });
  await Promise.all(workers);
}

/** Sends what is due at `now`; answers how many rows changed (delivered, retried or failed). */
export async function deliverDueWebhooks(deps: Services, now: Date): Promise<number> {
  const allowPrivate = deps.config.webhookAllowPrivate;
  let changed = 0;
  for (;;) {
    // claim a batch: push its next attempt a timeout ahead, so a crash retries and nobody doubles it
    const claimUntil = new Date(now.getTime() + WEBHOOK_TIMEOUT_MS * 3);
    const due = await deps.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.status, 'pending'),
          or(isNull(webhookDeliveries.nextAttemptAt), lte(webhookDeliveries.nextAttemptAt, now)),
        ),
      )
      .orderBy(asc(webhookDeliveries.createdAt))
      .limit(BATCH);
    if (due.length === 0) break;
    const claimed = await deps.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: claimUntil })
      .where(
        and(
          inArray(
            webhookDeliveries.id,
            due.map((d) => d.id),
          ),
          eq(webhookDeliveries.status, 'pending'),
          or(isNull(webhookDeliveries.nextAttemptAt), lte(webhookDeliveries.nextAttemptAt, now)),
        ),
      )
      .returning();
    if (claimed.length === 0) break;
    const endpointIds = [...new Set(claimed.map((c) => c.endpointId))];
    const endpoints = new Map(
      (await deps.db.select().from(webhookEndpoints).where(inArray(webhookEndpoints.id, endpointIds))).map((e) => [
        e.id,
        e,
      ]),
    );
    const failedUsers = new Set<number>();
    await mapLimit(claimed, CONCURRENCY, async (row) => {
      const endpoint = endpoints.get(row.endpointId);
      if (!endpoint) return;
      const body = JSON.stringify(row.payload);
      const timestamp = Math.floor(now.getTime() / 1000);
      const result = await postWebhook(
        endpoint.url,
        {
          [WEBHOOK_HEADERS.signature]: signWebhook(endpoint.secret, timestamp, body),
          [WEBHOOK_HEADERS.delivery]: row.id,
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.event]: row.event,
        },
        body,
        allowPrivate,
      );
      const attempts = row.attempts + 1;
      const firstAttemptAt = row.firstAttemptAt ?? now;
      const common = {
        attempts,
        firstAttemptAt,
        lastAttemptAt: now,
        lastStatus: result.status,
        lastError: result.error,
      };
      if (result.ok) {
        await deps.db
          .update(webhookDeliveries)
          .set({ ...common, status: 'delivered', deliveredAt: now, nextAttemptAt: null })
          .where(eq(webhookDeliveries.id, row.id));
      } else {
        const next = new Date(now.getTime() + backoffMs(attempts));
        const giveUp = next.getTime() - firstAttemptAt.getTime() > WEBHOOK_RETRY_FOR_MS;
        await deps.db
          .update(webhookDeliveries)
          .set({ ...common, status: giveUp ? 'failed' : 'pending', nextAttemptAt: giveUp ? null : next })
          .where(eq(webhookDeliveries.id, row.id));
        if (giveUp) failedUsers.add(row.userId);
      }
      changed += 1;
    });
    for (const userId of failedUsers) await mailGaveUp(deps, userId);
    if (claimed.length < BATCH) break;
  }
  return changed;
}

async function mailGaveUp(deps: Services, userId: number): Promise<void> {
  const [row] = await deps.db
    .select({ email: users.email, name: users.name, url: webhookEndpoints.url })
    .from(users)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return;
  const [{ n }] = await deps.db
    .select({ n: sql<number>`count(*)::integer` })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.userId, userId), eq(webhookDeliveries.status, 'failed')));
  await deps.mailer.send({
    to: row.email,
    subject: 'Parlance could not reach your webhook',
    text: `Hello ${row.name},\n\nwe tried for 24 hours to deliver events to your webhook ${row.url} and stopped: your server did not answer with a 2xx status. ${n} deliveries are marked failed.\n\nFix the server, then resend them from your profile (API Keys > Webhook deliveries): ${deps.config.publicUrl}/profile\n\nParlance`,
    preference: { userId, flag: 'failed_callback' },
  });
}

/**
 * Sends new deliveries soon after their event instead of at the next minute's tick: every realtime
 * notify (a committed event) starts a run, runs never overlap, and one that was asked for while a
 * run was going follows it. Started by main.ts (tests call the scheduler themselves).
 */
export function startWebhookPump(deps: Services, log: (err: unknown) => void): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const pass = async () => {
    try {
      do {
        again = false;
        await deliverDueWebhooks(deps, deps.clock.now());
      } while (again && !stopped);
    } catch (err) {
      log(err);
    }
  };
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    // the pass's lines (a failed POST, a mail to the customer) carry its task id
    running = withLogFields({ task: 'webhooks.pump', taskId: newTaskId() }, pass).finally(() => {
      running = null;
    });
  };
  const unsubscribe = deps.bus.subscribe(run);
  /** stops following the bus and waits for the pass in progress (its POSTs time out within 10 s) */
  return async () => {
    stopped = true;
    unsubscribe();
    await running;
  };
}
