// Card payments (sandbox processor by default), saved cards and wire transfers: payloads and answers.
// Amounts are integer credits (1 credit = 0.01 USD). See ADR 0024.

export const PAYMENT_METHODS = ['card', 'saved_card', 'wire'] as const;
export const PAYMENT_PURPOSES = ['credits', 'cart'] as const;
export const PAYMENT_STATUSES = [
  'pending',
  'requires_action',
  'approved',
  'declined',
  'cancelled',
  'received',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The header (or form field `idempotency_key`) that makes a money-moving request safe to retry. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
