// The card processor behind Parlance's payments. The default is the sandbox (sandbox.ts); a real
// processor implements the same interface (ADR 0024).

/** What a person recognises of a card; never its number. */
export interface CardSummary {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/**
 * The processor's outcome of one charge attempt; `card` is null when the processor tells nothing new
 * of it; `intent` is the processor's charge object (Stripe's PaymentIntent) when it has one.
 */
export type ChargeResult =
  | { outcome: 'approved'; providerRef: string; card: CardSummary | null; intent?: string }
  | { outcome: 'declined'; providerRef: string; reason: string; card: CardSummary | null; intent?: string }
  | { outcome: 'requires_action'; providerRef: string; card: CardSummary | null; intent?: string };

/** A payment as the processor needs to know it. */
export interface CheckoutRequest {
  /** our payment key: the processor's page and its return are addressed by it */
  paymentKey: string;
  amountCredits: number;
  vatCredits: number;
  /** our return page: the processor sends the customer back here, paid or not */
  returnUrl: string;
  /** the processor's customer of this user's saved cards, when the user has one */
  customerRef: string | null;
  email: string;
}

export interface SavedCardCharge {
  /** the processor's token of the saved card (never a card number) */
  providerToken: string;
  /** the processor's customer the card belongs to (Stripe), if any */
  customerRef: string | null;
  amountCredits: number;
  vatCredits: number;
  /** our payment key, as the processor's reference and the charge's idempotency key */
  paymentKey: string;
}

/** Credits of a payment sent back to its card. */
export interface RefundRequest {
  /** our refund key: the processor's idempotency key, so a retried refund refunds once */
  refundKey: string;
  /** the payment's processor references (Stripe refunds a PaymentIntent) */
  providerRef: string | null;
  providerIntent: string | null;
  amountCredits: number;
}

export type RefundResult =
  | { outcome: 'succeeded' | 'pending'; providerRef: string }
  | { outcome: 'failed'; providerRef: string | null; reason: string };

export interface PaymentProvider {
  /** 'sandbox' or 'stripe': stored with each payment and saved card */
  readonly name: string;
  /** The processor's hosted page where the customer enters the card for this payment, and its id there. */
  createCheckout(request: CheckoutRequest): Promise<{ url: string; providerRef: string | null }>;
  /** Charges a card the processor saved earlier, without the customer present. */
  chargeSavedCard(charge: SavedCardCharge): Promise<ChargeResult>;
  /** Sends credits of an approved card payment back to the card. */
  refund(request: RefundRequest): Promise<RefundResult>;
}
