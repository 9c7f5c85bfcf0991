import { z } from './zod';
import { USER_TYPES } from './constants';
import { PERMISSIONS } from './staff';

// Payloads and answers shared by server and web. Field names are the spec's.

export const userDataSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  type: z.enum(USER_TYPES),
  isAdmin: z.boolean(),
  hasPassword: z.boolean(),
  myTeamStatus: z.boolean(),
  thumb: z.object({ src: z.string().nullable() }),
  billingAddress: z.object({ Company: z.string() }),
  beneficiary: z.record(z.string(), z.string()),
  statistics: z.object({ unreadMessages: z.number() }),
  country: z.string().nullable(),
  currency: z.string(),
  phone: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  termsAccepted: z.boolean(),
  /** this is the session the account was opened in: greet "Welcome", not "Welcome back" */
  firstVisit: z.boolean(),
  /**
   * The staff permissions of the real person behind the session (the admin while acting); empty
   * for customers and translators. The web shows exactly the menus and actions they allow.
   */
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type UserData = z.infer<typeof userDataSchema>;

export const sessionDataSchema = z.object({
  CSRFToken: z.string().nullable(),
  sid: z.string().nullable(),
  voucher: z.string().nullable(),
});
export type SessionData = z.infer<typeof sessionDataSchema>;

export const configDataSchema = z.object({
  legacyUrl: z.string(),
  companyName: z.string(),
  blendDomainURL: z.string(),
  appDomainURL: z.string(),
  captchaApiKey: z.string().nullable(),
  isShowBlendTalkFeature: z.boolean(),
  notFoundText: z.string().nullable(),
  supportEmail: z.string(),
  /** the company blog (BLOG_URL), or null when there is none */
  blogUrl: z.string().nullable(),
});
export type ConfigData = z.infer<typeof configDataSchema>;

/**
 * What the server writes into every index.html it answers (the JSON script element
 * WEB_BOOTSTRAP_ELEMENT_ID), so that the web app renders the first page without asking for them:
 * the signed-in user (null for a guest) and the site config, as `GET /registry/get` answers them.
 */
export interface WebBootstrap {
  user: UserData | null;
  config: ConfigData;
  /** the reference lists nearly every signed-in page names things from (absent for a guest) */
  languages?: Language[];
  expertises?: Expertise[];
}

export const languageSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  iso: z.string(),
  flag: z.string(),
});
export type Language = z.infer<typeof languageSchema>;

export const expertiseSchema = z.object({ id: z.number(), slug: z.string(), name: z.string() });
export type Expertise = z.infer<typeof expertiseSchema>;

export const currencySchema = z.object({
  code: z.string(),
  symbol: z.string(),
  name: z.string(),
  rate: z.number(),
});
export type Currency = z.infer<typeof currencySchema>;

export const countrySchema = z.object({ code: z.string(), name: z.string() });
export type Country = z.infer<typeof countrySchema>;

/** Field-error object of signup and login (spec 1 section 3, "Auth errors"). */
export const authErrorsSchema = z.object({
  full_name: z.string().optional(),
  user_email: z.string().optional(),
  user: z.string().optional(),
  pwd: z.string().optional(),
  agree_terms: z.string().optional(),
  common: z.string().optional(),
  captcha: z.string().optional(),
});
export type AuthErrors = z.infer<typeof authErrorsSchema>;

export const adminUserPreviewSchema = z.object({ ID: z.number(), UserName: z.string(), eMail: z.string() });
export type AdminUserPreview = z.infer<typeof adminUserPreviewSchema>;

/** A UI feature flag (wizard gating, team chat, the not-found text override). */
export const uiFeatureSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  status: z.number(),
  config: z.record(z.string(), z.unknown()),
});
export type UiFeature = z.infer<typeof uiFeatureSchema>;

