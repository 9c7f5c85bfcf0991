// The translator dashboard's calls (spec 2 section 7, "Translator dashboard"; ADR 0083).

export const DASHBOARD_TEXTS = {
  onlyTranslators: 'Only translators have a dashboard',
  vacationBothDates: 'Please set both vacation dates',
  vacationOrder: 'The vacation must end on or after its first day',
  contested: 'Your contest was sent to the quality team',
  alreadyContested: 'You have already contested this',
  notAffecting: 'This item does not affect your level',
  contestNotOpen: 'This contest was already decided',
} as const;

/** Dashboard statement: default limit 25, page 1 (spec 2 section 9). */
export const DASHBOARD_STATEMENT_DEFAULT_LIMIT = 25;
/** Months the statistics chart shows, this one included. */
export const DASHBOARD_STATISTICS_MONTHS = 12;
/** Pending earnings rows per page in additional-data. */
export const DASHBOARD_PENDING_PAGE_SIZE = 10;
/** Paid-out payouts listed in additional-data's `converted`. */
export const DASHBOARD_CONVERTED_SHOWN = 5;
/** Recruitment: a translator with this many translation jobs in progress takes no new work. */
export const RECRUITMENT_MAX_OPEN_JOBS = 5;
/** The window of "answers within 24 hours". */
export const ANSWERS_WINDOW_DAYS = 90;

export const LEVELING_AFFECT_TYPES = ['rating', 'qa', 'll', 'late', 'dispute'] as const;
export type LevelingAffectType = (typeof LEVELING_AFFECT_TYPES)[number];
export const LEVELING_AFFECT_LABELS: Record<LevelingAffectType, string> = {
  rating: 'Low rating',
  qa: 'Low QA score',
  ll: 'Low LL score',
  late: 'Late delivery',
  dispute: 'Dispute lost',
};
export const CONTEST_STATUSES = ['open', 'accepted', 'rejected'] as const;
export type ContestStatus = (typeof CONTEST_STATUSES)[number];
