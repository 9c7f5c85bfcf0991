// PayPal's payouts webhook: verified deliveries move payouts (ADR 0093).
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { PayPalUnavailable, type PayPalTransmission } from '../../platform/payouts/paypal';
import { applyPayPalEvent, type PayPalEvent } from './paypal-webhook';

const TAGS = ['Payouts'];

declare module 'fastify' {
  interface FastifyRequest {
    /** the body exactly as received, on routes that verify a signature over it */
    rawBody?: string;
  }
}

export const paypalWebhookRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  // in this plugin only: keep the body as it came, PayPal verifies the event byte for byte
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    request.rawBody = text;
    try {
      done(null, text === '' ? {} : JSON.parse(text));
    } catch {
      done(badRequest('The request body is not valid JSON'), undefined);
    }
  });

  app.post(
    '/api/2/payouts/paypal/webhook',
    {
      // each delivery costs a call to PayPal: a flood from one address is cut off, PayPal retries
      config: { access: 'public', rateLimit: { max: deps.config.apiRateLimit, timeWindow: 60_000 } },
      // not connected: the route is not there (before the body is looked at)
      preValidation: async () => {
        if (!deps.payoutProvider.paypal) throw notFound();
      },
      schema: {
        tags: TAGS,
        summary:
          "PayPal's payouts webhook (PAYMENT.PAYOUTS-ITEM.*): verified with PayPal (transmission headers and PAYPAL_WEBHOOK_ID), each event applied once; 404 when PayPal is not connected",
        body: z.object({ id: z.string().min(1), event_type: z.string().min(1) }).passthrough(),
        response: { 200: z.object({ received: z.literal(true) }) },
      },
    },
    async (request) => {
      const paypal = deps.payoutProvider.paypal;
      if (!paypal) throw notFound();
      let verified: boolean;
      try {
        verified = await paypal.verifyWebhook(request.headers as PayPalTransmission, request.rawBody ?? '');
      } catch (err) {
        if (!(err instanceof PayPalUnavailable)) throw err;
        request.log.warn({ err }, 'PayPal could not verify a webhook delivery; it will be delivered again');
        throw new AppError(503, 'PayPal could not verify this delivery now: send it again later');
      }
      if (!verified) throw badRequest('The webhook signature is not valid');
      let outcome: Awaited<ReturnType<typeof applyPayPalEvent>>;
      try {
        outcome = await applyPayPalEvent(deps.db, paypal, request.body as PayPalEvent, deps.clock.now());
      } catch (err) {
        if (!(err instanceof PayPalUnavailable)) throw err;
        throw new AppError(503, 'PayPal could not be reached: send it again later');
      }
      // not ours to apply yet (our commit of the send is on its way): PayPal delivers it again
      if (outcome === 'too_early')
        throw new AppError(503, 'This payout is not recorded as sent yet: send it again later');
      if (outcome === 'moved') deps.bus.notify();
      return { received: true as const };
    },
  );
};
