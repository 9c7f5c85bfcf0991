import { z } from './zod';
import { calendarDate } from './zod-objects';
import {
  CONTEST_STATUSES,
  DASHBOARD_STATEMENT_DEFAULT_LIMIT,
  DASHBOARD_TEXTS,
  LEVELING_AFFECT_TYPES,
} from './dashboard';
import { LEVELING_PARAMS } from './leveling';
import { PAYOUT_STATUSES } from './payouts';
import {
  CREDIT_ACTION_TYPES,
  STATEMENT_EXPORT_FORMATS,
  STATEMENT_EXPORT_TEXTS,
  STATEMENT_LIMITS,
  STATEMENT_TEXTS,
} from './statements';
import { statementRowSchema } from './statements-schemas';
import { formBoolean } from './wizard-schemas';

// The zod schemas of dashboard.ts, apart from its constants and texts so that a page reading only
// those does not load zod.

const isoDate = calendarDate(STATEMENT_TEXTS.dateFormat);
const optionalDate = z.union([z.literal(''), isoDate]).optional();
const actionType = z.union([z.literal(''), z.literal('all'), z.enum(CREDIT_ACTION_TYPES)]).default('');
const page = z.coerce.number().int().min(1).max(100_000).default(1);

/** GET /api/2/dashboard/statement?limit&page[&action_type&action_date_from&action_date_to] */
export const dashboardStatementQuerySchema = z
  .object({
    limit: z.coerce
      .number()
      .int()
      .refine((n) => (STATEMENT_LIMITS.pageSizeOptions as readonly number[]).includes(n), 'limit is 10, 25 or 50')
      .default(DASHBOARD_STATEMENT_DEFAULT_LIMIT),
    page,
    action_type: actionType,
    action_date_from: optionalDate,
    action_date_to: optionalDate,
  })
  .refine((q) => !q.action_date_from || !q.action_date_to || q.action_date_from <= q.action_date_to, {
    message: STATEMENT_TEXTS.dateOrder,
    path: ['action_date_to'],
  });
export type DashboardStatementQuery = z.infer<typeof dashboardStatementQuerySchema>;

export const dashboardStatementSchema = z.object({
  data: z.array(statementRowSchema),
  totalCount: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  balance: z.number().int(),
});
export type DashboardStatement = z.infer<typeof dashboardStatementSchema>;

/** GET /api/2/account/statement/export?report_type&send_to_email[&action_type&action_date_from&action_date_to] */
export const dashboardStatementExportSchema = z
  .object({
    report_type: z.enum(STATEMENT_EXPORT_FORMATS, { error: 'report_type is csv or pdf' }),
    send_to_email: z
      .string({ error: STATEMENT_EXPORT_TEXTS.emailRequired })
      .trim()
      .min(1, STATEMENT_EXPORT_TEXTS.emailRequired)
      .max(254, STATEMENT_EXPORT_TEXTS.emailInvalid)
      .pipe(z.email(STATEMENT_EXPORT_TEXTS.emailInvalid)),
    action_type: actionType,
    action_date_from: optionalDate,
    action_date_to: optionalDate,
  })
  .refine((q) => !q.action_date_from || !q.action_date_to || q.action_date_from <= q.action_date_to, {
    message: STATEMENT_TEXTS.dateOrder,
    path: ['action_date_to'],
  });

/** GET /api/2/dashboard/statistics */
export const dashboardStatisticsSchema = z.object({
  results: z.object({
    /** oldest first, DASHBOARD_STATISTICS_MONTHS months, YYYY-MM */
    months: z.array(z.object({ month: z.string(), projects: z.number().int(), words: z.number().int() })),
    totalProjects: z.number().int(),
    totalWords: z.number().int(),
    rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
    /** customer messages answered by the translator within 24 hours, last ANSWERS_WINDOW_DAYS days */
    answers24h: z.object({ answered: z.number().int(), total: z.number().int(), percent: z.number().nullable() }),
  }),
});
export type DashboardStatistics = z.infer<typeof dashboardStatisticsSchema>['results'];

/** GET /api/2/dashboard/balance?limit&page */
export const dashboardBalanceQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
  page,
});
const convertedSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  amount: z.number(),
  fee: z.number(),
  method: z.string(),
  requestedAt: z.string(),
  paidAt: z.string().nullable(),
});
export const dashboardBalanceSchema = z.object({
  /** credits: ready to pay out */
  available: z.number().int(),
  /** credits: earnings still in their holding period (and parked ones) */
  pending: z.number().int(),
  /** credits: asked for in payouts not yet paid */
  payoutPending: z.number().int(),
  /** credits: paid out so far (converted) */
  converted: z.number().int(),
  /** this page of the payouts (converted credits), newest first */
  data: z.array(convertedSchema),
  totalCount: z.number().int(),
});
export type DashboardBalance = z.infer<typeof dashboardBalanceSchema>;

const levelingParamSchema = z.object({
  key: z.enum(LEVELING_PARAMS),
  label: z.string(),
  value: z.number().nullable(),
  nextThreshold: z.number().nullable(),
  meetsNext: z.boolean(),
});
export const levelingStateSchema = z.object({
  level: z.number().int(),
  /** what the formula gives now (may differ from level until the scheduler stores it, or without evidence) */
  computedLevel: z.number().int(),
  enoughEvidence: z.boolean(),
  completedProjects: z.number().int(),
  windowDays: z.number().int(),
  computedAt: z.string().nullable(),
  params: z.array(levelingParamSchema),
});
export type LevelingState = z.infer<typeof levelingStateSchema>;

