import { z } from './zod';
import { REVIEW_SEVERITIES } from './reviews';
import {
  MATCH_BANDS,
  MQM_CATEGORY_KEYS,
  QA_CHECKS,
  SAVED_SEGMENT_STATUSES,
  SEGMENT_STATUSES,
  TARGET_ORIGINS,
  WORKBENCH_LIMITS,
  WORKBENCH_ROLES,
  WORKBENCH_TEXTS,
} from './workbench';

// The calls of the translator's workbench (/ui-editor/{projectId}), all under /api/2/workbench/.
// Segment text is XLIFF 2.1 inline markup: text with &, < and > escaped, <pc id="n">…</pc> around
// formatted words and <ph id="n"/> for an object; a target uses the source's tag ids.

/** What an inline code is: a paired code (pc) or a standalone one (ph), and how to show it. */
export const tagInfoSchema = z.object({
  kind: z.enum(['pc', 'ph']),
  type: z.enum(['fmt', 'ui', 'quote', 'link', 'image', 'other']).optional(),
  subType: z.string().optional(),
  disp: z.string().optional(),
  equiv: z.string().optional(),
});
export type TagInfoAnswer = z.infer<typeof tagInfoSchema>;

export const segmentAnnotationSchema = z.object({
  id: z.number(),
  segmentId: z.number(),
  category: z.string(),
  severity: z.enum(REVIEW_SEVERITIES),
  comment: z.string(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
  /** the annotation's author may remove it while the review job is open */
  canDelete: z.boolean(),
});
export type SegmentAnnotation = z.infer<typeof segmentAnnotationSchema>;

export const workbenchSegmentSchema = z.object({
  id: z.number(),
  documentId: z.number(),
  /** the segment's place in the job, from 1, across its documents in order */
  ordinal: z.number(),
  source: z.string(),
  tags: z.record(z.string(), tagInfoSchema),
  /** where it is, in a translator's words: "Heading1", "Sheet1!B2", "cue 12, 00:01:02,000" */
  context: z.string(),
  words: z.number(),
  target: z.string(),
  status: z.enum(SEGMENT_STATUSES),
  origin: z.enum(TARGET_ORIGINS).nullable(),
  /** the memory match's percentage when the target came from the memory */
  matchPercent: z.number().nullable(),
  /** bumped by every save; a save names the revision it started from */
  revision: z.number(),
  annotations: z.array(segmentAnnotationSchema),
});
export type WorkbenchSegment = z.infer<typeof workbenchSegmentSchema>;

export const workbenchDocumentSchema = z.object({
  id: z.number(),
  fileName: z.string(),
  /** the format read (txt, docx, xlsx, html, srt, pdf) and the one delivered (a PDF comes back as docx) */
  format: z.string(),
  output: z.string(),
  segments: z.number(),
  words: z.number(),
});
export type WorkbenchDocument = z.infer<typeof workbenchDocumentSchema>;

export const workbenchProgressSchema = z.object({
  segments: z.number(),
  words: z.number(),
  /** translated or reviewed */
  confirmedSegments: z.number(),
  confirmedWords: z.number(),
  draftSegments: z.number(),
  /** of the confirmed ones, reviewed: with the others, the count of each status in the whole job */
  reviewedSegments: z.number(),
});
export type WorkbenchProgress = z.infer<typeof workbenchProgressSchema>;

/** GET /api/2/workbench/projects/{id}: the job, its documents and every segment (the page virtualises them). */
/** A segment a customer's dispute points at, as the translator and the admin read it (ADR 0112). */
export const disputedSegmentSchema = z.object({
  segmentId: z.number(),
  ordinal: z.number(),
  source: z.string(),
  target: z.string(),
  comment: z.string(),
});
export type DisputedSegment = z.infer<typeof disputedSegmentSchema>;

/** GET /api/2/workbench/projects/{id}/disputed-segments */
export const disputedSegmentListSchema = z.object({ results: z.array(disputedSegmentSchema) });
export type DisputedSegmentList = z.infer<typeof disputedSegmentListSchema>;

/** The segments picked in the customer's dispute (POST /api/2/projects/{id}/dispute). */
export const disputeSegmentsSchema = z
  .array(
    z.object({
      id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
      comment: z
        .string()
        .trim()
        .max(WORKBENCH_LIMITS.disputeCommentMax, WORKBENCH_TEXTS.disputeCommentTooLong)
        .default(''),
    }),
  )
  .max(WORKBENCH_LIMITS.disputedSegmentsMax, WORKBENCH_TEXTS.disputeTooManySegments)
  .refine((list) => new Set(list.map((s) => s.id)).size === list.length, WORKBENCH_TEXTS.disputeSegmentTwice)
  .default([]);

export const workbenchJobSchema = z.object({
  project: z.object({
    id: z.number(),
    name: z.string(),
    status: z.string(),
    type: z.string(),
    sourceLang: z.object({ iso: z.string(), name: z.string() }),
    targetLang: z.object({ iso: z.string(), name: z.string() }),
    deadline: z.string().nullable(),
  }),
  /** for a QA or LL job, the reviewed project whose segments are shown (project above is the job) */
  reviewedProjectId: z.number().nullable(),
  role: z.enum(WORKBENCH_ROLES),
  /** why the page is read-only, or null when the asker may save */
  readOnly: z.string().nullable(),
  /** the statuses this asker confirms to: translated (translator), reviewed (editor, reviewer) */
  confirmStatus: z.enum(SAVED_SEGMENT_STATUSES),
  canDeliver: z.boolean(),
  canAnnotate: z.boolean(),
  /** the customer may dispute the job now (the project page's Dispute button), segment by segment here */
  canDispute: z.boolean().optional(),
  /** whether an engine can suggest for this pair, and which */
  machineTranslation: z.object({ engine: z.string(), label: z.string() }).nullable(),
  documents: z.array(workbenchDocumentSchema),
  /** the first segments of the job (WORKBENCH_LIMITS.openSegments); the rest by pages of /segments */
  segments: z.array(workbenchSegmentSchema),
  /** every segment of the job, of which `segments` are the first */
  segmentTotal: z.number(),
  progress: workbenchProgressSchema,
  /** the segments the customer's dispute points at, marked in the editor */
  disputed: z.array(z.object({ segmentId: z.number(), comment: z.string() })),
  /** a job delivered as files whose file could not be read back into the segments' targets */
  deliveredNote: z.string().nullable().optional(),
});
export type WorkbenchJob = z.infer<typeof workbenchJobSchema>;

/** GET /api/2/workbench/projects/{id}/segments: the segments after an ordinal, in order */
export const workbenchSegmentsQuerySchema = z.object({
  after: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
  limit: z.coerce.number().int().min(1).max(WORKBENCH_LIMITS.segmentsPageMax).default(WORKBENCH_LIMITS.segmentsPage),
});
export const workbenchSegmentPageSchema = z.object({
  segments: z.array(workbenchSegmentSchema),
  /** whether segments follow the last of this page */
  more: z.boolean(),
});
export type WorkbenchSegmentPage = z.infer<typeof workbenchSegmentPageSchema>;

/** PUT /api/2/workbench/segments/{id} */
export const segmentSaveSchema = z.object({
  target: z.string().max(WORKBENCH_LIMITS.targetMax, WORKBENCH_TEXTS.targetTooLong),
  status: z.enum(SAVED_SEGMENT_STATUSES),
  /** the revision the editor started from: a save over a newer one is refused (409) */
  revision: z.coerce.number().int().min(0).max(2_147_483_647),
  origin: z.enum(TARGET_ORIGINS).default('manual'),
  matchPercent: z.coerce.number().int().min(0).max(100).nullable().default(null),
});
export type SegmentSave = z.input<typeof segmentSaveSchema>;

export const qaWarningSchema = z.object({
  segmentId: z.number(),
  ordinal: z.number(),
  check: z.enum(QA_CHECKS),
  /** an error blocks confirming (tags that do not fit); a warning is listed before delivery */
  level: z.enum(['error', 'warning']),
  message: z.string(),
});
export type QaWarning = z.infer<typeof qaWarningSchema>;

/** The answer to a save: the segment, its checks, and the repetitions filled by confirming it. */
export const segmentSavedSchema = z.object({
  segment: workbenchSegmentSchema,
  warnings: z.array(qaWarningSchema),
  filled: z.array(workbenchSegmentSchema),
  progress: workbenchProgressSchema,
});
export type SegmentSaved = z.infer<typeof segmentSavedSchema>;

/** 409 to a save over a newer revision: the message and the segment as it now is. */
export const segmentConflictSchema = z.object({ message: z.string(), segment: workbenchSegmentSchema });
export type SegmentConflict = z.infer<typeof segmentConflictSchema>;

export const memoryMatchSchema = z.object({
  source: z.string(),
  target: z.string(),
  /** 100 for an exact match; token edit distance otherwise */
  percent: z.number(),
  /** the customer's memory, or a confirmed segment of this job */
  from: z.enum(['memory', 'job']),
  /** the file or job it came from, for context */
  label: z.string(),
});
export type MemoryMatch = z.infer<typeof memoryMatchSchema>;

export const termHitSchema = z.object({
  source: z.string(),
  target: z.string(),
  note: z.string(),
  /** where the term is in the segment's plain text (characters) */
  start: z.number(),
  end: z.number(),
});
export type TermHit = z.infer<typeof termHitSchema>;

/** GET /api/2/workbench/segments/{id}/suggestions */
export const segmentSuggestionsSchema = z.object({
  memory: z.array(memoryMatchSchema),
  terms: z.array(termHitSchema),
  /** the engine's translation (asked once, then kept), or null with the reason */
  machine: z.object({ engine: z.string(), target: z.string() }).nullable(),
  machineNote: z.string().nullable(),
});
export type SegmentSuggestions = z.infer<typeof segmentSuggestionsSchema>;

/** GET /api/2/workbench/projects/{id}/qa: every warning of the job, as listed before delivery */
export const workbenchQaSchema = z.object({ warnings: z.array(qaWarningSchema) });
export type WorkbenchQa = z.infer<typeof workbenchQaSchema>;

/** POST /api/2/workbench/projects/{id}/deliver */
export const workbenchDeliverSchema = z.object({
  /** the translator saw the quality warnings and delivers anyway */
  acceptWarnings: z.coerce.boolean().default(false),
});

/** POST /api/2/workbench/segments/{id}/annotations: a reviewer's MQM error on a segment */
export const annotationCreateSchema = z.object({
  category: z.enum(MQM_CATEGORY_KEYS, { error: 'Choose an error category' }),
  severity: z.enum(REVIEW_SEVERITIES, { error: 'Choose a severity' }),
  comment: z.string().trim().max(WORKBENCH_LIMITS.annotationCommentMax, WORKBENCH_TEXTS.annotationCommentLength),
});
export type AnnotationCreate = z.input<typeof annotationCreateSchema>;

/** POST /api/2/workbench/projects/{id}/xliff (multipart `file`): what the import changed */
export const xliffImportResultSchema = z.object({
  updated: z.number(),
  unchanged: z.number(),
  problems: z.array(z.string()),
});
export type XliffImportResult = z.infer<typeof xliffImportResultSchema>;

/** A quote's memory analysis: the words of the files in each match band (MATCH_BANDS). */
export const matchAnalysisSchema = z.object({
  bands: z.array(z.object({ key: z.enum(MATCH_BANDS.map((b) => b.key) as [string, ...string[]]), words: z.number() })),
  totalWords: z.number(),
});
export type MatchAnalysis = z.infer<typeof matchAnalysisSchema>;

/** GET /api/2/workbench/jobs?page&limit: the asker's jobs that open in the editor (/ui-editor). */
export const workbenchJobsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(WORKBENCH_LIMITS.jobsPageSizeMax).default(WORKBENCH_LIMITS.jobsPageSize),
});
export type WorkbenchJobsQuery = z.input<typeof workbenchJobsQuerySchema>;

export const workbenchJobRowSchema = z.object({
  /** the project to open at /ui-editor/{id} (a QA or LL job's own id) */
  id: z.number(),
  name: z.string(),
  status: z.string(),
  kind: z.string(),
  role: z.enum(WORKBENCH_ROLES),
  sourceLang: z.object({ iso: z.string(), name: z.string() }),
  targetLang: z.object({ iso: z.string(), name: z.string() }),
  /** the asker's deadline: the editing deadline for an editor */
  deadline: z.string().nullable(),
  /** whether the asker may save in it now */
  editable: z.boolean(),
  /** the job's words (the order's count until the editor first opens it) and those confirmed */
  words: z.number(),
  confirmedWords: z.number(),
  /** false until the job is first opened in the editor */
  opened: z.boolean(),
});
export type WorkbenchJobRow = z.infer<typeof workbenchJobRowSchema>;

export const workbenchJobListSchema = z.object({
  data: z.array(workbenchJobRowSchema),
  totalCount: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type WorkbenchJobList = z.infer<typeof workbenchJobListSchema>;
