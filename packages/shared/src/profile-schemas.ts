import { z } from './zod';
import {
  API_KEY_SCOPES,
  API_KEY_TEXTS,
  DELETE_TEXTS,
  MAIL_TEXTS,
  MAILING_FLAGS,
  type MailingFlag,
  NOTE_TEXTS,
  PHONE_TEXTS,
  PROFILE_TEXTS,
  SUB_ACCOUNT_TEXTS,
} from './profile';
import { TEXTS } from './texts';
import { fullNameError, isValidEmail, isValidPhone, passwordError } from './validation';
import { objectOfKeys } from './zod-objects';

// The zod schemas of profile.ts, apart from its constants and texts so that a page reading only
// those does not load zod.

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);

/** POST /userService/updateAccountInfo (spec 2 section 3, Account). E-mail is the sign-in name: not here. */
export const accountInfoInputSchema = z.object({
  fullName: z
    .string()
    .trim()
    .transform((v) => v.replace(/\s+/g, ' '))
    .superRefine((v, ctx) => {
      const message = fullNameError(v);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  address: text(300).default(''),
  city: text(100).default(''),
  userCountry: z.string().trim().toUpperCase().length(2, 'Choose a country'),
  userIndustry: text(100).default(''),
  phone: text(40).default('').refine(isValidPhone, TEXTS.invalidPhone),
  company: text(200).default(''),
});
export type AccountInfoInput = z.input<typeof accountInfoInputSchema>;

export const accountDetailsSchema = z.object({
  fullName: z.string(),
  email: z.string(),
  address: z.string(),
  userCountry: z.string().nullable(),
  userIndustry: z.string(),
  city: z.string(),
  phone: z.string(),
  company: z.string(),
  phoneVerified: z.boolean(),
});
export type AccountDetails = z.infer<typeof accountDetailsSchema>;

/** POST /userService/updatePassword: the current password, the new one and its repeat. */
export const updatePasswordInputSchema = z
  .object({
    old_password: z.string().min(1, PROFILE_TEXTS.currentPasswordRequired).max(200),
    password: z
      .string()
      .max(200)
      .superRefine((v, ctx) => {
        const error = passwordError(v);
        if (error) ctx.addIssue({ code: 'custom', message: error });
      }),
    password_verify: z.string().max(200),
  })
  .refine((v) => v.password === v.password_verify, {
    message: TEXTS.passwordsDoNotMatch,
    path: ['password_verify'],
  });
export type UpdatePasswordInput = z.infer<typeof updatePasswordInputSchema>;

const formFlag = z
  .union([z.boolean(), z.number(), z.string().max(10)])
  .transform((v) => v === true || v === 1 || (typeof v === 'string' && /^(1|true|on|yes)$/i.test(v.trim())));

/** POST /userService/updateMailingPreferences: any subset of the flags ("1"/"0" in a form). */
export const mailingPreferencesInputSchema = z
  .object(
    Object.fromEntries(MAILING_FLAGS.map((f) => [f, formFlag.optional()])) as Record<
      MailingFlag,
      z.ZodOptional<typeof formFlag>
    >,
  )
  .strict();

export const secondaryEmailSchema = z.object({ uid: z.number().int(), email: z.string() });
export type SecondaryEmail = z.infer<typeof secondaryEmailSchema>;

export const mailingPreferencesSchema = z.object({
  flags: objectOfKeys(MAILING_FLAGS, z.boolean()),
  secondaryEmails: z.array(secondaryEmailSchema),
});
export type MailingPreferences = z.infer<typeof mailingPreferencesSchema>;

/** What a one-click unsubscribe link turns off (GET /api/2/mail/unsubscribe/info), and its POST's answer. */
export const unsubscribeViewSchema = z.object({
  flag: z.enum(MAILING_FLAGS),
  label: z.string(),
  email: z.string(),
  off: z.boolean(),
});
export type UnsubscribeView = z.infer<typeof unsubscribeViewSchema>;

/** The token of an unsubscribe link, as the link carries it. */
export const unsubscribeTokenSchema = z.string().trim().min(1, MAIL_TEXTS.unsubscribeInvalid).max(200);

/** POST /api/2/admin/mail/promotions: a promotion to the people who opted in. */
export const promotionInputSchema = z.object({
  subject: z.string().trim().min(1, MAIL_TEXTS.promotionSubjectRequired).max(200),
  text: z.string().trim().min(1, MAIL_TEXTS.promotionTextRequired).max(20_000),
});
export type PromotionInput = z.infer<typeof promotionInputSchema>;

/** POST /userService/addSecEmailToUser and removeSecEmailFromUser (uid, email). */
export const secondaryEmailInputSchema = z.object({
  uid: z.coerce.number().int().positive().optional(),
  email: z
    .string()
    .trim()
    .min(1, PROFILE_TEXTS.secondaryEmailRequired)
    .max(254)
    .refine(isValidEmail, TEXTS.incorrectEmail),
});
export const apiKeyScopesInputSchema = z.object({
  kind: z.enum(['key', 'oauth']).default('key'),
  scopes: z.array(z.enum(API_KEY_SCOPES)).min(1, API_KEY_TEXTS.scopesRequired).max(3),
});

/** A customer's webhook as its owner sees it (the signing secret included: it is theirs to verify with). */
export const webhookStateSchema = z.object({
  url: z.string(),
  secret: z.string(),
  createdAt: z.string(),
});
export const webhookInputSchema = z.object({
  url: z.string().trim().min(1, 'Enter the address of your server').max(2000),
});
export const webhookDeliverySchema = z.object({
  id: z.string(),
  event: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  projectId: z.number().int().nullable(),
});
export type WebhookState = z.infer<typeof webhookStateSchema>;
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** The stored credentials as the owner sees them: never the secrets, which are shown once. */
export const apiKeysStateSchema = z.object({
  apiKey: z
    .object({
      prefix: z.string(),
      hint: z.string(),
      createdAt: z.string(),
      lastUsedAt: z.string().nullable(),
      scopes: z.array(z.enum(API_KEY_SCOPES)),
    })
    .nullable(),
  oauth: z
    .object({
      clientId: z.string(),
      name: z.string(),
      redirectUri: z.string(),
      createdAt: z.string(),
      scopes: z.array(z.enum(API_KEY_SCOPES)),
    })
    .nullable(),
});
export type ApiKeysState = z.infer<typeof apiKeysStateSchema>;

function isRedirectUri(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.hash) return false;
    if (url.protocol === 'https:') return true;
    return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}

/** POST /api/2/oauth/generate-keys and update-client: the redirect uri is required (spec 2 section 5). */
export const oauthClientInputSchema = z.object({
  redirect_uri: z
    .string({ error: PROFILE_TEXTS.redirectUriRequired })
    .trim()
    .min(1, PROFILE_TEXTS.redirectUriRequired)
    .max(2000)
    .refine(isRedirectUri, API_KEY_TEXTS.redirectInvalid),
  /** the application's name, shown to the people asked to let it act for them */
  name: z.string().trim().max(80).optional(),
});
export type OauthClientInput = z.infer<typeof oauthClientInputSchema>;

/** POST /api/2/account/beneficiary (email; a name for the new account). */
export const addSubAccountInputSchema = z.object({
  email: z
    .string({ error: PROFILE_TEXTS.secondaryEmailRequired })
    .trim()
    .min(1, PROFILE_TEXTS.secondaryEmailRequired)
    .max(254)
    .refine(isValidEmail, TEXTS.incorrectEmail),
  name: z.string().trim().max(200).optional().default(''),
});
export type AddSubAccountInput = z.input<typeof addSubAccountInputSchema>;

/** POST /api/2/account/balance/transfer (to_user_uuid, credits). */
export const transferInputSchema = z.object({
  to_user_uuid: z.coerce
    .number({ error: SUB_ACCOUNT_TEXTS.transferTarget })
    .int()
    .positive(SUB_ACCOUNT_TEXTS.transferTarget),
  credits: z.coerce
    .number({ error: SUB_ACCOUNT_TEXTS.creditsRequired })
    .int(SUB_ACCOUNT_TEXTS.creditsRequired)
    .positive(SUB_ACCOUNT_TEXTS.creditsRequired)
    .max(100_000_000, 'At most 100,000,000 credits at once'),
});
export type TransferInput = z.input<typeof transferInputSchema>;

export const subAccountSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  autoTransfer: z.boolean(),
  balance: z.number(),
  createdAt: z.string(),
});
export type SubAccount = z.infer<typeof subAccountSchema>;

