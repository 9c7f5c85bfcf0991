import type { PayoutMethod } from '@parlance/shared';

// The payout provider (ADR 0063): the server sends a batch of items and later
// asks how each one ended. A real provider (PayPal Payouts, Payoneer, a bank's file) sits behind the
// same interface; the sandbox decides by the account, asynchronously, as the card sandbox does.

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

export interface PayoutProvider {
  /** accepts a batch; answers the provider's reference of each item (by request id) */
  sendBatch(items: PayoutItem[], now: Date): Promise<Map<number, string>>;
  /** where one item stands now */
  status(ref: string, now: Date): Promise<ProviderItemResult>;
}

/**
 * The sandbox: an item settles `settleAfterMs` after it was sent. The account decides the outcome,
 * like the card sandbox's test numbers: an account containing "fail" fails, one containing "hold"
 * is held (and pays once `holdForMs` more has passed, unless it also contains "fail"), any other
 * is paid. Sending the same request twice answers the first reference (idempotent).
 */
export function createSandboxPayoutProvider(opts: { settleAfterMs?: number; holdForMs?: number } = {}): PayoutProvider {
  const settleAfterMs = opts.settleAfterMs ?? 60_000;
  const holdForMs = opts.holdForMs ?? 24 * 3600_000;
  const items = new Map<string, { item: PayoutItem; sentAt: number }>();
  const byRequest = new Map<number, string>();
  return {
    async sendBatch(batch, now) {
      const refs = new Map<number, string>();
      for (const item of batch) {
        let ref = byRequest.get(item.requestId);
        if (!ref) {
          ref = `sbx-payout-${item.requestId}-${now.getTime().toString(36)}`;
          items.set(ref, { item, sentAt: now.getTime() });
          byRequest.set(item.requestId, ref);
        }
        refs.set(item.requestId, ref);
      }
      return refs;
    },
    async status(ref, now) {
      const found = items.get(ref);
      if (!found) return { status: 'failed', reason: 'Unknown payout item' };
      const age = now.getTime() - found.sentAt;
      if (age < settleAfterMs) return { status: 'processing' };
      const account = found.item.account.toLowerCase();
      if (account.includes('fail')) return { status: 'failed', reason: 'The receiving account refused the payment' };
      if (account.includes('hold')) {
        if (age < settleAfterMs + holdForMs) return { status: 'on_hold', reason: 'Held for review by the provider' };
        return { status: 'paid' };
      }
      return { status: 'paid' };
    },
  };
}
