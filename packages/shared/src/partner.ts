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
