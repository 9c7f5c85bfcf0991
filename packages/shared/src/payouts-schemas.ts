import { z } from './zod';
import { PAYEE_STATUSES, PAYOUT_METHODS, PAYOUT_RAILS, PAYOUT_STATUSES } from './payouts';

// The zod schemas of payouts.ts, apart from its constants and texts so that a page reading only
// those does not load zod.

/** POST /api/2/account/convert/request (ours) */
export const payoutRequestSchema = z.object({
  amount: z.coerce.number().int('The amount is a whole number of credits').positive('The amount must be positive'),
  method: z.enum(PAYOUT_METHODS, { message: 'The method is one of paypal, payoneer, wire' }),
});
export type PayoutRequestInput = z.infer<typeof payoutRequestSchema>;

export const payoutHistorySchema = z.object({
  status: z.enum(PAYOUT_STATUSES),
  by: z.string().nullable(),
  remark: z.string().nullable(),
  at: z.string(),
});

export const payoutSchema = z.object({
  id: z.number(),
  amount: z.number(),
  fee: z.number(),
  net: z.number(),
  method: z.enum(PAYOUT_METHODS),
  account: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  targetDate: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  history: z.array(payoutHistorySchema),
});
export type Payout = z.infer<typeof payoutSchema>;

/** How each method is paid out on this server, in plain words (ADR 0093). */
export const payoutRailsSchema = z.array(
  z.object({ method: z.enum(PAYOUT_METHODS), rail: z.enum(PAYOUT_RAILS), note: z.string() }),
);
export type PayoutRailsOverview = z.infer<typeof payoutRailsSchema>;

export const payoutListSchema = z.object({
  data: z.array(payoutSchema),
  totalCount: z.number(),
  available: z.number(),
  pending: z.number(),
  minimum: z.number(),
  methods: z.array(z.object({ method: z.enum(PAYOUT_METHODS), account: z.string(), status: z.enum(PAYEE_STATUSES) })),
  rails: payoutRailsSchema,
});
export type PayoutList = z.infer<typeof payoutListSchema>;
