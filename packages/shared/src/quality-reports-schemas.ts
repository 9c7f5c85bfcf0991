import { z } from './zod';
import { FREE_REPORT_CATEGORY, QUALITY_REPORT_KINDS, QUALITY_REPORT_TEXTS } from './quality-reports';
import { REVIEW_ERROR_CATEGORIES, REVIEW_LIMITS } from './reviews';
import { reviewErrorRowSchema } from './reviews-schemas';
import { MAX_DB_INT } from './validation';

// The zod schemas of quality-reports.ts, apart from its constants and texts so that a page reading only
// those does not load zod.

const id = z.coerce
  .number({ error: QUALITY_REPORT_TEXTS.notFound })
  .int(QUALITY_REPORT_TEXTS.notFound)
  .min(1, QUALITY_REPORT_TEXTS.notFound)
  .max(MAX_DB_INT, QUALITY_REPORT_TEXTS.notFound);
const uuid = z
  .string({ error: QUALITY_REPORT_TEXTS.notFound })
  .trim()
  .min(1, QUALITY_REPORT_TEXTS.notFound)
  .max(100, QUALITY_REPORT_TEXTS.notFound);

/** GET /api/2/quality-report: the editor's query (project_id is the QA or LL job). */
export const qualityReportQuerySchema = z.object({
  project_id: id,
  resource_uuid: uuid,
  kind: z.enum(QUALITY_REPORT_KINDS, { error: 'Choose the free or the detailed editor' }),
});

/** POST /api/2/quality-report */
export const qualityReportSaveSchema = qualityReportQuerySchema
  .extend({
    errors: z
      .array(reviewErrorRowSchema.extend({ category: z.enum([...REVIEW_ERROR_CATEGORIES, FREE_REPORT_CATEGORY]) }))
      .max(REVIEW_LIMITS.maxRows)
      .default([]),
    summary: z.string().trim().max(REVIEW_LIMITS.commentMax, QUALITY_REPORT_TEXTS.summaryLength).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'free' && v.summary === '')
      ctx.addIssue({ code: 'custom', path: ['summary'], message: QUALITY_REPORT_TEXTS.freeNeedsText });
    if (v.kind === 'free' && v.errors.some((e) => e.category !== FREE_REPORT_CATEGORY))
      ctx.addIssue({ code: 'custom', path: ['errors'], message: 'The free report counts errors by severity only' });
    if (v.kind === 'detailed' && v.errors.some((e) => e.category === FREE_REPORT_CATEGORY))
      ctx.addIssue({ code: 'custom', path: ['errors'], message: 'Choose a category for every error row' });
  });
export type QualityReportSave = z.input<typeof qualityReportSaveSchema>;

export const qualityErrorSchema = z.object({ category: z.string(), severity: z.string(), count: z.number().int() });

export const qualityReportSchema = z.object({
  kind: z.enum(QUALITY_REPORT_KINDS),
  resourceUuid: z.string(),
  errors: z.array(qualityErrorSchema),
  summary: z.string(),
  authorName: z.string().nullable(),
  updatedAt: z.string(),
});
export type QualityReport = z.infer<typeof qualityReportSchema>;

/** The editor's answer: the report (null before the first save), what it is about, and who may write. */
export const qualityReportAnswerSchema = z.object({
  report: qualityReportSchema.nullable(),
  readOnly: z.boolean(),
  job: z.object({ id: z.number(), kind: z.string(), name: z.string(), status: z.string() }),
  reviewedProject: z.object({ id: z.number(), name: z.string(), wordCount: z.number() }),
  file: z.object({ uuid: z.string(), name: z.string() }),
});
export type QualityReportAnswer = z.infer<typeof qualityReportAnswerSchema>;

/** GET /api/2/projects/{id}/quality-reports: every report of a job and their errors added up. */
export const jobQualityReportsSchema = z.object({
  reports: z.array(qualityReportSchema.extend({ fileName: z.string() })),
  /** the errors the reviewer marked on segments in the editor, as error-table rows */
  annotations: z.array(qualityErrorSchema),
  /** the reports' errors and the annotations added up */
  errors: z.array(qualityErrorSchema),
});
export type JobQualityReports = z.infer<typeof jobQualityReportsSchema>;
