import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { ORDER_TEXTS } from '@parlance/shared';
import type { Services } from '../../platform/services';
import { payments, users } from '../../db/schema';
import { audit } from '../../platform/audit';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { UserRow } from '../../platform/session';
import { moveOpenPayment, type PaymentRow, receiveWirePayment } from './settle';

// The admin's payments screen (/admin/payments): every payment, and wire transfers marked received.

type Deps = Pick<Services, 'db' | 'clock'>;

export interface AdminPaymentsFilter {
  status?: PaymentRow['status'];
  method?: PaymentRow['method'];
  page: number;
  pageSize: number;
}

export async function adminPaymentsPage(deps: Deps, filter: AdminPaymentsFilter) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(payments.status, filter.status));
  if (filter.method) conditions.push(eq(payments.method, filter.method));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({ payment: payments, user: { id: users.id, name: users.name, email: users.email } })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    deps.db.select({ n: count() }).from(payments).where(where),
  ]);
  return { rows, totalCount: total.n };
}

/** Who a payment belongs to, as the admin screen shows it. */
export async function paymentOwner(deps: Deps, payment: PaymentRow): Promise<Pick<UserRow, 'id' | 'name' | 'email'>> {
  const [owner] = await deps.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, payment.userId));
  return owner;
}

async function requirePayment(deps: Deps, key: string): Promise<PaymentRow> {
  const [payment] = await deps.db.select().from(payments).where(eq(payments.key, key));
  if (!payment) throw notFound(ORDER_TEXTS.paymentNotFound);
  return payment;
}

/** Marks a pending wire transfer received: credits the customer, issues the invoice, writes the audit row; once. */
export async function markWireReceived(deps: Deps, key: string, admin: UserRow, ip: string): Promise<PaymentRow> {
  const payment = await requirePayment(deps, key);
  if (payment.method !== 'wire') throw badRequest(ORDER_TEXTS.paymentNotWire);
  const received = await deps.db.transaction(async (tx) => {
    const done = await receiveWirePayment(tx, key, admin.id, deps.clock.now());
    if (!done) return null;
    await audit(tx, {
      actorId: admin.id,
      action: 'payment.wire_received',
      targetType: 'payment',
      targetId: done.key,
      details: {
        userId: done.userId,
        amountCredits: done.amountCredits,
        vatCredits: done.vatCredits,
        reference: done.providerRef,
      },
      ip,
    });
    return done;
  });
  if (!received) throw new AppError(409, ORDER_TEXTS.paymentNotPending);
  return received;
}

/** Cancels a payment that is still open (a wire transfer that never came, an abandoned checkout). */
export async function cancelPaymentByAdmin(deps: Deps, key: string, admin: UserRow, ip: string): Promise<PaymentRow> {
  await requirePayment(deps, key);
  const cancelled = await deps.db.transaction(async (tx) => {
    const done = await moveOpenPayment(tx, key, 'cancelled', {}, deps.clock.now());
    if (!done) return null;
    await audit(tx, {
      actorId: admin.id,
      action: 'payment.cancelled',
      targetType: 'payment',
      targetId: done.key,
      details: { userId: done.userId },
      ip,
    });
    return done;
  });
  if (!cancelled) throw new AppError(409, ORDER_TEXTS.paymentNotPending);
  return cancelled;
}
