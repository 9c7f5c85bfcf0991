import { z } from 'zod';
import { USER_TYPES } from './constants';

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
});
export type ConfigData = z.infer<typeof configDataSchema>;

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
