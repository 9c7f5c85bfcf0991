import type { JobQualityReports } from '@parlance/shared';

// What a review job's form counts besides its own rows: the errors of the files' quality reports
// and the errors the reviewer marked on segments in the editor, which the server adds up in
// `errors` and also sends apart in `annotations`, so the form can show that table.

type ErrorRow = JobQualityReports['errors'][number];

export interface CountedErrors {
  /** every row the score counts besides the form's own */
  all: ErrorRow[];
  /** the editor's annotations as error rows */
  annotations: ErrorRow[];
  /** errors of the quality reports alone */
  reportErrors: number;
  /** errors marked in the editor */
  markedErrors: number;
}

const sum = (rows: readonly ErrorRow[]) => rows.reduce((n, e) => n + e.count, 0);

export function countedErrors(answer: Pick<JobQualityReports, 'errors' | 'annotations'> | undefined): CountedErrors {
  const all = answer?.errors ?? [];
  const annotations = answer?.annotations ?? [];
  const markedErrors = sum(annotations);
  return { all, annotations, reportErrors: Math.max(0, sum(all) - markedErrors), markedErrors };
}
