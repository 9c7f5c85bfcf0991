import { alias } from 'drizzle-orm/pg-core';
import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoices } from '../../db/schema';
import type { Invoice } from './create-invoice';

export async function findInvoice(db: Db, id: number): Promise<Invoice | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

/** The numbers of the invoices some credit notes correct, by id. */
export async function correctedNumbers(db: Db, rows: Invoice[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.map((r) => r.correctsInvoiceId).filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  const corrected = alias(invoices, 'corrected');
  const found = await db
    .select({ id: corrected.id, number: corrected.number })
    .from(corrected)
    .where(inArray(corrected.id, ids));
  return new Map(found.map((r) => [r.id, r.number]));
}

/** A customer's invoices, receipts and credit notes, newest first. */
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
