import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { purchaseOrders } from '../../db/schema';
import { getOrCreateAccount, platformAccount, postTransaction } from '../../platform/ledger';

// Helpers for the cart, invoice and billing tests: orders put straight into a cart, credits given.

export interface TestOrder {
  targets?: string[];
  words?: number;
  source?: string;
  expertise?: string;
  name?: string;
  needProofreading?: boolean;
  certificate?: boolean;
}

/** An order in the customer's cart (as the wizard's finalize would leave it); answers its poid. */
export async function addCartOrder(db: Db, customerId: number, order: TestOrder = {}): Promise<string> {
  const key = randomBytes(16).toString('hex');
  await db.insert(purchaseOrders).values({
    key,
    customerId,
    status: 'cart',
    name: order.name ?? 'Test order',
    sourceLanguage: order.source ?? 'american-english',
    targetLanguages: order.targets ?? ['spanish'],
    expertise: order.expertise ?? 'general',
    wordCount: order.words ?? 1000,
    needProofreading: order.needProofreading ?? false,
    certificate: order.certificate ?? false,
  });
  return key;
}

let grants = 0;
/** Gives a customer credits (a grant from the promotions account). */
export async function giveCredits(db: Db, userId: number, credits: number): Promise<void> {
  grants += 1;
  await postTransaction(db, {
    kind: 'grant',
    description: 'Test credits',
    idempotencyKey: `test-grant:${userId}:${grants}:${Date.now()}`,
    entries: [
      { account: await getOrCreateAccount(db, userId, 'customer_credits'), amount: credits },
      { account: await platformAccount(db, 'platform_promotions'), amount: -credits },
    ],
  });
}

/** A multipart/form-data body of text fields, as the browser's FormData sends it. */
export function multipart(fields: Record<string, string | string[]>): {
  payload: string;
  headers: Record<string, string>;
} {
  const boundary = `----parlance${randomBytes(8).toString('hex')}`;
  const parts: string[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`);
    }
  }
  parts.push(`--${boundary}--\r\n`);
  return { payload: parts.join(''), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
