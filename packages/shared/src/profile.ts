import { z } from 'zod';
import { TEXTS } from './texts';
import type { UserType } from './constants';
import { fullNameError, isValidEmail, isValidPhone, passwordError } from './validation';
import { objectOfKeys } from './zod-objects';

// The profile (spec 2 sections 2-9): its hash sections, the account, password and mailing
// contracts, and the spec's texts. Used by the server's routes and by the web's forms.

export const PROFILE_TEXTS = {
  bioTooShort: '*Your bio should be at least 5 words long.',
  redirectUriRequired: 'Redirect uri should be provided!',
  deletePasswordIncorrect: 'The password you entered is incorrect.',
  passwordUpdated: 'Password Updated!',
  allocationSuccessful: 'Allocation was successful',
  unableToTransfer: 'Unable to transfer credits',
  currentPasswordIncorrect: 'Your current password is incorrect',
  currentPasswordRequired: 'Enter your current password',
  samePassword: 'The new password must differ from the current one',
  accountSaved: 'Account information saved',
  billingSaved: 'Billing address saved',
  mailingSaved: 'Mailing preferences saved',
  secondaryEmailAdded: 'E-mail address added',
  secondaryEmailRemoved: 'E-mail address removed',
  secondaryEmailRequired: 'Enter an e-mail address',
  secondaryEmailTaken: 'This e-mail address is already on your account',
  secondaryEmailLimit: 'You can add at most 5 e-mail addresses',
  secondaryEmailNotFound: 'That e-mail address is not on your account',
  twoFactorOn: 'Two-step login is on',
  twoFactorOff: 'Two-step login is off',
} as const;

/** spec 2 section 2, in the spec's order */
export const PROFILE_SECTION_IDS = [
  'account',
  'billing',
  'languages',
  'expertise',
  'uploads',
  'time',
  'references',
  'software_services',
  'mailing',
  'translator_guidelines',
  'telegram',
  'tfa_enable',
  'tfa_disable',
  'password',
  'privacy_policy',
  'sub_account',
  'apikeys',
  // issue 12: the spec lists these sections without naming their hashes (docs/decisions.md, tm12)
  'terminology',
  'glossary',
  'translation_memory',
] as const;
export type ProfileSectionId = (typeof PROFILE_SECTION_IDS)[number];

export const PROFILE_SECTION_TITLES: Record<ProfileSectionId, string> = {
  account: 'Account Information',
  billing: 'Billing Address',
  languages: 'Language Skills',
  expertise: 'Expertise',
  uploads: 'Uploads',
  time: 'Availability',
  references: 'References',
  software_services: 'Software & Services',
  mailing: 'Mailing Preferences',
  translator_guidelines: 'Translator Guidelines',
  telegram: 'Telegram Notifications',
  tfa_enable: '2-Step Login',
  tfa_disable: '2-Step Login',
  password: 'Password Update',
  privacy_policy: 'Privacy Policy',
  sub_account: 'Sub Accounts',
  apikeys: 'API Keys',
  terminology: 'Terminology',
  glossary: 'Glossary Files',
  translation_memory: 'Translation Memory',
};

const TRANSLATOR_ONLY: readonly ProfileSectionId[] = [
  'languages',
  'expertise',
  'uploads',
  'time',
  'references',
  'software_services',
  'translator_guidelines',
  'telegram',
];
const CUSTOMER_ONLY: readonly ProfileSectionId[] = [
  'billing',
  'sub_account',
  'apikeys',
  'terminology',
  'glossary',
  'translation_memory',
];
/** spec 2 section 6: model-training experts do not see these */
const HIDDEN_FROM_EXPERTS: readonly ProfileSectionId[] = [
  'references',
  'software_services',
  'translator_guidelines',
  'telegram',
];

/**
 * The hash sections a user sees. Admins see the customer's set (they buy too). Only one of the
 * two-factor sections applies at a time: tfa_enable while it is off, tfa_disable while it is on.
 */
export function profileSectionsFor(user: {
  type: UserType;
  isModelTrainingExpert?: boolean;
  twoFactorEnabled: boolean;
}): ProfileSectionId[] {
  return PROFILE_SECTION_IDS.filter((id) => {
    if (id === 'tfa_enable' && user.twoFactorEnabled) return false;
    if (id === 'tfa_disable' && !user.twoFactorEnabled) return false;
    if (user.type === 'translator') {
      if (CUSTOMER_ONLY.includes(id)) return false;
      return !(user.isModelTrainingExpert && HIDDEN_FROM_EXPERTS.includes(id));
    }
    return !TRANSLATOR_ONLY.includes(id);
  });
}

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);

