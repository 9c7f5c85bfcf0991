// Payouts (spec 2 /balance and /convert): a translator turns available credits
// into money by a payout method on file. Amounts are integer credits (1 credit = 0.01 USD).

export const PAYOUT_METHODS = ['paypal', 'payoneer', 'wire'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** A payout method's state: a Payoneer payee waits for approval (payout-methods.ts). */
export const PAYEE_STATUSES = ['active', 'pending', 'declined'] as const;
export type PayeeStatus = (typeof PAYEE_STATUSES)[number];

export const PAYOUT_METHOD_LABELS: Record<PayoutMethod, string> = {
  paypal: 'PayPal',
  payoneer: 'Payoneer',
  wire: 'Bank wire',
};

/**
 * The payout configuration (ADR 0063): the minimum a request may take out and
 * the fee of each method, a fixed part plus basis points of the amount (rounded down), in credits.
 * The fee is kept by the platform; the translator receives amount - fee.
 */
export const PAYOUT_CONFIG = {
  minimumCredits: 2000,
  fees: {
    paypal: { fixedCredits: 0, basisPoints: 200 },
    payoneer: { fixedCredits: 300, basisPoints: 0 },
    wire: { fixedCredits: 2500, basisPoints: 0 },
  } satisfies Record<PayoutMethod, { fixedCredits: number; basisPoints: number }>,
  /** business days between a request and its target payment date */
  targetBusinessDays: 5,
} as const;

/** The fee of a payout of `amount` credits by `method`, in whole credits. */
export function payoutFee(method: PayoutMethod, amount: number): number {
  const fee = PAYOUT_CONFIG.fees[method];
  return fee.fixedCredits + Math.floor((amount * fee.basisPoints) / 10000);
}

/**
 * A request's life: pending (credits parked in payout pending) -> processing (sent to the provider)
 * -> paid | failed | on_hold (the provider holds it; it settles or fails later); pending ->
 * cancelled (by the translator) or rejected (by an admin). failed and rejected return the credits.
 */
export const PAYOUT_STATUSES = ['pending', 'processing', 'on_hold', 'paid', 'failed', 'cancelled', 'rejected'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  on_hold: 'On hold',
  paid: 'Paid',
  failed: 'Failed',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
};

/** Allowed moves of the payout state machine (anything else is refused). */
export const PAYOUT_MOVES: Record<PayoutStatus, readonly PayoutStatus[]> = {
  pending: ['processing', 'cancelled', 'rejected'],
  processing: ['paid', 'failed', 'on_hold'],
  on_hold: ['paid', 'failed'],
  paid: [],
  failed: [],
  cancelled: [],
  rejected: [],
};

export function canMovePayout(from: PayoutStatus, to: PayoutStatus): boolean {
  return PAYOUT_MOVES[from].includes(to);
}

/**
 * What is wrong with a payout of `amount` credits by `method` from `available` credits, or null:
 * the one rule the request form checks as the amount is typed and the server checks on submit.
 */
export function payoutAmountProblem(amount: number, method: PayoutMethod, available: number): string | null {
  if (!Number.isSafeInteger(amount) || amount <= 0) return PAYOUT_TEXTS.notAnAmount;
  if (amount < PAYOUT_CONFIG.minimumCredits) return PAYOUT_TEXTS.belowMinimum;
  if (amount > available) return PAYOUT_TEXTS.aboveBalance;
  if (payoutFee(method, amount) >= amount) return PAYOUT_TEXTS.feeTooHigh;
  return null;
}

/**
 * The three amounts of a payout, named the same on the translator's and on finance's screens:
 * gross is what the request takes from the balance, the fee is kept, net is what is paid out.
 */
export const PAYOUT_AMOUNT_LABELS = {
  gross: 'Gross',
  fee: 'Fee',
  net: 'Net paid out',
} as const;

export const PAYOUT_TEXTS = {
  notAnAmount: 'Enter an amount in US dollars, like 25.00',
  belowMinimum: `The minimum payout is ${(PAYOUT_CONFIG.minimumCredits / 100).toFixed(2)} USD`,
  aboveBalance: 'The amount is more than your available credits',
  unknownMethod: 'This payout method is not on file: add it to your billing information first',
  notPending: 'Only a pending payout can be cancelled',
  feeTooHigh: 'The fee of this method takes the whole amount: request more or choose another method',
  keyReused: 'This idempotency key was already used for another request',
} as const;

/**
 * How a method is paid out on this server (ADR 0093): through PayPal Payouts, by the offline sandbox
 * (no money moves), by hand (finance sends the bank file and marks it paid), or not at all yet.
 */
export const PAYOUT_RAILS = ['paypal', 'sandbox', 'manual', 'not_connected'] as const;
export type PayoutRail = (typeof PAYOUT_RAILS)[number];

/** What each rail means, in the words the payout-methods screen and /convert show beside the method. */
export const PAYOUT_RAIL_TEXTS: Record<PayoutRail, (method: string) => string> = {
  paypal: (m) => `${m} payouts are sent through PayPal Payouts.`,
  sandbox: (m) => `${m} payouts run in test mode on this server: no real money is sent.`,
  manual: (m) => `${m} payouts are paid by hand: our finance team sends them through the bank.`,
  not_connected: (m) => `${m} payouts are not connected yet: choose another method to get paid.`,
};

export const PAYOUT_RAIL_ERRORS = {
  /** a request (or a payout) by a method no provider pays */
  notConnected: (m: string) => `${m} payouts are not connected yet: choose another method to get paid`,
} as const;
