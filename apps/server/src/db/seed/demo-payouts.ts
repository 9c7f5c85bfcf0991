import { eq } from 'drizzle-orm';
import { PAYOUT_CONFIG } from '@parlance/shared';
import type { Db } from '../client';
import { payoutMethods, users } from '../schema';
import { balanceOfOwner } from '../../platform/ledger';
import { createSandboxPayoutProvider } from '../../platform/payouts/sandbox';
import { pollProvider, requestPayout, sendToProvider } from '../../modules/payouts/service';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo translator's payouts: PayPal and bank wire on file, one payout paid through the sandbox
 * provider three weeks ago and one pending, when the demo earnings allow it (they leave at least
 * the minimum available, so a payout can still be requested on /balance).
 */
export async function seedPayoutsDemo(db: Db, translatorEmail: string, now: Date = new Date()): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, translatorEmail));
  if (!user) return;
  await db
    .insert(payoutMethods)
    .values([
      { userId: user.id, method: 'paypal', account: 'translator@parlance.test' },
      { userId: user.id, method: 'wire', account: 'DE89 3704 0044 0532 0130 00' },
    ])
    .onConflictDoNothing();
  const min = PAYOUT_CONFIG.minimumCredits;
  const available = await balanceOfOwner(db, user.id, 'translator_available');
  if (available < 3 * min) return;
  const paidAt = new Date(now.getTime() - 21 * DAY);
  const paid = await db.transaction((tx) =>
    requestPayout(tx, user.id, { amount: Math.floor(available / 3), method: 'paypal' }, paidAt),
  );
  const provider = createSandboxPayoutProvider(db, { settleAfterMs: 0 });
  await sendToProvider(db, provider, [paid.id], null, paidAt);
  await pollProvider(db, provider, paidAt, console);
  await db.transaction((tx) =>
    requestPayout(tx, user.id, { amount: min, method: 'paypal' }, new Date(now.getTime() - DAY)),
  );
}
