// The cart: orders waiting for payment, coupons, and paying with credits (one project per target language).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyKeyOf } from '../../platform/idempotency-key';
import {
  CART_TEXTS,
  cartCouponSchema,
  cartSchema,
  cartUpdateSchema,
  couponApplySchema,
  translateNowResultSchema,
} from '@parlance/shared';
import { AppError, badRequest, forbidden } from '../../platform/errors';
import { requireUser } from '../../platform/guards';
import { hashRequest } from '../../platform/ledger';
import type { UserRow } from '../../platform/session';
import { cartCount, computeCart } from './cart';
import {
  cartChanged,
  cartProofreading,
  markOrderDeleted,
  removeCoupon,
  submitCoupon,
  unattachCoupons,
  updateCartOrder,
} from './cart-edits';
import { startMachineTranslation } from '../machine-translation/task';
import { NotEnoughCreditsError, payCartWithCredits } from './pay-with-credits';
import { presentAppliedCoupon, presentCart } from './present';
import { readFields } from './read-fields';

const TAGS = ['Cart'];
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const errorAnswer = z.object({ status: z.literal('ERROR'), message: z.string() }).passthrough();

/**
 * The signed-in customer whose cart this is: guests 401, everyone else 403. The cart routes admit
 * only customers already; the registry's cart kinds (a public route) rely on this check.
 */
export function cartUser(request: FastifyRequest): UserRow {
  const { user } = requireUser(request);
  if (user.type !== 'customer') throw forbidden('Only customers have a cart');
  return user;
}

