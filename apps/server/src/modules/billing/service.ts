import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { billingInfoInputSchema } from '@parlance/shared';
import type { Db } from '../../db/client';
import { billingInfo, countries, users } from '../../db/schema';
import { badRequest, notFound } from '../../platform/errors';

export type BillingInput = z.infer<typeof billingInfoInputSchema>;
export type BillingRow = typeof billingInfo.$inferSelect;

async function requireAccount(db: Db, userId: number): Promise<void> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!row) throw notFound();
}

export async function getBillingInfo(db: Db, userId: number): Promise<BillingRow | undefined> {
  await requireAccount(db, userId);
  const [row] = await db.select().from(billingInfo).where(eq(billingInfo.userId, userId));
  return row;
}

/** Saves the billing details (all fields at once); the country must be one of the countries list. */
export async function saveBillingInfo(db: Db, userId: number, input: BillingInput, now: Date): Promise<BillingRow> {
  await requireAccount(db, userId);
  const [country] = await db.select().from(countries).where(eq(countries.code, input.Country));
  if (!country) throw badRequest('Choose a country from the list', { Country: 'Choose a country from the list' });
  const values = {
    firstName: input.firstName,
    lastName: input.lastName,
    vatId: input.vat_id,
    zipCode: input.zipCode,
    phone: input.phone,
    country: country.code,
    company: input.Company,
    address: input.address,
    city: input.city,
    updatedAt: now,
  };
  const [row] = await db
    .insert(billingInfo)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: billingInfo.userId, set: values })
    .returning();
  return row;
}
