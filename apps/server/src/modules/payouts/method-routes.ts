// A translator's payout methods (/balance, "Payout methods"): add or replace the account of a method,
// remove one; the Payoneer payee's status for its owner (and staff), its unlink, and the admin's
// status change with the list of payees waiting for it (/convert).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import {
  PAYEE_STATUS_LABELS,
  PAYEE_STATUSES,
  PAYOUT_METHOD_LABELS,
  PAYOUT_METHOD_TEXTS,
  PAYOUT_METHODS,
  type PayoutMethod,
  payeeRowSchema,
  payeeStatusChangeSchema,
  payeeStatusSchema,
  payoutMethodInputSchema,
  payoutMethodSchema,
  dbIdSchema,
} from '@parlance/shared';
import type { Db, Tx } from '../../db/client';
import { payoutMethods, payoutRequests, users } from '../../db/schema';
import { audit } from '../../platform/audit';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { requireUser } from '../../platform/guards';
import { staffMember } from '../../platform/permissions';
import { writeUserMessage } from '../../platform/messages';
import { holds, realPerson } from '../../platform/permissions';

const TAGS = ['Payouts'];
const ADMIN_TAGS = ['Admin: payouts'];
const userParams = z.object({ id: dbIdSchema });

function translatorOf(request: FastifyRequest) {
  const { user } = requireUser(request);
  if (user.type !== 'translator') throw forbidden('Only translators have payout methods');
  return user;
}

/** The user {id} itself, or staff reading it; anyone else: 404. */
function ownerOrStaff(request: FastifyRequest, id: number): { actorId: number; own: boolean } {
  const auth = requireUser(request);
  if (auth.user.id === id) return { actorId: auth.user.id, own: true };
  if (!holds(auth, 'backoffice.read')) throw notFound();
  return { actorId: realPerson(auth).id, own: false };
}

/** Refuses removing a method while a payout by it is still on its way (its account is on the request). */
async function refuseWhileInUse(tx: Db | Tx, userId: number, method: PayoutMethod): Promise<void> {
  const [busy] = await tx
    .select({ id: payoutRequests.id })
    .from(payoutRequests)
    .where(
      and(
        eq(payoutRequests.userId, userId),
        eq(payoutRequests.method, method),
        inArray(payoutRequests.status, ['pending', 'processing', 'on_hold']),
      ),
    )
    .limit(1);
  if (busy) throw new AppError(409, PAYOUT_METHOD_TEXTS.inUse);
}

