import { z } from './zod';
import { calendarDate } from './zod-objects';
import {
  CLIENT_ALERT_FLAGS,
  CLIENT_ALERT_TEXTS,
  CLIENT_ALERT_TYPES,
  type ClientAlertRouting,
  PARTNER_LIMITS,
  PARTNER_TEXTS,
} from './partner';

// The zod schemas of partner.ts, apart from its constants and texts so that a page reading only
// those does not load zod.

const isoDate = z.string({ error: PARTNER_TEXTS.pickDates }).pipe(calendarDate(PARTNER_TEXTS.dateFormat));

/** GET /api/2/account/partner?startDate&endDate[&page&limit] */
export const partnerQuerySchema = z
  .object({
    startDate: isoDate,
    endDate: isoDate,
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce
      .number()
      .int()
      .refine((n) => (PARTNER_LIMITS.pageSizeOptions as readonly number[]).includes(n), 'limit is 10, 25 or 50')
      .default(PARTNER_LIMITS.defaultPageSize),
  })
  .refine((q) => q.startDate <= q.endDate, { message: PARTNER_TEXTS.dateOrder, path: ['endDate'] });
export type PartnerQuery = z.infer<typeof partnerQuerySchema>;

export const referredSignupSchema = z.object({
  /** a short display name (first name and last initial); the e-mail is not shown */
  name: z.string(),
  type: z.enum(['customer', 'translator']),
  joinedAt: z.string(),
  /** credits the referred user spent on projects in the range (payments less refunds) */
  spend: z.number().int(),
});
export type ReferredSignup = z.infer<typeof referredSignupSchema>;

export const partnerReportSchema = z.object({
  results: z.object({
    code: z.string(),
    link: z.string(),
    /** commission in percent of the referred users' spend */
    commissionPercent: z.number(),
    /** sign-ups through the link in the range */
    signups: z.number().int(),
    /** credits the referred users spent in the range */
    spend: z.number().int(),
    /** credits of commission earned on that spend (rounded down) */
    commission: z.number().int(),
    /** credits of commission credited to the partner in the range (cleared projects; ADR 0096) */
    commissionPaid: z.number().int(),
    /** credits of commission on referred customers' paid projects not cleared yet (now, whatever the range) */
    commissionPending: z.number().int(),
    referred: z.object({ data: z.array(referredSignupSchema), totalCount: z.number().int() }),
  }),
});
export type PartnerReport = z.infer<typeof partnerReportSchema>['results'];

const userIdField = z.coerce
  .number({ error: CLIENT_ALERT_TEXTS.userRequired })
  .int(CLIENT_ALERT_TEXTS.userRequired)
  .min(1, CLIENT_ALERT_TEXTS.userRequired)
  .max(2_147_483_647, CLIENT_ALERT_TEXTS.userRequired);

/** GET /api/2/adminsetting/alert/notification?user_id */
export const clientAlertQuerySchema = z.object({ user_id: userIdField });

const flagValue = z.union([z.boolean(), z.enum(['1', '0', 'true', 'false', 'on', 'off', ''])]).transform((v) => {
  if (typeof v === 'boolean') return v;
  return v === '1' || v === 'true' || v === 'on';
});
const routingSchema = z
  .record(z.string(), flagValue)
  .refine((r) => Object.keys(r).every((k) => (CLIENT_ALERT_FLAGS as readonly string[]).includes(k)), {
    message: CLIENT_ALERT_TEXTS.unknownFlag,
  })
  .transform((r): ClientAlertRouting => ({ am: r.am ?? false, sales: r.sales ?? false, support: r.support ?? false }));

/**
 * POST /api/2/adminsetting/alert/notification: user_id and settings[alert][am|sales|support]
 * (form-encoded bracket keys or JSON). An alert left out keeps its setting; a flag left out of a
 * sent alert is off (an unticked checkbox is not sent).
 */
export const clientAlertBodySchema = z.object({
  user_id: userIdField,
  settings: z
    .record(z.string(), routingSchema)
    .refine((s) => Object.keys(s).every((k) => (CLIENT_ALERT_TYPES as readonly string[]).includes(k)), {
      message: CLIENT_ALERT_TEXTS.unknownAlert,
    })
    .default({}),
});
export type ClientAlertBody = z.infer<typeof clientAlertBodySchema>;

const routingAnswer = z.object({ am: z.boolean(), sales: z.boolean(), support: z.boolean() });

export const clientAlertAnswerSchema = z.object({
  results: z.object({
    user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
    settings: z.object({ dispute: routingAnswer, wire_transfer: routingAnswer, low_balance: routingAnswer }),
    /** where each flag sends the mail now (am: null when the customer has no account manager) */
    recipients: z.object({ am: z.string().nullable(), sales: z.string(), support: z.string() }),
    /** false: nothing saved yet, the defaults apply */
    saved: z.boolean(),
  }),
});
export type ClientAlertAnswer = z.infer<typeof clientAlertAnswerSchema>['results'];
