import type { z } from 'zod';
import type { invoiceSummarySchema } from '@parlance/shared';
import type { Invoice } from './create-invoice';

export function presentInvoiceSummary(invoice: Invoice): z.infer<typeof invoiceSummarySchema> {
  return {
    id: invoice.id,
    number: invoice.number,
    kind: invoice.kind,
    date: invoice.createdAt.toISOString(),
    subtotalCredits: invoice.subtotalCredits,
    discountCredits: invoice.discountCredits,
    vatCredits: invoice.vatCredits,
    totalCredits: invoice.totalCredits,
  };
}
