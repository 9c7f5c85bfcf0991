// Payments: buying credits by card (sandbox processor's hosted page), saved card and wire transfer.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyKeyOf } from '../../platform/idempotency-key';
import {
  adminPaymentSchema,
  adminPaymentsQuerySchema,
  creditsToUsd,
  paymentSchema,
  recurringPaymentBodySchema,
  savedCardSchema,
  vendorUrlQuerySchema,
  vendorUrlResultSchema,
  wireTransferBodySchema,
  wireTransferResultSchema,
} from '@parlance/shared';
import { requireUser } from '../../platform/guards';
import { staffMember } from '../../platform/permissions';
import { SandboxProvider, StripeProvider } from '../../platform/payments';
import { sha256 } from '../../platform/crypto';
import { clientAlertMails } from '../../platform/client-alerts';
import { afterCommit } from '../../platform/transaction';
import { adminPaymentsPage, cancelPaymentByAdmin, markWireReceived, paymentOwner } from './admin';
import { checkoutRoutes } from './checkout-routes';
import { stripeWebhookRoutes } from './stripe-webhook-routes';
import { returnBase } from '../../platform/our-origins';
import { presentAdminPayment, presentPayment, presentSavedCard } from './present';
import { deleteSavedCard, listSavedCards, requireOwnSavedCard } from './saved-cards';
import {
  applyWireTransfer,
  executeRecurringPayment,
  requireOwnPayment,
  startCardCheckout,
  WIRE_BANK_DETAILS,
} from './service';
import type { PaymentRow } from './settle';

const TAGS = ['Payments'];
const ADMIN_TAGS = ['Admin payments'];
const keyParams = z.object({ key: z.string().min(1).max(100) });
const errorSchema = z.object({ status: z.literal('ERROR'), message: z.string() });