/** POST /userService/updateAccountInfo (spec 2 section 3, Account). E-mail is the sign-in name: not here. */
export const accountInfoInputSchema = z.object({
  fullName: z
    .string()
    .trim()
    .transform((v) => v.replace(/\s+/g, ' '))
    .refine((v) => fullNameError(v) === null, TEXTS.incorrectFullName),
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

/** spec 2 section 3, mailing preference flags */
export const MAILING_FLAGS = [
  'email_promotion',
  'email_yourproject',
  'email_project_files_attach',
  'email_translatorproject',
  'email_newproject',
  'translation_started',
  'new_comment',
  'approve_time',
  'word_count_diff',
  'project_signed',
  'failed_callback',
  'project_submitted',
  'project_delayed',
  'combo_package_delay',
] as const;
export type MailingFlag = (typeof MAILING_FLAGS)[number];

export const MAILING_FLAG_LABELS: Record<MailingFlag, string> = {
  email_promotion: 'News, offers and promotions',
  email_yourproject: 'Updates on my projects',
  email_project_files_attach: 'Attach the translated files to the delivery e-mail',
  email_translatorproject: 'Updates on projects I translate',
  email_newproject: 'New projects in my language pairs',
  translation_started: 'A translator started my project',
  new_comment: 'A new comment in a project discussion',
  approve_time: 'A reminder to approve a delivered project',
  word_count_diff: 'The word count of my file changed',
  project_signed: 'A project was signed',
  failed_callback: 'An API callback to my server failed',
  project_submitted: 'A project was submitted',
  project_delayed: 'A project is delayed',
  combo_package_delay: 'A combo package is delayed',
};

/** Which flags each side of the marketplace is offered (the others keep their defaults). */
export const MAILING_FLAGS_BY_TYPE: Record<'customer' | 'translator', readonly MailingFlag[]> = {
  customer: [
    'email_promotion',
    'email_yourproject',
    'email_project_files_attach',
    'translation_started',
    'new_comment',
    'approve_time',
    'word_count_diff',
    'project_signed',
    'failed_callback',
    'project_submitted',
    'project_delayed',
    'combo_package_delay',
  ],
  translator: ['email_promotion', 'email_translatorproject', 'email_newproject', 'new_comment', 'project_delayed'],
};

/** Every flag is on until the user turns it off, except promotions (opt-in, as the law asks). */
export const MAILING_DEFAULTS: Record<MailingFlag, boolean> = Object.fromEntries(
  MAILING_FLAGS.map((f) => [f, f !== 'email_promotion']),
) as Record<MailingFlag, boolean>;

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

export const PROFILE_LIMITS = {
  secondaryEmails: 5,
  bioMinWords: 5,
} as const;

export const API_KEY_TEXTS = {
  created: 'Your new API key is ready. Copy it now: it is shown only once.',
  oauthCreated: 'Your OAuth client is ready. Copy the client secret now: it is shown only once.',
  redirectUpdated: 'Redirect uri saved',
  redirectInvalid: 'Enter a full https:// address (http:// only for localhost)',
  translatorsNoKeys: 'API keys are for customers who order through the API',
  noOauthClient: 'Create the OAuth client first',
  revoked: 'API key revoked: calls with it are refused from now on',
  noKey: 'There is no API key to revoke',
  scopesSaved: 'Scopes saved',
  scopesRequired: 'Choose at least one scope',
  webhookSaved: 'Webhook saved. Copy the signing secret now to verify our signatures.',
  webhookRemoved: 'Webhook removed',
  webhookUrlInvalid: 'Enter a full https:// address of your server',
  webhookUrlPrivate: 'This address is private or local: webhooks go only to public servers',
  webhookResent: 'Delivery queued again',
} as const;

/** What a key or OAuth client may do on the customer API. */
export const API_KEY_SCOPES = ['read', 'order', 'pay'] as const;
export const API_KEY_SCOPE_LABELS: Record<(typeof API_KEY_SCOPES)[number], string> = {
  read: 'Read: projects, orders, cart, files',
  order: 'Order: quotes, orders, messages, approve and dispute',
  pay: 'Pay: pay the cart from credits',
};
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
});
export type OauthClientInput = z.infer<typeof oauthClientInputSchema>;

export const SUB_ACCOUNT_TEXTS = {
  added: 'Sub-account added',
  removed: 'Sub-account removed',
  emailTaken: 'This e-mail address already has an account. A sub-account must be a new account.',
  notYours: 'Sub-account not found',
  switchNotAllowed: 'Switch to one of your own sub-accounts, or back to your main account',
  switchOwnerOnly: 'Only the account owner can switch accounts, in the web app',
  transferTarget: 'Credits can move only between your account and your own sub-accounts',
  creditsRequired: 'Enter the number of credits, a whole number above zero',
  limit: 'You can have at most 50 sub-accounts',
  nameRequired: 'Enter a name for the sub-account',
  autoTransferOn: 'Auto-transfer is on',
  autoTransferOff: 'Auto-transfer is off',
  autoTransferShort: 'Not enough credits, and your main account has too few to cover the difference by auto-transfer',
} as const;

export const SUB_ACCOUNT_LIMIT = 50;

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

export const DELETE_TEXTS = {
  passwordIncorrect: PROFILE_TEXTS.deletePasswordIncorrect,
  passwordRequired: 'Enter your password',
  reasonRequired: 'Choose a reason',
  otherRequired: 'Tell us the reason',
  openProjects:
    'You have projects that are not finished. Cancel the ones still waiting for a translator, and wait for the others to complete, then delete your account.',
  deleted: 'Your account was deleted.',
  ownerOnly: 'Only the account owner can delete the account, signed in to the web app',
} as const;

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

export const NOTE_TEXTS = {
  contentRequired: 'Please enter the note',
  saved: 'Note saved',
  deleted: 'Note deleted',
  limit: 'You can keep at most 100 notes',
  notFound: 'Note not found',
} as const;

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

export const PHONE_TEXTS = {
  invalid: TEXTS.invalidPhone,
  tooShort: 'Enter the full phone number with its country code',
  codeSent: 'We sent a code to your phone',
  codeWrong: 'The code is incorrect',
  codeExpired: 'The code has expired. Ask for a new one.',
  tooManyTries: 'Too many wrong codes. Ask for a new one.',
  wait: 'Please wait a minute before asking for another code',
  notStarted: 'Ask for a code first',
  verified: 'Your phone number is verified',
  sendFailed: 'We could not send the text message. Please try again later.',
} as const;

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
