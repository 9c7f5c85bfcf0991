// Stripe's webhook: signed events about card payments, refunds and disputes (ADR 0094).
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { z } from 'zod';
import { StripeProvider, stripeClient } from '../../platform/payments';
import { handleStripeEvent } from './stripe-webhook';

/** Stripe signs the event's time; older deliveries (replays) are refused. */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

const answer = z.object({ received: z.boolean(), outcome: z.string().optional() });
const refusal = z.object({ status: z.literal('ERROR'), message: z.string() });

export const stripeWebhookRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  // the webhook listens whenever Stripe's keys are set (also for Stripe payments made before a switch)
  const stripeConfig = deps.config.stripe;
  const provider =
    deps.cardProcessor instanceof StripeProvider
      ? deps.cardProcessor
      : stripeConfig
        ? new StripeProvider(stripeClient(stripeConfig))
        : null;
  // the signature is over the exact bytes Stripe sent: this route's JSON stays a Buffer
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/api/2/payments/stripe/webhook',
    {
      config: { access: 'public', csrf: false },
      schema: {
        tags: ['Payments'],
        summary:
          "Stripe's webhook (checkout.session.completed, payment_intent.payment_failed, charge.refunded, charge.dispute.created)",
        description:
          'Verified with the Stripe-Signature header (HMAC-SHA256 of the raw body, 300 s tolerance); each event is accepted once. 400: bad or old signature; 404: Stripe is not connected.',
        response: { 200: answer, 400: refusal, 404: refusal },
      },
    },
    async (request, reply) => {
      if (!stripeConfig || !provider) {
        return reply.status(404).send({ status: 'ERROR' as const, message: 'Stripe is not connected.' });
      }
      const body = request.body;
      const signature = request.headers['stripe-signature'];
      if (!Buffer.isBuffer(body) || typeof signature !== 'string') {
        return reply.status(400).send({ status: 'ERROR' as const, message: 'A signed JSON body is required.' });
      }
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(
          body,
          signature,
          stripeConfig.webhookSecret,
          STRIPE_SIGNATURE_TOLERANCE_SECONDS,
          undefined,
          deps.clock.now().getTime(),
        );
      } catch (err) {
        request.log.warn({ err }, 'stripe webhook refused');
        return reply.status(400).send({ status: 'ERROR' as const, message: 'The signature does not verify.' });
      }
      const outcome = await handleStripeEvent(deps, provider, event);
      return { received: true, outcome };
    },
  );
};
