import { z } from './zod';
import { calendarDate } from './zod-objects';
import {
  ADMIN_PROJECT_SORT_FIELDS,
  LOW_RATING_MAX,
  PROJECT_ACTIONS,
  PROJECT_KINDS,
  PROJECT_LIMITS,
  PROJECT_SORT_FIELDS,
  PROJECT_STATUS_FILTERS,
  PROJECT_STATUSES,
  RATING_REASON_VALUES,
} from './projects';
import { projectReviewSchema } from './reviews-schemas';
import { disputeSegmentsSchema } from './workbench-schemas';
import { PROJECT_TEXTS } from './texts-projects';
import { MAX_DB_INT } from './validation';

// The zod schemas of projects.ts, apart from its constants and texts so that a page reading only
// those does not load zod.

// ---- payloads ----

/**
 * One value or a list of them (form posts send a single field once): always a list after parsing.
 */
export const listOf = <T extends z.ZodTypeAny>(item: T) =>
  z.union([z.array(item), item]).transform((v) => (Array.isArray(v) ? v : [v]) as z.infer<T>[]);

// Request contracts of the project moves: the route validates with them and the dialogs check with
// them, so a rule and its message live here only. Their messages are the user-facing texts.

/** POST /api/2/projects/{id}/name */
export const projectNameSchema = z.object({
  name: z
    .string({ error: PROJECT_TEXTS.titleTooShort })
    .trim()
    .min(PROJECT_LIMITS.nameMinLength, PROJECT_TEXTS.titleTooShort)
    .max(PROJECT_LIMITS.nameMaxLength, PROJECT_TEXTS.nameTooLong),
});

/** POST /api/2/projects/{id}/tags: trimmed, blanks dropped, duplicates once. */
export const projectTagsSchema = z.object({
  // the limit is on the tag as typed less its outer spaces, which is what the document shows
  tags: listOf(z.string().trim().max(PROJECT_LIMITS.tagMaxLength, PROJECT_TEXTS.tagTooLong))
    .default([])
    .transform((tags) => [...new Set(tags.filter((t) => t.length > 0))])
    .refine((tags) => tags.length <= PROJECT_LIMITS.tagsMax, PROJECT_TEXTS.tooManyTags),
});

/** POST /api/2/projects/{id}/rating: 3 stars or less need a reason and a comment. */
export const projectRatingSchema = z
  .object({
    rating: z.coerce
      .number({ error: PROJECT_TEXTS.ratingRequired })
      .int(PROJECT_TEXTS.ratingRequired)
      .min(1, PROJECT_TEXTS.ratingRequired)
      .max(5, PROJECT_TEXTS.ratingRequired),
    reasons: listOf(z.enum(RATING_REASON_VALUES)).default([]),
    comment: z
      .string()
      .max(PROJECT_LIMITS.messageMaxLength, PROJECT_TEXTS.messageTooLong)
      .default('')
      .transform((c) => c.trim()),
  })
  .superRefine((v, ctx) => {
    if (v.rating > LOW_RATING_MAX) return;
    if (v.reasons.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['reasons'], message: PROJECT_TEXTS.ratingReasonsRequired });
    }
    if (v.comment.length < PROJECT_LIMITS.ratingCommentMinLength) {
      ctx.addIssue({ code: 'custom', path: ['comment'], message: PROJECT_TEXTS.ratingCommentTooShort });
    }
  });

/** POST /api/2/projects/{id}/cancel: where the refund goes (credits unless the customer picks the card) */
export const projectCancelSchema = z.preprocess(
  // a cancel without a body (most clients send none) is a refund to credits
  (v) => v ?? {},
  z.object({ refund_to: z.enum(['card', 'credits']).optional() }),
);
export type ProjectCancelBody = z.infer<typeof projectCancelSchema>;

/** GET /api/2/projects/{id}/refund-options: the card a cancel can refund to, if any */
export const projectRefundOptionsSchema = z.object({
  amountCredits: z.number(),
  card: z.object({ brand: z.string(), last4: z.string(), label: z.string() }).nullable(),
});
export type ProjectRefundOptions = z.infer<typeof projectRefundOptionsSchema>;

/** POST /api/2/projects/{id}/dispute */
export const projectDisputeSchema = z.object({
  reason: z
    .string({ error: PROJECT_TEXTS.disputeReasonTooShort })
    .trim()
    .min(PROJECT_LIMITS.disputeReasonMinLength, PROJECT_TEXTS.disputeReasonTooShort)
    .max(5000, PROJECT_TEXTS.messageTooLong),
});

