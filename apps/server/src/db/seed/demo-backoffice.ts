import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { users } from '../schema';
import { createCreditAction } from '../../modules/credit-actions/service';

// Demo data of the back office: credit actions on the demo customer by the finance admin,
// one of them monthly, so that /admin/{id} shows actions with child actions and the customer's
// statement shows them with their reasons.

export async function seedBackofficeDemo(
  db: Db,
  emails: { customerEmail: string; financeEmail: string; accountManagerEmail: string },
): Promise<void> {
  const [customer] = await db.select().from(users).where(eq(users.email, emails.customerEmail));
  const [finance] = await db.select().from(users).where(eq(users.email, emails.financeEmail));
  const [manager] = await db.select().from(users).where(eq(users.email, emails.accountManagerEmail));
  if (!customer || !finance || !manager) return;
  await db.update(users).set({ accountManagerId: manager.id }).where(eq(users.type, 'customer'));
  const operator = { id: finance.id };
  const day = 24 * 3_600_000;
  const now = Date.now();
  await createCreditAction(
    db,
    customer,
    {
      uid: String(customer.id),
      type: 'addcredit',
      reason: 'Goodwill gesture',
      amount: 2_500,
      remarks: 'Sorry for the late delivery of project 12',
      recurrence: 'none',
    },
    operator,
    new Date(now - 20 * day),
  );
  await createCreditAction(
    db,
    customer,
    {
      uid: String(customer.id),
      type: 'buycredit',
      reason: 'Bank transfer received',
      amount: 10_000,
      remarks: 'Wire of March',
      recurrence: 'monthly',
    },
    operator,
    new Date(now - 10 * day),
  );
}