/** Answer of GET /api/2/zendesk/auth-params: the web app posts authParams as a form to zendeskAuthUrl. */
export const helpCenterAuthParamsSchema = z.object({
  zendeskAuthUrl: z.string(),
  authParams: z.object({ jwt: z.string(), return_to: z.string() }),
});
export type HelpCenterAuthParams = z.infer<typeof helpCenterAuthParamsSchema>;

/** GET /adminService/getUserDescription: what the admin floating tools show about a user. */
export const adminUserDescriptionSchema = z.object({
  ID: z.number(),
  UserName: z.string(),
  eMail: z.string(),
  type: z.enum(USER_TYPES),
  isAdmin: z.boolean(),
  country: z.string().nullable(),
  currency: z.string(),
  company: z.string(),
  phone: z.string().nullable(),
  /** ISO 8601 */
  createdAt: z.string(),
  hasPassword: z.boolean(),
  twoFactorEnabled: z.boolean(),
  aclGroups: z.array(z.string()),
});
export type AdminUserDescription = z.infer<typeof adminUserDescriptionSchema>;

/**
 * The actions of the admin floating tools, in the panel's order. The server decides which a person
 * may use (POST /admin/float), from the same permissions that guard each action's own call.
 */
export const ADMIN_FLOAT_ACTIONS = [
  'restoreAdmin',
  'goToProject',
  'actAs',
  'userDetails',
  'changeCurrency',
  'changeCountry',
  'adminSearch',
  'outbox',
] as const;
export type AdminFloatAction = (typeof ADMIN_FLOAT_ACTIONS)[number];

/** POST /{legacy}admin/float: whom the floating tools act on, and which of their actions are yours. */
export const adminFloatSchema = z.object({
  /** the acted-as user while acting, else the staff member */
  appliesTo: z.object({ id: z.number(), name: z.string(), email: z.string(), type: z.enum(USER_TYPES) }),
  /** the staff member behind the request */
  staff: z.object({ id: z.number(), name: z.string() }),
  acting: z.boolean(),
  actions: z.array(z.enum(ADMIN_FLOAT_ACTIONS)),
});
export type AdminFloat = z.infer<typeof adminFloatSchema>;

export const aclGroupSchema = z.object({ id: z.number(), name: z.string(), description: z.string() });
export type AclGroup = z.infer<typeof aclGroupSchema>;

/** GET /api/2/admin/backoffice */
export const backofficeSchema = z.object({
  aclGroups: z.array(z.string()),
  /** the asker's staff permissions (packages/shared staff.ts) */
  permissions: z.array(z.string()),
  /** the tabs of a user's back-office page (/admin/{id}); readOnly without the write permission */
  tabs: z.array(z.object({ id: z.string(), label: z.string(), readOnly: z.boolean() })),
  counts: z.object({
    users: z.number(),
    customers: z.number(),
    translators: z.number(),
    admins: z.number(),
    outbox: z.number(),
  }),
});
export type Backoffice = z.infer<typeof backofficeSchema>;

/** One mail of GET /api/2/admin/outbox. */
export const outboxMailSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  status: z.enum(['stored', 'sent', 'failed']),
  error: z.string().nullable(),
  createdAt: z.string(),
  /** a link or code that signs the recipient in was masked in text and html */
  secretsHidden: z.boolean(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/** One row of GET /api/2/admin/audit. */
export const auditEntrySchema = z.object({
  id: z.number(),
  actorId: z.number().nullable(),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntryData = z.infer<typeof auditEntrySchema>;

/** Envelope of the paginated lists: one page of rows and the count of all of them. */
export interface Paginated<T> {
  data: T[];
  totalCount: number;
}

/** Envelope of the /api/2 family. */
export interface Results<T> {
  results: T;
}

/** Envelope of an error answer: a message a person can act on. */
export interface ErrorAnswer {
  status: 'ERROR';
  message: string;
  errors?: Record<string, string>;
}

export type CaptchaService = 'friendly' | 'recaptcha';