export const cartRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const now = () => deps.clock.now();

  app.get(
    '/api/2/cart/all',
    {
      config: { access: 'customer' },
      schema: {
        tags: TAGS,
        summary: "The customer's cart, re-priced now, with coupons, VAT, total, balance and cart key (ck)",
        querystring: z.object({ count: flag.optional() }),
        response: { 200: z.object({ results: z.union([z.object({ count: z.number().int() }), cartSchema]) }) },
      },
    },
    async (request) => {
      const user = cartUser(request);
      if (request.query.count) return { results: { count: await cartCount(deps.db, user.id) } };
      return { results: presentCart(await computeCart(deps.db, user.id, now())) };
    },
  );

  app.post(
    '/api/2/cart/mark-as-delete',
    {
      config: { access: 'customer' },
      schema: {
        tags: TAGS,
        summary: 'Take an order out of the cart (form: poid); answers the cart',
        body: z.object({ poid: z.string().trim().min(1, 'Give the purchase order id').max(100) }),
        response: { 200: z.object({ results: cartSchema }) },
      },
    },
    async (request) => {
      const user = cartUser(request);
      await markOrderDeleted(deps.db, user.id, request.body.poid, now());
      return { results: presentCart(await computeCart(deps.db, user.id, now())) };
    },
  );

  app.post(
    '/api/2/cart/update',
    {
      config: { access: 'customer' },
      schema: {
        tags: TAGS,
        summary:
          'Change an order in the cart (form: poid; name, needProofreading, expedite, certificate); answers the cart',
        body: cartUpdateSchema,
        response: { 200: z.object({ results: cartSchema }) },
      },
    },
    async (request) => {
      const user = cartUser(request);
      const { poid, ...changes } = request.body;
      await updateCartOrder(deps.db, user.id, poid, changes, now());
      return { results: presentCart(await computeCart(deps.db, user.id, now())) };
    },
  );

  app.post(
    '/ajax/cart/submitCoupon',
    {
      config: { access: 'customer' },
      schema: {
        tags: TAGS,
        summary: 'Apply a coupon to the cart (form: couponId = id or code, totalWithVat = the total shown, credits)',
        body: couponApplySchema,
        response: { 200: z.object({ status: z.literal('OK'), coupon: cartCouponSchema, cart: cartSchema }) },
      },
    },
    async (request) => {
      const user = cartUser(request);
      const before = await computeCart(deps.db, user.id, now());
      // the total the customer saw must still be the cart's total (else the cart changed meanwhile)
      if (Number(request.body.totalWithVat) !== before.totalCredits) throw cartChanged();
      const coupon = await submitCoupon(deps.db, user.id, request.body.couponId, now());
      const cart = await computeCart(deps.db, user.id, now());
      const applied = cart.coupons.find((c) => c.coupon.id === coupon.id);
      if (!applied) throw new AppError(409, CART_TEXTS.cartChanged);
      return { status: 'OK' as const, coupon: presentAppliedCoupon(applied), cart: presentCart(cart) };
    },
  );

  app.post(
    '/ajax/cart/removeCoupon',
    {
      config: { access: 'customer' },
      schema: {
        tags: TAGS,
        summary: 'Take a coupon off the cart (form: couponId = id or code)',
        body: z.object({
          couponId: z
            .union([z.string(), z.number()])
            .transform((v) => String(v).trim())
            .pipe(z.string().min(1, CART_TEXTS.couponRequired)),
        }),
        response: { 200: z.object({ status: z.literal('OK'), cart: cartSchema }) },
      },
    },
    async (request) => {
      const user = cartUser(request);
      await removeCoupon(deps.db, user.id, request.body.couponId);
      return { status: 'OK' as const, cart: presentCart(await computeCart(deps.db, user.id, now())) };
    },
  );

  app.post(
    '/api/2/internal/user/un-attach-coupons',
    {
      config: { access: 'customer' },
      schema: {
        tags: TAGS,
        summary: "Take every coupon off the signed-in customer's cart",
        response: { 200: z.object({ results: z.object({ removed: z.number().int() }) }) },
      },
    },
    async (request) => {
      const user = cartUser(request);
      return { results: { removed: await unattachCoupons(deps.db, user.id) } };
    },
  );

  app.get(
    '/ajax/cart/needProofReading',
    {
      config: { access: 'customer', csrf: true },
      schema: {
        tags: TAGS,
        summary:
          'Whether every order in the cart has proofreading; status=1|0 sets it on all of them (ck: the cart shown)',
        querystring: z.object({ ck: z.string().max(100).optional(), status: flag.optional() }),
        response: {
          200: z.object({ status: z.literal('OK'), needProofreading: z.boolean(), ck: z.string() }),
          // the cart changed since the page read it (ck): setting proofreading on it is refused
          409: errorAnswer,
        },
      },
    },
    async (request) => {
      const user = cartUser(request);
      const needProofreading = await cartProofreading(deps.db, user.id, request.query, now());
      const cart = await computeCart(deps.db, user.id, now());
      return { status: 'OK' as const, needProofreading, ck: cart.ck };
    },
  );

  app.post(
    '/ajax/cart/translateNow',
    {
      config: { access: 'customer' },
      schema: {
        tags: TAGS,
        summary:
          'Pay the cart with credits (multipart: ck, couponIds[n], idempotency_key or the Idempotency-Key header); creates one project per target language',
        response: { 200: translateNowResultSchema, 402: errorAnswer, 409: errorAnswer },
      },
    },
    async (request, reply) => {
      const user = cartUser(request);
      const fields = await readFields(request);
      const ck = fields.get('ck')?.[0]?.trim() ?? '';
      if (!ck) throw badRequest('The cart key (ck) is required', { ck: 'Required' });
      const couponIdValues = fields.get('couponIds')?.filter((v) => v.trim() !== '');
      if (couponIdValues?.some((v) => !/^\d{1,9}$/.test(v.trim()))) {
        throw badRequest('couponIds must be coupon ids', { couponIds: 'Must be coupon ids' });
      }
      const couponIds = couponIdValues?.map((v) => Number(v.trim()));
      // without a key, the cart key is one: paying the same shown cart twice pays once
      const key = idempotencyKeyOf(request, {
        field: fields.get('idempotency_key')?.[0],
        fallback: `ck:${ck}`,
      }) as string;
      try {
        const result = await payCartWithCredits(
          deps.db,
          {
            userId: user.id,
            ck,
            couponIds,
            idempotencyKey: key,
            requestHash: hashRequest({
              method: 'POST',
              path: '/ajax/cart/translateNow',
              ck,
              couponIds: couponIds ?? null,
            }),
            now: now(),
          },
          {
            bus: deps.bus,
            mailer: deps.mailer,
            logger: deps.logger,
            publicUrl: deps.config.publicUrl,
            alertBoxes: deps.config,
            startMachineTranslation: () => startMachineTranslation(deps),
          },
        );
        if (result.replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(200).send(result.body);
      } catch (err) {
        if (!(err instanceof NotEnoughCreditsError)) throw err;
        return reply.status(402).send({
          status: 'ERROR' as const,
          message: err.message,
          errors: { credits: err.message },
          totalCredits: err.totalCredits,
          balanceCredits: err.balanceCredits,
          shortfallCredits: err.shortfallCredits,
        });
      }
    },
  );
};
