import { z } from 'zod';
import { SIGNUP_USER_TYPES, USER_TYPES, userDataSchema } from '@parlance/shared';

// Request and answer schemas of the auth area. Most calls are form-encoded (every value a string);
// the same fields are accepted as JSON. Field rules with the spec's texts are checked in the
// services, so that a bad field answers the field-error object rather than a schema message.

const text = (max: number) => z.string().max(max);

/** A checkbox-like value: "1", "true", "on", "yes" (or JSON true / 1) are true; anything else false. */
export const formBool = z
  .union([z.boolean(), z.number(), z.string().max(10)])
  .optional()
  .transform((v) => v === true || v === 1 || (typeof v === 'string' && /^(1|true|on|yes)$/i.test(v.trim())));

/** A 6-digit code, sent as a string in a form or maybe as a number in JSON (leading zeros restored). */
const codeField = z
  .union([z.string().max(20), z.number().int().nonnegative().max(999_999)])
  .optional()
  .transform((v) => {
    if (v === undefined) return undefined;
    return typeof v === 'number' ? String(v).padStart(6, '0') : v.replace(/\s+/g, '');
  });

const captchaFields = {
  captcha_response: text(20_000).optional(),
  /** which widget the browser showed (spec: friendly or recaptcha); both are ALTCHA here */
  captcha_service: text(20).optional(),
};

export const signupBody = z.object({
  full_name: text(200).optional(),
  user_email: text(254).optional(),
  pwd: text(200).optional(),
  action: text(20).optional(),
  agree_terms: formBool,
  user_type: z.enum(SIGNUP_USER_TYPES).optional(),
  user_country: text(10).optional(),
  user_industry: text(100).optional(),
  company_name: text(200).optional(),
  phone: text(40).optional(),
  registrationPage: text(500).optional(),
  /** the referral code of the link the visitor came by (/auth?ref=CODE); an unknown one is ignored */
  ref: text(40).optional(),
  ...captchaFields,
});
export type SignupBody = z.infer<typeof signupBody>;

export const loginBody = z.object({
  username: text(254).optional(),
  /** the spec's login payload may name the e-mail field full_name */
  full_name: text(254).optional(),
  pwd: text(200).optional(),
  twoFactorAuthCode: codeField,
  ...captchaFields,
});
export type LoginBody = z.infer<typeof loginBody>;

export const resetTokenBody = z.object({ email: text(254).optional() });

export const checkTokenBody = z.object({ token: text(200).optional() });

export const setPasswordQuery = z.object({ token: text(200).optional() });
export const setPasswordBody = z.object({
  password: text(200).optional(),
  password_verify: text(200).optional(),
  /** the spec's password payload also lists the token; the query string wins */
  token: text(200).optional(),
  /** for an account with two-step login: the app's code or a recovery code, after a 417 */
  twoFactorAuthCode: codeField,
  ...captchaFields,
});
export type SetPasswordBody = z.infer<typeof setPasswordBody>;

export const firstPasswordBody = z.object({
  password: text(200).optional(),
  password_verify: text(200).optional(),
});

export const updateRegisterInfoBody = z.object({
  full_name: text(200).optional(),
  user_country: text(10).optional(),
  company_name: text(200).optional(),
  phone: text(40).optional(),
  user_type: z.enum(SIGNUP_USER_TYPES).optional(),
});
export type UpdateRegisterInfoBody = z.infer<typeof updateRegisterInfoBody>;

export const acceptTermsBody = z.object({ value: formBool });

export const accountQuery = z.object({ user_id: z.coerce.number().int().positive().optional() });

export const twoFactorCodeBody = z.object({ code: codeField });
/** without new_code: turn off; with it: move to the new app's secret (POST /api/2/account/2fa/new-secret) */
export const twoFactorResetBody = z.object({ code: codeField, new_code: codeField });
export const staffTwoFactorResetBody = z.object({ reason: z.string().trim().min(3).max(500) });

// Answers

export const okAnswer = z.object({ status: z.literal('OK') });
export const userAnswer = z.object({ status: z.literal('OK'), user: userDataSchema });
export const tokenValidAnswer = z.object({ isTokenValid: z.boolean() });
export const acceptedAnswer = z.object({ results: z.object({ accepted: z.boolean() }) });
export const twoFactorSetupAnswer = z.object({ results: z.object({ secret: z.string(), uri: z.string() }) });
export const twoFactorStateAnswer = z.object({ results: z.object({ enabled: z.boolean() }) });
/** the recovery codes in plain text: in this answer only, never again */
export const twoFactorEnabledAnswer = z.object({
  results: z.object({ enabled: z.literal(true), recoveryCodes: z.array(z.string()) }),
});
export const recoveryCodesAnswer = z.object({ results: z.object({ recoveryCodes: z.array(z.string()) }) });
export const recoveryCodesLeftAnswer = z.object({
  results: z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number() }),
});
export const authTokenAnswer = z.object({
  results: z.object({
    jwt: z.object({ access_token: z.string(), expires_in: z.number() }),
    acl_groups: z.array(z.string()),
  }),
});

/** GET /api/2/account: the account information of one user (self, or anyone for an admin). */
export const accountInfoSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  type: z.enum(USER_TYPES),
  isAdmin: z.boolean(),
  country: z.string().nullable(),
  company: z.string(),
  phone: z.string().nullable(),
  industry: z.string().nullable(),
  currency: z.string(),
  thumb: z.object({ src: z.string().nullable() }),
  hasPassword: z.boolean(),
  twoFactorEnabled: z.boolean(),
  termsAccepted: z.boolean(),
  policyAccepted: z.boolean(),
  aclGroups: z.array(z.string()),
  /** ISO 8601 */
  createdAt: z.string(),
});
export type AccountInfo = z.infer<typeof accountInfoSchema>;
export const accountAnswer = z.object({ results: accountInfoSchema });

/** An ALTCHA v2 challenge, as altcha-lib creates it and the widget fetches it. */
export const captchaChallengeAnswer = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
});
