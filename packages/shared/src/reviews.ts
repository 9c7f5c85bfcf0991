// QA and LL reviews: a LISA-style error table scored out of 1000 (ADR 0089). The score rule lives
// here so that the server and the review form's preview agree.

export const REVIEW_ERROR_CATEGORIES = [
  'Accuracy',
  'Terminology',
  'Language',
  'Style',
  'Country standards',
  'Consistency',
  'Formatting',
] as const;
export type ReviewErrorCategory = (typeof REVIEW_ERROR_CATEGORIES)[number];

export const REVIEW_SEVERITIES = ['minor', 'major', 'critical'] as const;
export type ReviewSeverity = (typeof REVIEW_SEVERITIES)[number];

/** Penalty points of one error of each severity. */
export const REVIEW_PENALTY_POINTS: Record<ReviewSeverity, number> = { minor: 1, major: 5, critical: 10 };

export const REVIEW_LIMITS = {
  maxScore: 1000,
  maxRows: 50,
  maxCount: 999,
  commentMin: 3,
  commentMax: 5000,
} as const;

export const REVIEW_JOB_KINDS = ['qa', 'll'] as const;
export type ReviewJobKind = (typeof REVIEW_JOB_KINDS)[number];

export const REVIEW_TEXTS = {
  commentLength: `The comment must be ${REVIEW_LIMITS.commentMin} to ${REVIEW_LIMITS.commentMax} characters long`,
  tooManyRows: `At most ${REVIEW_LIMITS.maxRows} error rows`,
  countRange: `The count must be 1 to ${REVIEW_LIMITS.maxCount}`,
  reviewJobExists: 'An open review job of this kind already exists for this project.',
  notReviewable: 'Only a completed classic or bundle project can be reviewed.',
  notReviewJob: 'This project is not a QA or LL job.',
  reviewSubmitted: 'Review submitted',
} as const;

/** Penalty points of an error table: minor 1, major 5, critical 10 per error. */
export function reviewPenaltyPoints(errors: readonly { severity: string; count: number }[]): number {
  let points = 0;
  for (const e of errors) {
    const weight = REVIEW_PENALTY_POINTS[e.severity as ReviewSeverity] ?? 0;
    points += weight * Math.max(0, Math.trunc(e.count));
  }
  return points;
}

/**
 * The score out of 1000: max(0, round(1000 − 10 × penalty points per 1,000 words of the reviewed
 * project)). A project with no counted words is scored as if it had 1 word.
 */
export function reviewScore(errors: readonly { severity: string; count: number }[], wordCount: number): number {
  const words = Math.max(1, Math.trunc(wordCount));
  const perThousandWords = (reviewPenaltyPoints(errors) * 1000) / words;
  return Math.max(0, Math.round(REVIEW_LIMITS.maxScore - 10 * perThousandWords));
}
