import type { z } from 'zod';
import type { invoiceSummarySchema } from '@parlance/shared';
import type { Invoice } from './create-invoice';

export function presentInvoiceSummary(
  invoice: Invoice,
  corrected: Map<number, string>,
): z.infer<typeof invoiceSummarySchema> {
  return {
    id: invoice.id,
    number: invoice.number,
    type: invoice.documentType,
    kind: invoice.kind,
    date: invoice.createdAt.toISOString(),
    subtotalCredits: invoice.subtotalCredits,
    discountCredits: invoice.discountCredits,
    vatCredits: invoice.vatCredits,
    totalCredits: invoice.totalCredits,
    correctsInvoice:
      invoice.correctsInvoiceId === null
        ? null
        : { id: invoice.correctsInvoiceId, number: corrected.get(invoice.correctsInvoiceId) ?? '' },
  };
}
