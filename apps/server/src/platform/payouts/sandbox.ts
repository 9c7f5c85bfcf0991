import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payoutSandboxItems } from '../../db/schema';
import type { PayoutProvider, SentItem } from './provider';

export const SANDBOX_REF_PREFIX = 'sbx-payout-';

/**
 * The offline sandbox: an item settles `settleAfterMs` after it was sent. The account decides the
 * outcome, like the card sandbox's test numbers: an account containing "fail" fails, one containing
 * "hold" is held (and pays once `holdForMs` more has passed, unless it also contains "fail"), any
 * other is paid. Its items live in the database (payout_sandbox_items, unique by request id), as a
 * real provider keeps them on its side: a restart or a second instance still knows every item, and
 * sending the same request twice answers the first reference (idempotent).
 */
export function createSandboxPayoutProvider(
  db: Db,
  opts: { settleAfterMs?: number; holdForMs?: number } = {},
): PayoutProvider {
  const settleAfterMs = opts.settleAfterMs ?? 60_000;
  const holdForMs = opts.holdForMs ?? 24 * 3600_000;
  return {
    railOf: () => 'sandbox',
    async sendBatch(batch, now) {
      const refs = new Map<number, SentItem>();
      for (const item of batch) {
        await db
          .insert(payoutSandboxItems)
          .values({
            ref: `${SANDBOX_REF_PREFIX}${item.requestId}-${now.getTime().toString(36)}`,
            requestId: item.requestId,
            method: item.method,
            account: item.account,
            netCredits: item.netCredits,
            sentAt: now,
          })
          .onConflictDoNothing({ target: payoutSandboxItems.requestId });
        const [kept] = await db
          .select({ ref: payoutSandboxItems.ref })
          .from(payoutSandboxItems)
          .where(eq(payoutSandboxItems.requestId, item.requestId));
        refs.set(item.requestId, { ref: kept.ref });
      }
      return refs;
    },
    async status({ ref }, now) {
      const [found] = await db.select().from(payoutSandboxItems).where(eq(payoutSandboxItems.ref, ref));
      if (!found) return { status: 'failed', reason: 'Unknown payout item' };
      const age = now.getTime() - found.sentAt.getTime();
      if (age < settleAfterMs) return { status: 'processing' };
      const account = found.account.toLowerCase();
      if (account.includes('fail')) return { status: 'failed', reason: 'The receiving account refused the payment' };
      if (account.includes('hold')) {
        if (age < settleAfterMs + holdForMs) return { status: 'on_hold', reason: 'Held for review by the provider' };
        return { status: 'paid' };
      }
      return { status: 'paid' };
    },
  };
}
