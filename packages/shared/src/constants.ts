// The spec's business constants and limits (spec 1 section 9, unless noted).
export const LIMITS = {
  passwordMinLength: 6,
  userBarNameChars: 10,
  userBarCompanyChars: 10,
  chatBadgeMax: 99,
  sidebarOpenWidth: 280,
  sidebarCollapsedWidth: 88,
  dialogMaxWidth: 560,
  adminSearchDebounceMs: 500,
  adminToastMs: 2000,
  projectUpdateToastMs: 5000,
  authTokenCacheMs: 10 * 60 * 1000,
  authTokenTtlSeconds: 10 * 60,
  copyrightStartYear: 2008,
  defaultCreditPurchaseAmount: 10000,
  wizardMaxUploadBytes: 250 * 1024 * 1024,
  resetTokenTtlMs: 60 * 60 * 1000,
  /** single-use recovery codes of two-step login, given when it is turned on or regenerated */
  twoFactorRecoveryCodes: 10,
  sessionTtlMs: 30 * 24 * 60 * 60 * 1000,
  myTeamRowsPerPage: 10,
  /** a script chunk that has not arrived by then counts as failed (spec 3 section 8) */
  chunkLoadTimeoutMs: 120_000,
  /** time spans: 25 days are counted as a month (spec 1 section 9) */
  daysPerMonth: 25,
} as const;

export const FRIENDLY_CAPTCHA_COUNTRIES = ['CN', 'HK'] as const;

export const ADMIN_CURRENCIES = ['USD', 'EUR', 'NIS', 'GBP', 'CHF', 'CAD', 'AUD'] as const;
export type AdminCurrency = (typeof ADMIN_CURRENCIES)[number];

export const CURRENCY_SYMBOLS: Record<string, string> = {
  EUR: '€',
  USD: '$',
  ILS: '₪',
  NIS: '₪',
  GBP: '£',
  CAD: 'CA$',
  AUD: 'A$',
  CHF: '₣',
};

export const USER_TYPES = ['customer', 'translator', 'admin'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Registration user_type values (spec 1 section 6): client is a customer. */
export const SIGNUP_USER_TYPES = ['client', 'translator'] as const;

/** Local-storage and session-storage keys the web app uses (kept in one place). */
export const STORAGE_KEYS = {
  cartTooltipDismissed: 'cartTooltipDismissed',
  adminToolsPosition: 'adminToolsPosition',
  sidebarOpen: 'sidebarOpen',
  purchaseOrderKeys: 'purchaseOrderKeys',
  cartKey: 'cartKey',
  poId: 'poId',
  soundEnabled: 'soundEnabled',
  soundVolume: 'soundVolume',
  paymentSuccess: 'paymentSuccess',
} as const;

export const CSRF_HEADER = 'x-csrf-token';

/**
 * The id of the JSON script element in which the server's index.html carries the WebBootstrap:
 * data, never executed, so the CSP needs no exception; absent when the server did not render it.
 */
export const WEB_BOOTSTRAP_ELEMENT_ID = 'parlance-bootstrap';
export const SESSION_COOKIE = 'sid';
