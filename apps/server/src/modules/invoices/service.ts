import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoices } from '../../db/schema';
import type { Invoice } from './create-invoice';

export async function findInvoice(db: Db, id: number): Promise<Invoice | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

/** A customer's invoices, newest first. */
export async function invoicePage(
  db: Db,
  userId: number,
  page: number,
  pageSize: number,
): Promise<{ rows: Invoice[]; totalCount: number }> {
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(invoices).where(eq(invoices.userId, userId));
  return { rows, totalCount: total?.n ?? 0 };
}
