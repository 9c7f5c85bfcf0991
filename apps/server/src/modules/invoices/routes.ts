// Invoices, receipts and credit notes (ADR 0047): the list and the PDF of each, for its owner or an admin.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoiceSummarySchema } from '@parlance/shared';
import { notFound } from '../../platform/errors';
import { requireUser } from '../../platform/guards';
import { renderInvoicePdf } from './invoice-pdf';
import { authorize } from '../../platform/permissions';
import './policy';
import { presentInvoiceSummary } from './present';
import { correctedNumbers, findInvoice, invoicePage } from './service';

const TAGS = ['Invoices'];

export const invoiceRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/api/2/account/invoices',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: "The signed-in user's invoices, receipts and credit notes, newest first",
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: { 200: z.object({ data: z.array(invoiceSummarySchema), totalCount: z.number().int() }) },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      const { rows, totalCount } = await invoicePage(deps.db, user.id, request.query.page, request.query.pageSize);
      const corrected = await correctedNumbers(deps.db, rows);
      return { data: rows.map((row) => presentInvoiceSummary(row, corrected)), totalCount };
    },
  );

  app.get(
    '/api/2/account/invoice/:id',
    {
      config: { access: 'user', produces: ['application/pdf'] },
      schema: {
        tags: TAGS,
        summary: 'The invoice, receipt or credit note as a PDF (its owner or an admin)',
        params: z.object({ id: z.coerce.number().int().positive() }),
      },
    },
    async (request, reply) => {
      const auth = requireUser(request);
      const invoice = await findInvoice(deps.db, request.params.id);
      if (!invoice) throw notFound('Invoice not found');
      authorize(auth, 'invoice.read', invoice);
      const corrected = await correctedNumbers(deps.db, [invoice]);
      const correctedNumber =
        invoice.correctsInvoiceId === null ? null : (corrected.get(invoice.correctsInvoiceId) ?? null);
      const pdf = await renderInvoicePdf(invoice, deps.config.seller, correctedNumber);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${invoice.number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