export const payoutMethodRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.post(
    '/api/2/account/convert/methods',
    {
      config: { access: 'translator' },
      schema: {
        tags: TAGS,
        summary:
          'Add or replace the account of one payout method (PayPal e-mail, Payoneer e-mail, IBAN for bank wire); a Payoneer payee waits for approval',
        body: payoutMethodInputSchema,
        response: { 200: payoutMethodSchema },
      },
    },
    async (request) => {
      const user = translatorOf(request);
      const now = deps.clock.now();
      const { method } = request.body;
      const account = method === 'wire' ? request.body.account.replace(/\s+/g, '').toUpperCase() : request.body.account;
      const status = method === 'payoneer' ? ('pending' as const) : ('active' as const);
      const [row] = await deps.db
        .insert(payoutMethods)
        .values({ userId: user.id, method, account, status, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [payoutMethods.userId, payoutMethods.method],
          set: { account, status, updatedAt: now },
        })
        .returning();
      return { method: row.method, account: row.account, status: row.status };
    },
  );

  app.delete(
    '/api/2/account/convert/methods/:method',
    {
      config: { access: 'translator' },
      schema: {
        tags: TAGS,
        summary: 'Remove a payout method (refused while a payout by it is still on its way)',
        params: z.object({
          method: z.enum(PAYOUT_METHODS, { message: 'The method is one of paypal, payoneer, wire' }),
        }),
        response: { 200: z.object({ removed: z.enum(PAYOUT_METHODS) }) },
      },
    },
    async (request) => {
      const user = translatorOf(request);
      const { method } = request.params;
      await deps.db.transaction(async (tx) => {
        await refuseWhileInUse(tx, user.id, method);
        const gone = await tx
          .delete(payoutMethods)
          .where(and(eq(payoutMethods.userId, user.id), eq(payoutMethods.method, method)))
          .returning({ id: payoutMethods.id });
        if (gone.length === 0) throw notFound(PAYOUT_METHOD_TEXTS.notFound);
      });
      return { removed: method };
    },
  );

  app.get(
    '/api/2/account/:id/payee/status',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: "The user's Payoneer payee: active, pending (waiting for approval), declined or none",
        params: userParams,
        response: { 200: payeeStatusSchema },
      },
    },
    async (request) => {
      ownerOrStaff(request, request.params.id);
      const [row] = await deps.db
        .select({ status: payoutMethods.status, account: payoutMethods.account })
        .from(payoutMethods)
        .where(and(eq(payoutMethods.userId, request.params.id), eq(payoutMethods.method, 'payoneer')));
      return row ?? { status: 'none' as const, account: null };
    },
  );

  app.delete(
    '/api/2/account/:id/payee/unlink',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: 'Unlink the Payoneer payee (its owner; refused while a Payoneer payout is on its way)',
        params: userParams,
        response: { 200: payeeStatusSchema },
      },
    },
    async (request) => {
      const { own } = ownerOrStaff(request, request.params.id);
      if (!own) throw forbidden('Only the payee unlinks their Payoneer account');
      await deps.db.transaction(async (tx) => {
        await refuseWhileInUse(tx, request.params.id, 'payoneer');
        const gone = await tx
          .delete(payoutMethods)
          .where(and(eq(payoutMethods.userId, request.params.id), eq(payoutMethods.method, 'payoneer')))
          .returning({ id: payoutMethods.id });
        if (gone.length === 0) throw notFound(PAYOUT_METHOD_TEXTS.notFound);
      });
      return { status: 'none' as const, account: null };
    },
  );

  app.post(
    '/api/2/admin/payoneer/translator/:id/change-status',
    {
      config: { access: 'payouts.write' },
      schema: {
        tags: ADMIN_TAGS,
        summary: "Set a translator's Payoneer payee status (active, pending or declined); the translator is told",
        params: userParams,
        body: payeeStatusChangeSchema,
        response: { 200: payeeStatusSchema },
      },
    },
    async (request) => {
      const realUser = staffMember(request);
      const now = deps.clock.now();
      const { status, remark } = request.body;
      return deps.db.transaction(async (tx) => {
        const [row] = await tx
          .update(payoutMethods)
          .set({ status, updatedAt: now })
          .where(and(eq(payoutMethods.userId, request.params.id), eq(payoutMethods.method, 'payoneer')))
          .returning();
        if (!row) throw notFound('This translator has no Payoneer account on file');
        await audit(tx, {
          actorId: realUser.id,
          action: 'payee.status',
          targetType: 'user',
          targetId: request.params.id,
          details: { method: 'payoneer', status, remark: remark ?? null },
          ip: request.ip,
        });
        await writeUserMessage(tx, {
          userId: request.params.id,
          type: 'payout',
          subject: `${PAYOUT_METHOD_LABELS.payoneer}: ${PAYEE_STATUS_LABELS[status].toLowerCase()}`,
          body:
            (status === 'active'
              ? 'Your Payoneer account is approved: you can request payouts to it.'
              : status === 'declined'
                ? 'Your Payoneer account was declined: add another payout method or contact support.'
                : 'Your Payoneer account is waiting for approval again.') + (remark ? ` ${remark}` : ''),
          link: '/balance',
          now,
        });
        return { status: row.status, account: row.account };
      });
    },
  );

  app.get(
    '/api/2/admin/payoneer/payees',
    {
      config: { access: 'backoffice.read' },
      schema: {
        tags: ADMIN_TAGS,
        summary: 'Payoneer payees of one status (default: waiting for approval), oldest first, at most 100',
        querystring: z.object({ status: z.enum(PAYEE_STATUSES).default('pending') }),
        response: { 200: z.object({ data: z.array(payeeRowSchema) }) },
      },
    },
    async (request) => {
      const rows = await deps.db
        .select({
          userId: payoutMethods.userId,
          name: users.name,
          email: users.email,
          account: payoutMethods.account,
          status: payoutMethods.status,
          updatedAt: payoutMethods.updatedAt,
        })
        .from(payoutMethods)
        .innerJoin(users, eq(users.id, payoutMethods.userId))
        .where(and(eq(payoutMethods.method, 'payoneer'), eq(payoutMethods.status, request.query.status)))
        .orderBy(asc(payoutMethods.updatedAt), asc(payoutMethods.id))
        .limit(100);
      return { data: rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })) };
    },
  );
};
