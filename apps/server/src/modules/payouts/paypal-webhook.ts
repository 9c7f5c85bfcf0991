import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payoutProviderEvents, payoutRequests } from '../../db/schema';
import type { PayPalItem, PayPalPayouts } from '../../platform/payouts/paypal';
import { applyProviderResult } from './service';

// PayPal's payouts webhook (ADR 0093): a verified PAYMENT.PAYOUTS-ITEM.* event moves its request
// through the same state machine as the poll. The event id is stored in the transaction of the move,
// so a repeated delivery changes nothing; an event older than the request's state (out of order) is
// refused by the state machine; two deliveries at once meet on the event id's primary key and the
// request row's lock, and the ledger's per-request keys move money at most once anyway.

export interface PayPalEvent {
  id?: string;
  event_type?: string;
  resource?: PayPalItem;
}

/** What happened to one delivery: applied (moved or stored), a repeat, not ours, or too early. */
export type EventOutcome = 'moved' | 'stored' | 'repeat' | 'too_early';

export async function applyPayPalEvent(
  db: Db,
  paypal: PayPalPayouts,
  event: PayPalEvent,
  now: Date,
): Promise<EventOutcome> {
  const eventId = String(event.id);
  const type = String(event.event_type);
  const store = async (requestId: number | null): Promise<EventOutcome> => {
    const [kept] = await db
      .insert(payoutProviderEvents)
      .values({ provider: 'paypal', eventId, eventType: type, requestId, receivedAt: now })
      .onConflictDoNothing()
      .returning();
    return kept ? 'stored' : 'repeat';
  };
  const item = event.resource;
  const senderItemId = item?.payout_item?.sender_item_id;
  // batch events carry no item; items tell their own story
  if (!type.startsWith('PAYMENT.PAYOUTS-ITEM.') || !item || !senderItemId || !/^\d{1,15}$/.test(senderItemId)) {
    return store(null);
  }
  const requestId = Number(senderItemId);
  const [row] = await db.select().from(payoutRequests).where(eq(payoutRequests.id, requestId));
  // another system's item on the same PayPal account, or a batch we no longer know: kept, not applied
  if (row?.method !== 'paypal' || (row.providerRef && item.payout_batch_id !== row.providerRef)) {
    return store(requestId);
  }
  // PayPal answered faster than our commit of the send: not stored, so PayPal's retry brings it again
  if (row.status === 'pending' || !row.providerRef) return 'too_early';
  const [seen] = await db
    .select({ id: payoutProviderEvents.eventId })
    .from(payoutProviderEvents)
    .where(eq(payoutProviderEvents.eventId, eventId));
  if (seen) return 'repeat';
  // outside the transaction: an unclaimed item is cancelled at PayPal before its credits come back
  const result = await paypal.resultOfItem(item);
  let fresh = false;
  const moved = await applyProviderResult(db, requestId, result, now, async (tx) => {
    const [kept] = await tx
      .insert(payoutProviderEvents)
      .values({ provider: 'paypal', eventId, eventType: type, requestId, receivedAt: now })
      .onConflictDoNothing()
      .returning();
    fresh = Boolean(kept);
    return fresh;
  });
  if (moved) return 'moved';
  return fresh ? 'stored' : 'repeat';
}
