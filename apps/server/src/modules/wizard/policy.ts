import { ORDER_TEXTS } from '@parlance/shared';
import type { purchaseOrders } from '../../db/schema';
import { ALLOW, allowIf, defineGuestRules, refuse } from '../../platform/permissions';
import type { AuthContext, UserRow } from '../../platform/session';

// Who may touch a purchase order: the wizard's rules for `can()`. An order belongs to its customer,
// or, while a guest window-shops, to the browser holding its guest token. Everyone else is an
// outsider and gets 404. These rules judge guests too (the actor is null for a guest).

export type OrderRow = typeof purchaseOrders.$inferSelect;

/** Who is asking: the signed-in person (null for a guest) and the hash of the guest token the browser sent. */
export interface Asker {
  auth: AuthContext | null;
  /** the signed-in (effective) user */
  user: UserRow | null;
  guestHash: string | null;
}

declare module '../../platform/permissions' {
  interface Actions {
    /** see and work on an order (its customer, or the guest browser that started it) */
    'order.touch': { order: OrderRow; guestHash: string | null };
    /** start a new order (translators do not buy: their cart is hidden) */
    'order.start': null;
  }
}

defineGuestRules({
  'order.touch': (actor, { order, guestHash }) => {
    if (order.status === 'deleted') return refuse(404);
    if (order.customerId !== null) return allowIf(actor?.user.id === order.customerId, 404);
    return allowIf(guestHash !== null && order.guestTokenHash === guestHash, 404);
  },
  'order.start': (actor) =>
    actor?.user.type === 'translator' ? refuse(403, ORDER_TEXTS.wizardNotForTranslators) : ALLOW,
});

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
