import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { billingInfo, invoices, users } from '../../db/schema';

export interface InvoiceLine {
  description: string;
  quantity: number;
  unitCredits: number;
  totalCredits: number;
}

export interface CreateInvoiceInput {
  userId: number;
  kind: 'order' | 'credits';
  lines: InvoiceLine[];
  subtotalCredits: number;
  discountCredits: number;
  vatCredits: number;
  totalCredits: number;
  ledgerTransactionId: number | null;
  /** the invoice date (tests move it); default now */
  now?: Date;
}

export type Invoice = typeof invoices.$inferSelect;

/** PAR-<year>-<6 digits>: the year of issue and the sequence value, zero-padded. */
export function formatInvoiceNumber(year: number, sequence: number): string {
  return `PAR-${year}-${String(sequence).padStart(6, '0')}`;
}

/**
 * The billing details as they are now, copied onto the invoice (a later change of the customer's
 * details does not rewrite an issued invoice). Without billing info: the account's name, e-mail
 * and country.
 */
export async function billingSnapshot(db: Db | Tx, userId: number): Promise<Record<string, string | null>> {
  const [user] = await db
    .select({ name: users.name, email: users.email, country: users.country })
    .from(users)
    .where(eq(users.id, userId));
  const [info] = await db.select().from(billingInfo).where(eq(billingInfo.userId, userId));
  return {
    name: user?.name ?? null,
    email: user?.email ?? null,
    firstName: info?.firstName ?? '',
    lastName: info?.lastName ?? '',
    company: info?.company ?? '',
    vatId: info?.vatId ?? '',
    address: info?.address ?? '',
    city: info?.city ?? '',
    zipCode: info?.zipCode ?? '',
    country: info?.country ?? user?.country ?? null,
    phone: info?.phone ?? '',
  };
}

function checkTotals(input: CreateInvoiceInput): void {
  const amounts = [input.subtotalCredits, input.discountCredits, input.vatCredits, input.totalCredits];
  if (!amounts.every((n) => Number.isSafeInteger(n) && n >= 0)) {
    throw new Error('invoice amounts are non-negative integer credits');
  }
  if (input.subtotalCredits - input.discountCredits + input.vatCredits !== input.totalCredits) {
    throw new Error('invoice total must equal subtotal - discount + VAT');
  }
  const linesSum = input.lines.reduce((sum, line) => sum + line.totalCredits, 0);
  if (input.lines.length === 0 || linesSum !== input.subtotalCredits) {
    throw new Error('invoice lines must sum to the subtotal');
  }
}

/**
 * Issues a numbered invoice inside the caller's transaction (the payment that it documents commits
 * with it or not at all). Numbers come from invoice_number_seq: unique, increasing, not gapless
 * (a rolled-back payment skips a number).
 */
export async function createInvoice(tx: Db | Tx, input: CreateInvoiceInput): Promise<Invoice> {
  checkTotals(input);
  const now = input.now ?? new Date();
  // both drivers answer { rows }
  const seq = (await tx.execute(sql`SELECT nextval('invoice_number_seq')::text AS n`)) as unknown as {
    rows: { n: string }[];
  };
  const sequence = Number(seq.rows[0]?.n);
  const billing = await billingSnapshot(tx, input.userId);
  const [row] = await tx
    .insert(invoices)
    .values({
      number: formatInvoiceNumber(now.getUTCFullYear(), sequence),
      userId: input.userId,
      kind: input.kind,
      lines: input.lines,
      subtotalCredits: input.subtotalCredits,
      discountCredits: input.discountCredits,
      vatCredits: input.vatCredits,
      totalCredits: input.totalCredits,
      billing,
      ledgerTransactionId: input.ledgerTransactionId,
      createdAt: now,
    })
    .returning();
  return row;
}