/** POST /api/2/projects/{id}/dispute: the reason, and the segments it points at (ADR 0112) */
export const projectDisputeWithSegmentsSchema = projectDisputeSchema.extend({ segments: disputeSegmentsSchema });
export type ProjectDisputeInput = z.input<typeof projectDisputeWithSegmentsSchema>;

/** POST /api/2/admin/projects/{id}/reassign: the translator who takes the job over */
export const projectReassignSchema = z.object({
  translatorId: z.coerce
    .number({ error: PROJECT_TEXTS.reassignTargetInvalid })
    .int(PROJECT_TEXTS.reassignTargetInvalid)
    .min(1, PROJECT_TEXTS.reassignTargetInvalid)
    .max(MAX_DB_INT, PROJECT_TEXTS.reassignTargetInvalid),
});

export const RESOLVE_OUTCOMES = ['refund', 'partial', 'pay'] as const;

/**
 * POST /api/2/admin/projects/{id}/resolve: a full refund, a partial refund (refundCredits, at most
 * the price: the server checks that bound against the project) with the rest paid, or pay.
 */
export const projectResolveSchema = z
  .object({
    outcome: z.enum(RESOLVE_OUTCOMES, { error: PROJECT_TEXTS.resolveInvalid }),
    refundCredits: z.union([z.literal('').transform(() => undefined), z.coerce.number()]).optional(),
  })
  .superRefine((v, ctx) => {
    const refund = v.refundCredits;
    if (v.outcome === 'partial' && (refund === undefined || !Number.isSafeInteger(refund) || refund < 1))
      ctx.addIssue({ code: 'custom', path: ['refundCredits'], message: PROJECT_TEXTS.partialRefundInvalid });
  });
export type ProjectResolve = z.input<typeof projectResolveSchema>;

/** The text of a discussion message: trimmed, not blank, at most 5000 characters. */
export const messageTextSchema = z
  .string({ error: PROJECT_TEXTS.messageEmpty })
  .trim()
  .min(1, PROJECT_TEXTS.messageEmpty)
  .max(PROJECT_LIMITS.messageMaxLength, PROJECT_TEXTS.messageTooLong);

/** POST /api/2/projects/{id}/messages */
export const projectMessageSchema = z.object({ body: messageTextSchema });

/** POST /api/2/projects/bulk-message: 2 or more distinct projects. */
export const bulkMessageSchema = z.object({
  projectIds: listOf(z.coerce.number().int().positive())
    .default([])
    .transform((ids) => [...new Set(ids)])
    .refine((ids) => ids.length >= PROJECT_LIMITS.bulkMessageMinProjects, PROJECT_TEXTS.bulkMessageNeedsTwo),
  message: messageTextSchema,
});

/** GET /api/2/account/customer-projects query */
export const customerProjectsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(PROJECT_LIMITS.rowsPerPageOptions[0]),
  sort: z.enum(PROJECT_SORT_FIELDS).default('id'),
  order: z.enum(['asc', 'desc']).default('desc'),
  id: z.coerce.number().int().positive().optional(),
  status: z.enum(PROJECT_STATUS_FILTERS).default('ALL'),
  tag: z.string().trim().max(PROJECT_LIMITS.tagMaxLength).optional(),
  sourceLanguage: z.string().optional(),
  targetLanguage: z.string().optional(),
  expertise: z.string().optional(),
  search: z.string().trim().max(200).optional(),
});
export type CustomerProjectsQuery = z.infer<typeof customerProjectsQuerySchema>;
const isoDay = calendarDate('Use a date as YYYY-MM-DD');
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
export const adminProjectsQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    perPage: z.coerce.number().int().min(1).max(100).default(PROJECT_LIMITS.rowsPerPageOptions[1]),
    sort: z.enum(ADMIN_PROJECT_SORT_FIELDS).default('id'),
    order: z.enum(['asc', 'desc']).default('desc'),
    status: z.preprocess(blankToUndefined, z.enum(PROJECT_STATUSES).optional()),
    /** the customer's id, or part of their name or e-mail */
    customer: z.string().trim().max(200).optional(),
    /** the translator's id, or part of their name or e-mail */
    translator: z.string().trim().max(200).optional(),
    sourceLanguage: z.string().trim().max(100).optional(),
    targetLanguage: z.string().trim().max(100).optional(),
    /** ordered on or after this day (UTC) */
    dateFrom: z.preprocess(blankToUndefined, isoDay.optional()),
    /** ordered on or before this day (UTC) */
    dateTo: z.preprocess(blankToUndefined, isoDay.optional()),
  })
  .refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, {
    message: 'The start date must be on or before the end date',
    path: ['dateTo'],
  });