export const balanceHistoryRowSchema = z.object({
  id: z.number(),
  date: z.string(),
  amount: z.number(),
  kind: z.string(),
  description: z.string(),
});

/** POST /api/2/account/check-credentials. */
export const checkCredentialsInputSchema = z.object({
  email: z.string().trim().max(254).optional(),
  password: z.string({ error: DELETE_TEXTS.passwordRequired }).min(1, DELETE_TEXTS.passwordRequired).max(200),
});

/** POST /ajax/deleteAccount (JSON): the reason, its words when 'other', and the password. */
export const deleteAccountInputSchema = z
  .object({
    reason: z.string({ error: DELETE_TEXTS.reasonRequired }).trim().min(1, DELETE_TEXTS.reasonRequired).max(50),
    comment: z.string().trim().max(2000).optional().default(''),
    password: z.string({ error: DELETE_TEXTS.passwordRequired }).min(1, DELETE_TEXTS.passwordRequired).max(200),
  })
  .refine((v) => v.reason !== 'other' || v.comment.length > 0, {
    message: DELETE_TEXTS.otherRequired,
    path: ['comment'],
  });
export type DeleteAccountInput = z.input<typeof deleteAccountInputSchema>;

/** POST /userService/saveProjectNote: a new note, or a change of one (id). Content is required. */
export const projectNoteInputSchema = z.object({
  id: z.coerce.number().int().positive().optional(),
  title: z.string().trim().max(200, 'At most 200 characters').optional().default(''),
  content: z
    .string({ error: NOTE_TEXTS.contentRequired })
    .trim()
    .min(1, NOTE_TEXTS.contentRequired)
    .max(5000, 'At most 5000 characters'),
});
export type ProjectNoteInput = z.input<typeof projectNoteInputSchema>;

export const projectNoteSchema = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  updatedAt: z.string(),
});
export type ProjectNote = z.infer<typeof projectNoteSchema>;

const phoneField = z
  .string({ error: PHONE_TEXTS.tooShort })
  .trim()
  .max(40)
  .refine(isValidPhone, PHONE_TEXTS.invalid)
  .refine((v) => v.replace(/\D/g, '').length >= 7, PHONE_TEXTS.tooShort);

/** POST /ajax/phoneverify/startverify (phone). */
export const startPhoneVerifyInputSchema = z.object({ phone: phoneField });
/** POST /ajax/phoneverify/tryverify (phone, code). */
export const tryPhoneVerifyInputSchema = z.object({
  phone: phoneField,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, PHONE_TEXTS.codeWrong),
});
export const phoneStatusSchema = z.object({ phone: z.string(), verified: z.boolean(), pending: z.string().nullable() });