const pendingRowSchema = z.object({
  projectId: z.number().int(),
  name: z.string(),
  amount: z.number().int(),
  /** YYYY-MM-DDTHH:mm:ssZ when it moves to available; null: parked (the project is on hold or disputed) */
  freesAt: z.string().nullable(),
});

/** GET /api/2/dashboard/additional-data: the Dashboard entity (spec 2 section 3). */
export const dashboardAdditionalDataSchema = z.object({
  general: z.object({ name: z.string(), level: z.number().int(), completedProjects: z.number().int() }),
  leveling: levelingStateSchema,
  quality: z.object({
    qaAverage: z.number().nullable(),
    llAverage: z.number().nullable(),
    reviews: z.number().int(),
  }),
  reviewer: z.object({ qaJobsDone: z.number().int(), llJobsDone: z.number().int() }),
  translator_id: z.number().int(),
  translator_status: z.enum(['active', 'inactive', 'vacation']),
  translator_info: z.object({
    inactive: z.boolean(),
    member_since: z.string(),
    last_updated: z.string().nullable(),
    medals: z.array(z.object({ id: z.string(), label: z.string() })),
    rating: z.number().nullable(),
    status: z.enum(['active', 'inactive', 'vacation']),
    isRecruitment: z.boolean(),
  }),
  my_projects: z.object({
    inProgress: z.number().int(),
    awaitingApproval: z.number().int(),
    completed: z.number().int(),
  }),
  vacation: z.boolean(),
  vacation_date_from: z.string().nullable(),
  vacation_date_to: z.string().nullable(),
  balance: z.number().int(),
  pending: z.array(pendingRowSchema),
  pendingTotal: z.number().int(),
  pendingPages: z.number().int(),
  converted: z.array(convertedSchema),
  parkedCredits: z.number().int(),
  statement: z.array(statementRowSchema),
});
export type DashboardAdditionalData = z.infer<typeof dashboardAdditionalDataSchema>;
export const dashboardAdditionalQuerySchema = z.object({ pending_page: page });

/** GET /api/2/leveling/{id}/projects-affected?type */
export const projectsAffectedQuerySchema = z.object({
  type: z.union([z.literal('all'), z.enum(LEVELING_AFFECT_TYPES)]).default('all'),
  page,
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export const affectedProjectSchema = z.object({
  projectId: z.number().int(),
  name: z.string(),
  attribute: z.enum(LEVELING_AFFECT_TYPES),
  /** the review id for qa/ll, the project id otherwise: what POST rejected-project names */
  entityId: z.number().int(),
  /** the rating (stars), the score (of 1000), the hours late; null for a dispute */
  value: z.number().nullable(),
  at: z.string(),
  contest: z.object({ id: z.number().int(), status: z.enum(CONTEST_STATUSES) }).nullable(),
});
export type AffectedProject = z.infer<typeof affectedProjectSchema>;
export const projectsAffectedSchema = z.object({
  data: z.array(affectedProjectSchema),
  totalCount: z.number().int(),
});

/** POST /api/2/leveling/rejected-project (form) */
export const rejectedProjectSchema = z.object({
  project_id: z.coerce.number({ error: 'project_id is required' }).int().positive('project_id is required'),
  entity_id: z.coerce.number({ error: 'entity_id is required' }).int().positive('entity_id is required'),
  attribute: z.enum(LEVELING_AFFECT_TYPES, { error: `attribute is one of ${LEVELING_AFFECT_TYPES.join(', ')}` }),
  reason: z.string().trim().max(2000).optional(),
});

/** GET /api/2/recruitment/check */
export const recruitmentCheckSchema = z.object({
  results: z.object({
    available: z.boolean(),
    /** why not (empty when available) */
    reasons: z.array(z.string()),
    openJobs: z.number().int(),
    maxOpenJobs: z.number().int(),
  }),
});
export type RecruitmentCheck = z.infer<typeof recruitmentCheckSchema>['results'];

/** Admin: GET /api/2/admin/leveling/contests, POST /api/2/admin/leveling/contests/{id} (status) */
export const levelingContestSchema = z.object({
  id: z.number().int(),
  translatorId: z.number().int(),
  translatorName: z.string(),
  projectId: z.number().int(),
  projectName: z.string(),
  attribute: z.enum(LEVELING_AFFECT_TYPES),
  entityId: z.number().int(),
  reason: z.string().nullable(),
  status: z.enum(CONTEST_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export const levelingContestListSchema = z.object({
  data: z.array(levelingContestSchema),
  totalCount: z.number().int(),
});

/**
 * POST /api/2/account/trans-inactive (form): flag_value 1 marks the translator inactive, 0 active;
 * a vacation is sent only with both dates (spec 2 section 4); vacation=0 ends it.
 */
export const transInactiveSchema = z
  .object({
    flag_value: formBoolean,
    vacation: formBoolean.optional(),
    vacation_from: optionalDate,
    vacation_to: optionalDate,
  })
  .superRefine((v, ctx) => {
    if (!!v.vacation_from !== !!v.vacation_to)
      ctx.addIssue({
        code: 'custom',
        message: DASHBOARD_TEXTS.vacationBothDates,
        path: [v.vacation_from ? 'vacation_to' : 'vacation_from'],
      });
    else if (v.vacation_from && v.vacation_to && v.vacation_to < v.vacation_from)
      ctx.addIssue({ code: 'custom', message: DASHBOARD_TEXTS.vacationOrder, path: ['vacation_to'] });
  });