export type AdminProjectsQuery = z.infer<typeof adminProjectsQuerySchema>;

/** The list query of translator lists and open jobs. */
export const translatorListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(PROJECT_LIMITS.rowsPerPageOptions[0]),
  count: z.enum(['true', 'false', '1', '0']).optional(),
});

/** One row of any project list. Money fields: the customer sees priceCredits, a translator earningsCredits. */
export const projectRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** the moves the viewer may make now, as on the project page */
  actions: z.array(z.enum(PROJECT_ACTIONS)),
  status: z.enum(PROJECT_STATUSES),
  statusLabel: z.string(),
  type: z.string(),
  typeName: z.string(),
  kind: z.enum(PROJECT_KINDS),
  sourceLanguage: z.string().nullable(),
  targetLanguage: z.string().nullable(),
  expertise: z.string().nullable(),
  wordCount: z.number(),
  deadline: z.string().nullable(),
  createdAt: z.string(),
  tags: z.array(z.string()),
  /** customer view only */
  priceCredits: z.number().optional(),
  /** translator view only: this user's earnings on the project */
  earningsCredits: z.number().optional(),
  rating: z.number().nullable(),
  /** badges: E editing, MT exclusive, TR translation */
  badges: z.array(z.enum(['E', 'MT', 'TR'])),
  translatorName: z.string().nullable(),
  customerName: z.string().nullable(),
});
export type ProjectRow = z.infer<typeof projectRowSchema>;

export const projectListSchema = z.object({
  data: z.array(projectRowSchema),
  totalCount: z.number(),
  /** true: more projects match than totalCount (the list stopped counting at COUNT_CAP) */
  totalCountIsLowerBound: z.boolean().optional(),
});
export type ProjectList = z.infer<typeof projectListSchema>;

export const projectFileSchema = z.object({
  /** resource id for GET /api/2/resources/{id} ("s{n}" for source files, "r{n}" for added ones) */
  id: z.string(),
  uuid: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  context: z.enum(['source', 'reference', 'translation', 'edited', 'post']),
  createdAt: z.string(),
});
export type ProjectFile = z.infer<typeof projectFileSchema>;

export const projectEventSchema = z.object({
  id: z.number(),
  fromStatus: z.enum(PROJECT_STATUSES).nullable(),
  toStatus: z.enum(PROJECT_STATUSES),
  action: z.string(),
  actorName: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});

export const projectMessageRowSchema = z.object({
  id: z.number(),
  authorId: z.number(),
  authorName: z.string(),
  mine: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
  /** null: delivered as sent; pending: under moderation; declined: did not pass (its author and admins see these) */
  moderationStatus: z.enum(['pending', 'approved', 'declined']).nullable(),
});

/** The machine translation of an MT or post-editing project: how far it is, or why it failed. */
export const machineTranslationProgressSchema = z.object({
  state: z.enum(['queued', 'running', 'done', 'failed']),
  segmentsDone: z.number(),
  segmentsTotal: z.number(),
  wordsDone: z.number(),
  wordsTotal: z.number(),
  /** failed: why, in the engine's or the file's words; otherwise the last retried error, or null */
  error: z.string().nullable(),
});
export type MachineTranslationProgress = z.infer<typeof machineTranslationProgressSchema>;

/** GET /api/2/projects/{id} */
export const projectDetailSchema = projectRowSchema.extend({
  brief: z.string().nullable(),
  translationCategory: z.string().nullable(),
  needProofreading: z.boolean(),
  expedite: z.boolean(),
  certificate: z.boolean(),
  deliveredAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  autoCompleteAt: z.string().nullable(),
  earningsAvailableAt: z.string().nullable(),
  disputeReason: z.string().nullable(),
  ratingReasons: z.array(z.string()).nullable(),
  ratingComment: z.string().nullable(),
  /** the viewer's relation to the project */
  viewerRole: z.enum(['customer', 'translator', 'editor', 'admin', 'staff', 'candidate', 'reviewer']),
  files: z.array(projectFileSchema),
  events: z.array(projectEventSchema),
  messages: z.array(projectMessageRowSchema),
  /** a QA or LL job: the project it reviews */
  reviewedProjectId: z.number().nullable(),
  /** a QA or LL job: its review, once submitted */
  review: projectReviewSchema.nullable(),
  /** MT and post-editing projects, for the people of the project and staff; null otherwise */
  machineTranslation: machineTranslationProgressSchema.nullable(),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

export const resourceAnswerSchema = z.object({ download_url: z.string(), file_mime: z.string() });
