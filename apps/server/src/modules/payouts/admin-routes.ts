// The admin's convert-credits payout table (/convert; spec 2, "Convert and payouts"): the list with
// filters, its CSV, bulk status moves and the payout. Permissions: platform/permissions.ts
// (reading needs backoffice.read, the moves payouts.write).
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { z } from 'zod';
import {
  convertListSchema,
  convertQuerySchema,
  convertResultSchema,
  convertUpdateSchema,
  payoutUpdateSchema,
} from '@parlance/shared';
import { staffMember } from '../../platform/permissions';
import { railsOverview } from '../../platform/payouts/rails';
import { bankFileCsv, bulkUpdate, convertCsvChunks, convertPage, pageSizeOf, payOut } from './admin-service';

const TAGS = ['Admin: payouts'];

export const convertAdminRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/api/2/admin/convert/requests',
    {
      config: { access: 'backoffice.read' },
      schema: {
        tags: TAGS,
        summary:
          "Every translator's payout (convert) request with the translator's figures and history; filters by status, method, target-date range and e-mail or id; pages of 50, 200, 300, 500 or all",
        querystring: convertQuerySchema,
        response: { 200: convertListSchema },
      },
    },
    async (request) => {
      const { rows, totalCount } = await convertPage(deps.db, request.query);
      return {
        data: rows,
        totalCount,
        perPage: pageSizeOf(request.query),
        page: request.query.page,
        rails: railsOverview(deps.payoutProvider),
      };
    },
  );

  app.get(
    '/api/2/admin/convert/requests/downloads/csv',
    {
      config: { access: 'backoffice.read', produces: ['text/csv'] },
      schema: {
        tags: TAGS,
        summary: 'The requests the filters match, as a CSV file (the name is in Content-Disposition)',
        querystring: convertQuerySchema,
      },
    },
    async (request, reply) => {
      const today = deps.clock.now().toISOString().slice(0, 10);
      const range =
        request.query.from || request.query.to ? `${request.query.from ?? ''}_${request.query.to ?? ''}` : today;
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="convert-requests-${range}.csv"`)
          .header('cache-control', 'private, no-store')
          // streamed in batches (admin-service.ts convertCsvChunks): no cap, flat memory
          .send(Readable.from(convertCsvChunks(deps.db, request.query)))
      );
    },
  );

  app.get(
    '/api/2/admin/convert/requests/downloads/bank-file',
    {
      config: { access: 'backoffice.read', produces: ['text/csv'] },
      schema: {
        tags: TAGS,
        summary:
          'The bank wires sent and not yet settled (processing), as a CSV payment file for the bank: reference, beneficiary, IBAN, amount in USD; finance marks each paid once the bank has sent it',
      },
    },
    async (_request, reply) => {
      const today = deps.clock.now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="bank-wires-${today}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(await bankFileCsv(deps.db));
    },
  );

  app.post(
    '/api/2/admin/creditsConvert/updateConversion',
    {
      config: { access: 'payouts.write' },
      schema: {
        tags: TAGS,
        summary:
          'Set a status on the selected requests (req[] ids, status rejected, on_hold, paid or failed), each where the payout state machine allows it; credits return on rejected and failed',
        body: convertUpdateSchema,
        response: { 200: convertResultSchema },
      },
    },
    async (request) => {
      const realUser = staffMember(request);
      const result = await bulkUpdate(
        deps,
        { ids: request.body.req, status: request.body.status, remark: request.body.remark },
        { id: realUser.id, ip: request.ip },
        deps.clock.now(),
      );
      if (result.updated.length) deps.bus.notify();
      return result;
    },
  );

  app.post(
    '/adminService/payout_update',
    {
      config: { access: 'payouts.write' },
      schema: {
        tags: TAGS,
        summary:
          'Pay out the selected pending requests: sends them to the payout provider (pending -> processing); the body carries the typed confirmation word "payout"',
        body: payoutUpdateSchema,
        response: { 200: convertResultSchema.extend({ amount: z.string() }) },
      },
    },
    async (request) => {
      const realUser = staffMember(request);
      const result = await payOut(
        deps.db,
        deps.payoutProvider,
        request.body.reqs,
        { id: realUser.id, ip: request.ip },
        deps.clock.now(),
      );
      deps.bus.notify();
      return result;
    },
  );
};
