import type { UserType } from './constants';
import { TEXTS } from './texts';

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
  // the spec lists these sections without naming their hashes (ADR 0081)
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
  project_signed: 'The certificate of my certified project was signed',
  failed_callback: 'An API callback to my server failed',
  project_submitted: 'A project was submitted',
  project_delayed: 'A project is delayed',
  combo_package_delay: 'A project of my multi-language order (package) is delayed',
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

/**
 * The mails no switch governs and that each governed mail's unsubscribe link names: the texts of
 * the one-click unsubscribe page (RFC 8058) and the promotions an admin sends.
 */
export const MAIL_TEXTS = {
  unsubscribeTitle: 'Unsubscribe',
  unsubscribeQuestion: 'Stop these e-mails?',
  unsubscribeAccount: 'For the account',
  unsubscribeButton: 'Unsubscribe',
  unsubscribeDone: 'Done: these e-mails are off.',
  turnBackOn: 'Turn them back on in your mailing preferences',
  unsubscribeAlreadyOff: 'These e-mails are already off.',
  unsubscribeInvalid:
    'This unsubscribe link is not valid (it may have been copied only in part). Sign in and turn the e-mails off in your mailing preferences.',
  footer: 'You get this e-mail because this is on in your mailing preferences',
  footerStop: 'Stop these e-mails',
  promotionSubjectRequired: 'Enter the subject',
  promotionTextRequired: 'Enter the text of the e-mail',
  promotionQueued: 'Promotion sent to the people who asked for news and offers',
} as const;

/** The translated files go with the delivery mail up to this size in all; above it, the mail links them. */
export const MAIL_ATTACHMENT_LIMIT_BYTES = 10 * 1024 * 1024;

/** A project still READY this long after delivery gets the approve_time reminder (auto-complete is at 7 days). */
export const APPROVE_REMINDER_AFTER_MS = 5 * 24 * 60 * 60 * 1000;

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

export const NOTE_TEXTS = {
  contentRequired: 'Please enter the note',
  saved: 'Note saved',
  deleted: 'Note deleted',
  limit: 'You can keep at most 100 notes',
  notFound: 'Note not found',
} as const;

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
