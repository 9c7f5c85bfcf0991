import { z } from './zod';
import { MODERATION_LIMITS, MODERATION_REASON_TYPES, MODERATION_SOURCES, MODERATION_STATUSES } from './moderation';

// The zod schemas of moderation.ts, apart from its constants and texts so that a page reading only
// those does not load zod.

export const moderationReasonSchema = z.object({
  type: z.enum(MODERATION_REASON_TYPES),
  /** the text that matched (the vocabulary word as written, or the contact detail) */
  match: z.string(),
  /** the vocabulary language of a word */
  language: z.string().optional(),
});
export type ModerationReason = z.infer<typeof moderationReasonSchema>;

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
