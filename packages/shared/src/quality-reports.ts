import { z } from 'zod';
import { MAX_DB_INT } from './validation';
import { REVIEW_ERROR_CATEGORIES, REVIEW_LIMITS, REVIEW_SEVERITIES, reviewErrorRowSchema } from './reviews';

// Quality report editors (spec 2 section 2; docs/decisions.md, "Quality report editors"). The
// reviewer of a QA or LL job writes a report per file of the reviewed project: the free editor takes
// findings as text with error counts by severity, the detailed editor the LISA error table. The
// job's review score counts the errors of every report of the job with the review form's own rows.

export const QUALITY_REPORT_KINDS = ['free', 'detailed'] as const;
export type QualityReportKind = (typeof QUALITY_REPORT_KINDS)[number];

/** The category the free editor's counts are filed under. */
export const FREE_REPORT_CATEGORY = 'General';

export const QUALITY_REPORT_TEXTS = {
  freeTitle: 'Quality report',
  detailedTitle: 'Detailed quality report',
  saved: 'Quality report saved',
  readOnly: 'Read-only: only the reviewer of an open QA or LL job can change this report',
  notFound: 'This file or review job was not found',
  summaryLength: `The findings must be at most ${REVIEW_LIMITS.commentMax} characters long`,
  freeNeedsText: 'Write your findings',
  fromReports: 'Errors from the quality reports of the files',
} as const;

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
  errors: z.array(qualityErrorSchema),
});
export type JobQualityReports = z.infer<typeof jobQualityReportsSchema>;

/** Error tables added up by category and severity (the order of first appearance is kept). */
export function mergeErrorTables(
  ...tables: readonly (readonly { category: string; severity: string; count: number }[])[]
): { category: string; severity: string; count: number }[] {
  const merged = new Map<string, { category: string; severity: string; count: number }>();
  for (const table of tables)
    for (const e of table) {
      const key = `${e.category}\u0000${e.severity}`;
      const row = merged.get(key);
      if (row) row.count += e.count;
      else merged.set(key, { category: e.category, severity: e.severity, count: e.count });
    }
  return [...merged.values()];
}

export { REVIEW_SEVERITIES as QUALITY_SEVERITIES };
