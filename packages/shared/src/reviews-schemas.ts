import { z } from './zod';
import { REVIEW_ERROR_CATEGORIES, REVIEW_JOB_KINDS, REVIEW_LIMITS, REVIEW_SEVERITIES, REVIEW_TEXTS } from './reviews';

// The zod schemas of reviews.ts, apart from its constants and texts so that a page reading only
// those does not load zod.

export const reviewErrorRowSchema = z.object({
  category: z.enum(REVIEW_ERROR_CATEGORIES),
  severity: z.enum(REVIEW_SEVERITIES),
  count: z.coerce
    .number()
    .int(REVIEW_TEXTS.countRange)
    .min(1, REVIEW_TEXTS.countRange)
    .max(REVIEW_LIMITS.maxCount, REVIEW_TEXTS.countRange),
});
export type ReviewErrorRow = z.infer<typeof reviewErrorRowSchema>;

/** POST /api/2/projects/{id}/review */
export const reviewSubmitSchema = z.object({
  errors: z.array(reviewErrorRowSchema).max(REVIEW_LIMITS.maxRows, REVIEW_TEXTS.tooManyRows).default([]),
  comment: z
    .string()
    .trim()
    .min(REVIEW_LIMITS.commentMin, REVIEW_TEXTS.commentLength)
    .max(REVIEW_LIMITS.commentMax, REVIEW_TEXTS.commentLength),
});
export type ReviewSubmit = z.infer<typeof reviewSubmitSchema>;

/** POST /api/2/admin/projects/{id}/review-jobs */
export const reviewJobCreateSchema = z.object({ kind: z.enum(REVIEW_JOB_KINDS) });

/** The submitted review of a QA or LL job, on its project page. */
export const projectReviewSchema = z.object({
  score: z.number().int(),
  errors: z.array(z.object({ category: z.string(), severity: z.string(), count: z.number().int() })),
  comment: z.string().nullable(),
});
export type ProjectReview = z.infer<typeof projectReviewSchema>;
