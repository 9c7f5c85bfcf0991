import { z } from 'zod';

// Moderation and vocabulary (spec 2 sections 3, 4, 5, 7, 8, 9; spec 3 sections 4 and 8; issue 14).

/** The acl group of moderators (super-admins moderate too). */
export const MODERATION_ACL_GROUP = 'role.moderation';

export const MODERATION_SOURCES = ['discussionBoard', 'blendTalk'] as const;
export type ModerationSource = (typeof MODERATION_SOURCES)[number];

export const MODERATION_STATUSES = ['pending', 'approved', 'declined'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

/** Why a message went on moderation: a vocabulary word, or a kind of contact detail. */
export const MODERATION_REASON_TYPES = ['word', 'email', 'phone', 'messenger', 'link'] as const;
export type ModerationReasonType = (typeof MODERATION_REASON_TYPES)[number];

export const moderationReasonSchema = z.object({
  type: z.enum(MODERATION_REASON_TYPES),
  /** the text that matched (the vocabulary word as written, or the contact detail) */
  match: z.string(),
  /** the vocabulary language of a word */
  language: z.string().optional(),
});
export type ModerationReason = z.infer<typeof moderationReasonSchema>;

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

const trimmed = (max: number, required: string) =>
  z
    .string({ error: required })
    .transform((s) => s.trim().replace(/\s+/g, ' '))
    .pipe(z.string().min(1, required).max(max, `At most ${max} characters.`));

export const vocabularyLanguageInputSchema = z.object({
  title: trimmed(MODERATION_LIMITS.languageNameMax, 'Please enter the name of the language.'),
});

export const vocabularyWordInputSchema = z.object({
  title: trimmed(MODERATION_LIMITS.wordMax, 'Please enter a word.'),
  language: z.coerce.number({ error: 'Please choose a language.' }).int().positive('Please choose a language.'),
});

export const vocabularyLanguageSchema = z.object({ id: z.number(), name: z.string(), words: z.number() });
export type VocabularyLanguage = z.infer<typeof vocabularyLanguageSchema>;

export const vocabularyWordSchema = z.object({
  id: z.number(),
  word: z.string(),
  language: z.object({ id: z.number(), name: z.string() }),
  createdAt: z.string(),
});
export type VocabularyWord = z.infer<typeof vocabularyWordSchema>;

export const moderationSearchQuerySchema = z.object({
  status: z.enum(MODERATION_STATUSES).optional(),
  /** ISO dates or date-times; from defaults to one day ago */
  from: z.iso
    .date()
    .or(z.iso.datetime({ offset: true }))
    .optional(),
  to: z.iso
    .date()
    .or(z.iso.datetime({ offset: true }))
    .optional(),
  /** one box: title, language, status or author external id */
  q: z.string().max(200).optional(),
  title: z.string().max(200).optional(),
  language: z.string().max(100).optional(),
  externalId: z.string().max(40).optional(),
  source: z.enum(MODERATION_SOURCES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce
    .number()
    .int()
    .refine((n) => (MODERATION_LIMITS.tablePageSizes as readonly number[]).includes(n), 'Page size is 25, 50 or 100.')
    .default(MODERATION_LIMITS.tableDefaultPageSize),
});
export type ModerationSearchQuery = z.infer<typeof moderationSearchQuerySchema>;

export const moderationDecisionSchema = z.object({
  status: z.enum(['approved', 'declined'], { error: 'The status is approved or declined.' }),
});

export const moderationItemSchema = z.object({
  id: z.number(),
  source: z.enum(MODERATION_SOURCES),
  createdAt: z.string(),
  title: z.string(),
  language: z.string(),
  author: z.object({
    id: z.number(),
    externalId: z.string(),
    name: z.string(),
    email: z.string(),
    status: z.string(),
    type: z.string(),
  }),
  reasons: z.array(moderationReasonSchema),
  message: z.string(),
  history: z.array(
    z.object({
      status: z.enum(MODERATION_STATUSES),
      createdAt: z.string(),
      actor: z.object({ id: z.number(), name: z.string() }).nullable(),
    }),
  ),
  link: z.string(),
  status: z.enum(MODERATION_STATUSES),
});
export type ModerationItem = z.infer<typeof moderationItemSchema>;
