import type { PayoutStatus } from './payouts';

// The admin's convert-credits payout table (/convert; spec 2, "Convert and payouts"). Amounts in the
// rows are USD with 2 decimals (1 credit = 0.01 USD): convert_amount is what the translator receives,
// fee_amount the method's fee, total their sum (the credits the request took).

export const CONVERT_PER_PAGE_OPTIONS = ['50', '200', '300', '500', 'all'] as const;
export type ConvertPerPage = (typeof CONVERT_PER_PAGE_OPTIONS)[number];
export const CONVERT_DEFAULT_PER_PAGE: ConvertPerPage = '50';
/** "all" still answers in pages of this many rows at most (the table stays responsive) */
export const CONVERT_ALL_CAP = 5000;
/**
 * The status filter's first choice, and where /convert opens: the requests finance must act on
 * (pending and on hold), whatever their target date, so that none waits unseen behind a date range.
 */
export const CONVERT_NEEDS_ACTION = 'needs_action';
export const CONVERT_NEEDS_ACTION_STATUSES = ['pending', 'on_hold'] as const satisfies readonly PayoutStatus[];
export const CONVERT_NEEDS_ACTION_LABEL = 'Needs action (pending, on hold)';

export const CONVERT_SORTS = [
  'request_date',
  'target_date',
  'status_date',
  'convert_amount',
  'user_email',
  'status',
] as const;
export type ConvertSort = (typeof CONVERT_SORTS)[number];

/**
 * The statuses an admin may set in bulk (POST /api/2/admin/creditsConvert/updateConversion), each
 * only from the statuses the payout state machine allows (packages/shared payouts.ts): reject a
 * pending request (credits return), hold a processing one, settle one by hand as paid or failed
 * (credits return). Sending to the provider (processing) is the payout action, not a bulk status.
 */
export const CONVERT_BULK_STATUSES = [
  'rejected',
  'on_hold',
  'paid',
  'failed',
] as const satisfies readonly PayoutStatus[];
export type ConvertBulkStatus = (typeof CONVERT_BULK_STATUSES)[number];

export const CONVERT_TEXTS = {
  selectOne: 'Please select at least one item',
  rangeFirst: 'Please select the time range first',
  /** the payout confirmation: the admin types this word */
  confirmWord: 'payout',
  payModal: (amount: string) => `You are about to payout ${amount}, would you like to proceed?`,
  nothingPending: 'None of the selected requests is pending: only pending requests are paid out',
  rangeOrder: 'The start of the range must not be after its end',
} as const;
