// Payouts of the signed-in translator (/balance): request, list, cancel, and the self-billing invoice.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  dbIdSchema,
  PAYOUT_CONFIG,
  type Payout,
  payoutListSchema,
  payoutRequestSchema,
  payoutSchema,
} from '@parlance/shared';
import { idempotencyKeyOf } from '../../platform/idempotency-key';
import { payoutMethods, payoutRequests, users } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { requireUser } from '../../platform/guards';
import { balanceOfOwner } from '../../platform/ledger';
import { transactOnce } from '../../platform/transaction';
import { railsOverview } from '../../platform/payouts/rails';
import { renderSelfBillingPdf, selfBillingNumber } from './self-billing-pdf';
import { cancelPayout, historyOf, listOwnPayouts, type PayoutRow, requestPayout } from './service';

const TAGS = ['Payouts'];

type HistoryRow = Awaited<ReturnType<typeof listOwnPayouts>>['history'][number];

function present(row: PayoutRow, history: HistoryRow[]): Payout {
  return {
    id: row.id,
    amount: row.amount,
    fee: row.fee,
    net: row.amount - row.fee,
    method: row.method,
    account: row.account,
    status: row.status,
    targetDate: row.targetDate.toISOString().slice(0, 10),
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    history: history
      .filter((h) => h.requestId === row.id)
      .map((h) => ({
        status: h.status,
        by: h.actorId === null ? 'system' : h.actorId === row.userId ? 'you' : 'admin',
        remark: h.remark,
        at: h.createdAt.toISOString(),
      })),
  };
}

/** Payouts are a translator's: a customer is refused (403), a guest 401. */
function translatorOf(request: FastifyRequest) {
  const { user } = requireUser(request);
  if (user.type !== 'translator') throw forbidden('Only translators request payouts');
  return user;
}

export const payoutRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/api/2/account/convert/requests',
    {
      config: { access: 'translator' },
      schema: {
        tags: TAGS,
        summary: "The signed-in translator's payout requests, newest first, with balances and methods on file",
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          limit: z.coerce.number().int().min(1).max(100).default(10),
        }),
        response: { 200: payoutListSchema },
      },
    },
    async (request) => {
      const user = translatorOf(request);
      const found = await listOwnPayouts(deps.db, user.id, request.query.page, request.query.limit);
      const methods = await deps.db
        .select({ method: payoutMethods.method, account: payoutMethods.account, status: payoutMethods.status })
        .from(payoutMethods)
        .where(eq(payoutMethods.userId, user.id));
      return {
        data: found.rows.map((r) => present(r, found.history)),
        totalCount: found.totalCount,
        available: await balanceOfOwner(deps.db, user.id, 'translator_available'),
        pending: await balanceOfOwner(deps.db, user.id, 'translator_payout_pending'),
        minimum: PAYOUT_CONFIG.minimumCredits,
        methods,
        rails: railsOverview(deps.payoutProvider),
      };
    },
  );

  app.post(
    '/api/2/account/convert/request',
    {
      config: { access: 'translator' },
      schema: {
        tags: TAGS,
        summary:
          'Request a payout of available credits by a method on file (amount in credits, method; Idempotency-Key header required: a retry answers the first answer and moves nothing)',
        body: payoutRequestSchema,
        response: { 200: payoutSchema.extend({ replayed: z.boolean() }) },
      },
    },
    async (request, reply) => {
      const user = translatorOf(request);
      const key = idempotencyKeyOf(request, { required: true }) as string;
      const now = deps.clock.now();
      const call = { method: 'POST', path: '/api/2/account/convert/request', body: request.body };
      const result = await transactOnce(deps, { userId: user.id, key, request: call, now }, async (tx) => {
        const row = await requestPayout(tx, user.id, request.body, now, deps.payoutProvider);
        const history = [
          { id: 0, requestId: row.id, status: 'pending' as const, actorId: user.id, remark: null, createdAt: now },
        ];
        return { body: present(row, history), mails: [] };
      });
      reply.header('idempotent-replayed', String(result.replayed));
      return { ...(result.body as Payout), replayed: result.replayed };
    },
  );

  app.post(
    '/api/2/account/convert/requests/:id/cancel',
    {
      config: { access: 'translator' },
      schema: {
        tags: TAGS,
        summary: 'Cancel an own pending payout request: the credits come back to available',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: payoutSchema },
      },
    },
    async (request) => {
      const user = translatorOf(request);
      const now = deps.clock.now();
      const row = await deps.db.transaction((tx) => cancelPayout(tx, user.id, request.params.id, now));
      deps.bus.notify();
      return present(row, await historyOf(deps.db, row.id));
    },
  );

  // spec 2 section 7: POST /api/2/account/{uuid}/payout/update (form: uuid, id, status=cancelled), the
  // translator's own cancel from the dashboard's converted list. {uuid} is the account (the user id, as in
  // the other /api/2/account/{id} calls; another account's is 404); `id` the payout request; `uuid` its
  // uuid as the dashboard lists it (payout-{id}), checked against `id` when sent.
  app.post(
    '/api/2/account/:uuid/payout/update',
    {
      config: { access: 'translator' },
      schema: {
        tags: TAGS,
        summary: 'Cancel an own pending payout request (form: uuid, id, status=cancelled); the credits come back',
        params: z.object({ uuid: z.string().trim().min(1).max(64) }),
        body: z.object({
          id: dbIdSchema,
          uuid: z.string().trim().max(64).optional(),
          status: z.literal('cancelled', { error: 'Only status=cancelled is accepted' }),
        }),
        response: { 200: payoutSchema },
      },
    },
    async (request) => {
      const user = translatorOf(request);
      if (request.params.uuid !== String(user.id)) throw notFound();
      const { id, uuid } = request.body;
      if (uuid && uuid !== `payout-${id}` && uuid !== String(id)) throw notFound();
      const now = deps.clock.now();
      const row = await deps.db.transaction((tx) => cancelPayout(tx, user.id, id, now));
      deps.bus.notify();
      return present(row, await historyOf(deps.db, row.id));
    },
  );

  app.get(
    '/api/2/account/convert/invoice/:id',
    {
      config: { access: 'translator', produces: ['application/pdf'] },
      schema: {
        tags: TAGS,
        summary: 'The self-billing invoice of an own paid payout, as a PDF',
        params: z.object({ id: z.coerce.number().int().positive() }),
      },
    },
    async (request, reply) => {
      const user = translatorOf(request);
      const [row] = await deps.db
        .select()
        .from(payoutRequests)
        .where(and(eq(payoutRequests.id, request.params.id), eq(payoutRequests.userId, user.id)));
      if (!row) throw notFound('Payout not found');
      if (row.status !== 'paid') throw badRequest('Only a paid payout has a self-billing invoice');
      const [payee] = await deps.db
        .select({ name: users.name, email: users.email })
        .from(users)
        .where(eq(users.id, user.id));
      const pdf = await renderSelfBillingPdf(row, { name: payee?.name ?? '', email: payee?.email ?? '' });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${selfBillingNumber(row)}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
