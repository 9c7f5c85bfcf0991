import { createHmac, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { webhookDeliveries, webhookEndpoints } from '../db/schema';

// The webhook outbox of the customer API. `enqueueWebhook` runs inside recordEvent, so
// the delivery row commits with the event or not at all; modules/public-api/webhook-worker.ts
// sends what is due. A customer with no webhook URL costs one indexed read per project event.

/** The events a customer's server is told about. */
export const WEBHOOK_EVENTS = [
  'project.started',
  'project.delivered',
  'project.completed',
  'project.cancelled',
  'project.message',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The header names of a delivery (documented in the OpenAPI document and README). */
export const WEBHOOK_HEADERS = {
  signature: 'Parlance-Signature',
  delivery: 'Parlance-Delivery',
  timestamp: 'Parlance-Timestamp',
  event: 'Parlance-Event',
} as const;

const STATUS_EVENTS: Record<string, WebhookEvent> = {
  IN_PROGRESS: 'project.started',
  READY: 'project.delivered',
  COMPLETED: 'project.completed',
  CANCELLED: 'project.cancelled',
};

interface ProjectEventInput {
  userId?: number | null;
  type: string;
  payload?: Record<string, unknown>;
}

/** Which webhook event (and its once-only key) a realtime event is, if any. */
export function webhookEventOf(event: ProjectEventInput): { event: WebhookEvent; dedupeKey: string } | null {
  const p = event.payload ?? {};
  if (event.type === 'project.updated' && typeof p.status === 'string' && STATUS_EVENTS[p.status]) {
    const name = STATUS_EVENTS[p.status];
    return { event: name, dedupeKey: `project:${String(p.projectId)}:${name}` };
  }
  if (event.type === 'project.message' && p.messageId != null) {
    return { event: 'project.message', dedupeKey: `message:${String(p.messageId)}` };
  }
  return null;
}

/** Writes the delivery of a project event for its user's webhook, in the caller's transaction. */
export async function enqueueWebhook(tx: Db, event: ProjectEventInput): Promise<void> {
  if (event.userId == null) return;
  const kind = webhookEventOf(event);
  if (!kind) return;
  const [endpoint] = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, event.userId));
  if (!endpoint) return;
  const id = randomUUID();
  const createdAt = new Date();
  await tx
    .insert(webhookDeliveries)
    .values({
      id,
      endpointId: endpoint.id,
      userId: event.userId,
      event: kind.event,
      dedupeKey: kind.dedupeKey,
      payload: { id, type: kind.event, createdAt: createdAt.toISOString(), data: event.payload ?? {} },
    })
    .onConflictDoNothing();
}

/**
 * The signature header's value: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, the
 * Stripe-style recipe a receiver recomputes with the endpoint's secret.
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}
