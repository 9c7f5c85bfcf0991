import Stripe from 'stripe';
import { ORDER_TEXTS } from '@parlance/shared';
import type { StripeConfig } from '../../config';
import { AppError } from '../errors';
import type {
  CardSummary,
  ChargeResult,
  CheckoutRequest,
  PaymentProvider,
  RefundRequest,
  RefundResult,
  SavedCardCharge,
} from './provider';

// Stripe as the card processor (ADR 0094): a Checkout Session (Stripe's hosted page, 3-D Secure by
// Stripe) per card payment, off-session PaymentIntents for saved cards, refunds of PaymentIntents.
// Amounts are US cents, which are credits (1 credit = 1 US cent). Money moves only from the signed
// webhook (stripe-webhook.ts); the saved-card charge answers synchronously and is settled at once,
// its webhook then finds it settled.

export function stripeClient(config: StripeConfig): Stripe {
  return new Stripe(config.secretKey, {
    // the SDK retries network errors, 409s and 5xx with the same idempotency key
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(config.host ? { host: config.host } : {}),
    ...(config.port ? { port: config.port } : {}),
    ...(config.protocol ? { protocol: config.protocol } : {}),
  });
}

/** What a person recognises of a Stripe card payment method. */
export function cardOfPaymentMethod(pm: Stripe.PaymentMethod | string | null | undefined): CardSummary | null {
  if (!pm || typeof pm === 'string' || !pm.card) return null;
  return cardSummary(pm.card);
}

export function cardSummary(card: {
  brand?: string | null;
  last4?: string | null;
  exp_month?: number | null;
  exp_year?: number | null;
}): CardSummary {
  return {
    brand: brandName(card.brand ?? ''),
    last4: card.last4 ?? '',
    expMonth: card.exp_month ?? 0,
    expYear: card.exp_year ?? 0,
  };
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

const brandName = (brand: string) => BRANDS[brand] ?? 'Card';

/** The id of an expandable Stripe field. */
export const idOf = (v: string | { id: string } | null | undefined): string | null =>
  v == null ? null : typeof v === 'string' ? v : v.id;

/** A Stripe failure that is not the card's: network, 5xx after the SDK's retries, bad keys. */
function unavailable(err: unknown): AppError {
  const e = new AppError(502, ORDER_TEXTS.cardProcessorUnavailable);
  (e as { cause?: unknown }).cause = err;
  return e;
}

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe';

  constructor(readonly stripe: Stripe) {}

  async createCheckout(request: CheckoutRequest): Promise<{ url: string; providerRef: string }> {
    const metadata = { payment_key: request.paymentKey };
    const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = [
      {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: request.amountCredits,
          product_data: { name: `Parlance credits: ${request.amountCredits.toLocaleString('en-US')}` },
        },
      },
    ];
    if (request.vatCredits > 0) {
      lineItems.push({
        quantity: 1,
        price_data: { currency: 'usd', unit_amount: request.vatCredits, product_data: { name: 'VAT' } },
      });
    }
    try {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: request.paymentKey,
          line_items: lineItems,
          metadata,
          // the card is kept for one-click payments (Stripe shows the holder the mandate text)
          payment_intent_data: { setup_future_usage: 'off_session', metadata },
          ...(request.customerRef
            ? { customer: request.customerRef }
            : { customer_creation: 'always' as const, customer_email: request.email }),
          success_url: request.returnUrl,
          cancel_url: request.returnUrl,
        },
        // one session per payment attempt: a repeated call within Stripe's 24 hours answers the same one
        { idempotencyKey: `checkout:${request.paymentKey}` },
      );
      if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a url`);
      return { url: session.url, providerRef: session.id };
    } catch (err) {
      throw unavailable(err);
    }
  }

  async chargeSavedCard(charge: SavedCardCharge): Promise<ChargeResult> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: charge.amountCredits + charge.vatCredits,
          currency: 'usd',
          ...(charge.customerRef ? { customer: charge.customerRef } : {}),
          payment_method: charge.providerToken,
          off_session: true,
          confirm: true,
          metadata: { payment_key: charge.paymentKey },
          description: `Parlance credits: ${charge.amountCredits.toLocaleString('en-US')}`,
        },
        // one charge per payment: the SDK's retries and ours replay Stripe's first answer
        { idempotencyKey: `charge:${charge.paymentKey}` },
      );
      if (intent.status === 'succeeded')
        return { outcome: 'approved', providerRef: intent.id, intent: intent.id, card: null };
      if (intent.status === 'requires_action' || intent.status === 'requires_confirmation')
        return { outcome: 'requires_action', providerRef: intent.id, intent: intent.id, card: null };
      const reason = intent.last_payment_error?.message ?? ORDER_TEXTS.cardDeclined;
      return { outcome: 'declined', providerRef: intent.id, intent: intent.id, reason, card: null };
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError) {
        const intent = idOf((err.raw as { payment_intent?: { id: string } }).payment_intent);
        return {
          outcome: 'declined',
          providerRef: intent ?? err.requestId ?? 'stripe',
          ...(intent ? { intent } : {}),
          reason: ORDER_TEXTS.cardDeclined,
          card: null,
        };
      }
      throw unavailable(err);
    }
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    if (!request.providerIntent)
      return { outcome: 'failed', providerRef: null, reason: 'No Stripe payment to refund.' };
    try {
      const refund = await this.stripe.refunds.create(
        {
          payment_intent: request.providerIntent,
          amount: request.amountCredits,
          metadata: { refund_key: request.refundKey },
        },
        { idempotencyKey: `refund:${request.refundKey}` },
      );
      if (refund.status === 'succeeded' || refund.status === 'pending')
        return { outcome: refund.status, providerRef: refund.id };
      return { outcome: 'failed', providerRef: refund.id, reason: refund.failure_reason ?? `Stripe: ${refund.status}` };
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError || err instanceof Stripe.errors.StripeCardError)
        return { outcome: 'failed', providerRef: null, reason: err.message };
      throw unavailable(err);
    }
  }

  /** Detaches a saved card's payment method from its customer: it can never be charged again. */
  async forgetCard(paymentMethod: string): Promise<void> {
    await this.stripe.paymentMethods.detach(paymentMethod);
  }

  /** Our payment key of a PaymentIntent (its metadata, set by createCheckout and chargeSavedCard). */
  async paymentKeyOfIntent(intentId: string): Promise<string | null> {
    const intent = await this.stripe.paymentIntents.retrieve(intentId);
    return intent.metadata?.payment_key ?? null;
  }

  /** The card, payment method and customer of a PaymentIntent (for saving the card of a checkout). */
  async intentDetails(
    intentId: string,
  ): Promise<{ card: CardSummary | null; paymentMethod: string | null; customer: string | null }> {
    const intent = await this.stripe.paymentIntents.retrieve(intentId, { expand: ['payment_method'] });
    return {
      card: cardOfPaymentMethod(intent.payment_method as Stripe.PaymentMethod | string | null),
      paymentMethod: idOf(intent.payment_method as Stripe.PaymentMethod | string | null),
      customer: idOf(intent.customer as { id: string } | string | null),
    };
  }
}
