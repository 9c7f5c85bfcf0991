// The card processor behind Parlance's payments. The default is the sandbox (sandbox.ts); a real
// processor implements the same interface (ADR 0024).

/** What a person recognises of a card; never its number. */
export interface CardSummary {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** The processor's outcome of one charge attempt; `card` is null when the processor tells nothing new of it. */
export type ChargeResult =
  | { outcome: 'approved'; providerRef: string; card: CardSummary | null }
  | { outcome: 'declined'; providerRef: string; reason: string; card: CardSummary | null }
  | { outcome: 'requires_action'; providerRef: string; card: CardSummary | null };

/** A payment as the processor needs to know it. */
export interface CheckoutRequest {
  /** our payment key: the processor's page and its return are addressed by it */
  paymentKey: string;
  amountCredits: number;
  vatCredits: number;
}

export interface SavedCardCharge {
  /** the processor's token of the saved card (never a card number) */
  providerToken: string;
  amountCredits: number;
  vatCredits: number;
  /** our payment key, as the processor's reference */
  paymentKey: string;
}

export interface PaymentProvider {
  readonly name: string;
  /** The address of the processor's hosted page where the customer enters the card for this payment. */
  createCheckout(request: CheckoutRequest): Promise<{ url: string }>;
  /** Charges a card the processor saved earlier, without the customer present. */
  chargeSavedCard(charge: SavedCardCharge): Promise<ChargeResult>;
}
