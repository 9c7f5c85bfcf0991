import { z } from './zod';
import { LM_ALERTS, LM_LIST_SORTS, LM_LIST_TYPES, LM_TEXTS } from './lm-dashboard';

// The zod schemas of lm-dashboard.ts, apart from its constants and texts so that a page reading only
// those does not load zod.

const seconds = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,12}$/, `${name}: ${LM_TEXTS.badDate}`)
    .transform(Number)
    .optional();

/** `1,2` or repeated: language ids of the filters. */
const languageIds = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(
        z
          .string()
          .regex(/^\d{1,9}$/, LM_TEXTS.badLanguage)
          .transform(Number),
      )
      .max(200),
  )
  .optional();

/** The filters every dashboard call takes. */
export const lmFiltersSchema = z
  .object({
    source_language_id: languageIds,
    target_language_id: languageIds,
    client: z.string().trim().max(320).optional(),
    date_from: seconds('date_from'),
    date_to: seconds('date_to'),
  })
  .refine((q) => q.date_from === undefined || q.date_to === undefined || q.date_from <= q.date_to, {
    message: LM_TEXTS.dateOrder,
    path: ['date_from'],
  });
export type LmFilters = z.infer<typeof lmFiltersSchema>;

export const lmProjectListQuerySchema = z
  .object({
    source_language_id: languageIds,
    target_language_id: languageIds,
    client: z.string().trim().max(320).optional(),
    date_from: seconds('date_from'),
    date_to: seconds('date_to'),
    workflow_status: z.enum(['2', '3', '9']).transform(Number).optional(),
    alerts: z.enum(LM_ALERTS).optional(),
    delayed: z.enum(['1', 'true']).optional(),
    type: z.enum(LM_LIST_TYPES).default('all'),
    sort: z.enum(LM_LIST_SORTS).default('date_submition'),
    order: z.enum(['asc', 'desc']).default('desc'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .refine((q) => q.date_from === undefined || q.date_to === undefined || q.date_from <= q.date_to, {
    message: LM_TEXTS.dateOrder,
    path: ['date_from'],
  })
  .refine((q) => [q.workflow_status, q.alerts, q.delayed].filter((v) => v !== undefined).length === 1, {
    message: LM_TEXTS.chooseTile,
    path: ['workflow_status'],
  });
export type LmProjectListQuery = z.infer<typeof lmProjectListQuerySchema>;

export const lmCapacityQuerySchema = z
  .object({
    source_language_id: languageIds,
    target_language_id: languageIds,
    client: z.string().trim().max(320).optional(),
    date_from: seconds('date_from'),
    date_to: seconds('date_to'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .refine((q) => q.date_from === undefined || q.date_to === undefined || q.date_from <= q.date_to, {
    message: LM_TEXTS.dateOrder,
    path: ['date_from'],
  });

export const lmTileSchema = z.object({
  total: z.number().int(),
  myTeam: z.number().int(),
  editing: z.number().int(),
  /** the busiest language pairs of the tile (bar chart); empty for count-only tiles */
  chart: z.array(z.object({ label: z.string(), short: z.string(), count: z.number().int() })),
});
export type LmTile = z.infer<typeof lmTileSchema>;

export const lmAvailableSchema = z.object({
  /** translators in the chosen languages who can take work today (active, not on vacation) */
  total: z.number().int(),
  translators: z.number().int(),
  /** of those, the ones who also edit */
  editors: z.number().int(),
  /** every translator in the chosen languages, whatever their state */
  allTranslators: z.number().int(),
  /** translators in the chosen languages at the top level (MAX_LEVEL), who are offered expert work */
  topReviewers: z.number().int(),
  /** translators in the chosen languages on vacation today */
  onVacation: z.number().int(),
  /** waiting pilot projects: the first project of a customer, waiting for a translator */
  waitingPilot: z.number().int(),
  /** LL review jobs not yet submitted (waiting for a reviewer or under review) over projects in scope */
  llWaiting: z.number().int(),
  /** LL reviews submitted in the date range over projects in scope */
  llDone: z.number().int(),
});
export type LmAvailable = z.infer<typeof lmAvailableSchema>;

export const lmLanguageSchema = z.object({ id: z.number(), name: z.string(), flag: z.string() });

export const lmProjectRowSchema = z.object({
  id: z.number(),
  type: z.string(),
  exclusive: z.number(),
  badges: z.array(z.enum(['E', 'MT', 'TR'])),
  source_language: lmLanguageSchema.nullable(),
  target_language: lmLanguageSchema.nullable(),
  word_count: z.number(),
  expertise: z.string().nullable(),
  date_submition: z.string(),
  allocation: z.array(z.object({ id: z.number(), name: z.string(), role: z.enum(['translator', 'editor']) })),
});
export type LmProjectRow = z.infer<typeof lmProjectRowSchema>;
export const lmProjectListSchema = z.object({ data: z.array(lmProjectRowSchema), totalCount: z.number().int() });
export type LmProjectList = z.infer<typeof lmProjectListSchema>;

export const lmCapacityRowSchema = z.object({
  source_language: lmLanguageSchema.nullable(),
  target_language: lmLanguageSchema.nullable(),
  openProjects: z.number().int(),
  openWords: z.number().int(),
  waitingWords: z.number().int(),
  inProgressWords: z.number().int(),
  availableTranslators: z.number().int(),
  availableEditors: z.number().int(),
  deliveredWords30d: z.number().int(),
  /** words a day the pair delivered lately; null when it delivered nothing */
  wordsPerDay: z.number().nullable(),
  /** days the open words take at that pace; null: never at the current pace */
  daysToClear: z.number().nullable(),
  risk: z.enum(['high', 'medium', 'low']),
});
export type LmCapacityRow = z.infer<typeof lmCapacityRowSchema>;
export const lmCapacitySchema = z.object({ data: z.array(lmCapacityRowSchema), totalCount: z.number().int() });
export type LmCapacity = z.infer<typeof lmCapacitySchema>;
