import { PAYOUT_METHOD_LABELS, PAYOUT_RAIL_TEXTS, type PayoutMethod, type PayoutRail } from '@parlance/shared';
import type { Db } from '../../db/client';
import { createPayPalPayoutProvider, type PayPalPayouts, type PayPalSettings } from './paypal';
import type { PayoutItem, PayoutProvider, SentItem } from './provider';
import { createSandboxPayoutProvider, SANDBOX_REF_PREFIX } from './sandbox';

// Which rail pays each method (ADR 0093). PayPal goes to PayPal Payouts when PAYPAL_CLIENT_ID is set,
// otherwise to the database sandbox (the demo works offline). Bank wire is always paid by hand:
// finance downloads the bank file of the wires sent, pays them at the bank and marks them paid.
// Payoneer has no connection yet: the sandbox pretends it in the demo; with real money it is not sold.

export interface PayoutRails extends PayoutProvider {
  /** the PayPal client when PayPal is connected (its webhook needs it) */
  paypal: PayPalPayouts | null;
}

/** The reference of a wire in the bank file: our request id, so the bank's statement names it. */
export const bankRefOf = (requestId: number) => `bank-${requestId}`;

export function createPayoutRails(
  db: Db,
  opts: {
    paypal?: PayPalSettings | null;
    sandbox?: { settleAfterMs?: number; holdForMs?: number };
    fetch?: typeof fetch;
    retryDelayMs?: number;
  } = {},
): PayoutRails {
  const sandbox = createSandboxPayoutProvider(db, opts.sandbox);
  const paypal = opts.paypal
    ? createPayPalPayoutProvider(opts.paypal, { fetch: opts.fetch, retryDelayMs: opts.retryDelayMs })
    : null;
  const railOf = (method: PayoutMethod): PayoutRail => {
    if (method === 'wire') return 'manual';
    if (method === 'paypal') return paypal ? 'paypal' : 'sandbox';
    return paypal ? 'not_connected' : 'sandbox';
  };
  return {
    paypal,
    railOf,
    async sendBatch(items, now) {
      const byRail = new Map<PayoutRail, PayoutItem[]>();
      for (const item of items) byRail.set(railOf(item.method), [...(byRail.get(railOf(item.method)) ?? []), item]);
      const answers = new Map<number, SentItem>();
      for (const [rail, batch] of byRail) {
        if (rail === 'manual')
          for (const item of batch) answers.set(item.requestId, { ref: bankRefOf(item.requestId) });
        // not connected: not sent, the request stays pending (the caller says why)
        if (rail === 'not_connected') continue;
        const provider = rail === 'paypal' ? paypal : rail === 'sandbox' ? sandbox : null;
        if (!provider) continue;
        for (const [id, sent] of await provider.sendBatch(batch, now)) answers.set(id, sent);
      }
      return answers;
    },
    async status(item, now) {
      // an item keeps the rail it was sent by (a sandbox item from before PayPal was connected settles there)
      if (item.ref.startsWith(SANDBOX_REF_PREFIX)) return sandbox.status(item, now);
      if (railOf(item.method) === 'paypal' && paypal) return paypal.status(item, now);
      // a wire is settled by finance, by hand; nothing else is ever sent
      return { status: 'processing' };
    },
  };
}

/** Each method's rail and what it means in plain words, for the screens. */
export function railsOverview(rails: PayoutProvider): { method: PayoutMethod; rail: PayoutRail; note: string }[] {
  return (Object.keys(PAYOUT_METHOD_LABELS) as PayoutMethod[]).map((method) => {
    const rail = rails.railOf(method);
    return { method, rail, note: PAYOUT_RAIL_TEXTS[rail](PAYOUT_METHOD_LABELS[method]) };
  });
}
