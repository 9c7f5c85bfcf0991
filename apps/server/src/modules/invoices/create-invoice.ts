import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { billingInfo, documentCounters, invoices, users } from '../../db/schema';

export interface InvoiceLine {
  description: string;
  quantity: number;
  unitCredits: number;
  totalCredits: number;
}

export type DocumentType = 'invoice' | 'receipt' | 'credit_note';

export interface CreateInvoiceInput {
  userId: number;
  kind: 'order' | 'credits';
  /** default: an invoice for an order, a receipt for credits */
  documentType?: DocumentType;
  lines: InvoiceLine[];
  subtotalCredits: number;
  discountCredits: number;
  vatCredits: number;
  totalCredits: number;
  ledgerTransactionId: number | null;
  /** a credit note: the invoice it corrects and the refunded project */
  correctsInvoiceId?: number | null;
  projectId?: number | null;
  /** the document date (tests move it); default now */
  now?: Date;
}

export type Invoice = typeof invoices.$inferSelect;

/** The first part of each series' numbers. */
export const SERIES_PREFIX: Record<DocumentType, string> = { invoice: 'PAR', receipt: 'RCT', credit_note: 'CN' };

/** <prefix>-<year>-<6 digits>: the year of issue and the place in that year's series, zero-padded. */
export function formatDocumentNumber(prefix: string, year: number, sequence: number): string {
  return `${prefix}-${year}-${String(sequence).padStart(6, '0')}`;
}

/**
 * The next number of a series, inside the issuing transaction: the counter row stays locked until
 * that transaction ends, so concurrent issuers queue and a rolled-back one gives its number back
 * (gap-free). The date is never earlier than the series' last one, so numbers run in date order.
 */
export async function nextDocumentNumber(
  tx: Db | Tx,
  type: DocumentType,
  now: Date,
): Promise<{ number: string; issuedAt: Date }> {
  const prefix = SERIES_PREFIX[type];
  const series = `${prefix}-${now.getUTCFullYear()}`;
  const [row] = await tx
    .insert(documentCounters)
    .values({ series, lastNumber: 1, lastIssuedAt: now })
    .onConflictDoUpdate({
      target: documentCounters.series,
      set: {
        lastNumber: sql`${documentCounters.lastNumber} + 1`,
        lastIssuedAt: sql`greatest(${documentCounters.lastIssuedAt}, excluded.last_issued_at)`,
      },
    })
    .returning();
  return {
    number: formatDocumentNumber(prefix, now.getUTCFullYear(), row.lastNumber),
    issuedAt: new Date(Math.max(now.getTime(), row.lastIssuedAt.getTime())),
  };
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
 * Issues a numbered invoice, receipt or credit note inside the caller's transaction (the payment or
 * refund that it documents commits with it or not at all), numbered by nextDocumentNumber.
 */
export async function createInvoice(tx: Db | Tx, input: CreateInvoiceInput): Promise<Invoice> {
  checkTotals(input);
  const documentType = input.documentType ?? (input.kind === 'credits' ? 'receipt' : 'invoice');
  const { number, issuedAt } = await nextDocumentNumber(tx, documentType, input.now ?? new Date());
  const billing = await billingSnapshot(tx, input.userId);
  const [row] = await tx
    .insert(invoices)
    .values({
      number,
      documentType,
      correctsInvoiceId: input.correctsInvoiceId ?? null,
      projectId: input.projectId ?? null,
      userId: input.userId,
      kind: input.kind,
      lines: input.lines,
      subtotalCredits: input.subtotalCredits,
      discountCredits: input.discountCredits,
      vatCredits: input.vatCredits,
      totalCredits: input.totalCredits,
      billing,
      ledgerTransactionId: input.ledgerTransactionId,
      createdAt: issuedAt,
    })
    .returning();
  return row;
}