export const paymentRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  // the card processor; the sandbox serves its hosted pages from this server (only while it is the
  // processor: with Stripe connected, a test card must not buy credits)
  const provider = deps.cardProcessor;
  if (provider instanceof SandboxProvider) await app.register(checkoutRoutes(provider));
  await app.register(stripeWebhookRoutes);

  app.get(
    '/api/2/cart/vendorurl',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: "The card processor's hosted checkout page for a purchase-credits quote (pqid)",
        description:
          "Creates the quote's payment once per user and quote. 400: the pqid is tampered or expired; 403: the quote belongs to another account.",
        querystring: vendorUrlQuerySchema,
        response: { 200: z.object({ results: vendorUrlResultSchema }) },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      const base = returnBase(request, deps.config);
      const { payment, url } = await startCardCheckout(deps, provider, user, request.query.pqid, base);
      return { results: { url, payment: payment.key } };
    },
  );

  app.get(
    '/api/2/payments/:key',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: 'A payment of the signed-in user (status, amounts, invoice); /payment/thankyou/ reads it',
        params: keyParams,
        response: { 200: z.object({ results: paymentSchema }) },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      return { results: presentPayment(await requireOwnPayment(deps.db, request.params.key, user)) };
    },
  );

  app.get(
    '/api/2/account/cards',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: "The signed-in user's saved cards (brand, last four digits, expiry)",
        response: { 200: z.object({ results: z.array(savedCardSchema) }) },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      const cards = await listSavedCards(deps.db, user.id);
      // only the active processor's cards can be charged, so only they are offered
      return { results: cards.filter((c) => c.provider === provider.name).map(presentSavedCard) };
    },
  );

  app.delete(
    '/api/2/account/cards/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: 'Forget a saved card',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: z.object({ results: z.object({ id: z.number() }) }) },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      const card = await requireOwnSavedCard(deps.db, user.id, request.params.id);
      await deleteSavedCard(deps.db, user.id, request.params.id);
      // Stripe keeps the card on its customer: detach it there too (a failure leaves it unusable to us)
      if (card.provider === 'stripe' && provider instanceof StripeProvider) {
        await provider.forgetCard(card.providerToken).catch((err: unknown) => {
          request.log.warn({ err, card: card.id }, 'stripe payment method not detached');
        });
      }
      return { results: { id: request.params.id } };
    },
  );

  app.post(
    '/ajax/cart/executeRecurringPayment',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary:
          'Buy the credits of a quote with a saved card (form: pqid, card_id; Idempotency-Key header or idempotency_key)',
        description:
          'Approved: the credits are added. Declined (402): nothing moves. A retry with the same key answers the first answer; without a key the quote itself is the key, so one quote is never charged twice.',
        body: recurringPaymentBodySchema,
        response: {
          200: z.object({ status: z.literal('OK'), results: z.object({ payment: paymentSchema }) }),
          402: errorSchema.extend({ results: z.object({ payment: paymentSchema }) }),
        },
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const { pqid, card_id, idempotency_key } = request.body;
      const idempotencyKey = idempotencyKeyOf(request, {
        field: idempotency_key,
        fallback: `quote:${sha256(pqid)}`,
      }) as string;
      const answer = await executeRecurringPayment(deps, provider, user, { pqid, cardId: card_id, idempotencyKey });
      return reply.status(answer.status === 200 ? 200 : 402).send(answer.body);
    },
  );

  app.post(
    '/ajax/cart/wiretransferapply',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: 'Pay a purchase-credits quote by wire transfer: a pending payment, our bank details and the reference',
        description:
          'Once per quote: a repeat answers the same payment. The credits arrive when an admin marks it received.',
        body: wireTransferBodySchema,
        response: { 200: z.object({ status: z.literal('OK'), results: wireTransferResultSchema }) },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      const { payment, opened } = await applyWireTransfer(deps, user, request.body.pqid);
      if (opened) {
        const alerts = await clientAlertMails(deps.db, deps.config, user.id, 'wire_transfer', {
          subject: `wire transfer of ${creditsToUsd(payment.amountCredits + payment.vatCredits)} USD started`,
          text: `The customer chose to pay ${creditsToUsd(payment.amountCredits + payment.vatCredits)} USD by wire transfer (reference ${payment.providerRef ?? ''}). Mark it received at /admin/payments when the money arrives.`,
        });
        await afterCommit(deps, { mails: alerts, changed: false });
      }
      return {
        status: 'OK' as const,
        results: {
          payment: presentPayment(payment),
          bankDetails: WIRE_BANK_DETAILS,
          reference: payment.providerRef ?? '',
        },
      };
    },
  );

  app.get(
    '/api/2/admin/payments',
    {
      config: { access: 'backoffice.read' },
      schema: {
        tags: ADMIN_TAGS,
        summary: 'Every payment, newest first (filter by status, method); admins only',
        querystring: adminPaymentsQuerySchema,
        response: { 200: z.object({ data: z.array(adminPaymentSchema), totalCount: z.number() }) },
      },
    },
    async (request) => {
      const { rows, totalCount } = await adminPaymentsPage(deps, request.query);
      return { data: rows.map((r) => presentAdminPayment(r.payment, r.user)), totalCount };
    },
  );

  app.post(
    '/api/2/admin/payments/:key/received',
    {
      config: { access: 'credits.write' },
      schema: {
        tags: ADMIN_TAGS,
        summary: 'Mark a pending wire transfer received: credits the customer once, issues the invoice; admins only',
        description: '409 when it is not pending any more (e.g. marked received already); 400 for a card payment.',
        params: keyParams,
        response: { 200: z.object({ results: adminPaymentSchema }) },
      },
    },
    async (request) => {
      const realUser = staffMember(request);
      const payment = await markWireReceived(deps, request.params.key, realUser, request.ip);
      return { results: await adminView(payment) };
    },
  );

  app.post(
    '/api/2/admin/payments/:key/cancel',
    {
      config: { access: 'credits.write' },
      schema: {
        tags: ADMIN_TAGS,
        summary: 'Cancel a payment that is still pending (a wire transfer that never came); admins only',
        params: keyParams,
        response: { 200: z.object({ results: adminPaymentSchema }) },
      },
    },
    async (request) => {
      const realUser = staffMember(request);
      const payment = await cancelPaymentByAdmin(deps, request.params.key, realUser, request.ip);
      return { results: await adminView(payment) };
    },
  );

  async function adminView(payment: PaymentRow) {
    return presentAdminPayment(payment, await paymentOwner(deps, payment));
  }
};
