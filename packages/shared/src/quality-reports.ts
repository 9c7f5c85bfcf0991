import { REVIEW_LIMITS, REVIEW_SEVERITIES } from './reviews';

// Quality report editors (spec 2 section 2; ADR 0089). The
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
