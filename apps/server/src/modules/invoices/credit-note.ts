import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { invoices } from '../../db/schema';
import { createInvoice, type Invoice } from './create-invoice';

// A refund to the customer's credits corrects the invoice that charged for the project: a numbered
// credit note (series CN) names that invoice and the amounts given back (ADR 0047).

export interface RefundedProject {
  id: number;
  name: string;
  customerId: number;
  ledgerTransactionId: number | null;
}

/** The invoice that charged for a project: the one issued with the project's payment. */
async function invoiceOfProject(tx: Tx, project: RefundedProject): Promise<Invoice | undefined> {
  if (project.ledgerTransactionId === null) return undefined;
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.ledgerTransactionId, project.ledgerTransactionId), eq(invoices.documentType, 'invoice')));
  return row;
}

/** The credit note already issued for a project's refund, if any. */
export async function creditNoteOfProject(tx: Tx, projectId: number): Promise<Invoice | undefined> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.projectId, projectId), eq(invoices.documentType, 'credit_note')));
  return row;
}

/** Issues the credit note of a project's refund in the refund's transaction. */
export async function issueCreditNote(
  tx: Tx,
  project: RefundedProject,
  amounts: { priceCredits: number; vatCredits: number },
  refundTransactionId: number,
  now?: Date,
): Promise<Invoice> {
  const corrected = await invoiceOfProject(tx, project);
  const description = corrected
    ? `Refund of project ${project.id} "${project.name}" (invoice ${corrected.number})`
    : `Refund of project ${project.id} "${project.name}"`;
  return createInvoice(tx, {
    userId: project.customerId,
    kind: 'order',
    documentType: 'credit_note',
    lines: [{ description, quantity: 1, unitCredits: amounts.priceCredits, totalCredits: amounts.priceCredits }],
    subtotalCredits: amounts.priceCredits,
    discountCredits: 0,
    vatCredits: amounts.vatCredits,
    totalCredits: amounts.priceCredits + amounts.vatCredits,
    ledgerTransactionId: refundTransactionId,
    correctsInvoiceId: corrected?.id ?? null,
    projectId: project.id,
    now,
  });
}
