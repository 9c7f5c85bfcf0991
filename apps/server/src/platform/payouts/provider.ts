import type { PayoutMethod, PayoutRail } from '@parlance/shared';

// The payout provider (ADR 0063, ADR 0093): the server sends a batch of items and later asks how each
// one ended. Each method is paid by one rail (rails.ts): PayPal Payouts (paypal.ts), the offline
// sandbox whose items live in the database (sandbox.ts), by hand (manual.ts: the bank file finance
// sends), or not at all yet (Payoneer).

export interface PayoutItem {
  /** our request id, sent as the item's reference so a resend is recognised */
  requestId: number;
  method: PayoutMethod;
  account: string;
  /** credits the translator receives (amount - fee) */
  netCredits: number;
}

export type ProviderItemStatus = 'processing' | 'paid' | 'on_hold' | 'failed';

export interface ProviderItemResult {
  status: ProviderItemStatus;
  /** the provider's reason, for the history's remark */
  reason?: string;
}

/** What the provider did with one item: accepted (its reference), or refused at once (its reason). */
export type SentItem = { ref: string } | { refused: string };

export interface PayoutProvider {
  /**
   * Accepts a batch; answers, by request id, each item's reference or the reason it was refused.
   * An item missing from the answer got no answer (the provider was not reached): it is asked again.
   * Sending a request again answers its first reference: a provider pays a request at most once.
   */
  sendBatch(items: PayoutItem[], now: Date): Promise<Map<number, SentItem>>;
  /** where one item stands now */
  status(item: { ref: string; requestId: number; method: PayoutMethod }, now: Date): Promise<ProviderItemResult>;
  /** how a method is paid out by this provider */
  railOf(method: PayoutMethod): PayoutRail;
}
