import { z } from 'zod';

// Partner / affiliate program (/partner for customers, /affiliate-program for translators; spec 2
// sections 2, 5, 7): a referral link per user, sign-ups through it, their spend and the commission,
// over a date range that loads only when both dates are set (YYYY-MM-DD).
// Client alerts (/client-alerts, admins): per customer and alert, which staff get the mail.

export const PARTNER_LIMITS = {
  pageSizeOptions: [10, 25, 50],
  defaultPageSize: 10,
  /** the referral code's length (letters and digits, no look-alikes) */
  codeLength: 8,
} as const;

export const PARTNER_TEXTS = {
  pickDates: 'Please select the time range first',
  dateFormat: 'Dates are YYYY-MM-DD',
  dateOrder: 'The start date must not be after the end date',
  empty: 'No sign-ups through your link yet',
  copied: 'Link copied',
} as const;

const isoDate = z
  .string({ error: PARTNER_TEXTS.pickDates })
  .regex(/^\d{4}-\d{2}-\d{2}$/, PARTNER_TEXTS.dateFormat)
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), PARTNER_TEXTS.dateFormat);

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
    referred: z.object({ data: z.array(referredSignupSchema), totalCount: z.number().int() }),
  }),
});
export type PartnerReport = z.infer<typeof partnerReportSchema>['results'];

// --- client alerts -------------------------------------------------------------------------------

/** The customer alerts the product sends staff, in the order the admin screen shows them. */
export const CLIENT_ALERT_TYPES = ['dispute', 'wire_transfer', 'low_balance'] as const;
export type ClientAlertType = (typeof CLIENT_ALERT_TYPES)[number];
export const CLIENT_ALERT_LABELS: Record<ClientAlertType, string> = {
  dispute: 'Project disputed',
  wire_transfer: 'Wire transfer started',
  low_balance: 'Credits running low',
};
export const CLIENT_ALERT_FLAGS = ['am', 'sales', 'support'] as const;
export type ClientAlertFlag = (typeof CLIENT_ALERT_FLAGS)[number];
export const CLIENT_ALERT_FLAG_LABELS: Record<ClientAlertFlag, string> = {
  am: 'Account manager',
  sales: 'Sales',
  support: 'Support',
};
export type ClientAlertRouting = Record<ClientAlertFlag, boolean>;
export type ClientAlertSettings = Record<ClientAlertType, ClientAlertRouting>;

/** The low-balance alert: a payment that takes a customer's credits below this (50 USD). */
export const CLIENT_ALERT_LOW_BALANCE_CREDITS = 5_000;

/** Without a saved setting an alert goes to the customer's account manager and support. */
export const DEFAULT_CLIENT_ALERT_ROUTING: ClientAlertRouting = { am: true, sales: false, support: true };

export const CLIENT_ALERT_TEXTS = {
  userRequired: 'Please choose a customer',
  notCustomer: 'Alerts are set for customers only',
  saved: 'Alert settings saved',
  unknownAlert: 'Unknown alert',
  unknownFlag: 'Unknown recipient (am, sales or support)',
} as const;

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
