// Statements (/customer-statement and /statement, spec 2 sections 2, 5, 7, 9): the rows of the
// user's credits account from the ledger, with the balance after each one. Loads only with both
// dates (YYYY-MM-DD); page sizes 10, 25, 50 (25 by default).

export const STATEMENT_LIMITS = {
  pageSizeOptions: [10, 25, 50],
  defaultPageSize: 25,
} as const;

/** The ledger's transaction kinds (the schema's TRANSACTION_KINDS), which a statement filters by. */
export const CREDIT_ACTION_TYPES = [
  'purchase',
  'order_payment',
  'refund',
  'earning',
  'release',
  'payout',
  'payout_request',
  'payout_cancel',
  'payout_return',
  'coupon',
  'grant',
  'adjustment',
  /** credits moved between a customer and their own sub-account */
  'transfer',
  /** a partner's commission on a cleared project of a customer they referred (ADR 0096) */
  'commission',
] as const;
export type CreditActionType = (typeof CREDIT_ACTION_TYPES)[number];

export const CREDIT_ACTION_LABELS: Record<CreditActionType, string> = {
  purchase: 'Credits purchase',
  order_payment: 'Project payment',
  refund: 'Refund',
  earning: 'Earnings',
  release: 'Earnings released',
  payout: 'Payout',
  payout_request: 'Payout requested',
  payout_cancel: 'Payout cancelled',
  payout_return: 'Payout returned',
  coupon: 'Coupon',
  grant: 'Credits granted',
  adjustment: 'Adjustment',
  transfer: 'Sub-account transfer',
  commission: 'Partner commission',
};

export const STATEMENT_TEXTS = {
  pickDates: 'Please select the time range first',
  dateFormat: 'Dates are YYYY-MM-DD',
  dateOrder: 'The start date must not be after the end date',
  empty: 'No statement lines in this time range',
} as const;

export const STATEMENT_FILTER_TEXTS = {
  language: 'Unknown language',
  tag: 'A tag has at most 20 characters',
} as const;

/** Credits as USD with 2 decimals, no floats: 123456 -> "1234.56", -5 -> "-0.05". */
export function creditsToUsd(credits: number): string {
  const sign = credits < 0 ? '-' : '';
  const abs = Math.abs(credits);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const STATEMENT_EXPORT_FORMATS = ['csv', 'pdf'] as const;
export type StatementExportFormat = (typeof STATEMENT_EXPORT_FORMATS)[number];

export const STATEMENT_EXPORT_TEXTS = {
  emailRequired: 'Please enter an email address',
  emailInvalid: 'Please enter a valid email address',
  sent: 'The statement was sent',
} as const;

/** Lines one e-mailed statement holds at most (newest first); a wider range is cut there. */
export const STATEMENT_EXPORT_MAX_LINES = 10_000;
