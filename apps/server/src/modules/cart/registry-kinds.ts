import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { paymentInformationSchema, upsalesSchema } from '@parlance/shared';
import type { Services } from '../../platform/services';
import { badRequest } from '../../platform/errors';
import { paymentInformation, upsales } from './payment-information';
import { cartUser } from './routes';

// Loaders of the registry kinds PaymentInformation (ck, optional skipPriceQuoteCreation) and Upsales.

interface KindContext {
  request: FastifyRequest;
  deps: Services;
  query: Record<string, unknown>;
}

export function loadPaymentInformation({
  request,
  deps,
  query,
}: KindContext): Promise<z.infer<typeof paymentInformationSchema>> {
  const user = cartUser(request);
  const ck = typeof query.ck === 'string' ? query.ck.trim() : '';
  if (!ck) throw badRequest('The cart key (ck) is required', { ck: 'Required' });
  // skipPriceQuoteCreation is accepted and has no effect: the cart is re-priced on every read and
  // no stored quote is made (the cart key stands for it)
  return paymentInformation(deps.db, user.id, ck, deps.clock.now());
}

export function loadUpsales({ request, deps }: KindContext): Promise<z.infer<typeof upsalesSchema>> {
  const user = cartUser(request);
  return upsales(deps.db, user.id, deps.clock.now());
}
