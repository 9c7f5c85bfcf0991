// Moderation and vocabulary (spec 2 sections 3, 4, 5, 7, 8, 9; spec 3 sections 4 and 8).

/** The acl group of moderators (super-admins moderate too). */
export const MODERATION_ACL_GROUP = 'role.moderation';

export const MODERATION_SOURCES = ['discussionBoard', 'blendTalk'] as const;
export type ModerationSource = (typeof MODERATION_SOURCES)[number];

export const MODERATION_STATUSES = ['pending', 'approved', 'declined'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

/** Why a message went on moderation: a vocabulary word, or a kind of contact detail. */
export const MODERATION_REASON_TYPES = ['word', 'email', 'phone', 'messenger', 'link'] as const;
export type ModerationReasonType = (typeof MODERATION_REASON_TYPES)[number];

export const MODERATION_LIMITS = {
  /** vocabulary words per page */
  wordsPerPage: 30,
  /** the moderation table's date range starts this many days ago */
  defaultRangeDays: 1,
  /** moderation table page sizes */
  tablePageSizes: [25, 50, 100] as const,
  tableDefaultPageSize: 25,
  languageNameMax: 60,
  wordMax: 100,
} as const;

export const MODERATION_TEXTS = {
  underModeration: 'The message is under moderation',
  declined: 'This message did not pass moderation. Please contact the administrator.',
  languageExists: 'A language with this name has already been created',
  wordExists: 'A word with this name has already been created',
  noWords: 'There are no words added for this language yet',
} as const;

/** How a reason reads in the moderation table. */
export const MODERATION_REASON_LABELS: Record<ModerationReasonType, string> = {
  word: 'Banned word',
  email: 'E-mail address',
  phone: 'Phone number',
  messenger: 'Messenger',
  link: 'Link',
};

/** Pagination of the moderation lists, in the response headers (spec 2 section 7). */
export const PAGINATION_HEADERS = {
  total: 'x-total-count',
  page: 'x-current-page',
  perPage: 'x-per-page',
  pages: 'x-page-count',
} as const;
