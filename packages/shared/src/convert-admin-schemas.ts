import { z } from './zod';
import { calendarDate } from './zod-objects';
import {
  CONVERT_BULK_STATUSES,
  CONVERT_NEEDS_ACTION,
  CONVERT_PER_PAGE_OPTIONS,
  CONVERT_SORTS,
  CONVERT_TEXTS,
} from './convert-admin';
import { dbIdSchema } from './ids';
import { payoutRailsSchema } from './payouts-schemas';
import { PAYOUT_METHODS, PAYOUT_STATUSES } from './payouts';

// The zod schemas of convert-admin.ts, apart from its constants and texts so that a page reading only
// those does not load zod.

const isoDate = calendarDate('A date is written YYYY-MM-DD');

export const convertQuerySchema = z
  .object({
    perPage: z.enum(CONVERT_PER_PAGE_OPTIONS, { message: 'Rows per page are 50, 200, 300, 500 or all' }).default('50'),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    sort: z.enum(CONVERT_SORTS).default('request_date'),
    order: z.enum(['asc', 'desc']).default('desc'),
    /** one status, or needs_action: pending and on hold */
    status: z.enum([...PAYOUT_STATUSES, CONVERT_NEEDS_ACTION]).optional(),
    method: z.enum(PAYOUT_METHODS).optional(),
    /** target date, inclusive */
    from: isoDate.optional(),
    to: isoDate.optional(),
    /** e-mail or translator id */
    search: z.string().trim().max(200).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: CONVERT_TEXTS.rangeOrder, path: ['from'] });
export type ConvertQuery = z.input<typeof convertQuerySchema>;

export const convertHistorySchema = z.object({
  initiator_id: z.number().nullable(),
  initiator_type: z.enum(['translator', 'admin', 'system']),
  status: z.enum(PAYOUT_STATUSES),
  created_at: z.string(),
  remark: z.string().nullable(),
});

export const convertRowSchema = z.object({
  action_id: z.number(),
  user_id: z.number(),
  user_name: z.string(),
  last_project_date: z.string().nullable(),
  user_email: z.string(),
  country: z.string().nullable(),
  method: z.enum(PAYOUT_METHODS),
  convert_amount: z.string(),
  fee_amount: z.string(),
  total: z.string(),
  /** the translator's available balance now, USD */
  balance: z.string(),
  /** everything the translator has earned on the platform, USD */
  sum_earned_credits: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  status_date: z.string(),
  target_date: z.string(),
  request_date: z.string(),
  paypal_email: z.string().nullable(),
  txn_id: z.string().nullable(),
  remark: z.string().nullable(),
  /** the self-billing invoice number of a paid request */
  invoice: z.string().nullable(),
  history: z.array(convertHistorySchema),
});
export type ConvertRow = z.infer<typeof convertRowSchema>;

export const convertListSchema = z.object({
  data: z.array(convertRowSchema),
  totalCount: z.number(),
  perPage: z.number(),
  page: z.number(),
  /** how each method is paid out here: what finance does by hand, what is not connected */
  rails: payoutRailsSchema,
});
export type ConvertList = z.infer<typeof convertListSchema>;

const idList = z
  .array(dbIdSchema, { message: CONVERT_TEXTS.selectOne })
  .min(1, CONVERT_TEXTS.selectOne)
  .max(5000, 'At most 5000 requests at a time');

export const convertUpdateSchema = z.object({
  req: idList,
  status: z.enum(CONVERT_BULK_STATUSES, { message: 'Choose the status to set' }),
  remark: z.string().trim().max(500, 'The remark is at most 500 characters').optional(),
});
export type ConvertUpdateInput = z.infer<typeof convertUpdateSchema>;

export const payoutUpdateSchema = z.object({
  reqs: idList,
  /** the typed confirmation word */
  confirm: z.literal(CONVERT_TEXTS.confirmWord, { message: `Type ${CONVERT_TEXTS.confirmWord} to confirm` }),
});
export type PayoutUpdateInput = z.infer<typeof payoutUpdateSchema>;

export const convertResultSchema = z.object({
  updated: z.array(z.number()),
  skipped: z.array(z.object({ id: z.number(), reason: z.string() })),
});
export type ConvertResult = z.infer<typeof convertResultSchema>;
