import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { projects, users, webhookDeliveries, webhookEndpoints } from '../schema';

// The demo customer's webhook and a short delivery history to look at in the profile:
// delivered moves and one that failed after a day of retries. The address is on the reserved .test
// domain, so nothing leaves the machine when new events are tried.

export async function seedWebhookDemo(db: Db, customerEmail: string, now = new Date()): Promise<void> {
  const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.email, customerEmail));
  if (!customer) return;
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({
      userId: customer.id,
      url: 'https://hooks.acme.test/parlance-events',
      secret: 'whsec_demo_only_never_use_this_secret',
      createdAt: new Date(now.getTime() - 30 * 86_400_000),
    })
    .onConflictDoNothing()
    .returning();
  if (!endpoint) return;
  const recent = await db
    .select({ id: projects.id, status: projects.status })
    .from(projects)
    .where(eq(projects.customerId, customer.id))
    .orderBy(desc(projects.id))
    .limit(3);
  const hour = 3_600_000;
  const rows = recent.flatMap((p, i) => {
    const at = new Date(now.getTime() - (i + 1) * 26 * hour);
    const events = i === 2 ? ['project.delivered'] : ['project.started', 'project.delivered'];
    return events.map((event, j) => {
      const id = randomUUID();
      const failed = i === 2;
      const createdAt = new Date(at.getTime() + j * hour);
      return {
        id,
        endpointId: endpoint.id,
        userId: customer.id,
        event,
        dedupeKey: `demo:${p.id}:${event}`,
        payload: { id, type: event, createdAt: createdAt.toISOString(), data: { projectId: p.id, status: p.status } },
        status: failed ? ('failed' as const) : ('delivered' as const),
        attempts: failed ? 16 : 1,
        firstAttemptAt: createdAt,
        lastAttemptAt: new Date(createdAt.getTime() + (failed ? 24 * hour : 0)),
        lastStatus: failed ? 503 : 200,
        lastError: failed ? 'HTTP 503' : null,
        deliveredAt: failed ? null : createdAt,
        createdAt,
      };
    });
  });
  if (rows.length > 0) await db.insert(webhookDeliveries).values(rows).onConflictDoNothing();
}
