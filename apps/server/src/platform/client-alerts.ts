import { and, eq } from 'drizzle-orm';
import {
  CLIENT_ALERT_LABELS,
  CLIENT_ALERT_TEXTS,
  CLIENT_ALERT_TYPES,
  type ClientAlertRouting,
  type ClientAlertSettings,
  type ClientAlertType,
  DEFAULT_CLIENT_ALERT_ROUTING,
} from '@parlance/shared';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { clientAlertSettings, users } from '../db/schema';
import type { Config } from '../config';
import { audit } from './audit';
import { notFound } from './errors';
import type { MailMessage } from './mail';

// Client alerts (/client-alerts): per customer and alert, whether the customer's account manager
// (am), sales and support are mailed when the product raises the alert (a dispute, a wire transfer
// started, credits running low). Without a saved row the defaults apply (DEFAULT_CLIENT_ALERT_ROUTING).

type Reader = Db | Tx;
export type AlertMailboxes = Pick<Config, 'alertSalesEmail' | 'alertSupportEmail'>;
type Mailboxes = AlertMailboxes;

const manager = alias(users, 'account_manager');

interface AlertCustomer {
  id: number;
  name: string;
  email: string;
  managerEmail: string | null;
}

/** The customer the setting is for: a customer account, else 404 (nothing to route). */
export async function findAlertCustomer(db: Reader, userId: number): Promise<AlertCustomer> {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, type: users.type, managerEmail: manager.email })
    .from(users)
    .leftJoin(manager, eq(manager.id, users.accountManagerId))
    .where(eq(users.id, userId));
  if (row?.type !== 'customer') throw notFound(CLIENT_ALERT_TEXTS.notCustomer);
  return { id: row.id, name: row.name, email: row.email, managerEmail: row.managerEmail ?? null };
}

export async function readAlertSettings(
  db: Reader,
  customerId: number,
): Promise<{ settings: ClientAlertSettings; saved: boolean }> {
  const rows = await db.select().from(clientAlertSettings).where(eq(clientAlertSettings.customerId, customerId));
  const settings = Object.fromEntries(
    CLIENT_ALERT_TYPES.map((t) => {
      const row = rows.find((r) => r.alert === t);
      return [t, row ? { am: row.am, sales: row.sales, support: row.support } : { ...DEFAULT_CLIENT_ALERT_ROUTING }];
    }),
  ) as ClientAlertSettings;
  return { settings, saved: rows.length > 0 };
}

/** Saves the alerts sent (others keep theirs) and writes the change to the audit log. */
export async function saveAlertSettings(
  tx: Tx,
  customerId: number,
  changes: Partial<Record<string, ClientAlertRouting>>,
  actor: { id: number; ip: string },
  now: Date,
): Promise<void> {
  const before = await readAlertSettings(tx, customerId);
  for (const alert of CLIENT_ALERT_TYPES) {
    const routing = changes[alert];
    if (!routing) continue;
    await tx
      .insert(clientAlertSettings)
      .values({ customerId, alert, ...routing, updatedBy: actor.id, updatedAt: now })
      .onConflictDoUpdate({
        target: [clientAlertSettings.customerId, clientAlertSettings.alert],
        set: { ...routing, updatedBy: actor.id, updatedAt: now },
      });
  }
  const after = await readAlertSettings(tx, customerId);
  await audit(tx, {
    actorId: actor.id,
    action: 'settings.client_alerts',
    targetType: 'user',
    targetId: customerId,
    details: { before: before.settings, after: after.settings },
    ip: actor.ip,
  });
}

export function alertRecipients(customer: AlertCustomer, routing: ClientAlertRouting, boxes: Mailboxes): string[] {
  const to = new Set<string>();
  if (routing.am && customer.managerEmail) to.add(customer.managerEmail);
  if (routing.sales) to.add(boxes.alertSalesEmail);
  if (routing.support) to.add(boxes.alertSupportEmail);
  return [...to];
}

/**
 * The staff mails of one customer alert, as this customer's routing says (to send after the commit
 * of the work that raised it). A non-customer (an admin acting, a translator) raises none.
 */
export async function clientAlertMails(
  db: Reader,
  boxes: Mailboxes,
  customerId: number,
  alert: ClientAlertType,
  facts: { subject: string; text: string },
): Promise<MailMessage[]> {
  const [row] = await db
    .select({ type: users.type })
    .from(users)
    .where(and(eq(users.id, customerId), eq(users.type, 'customer')));
  if (!row) return [];
  const customer = await findAlertCustomer(db, customerId);
  const { settings } = await readAlertSettings(db, customerId);
  return alertRecipients(customer, settings[alert], boxes).map((to) => ({
    to,
    subject: `[${CLIENT_ALERT_LABELS[alert]}] ${customer.name}: ${facts.subject}`,
    text: `${facts.text}\n\nCustomer: ${customer.name} <${customer.email}> (id ${customer.id})\nAlert routing: ${CLIENT_ALERT_LABELS[alert]} (set at /client-alerts)`,
  }));
}
