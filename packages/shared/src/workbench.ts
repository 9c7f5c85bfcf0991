import type { ReviewErrorCategory, ReviewSeverity } from './reviews';

// The translator's workbench (/ui-editor/{projectId}): a job's files as segments, translated in the
// browser with the customer's memory, terms and machine translation as suggestions, checked, and
// delivered in the original formats. The constants and texts here are shared by the server and the
// editor page; the zod schemas of the calls are in workbench-schemas.ts.

/** new: untouched; draft: typed, not confirmed; translated: confirmed by the translator; reviewed: confirmed by the editor or reviewer */
export const SEGMENT_STATUSES = ['new', 'draft', 'translated', 'reviewed'] as const;
export type SegmentStatus = (typeof SEGMENT_STATUSES)[number];

/** A status a person saves: "new" is only where a segment starts. */
export const SAVED_SEGMENT_STATUSES = ['draft', 'translated', 'reviewed'] as const;
export type SavedSegmentStatus = (typeof SAVED_SEGMENT_STATUSES)[number];

/** Where a target came from: typed, a memory match taken, the engine's suggestion, a repetition filled. */
export const TARGET_ORIGINS = ['manual', 'memory', 'machine', 'repetition', 'xliff', 'delivered'] as const;
export type TargetOrigin = (typeof TARGET_ORIGINS)[number];

/** Who opens a job in the editor, and for what. */
export const WORKBENCH_ROLES = ['translator', 'editor', 'reviewer', 'customer', 'staff'] as const;
export type WorkbenchRole = (typeof WORKBENCH_ROLES)[number];

export const WORKBENCH_LIMITS = {
  /** a target's markup, in characters */
  targetMax: 20_000,
  /** memory matches shown per segment */
  memoryMatches: 5,
  /** rows per page of the editor's job list (/ui-editor) */
  jobsPageSize: 25,
  jobsPageSizeMax: 100,
  /** the lowest fuzzy match shown (and counted in a quote's analysis) */
  minMatchPercent: 75,
  /** an annotation's comment */
  annotationCommentMax: 1_000,
  /** segments one dispute points at, and each one's comment */
  disputedSegmentsMax: 100,
  disputeCommentMax: 1_000,
  /** the autosave's pause after the last keystroke */
  autosaveDelayMs: 600,
  /** an XLIFF file taken back, in bytes */
  xliffMaxBytes: 20_000_000,
  /** a target longer than this many times its source (in characters) is flagged */
  lengthRatioMax: 2.5,
  /** and shorter than this share of it */
  lengthRatioMin: 0.3,
  /** an order of more words is quoted without its memory analysis (it would keep the quote waiting) */
  analysisMaxWords: 200_000,
  /** segments in the open answer (the first screens); the rest come a page at a time after it */
  openSegments: 200,
  /** segments per page of GET /api/2/workbench/projects/{id}/segments, and the most one page may ask */
  segmentsPage: 2_000,
  segmentsPageMax: 5_000,
} as const;

/**
 * The industry's match bands (as Smartcat, Phrase and memoQ show them), best first. A quote's
 * analysis counts a file's words in each; a memory suggestion shows its percentage.
 */
export const MATCH_BANDS = [
  { key: 'repetitions', label: 'Repetitions', min: null, max: null },
  { key: '100', label: '100%', min: 100, max: 100 },
  { key: '95-99', label: '95–99%', min: 95, max: 99 },
  { key: '85-94', label: '85–94%', min: 85, max: 94 },
  { key: '75-84', label: '75–84%', min: 75, max: 84 },
  { key: 'new', label: 'No match', min: null, max: null },
] as const;
export type MatchBandKey = (typeof MATCH_BANDS)[number]['key'];

/** The checks run when a segment is confirmed and listed before delivery. */
export const QA_CHECKS = [
  'empty',
  'untranslated',
  'tags',
  'numbers',
  'terms',
  'punctuation',
  'spacing',
  'length',
] as const;
export type QaCheck = (typeof QA_CHECKS)[number];

/**
 * MQM's core error types (the Multidimensional Quality Metrics framework), each counted in the
 * quality report under the review table's category it belongs to, so that one score rule serves both.
 */
export const MQM_CATEGORIES: readonly { key: string; label: string; reportCategory: ReviewErrorCategory }[] = [
  { key: 'terminology', label: 'Terminology', reportCategory: 'Terminology' },
  { key: 'accuracy', label: 'Accuracy', reportCategory: 'Accuracy' },
  { key: 'linguistic', label: 'Linguistic conventions', reportCategory: 'Language' },
  { key: 'style', label: 'Style', reportCategory: 'Style' },
  { key: 'locale', label: 'Locale conventions', reportCategory: 'Country standards' },
  { key: 'audience', label: 'Audience appropriateness', reportCategory: 'Style' },
  { key: 'design', label: 'Design and markup', reportCategory: 'Formatting' },
] as const;
export const MQM_CATEGORY_KEYS = MQM_CATEGORIES.map((c) => c.key) as [string, ...string[]];
export type MqmSeverity = ReviewSeverity;

