import { ORDER_TEXTS } from '@parlance/shared';
import type { purchaseOrders } from '../../db/schema';
import type { UserRow } from '../../platform/session';

// Who may touch a purchase order. An order belongs to its customer, or, while a guest window-shops,
// to the browser holding its guest token. Everyone else is an outsider and gets 404.

export type OrderRow = typeof purchaseOrders.$inferSelect;

/** Who is asking: the signed-in (effective) user, and the hash of the guest token the browser sent. */
export interface Asker {
  user: UserRow | null;
  guestHash: string | null;
}

/** May the asker see and work on this order? */
export function canTouchOrder(asker: Asker, order: OrderRow): boolean {
  if (order.status === 'deleted') return false;
  if (order.customerId !== null) return asker.user?.id === order.customerId;
  return asker.guestHash !== null && order.guestTokenHash === asker.guestHash;
}

/** Why the asker may not start an order, or null. Translators do not buy (their cart is hidden). */
export function whyCannotOrder(asker: Asker): string | null {
  return asker.user?.type === 'translator' ? ORDER_TEXTS.wizardNotForTranslators : null;
}

/** Why the order's content may no longer change, or null: paid orders are history. */
export function whyOrderIsClosed(order: OrderRow): string | null {
  return order.status === 'draft' || order.status === 'cart' ? null : ORDER_TEXTS.wizardOrderClosed;
}

/**
 * May the customer type the word count? Only when it does not come from counted content: no
 * content yet, or content without countable text (a scanned PDF ...).
 */
export function canTypeWordCount(order: OrderRow): boolean {
  if (order.wordCountSource === null || order.wordCountSource === 'manual') return true;
  return order.wordCount === 0;
}