export const WORKBENCH_TEXTS = {
  notFound: 'This job is not open to you in the editor',
  segmentNotFound: 'This segment is not part of a job you can edit',
  readOnly: 'This job is read-only for you',
  /** the editor's find or filter while the job's later pages are still arriving */
  searchingAll: 'Searching all segments…',
  notEditable: 'The job is not in a state where its translation can change',
  disputeTooManySegments: `A dispute may point at up to ${WORKBENCH_LIMITS.disputedSegmentsMax} segments`,
  disputeCommentTooLong: `A segment's comment may be at most ${WORKBENCH_LIMITS.disputeCommentMax.toLocaleString('en-US')} characters long`,
  disputeSegmentTwice: 'Each segment can be picked once',
  disputeSegmentsForeign: (ids: string) => `These segments are not part of this project: ${ids}`,
  disputeNoSegments: 'This project has no segments to point at: describe the problem in the reason',
  conflict: 'This segment was changed in another tab or by someone else; their version is shown',
  targetTooLong: `A target may be at most ${WORKBENCH_LIMITS.targetMax.toLocaleString('en-US')} characters long`,
  confirmEmpty: 'Type a translation before confirming the segment',
  confirmAsEditor: 'Only the editor confirms a segment as reviewed; confirm it as translated',
  unconfirmed: (count: number) =>
    `Confirm every segment before delivering: ${count} ${count === 1 ? 'segment is' : 'segments are'} not confirmed`,
  changedWhileDelivering:
    'The translation changed while it was being delivered (a save from another tab or person); nothing was delivered: look at the segments and deliver again',
  deliveredUnreadable:
    'The delivered file could not be read into segments: download it from the project page to read the translation',
  warningsToAccept: 'Quality checks found problems; look at them and deliver again to accept them',
  tagsBroken: 'The tags of the translation do not match the source; fix them before confirming',
  noFiles: 'This project has no file the editor can open; translate it outside and deliver a file',
  annotationCommentLength: `The comment must be at most ${WORKBENCH_LIMITS.annotationCommentMax} characters long`,
  xliffNotForJob: 'This XLIFF file belongs to another job or file',
  machineUnavailable: 'No machine-translation engine is connected for this language pair',
  machineFailed: 'The machine-translation engine did not answer; open the segment again later',
  machineNotAsked: 'Machine suggestions are asked only by whoever translates or edits the job',
  annotationNotAllowed: 'Only the reviewer of an open QA or LL job marks errors in its segments',
  annotationNotFound: 'This annotation was not found',
  annotationNotYours: 'Only its author removes an annotation, while the review job is open',
  annotationJobClosed: 'The review job is closed: its annotations no longer change',
  xliffTooLarge: `The XLIFF file must be at most ${WORKBENCH_LIMITS.xliffMaxBytes / 1_000_000} MB`,
  xliffNotUtf8: 'The XLIFF file must be written in UTF-8',
  annotationsInScore: 'Errors marked in the editor',
  /** the name of the memory import a delivery from the editor writes ({project} is the project's name) */
  memoryImportName: (projectId: number, name: string) => `Project ${projectId}: ${name}`.slice(0, 200),
  analysisTitle: 'Your translation memory',
  analysisNote:
    'How many words of your files your translation memory already covers. The price counts every word; translators still check each match.',
  analysisWords: 'Words',
  analysisBand: 'Match',
  analysisTotal: 'Total',
} as const;

/**
 * A review job's annotations as rows of the review's error table: each MQM category under the
 * report category it belongs to, counted by severity, so that the score counts them like any row.
 */
export function annotationErrorTable(
  annotations: readonly { category: string; severity: string }[],
): { category: string; severity: string; count: number }[] {
  const rows = new Map<string, { category: string; severity: string; count: number }>();
  for (const a of annotations) {
    const category = MQM_CATEGORIES.find((c) => c.key === a.category)?.reportCategory ?? 'Accuracy';
    const key = `${category}\u0000${a.severity}`;
    const row = rows.get(key);
    if (row) row.count += 1;
    else rows.set(key, { category, severity: a.severity, count: 1 });
  }
  return [...rows.values()];
}

/**
 * How many of the job's segments are in each status, from its progress: the whole job, also while
 * the editor has read only its first pages.
 */
export function statusCountsOf(p: {
  segments: number;
  confirmedSegments: number;
  draftSegments: number;
  reviewedSegments: number;
}): Record<SegmentStatus, number> {
  return {
    new: Math.max(0, p.segments - p.confirmedSegments - p.draftSegments),
    draft: p.draftSegments,
    translated: Math.max(0, p.confirmedSegments - p.reviewedSegments),
    reviewed: p.reviewedSegments,
  };
}
