import { z } from './zod';
import { calendarDate } from './zod-objects';
import {
  CREDIT_ACTION_TYPES,
  STATEMENT_EXPORT_FORMATS,
  STATEMENT_EXPORT_TEXTS,
  STATEMENT_FILTER_TEXTS,
  STATEMENT_LIMITS,
  STATEMENT_TEXTS,
} from './statements';

// The zod schemas of statements.ts, apart from its constants and texts so that a page reading only
// those does not load zod.

const isoDate = calendarDate(STATEMENT_TEXTS.dateFormat);

/** A language filter: a language slug ('french', 'american-english') or '' for all. */
const languageFilter = z
  .string()
  .trim()
  .max(60, STATEMENT_FILTER_TEXTS.language)
  .regex(/^[a-z0-9-]*$/, STATEMENT_FILTER_TEXTS.language)
  .default('');
/** A tag filter: the tag itself is its id (GET /api/2/account/tags), '' for all. */
const tagFilter = z.string().trim().max(20, STATEMENT_FILTER_TEXTS.tag).default('');

/** The statement's filters besides the dates and action type (spec 2 section 7). */
export const statementFilterFields = {
  source_lang: languageFilter,
  target_lang: languageFilter,
  tag_id: tagFilter,
};

/** GET /api/2/account/statement/get */
export const statementQuerySchema = z
  .object({
    date_from: isoDate,
    date_to: isoDate,
    action_type: z.union([z.literal(''), z.literal('all'), z.enum(CREDIT_ACTION_TYPES)]).default(''),
    ...statementFilterFields,
    cpage: z.coerce.number().int().min(1).default(1),
    limit: z.coerce
      .number()
      .int()
      .refine((n) => (STATEMENT_LIMITS.pageSizeOptions as readonly number[]).includes(n), 'limit is 10, 25 or 50')
      .default(STATEMENT_LIMITS.defaultPageSize),
    sortBy: z.enum(['date', 'amount']).default('date'),
    sortDirection: z.enum(['asc', 'desc']).default('desc'),
  })
  .refine((q) => q.date_from <= q.date_to, { message: STATEMENT_TEXTS.dateOrder, path: ['date_to'] });
export type StatementQuery = z.infer<typeof statementQuerySchema>;

export const statementRowSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  actionType: z.enum(CREDIT_ACTION_TYPES),
  actionLabel: z.string(),
  description: z.string(),
  /** credits, signed: positive in, negative out */
  amount: z.number().int(),
  /** the account's balance in credits right after this row */
  balance: z.number().int(),
  /** the amount in USD, 2 decimals (1 credit = 0.01 USD) */
  estimatedValue: z.string(),
  /**
   * the balance in the user's currency (the statement's `currency`), 2 decimals, at the exchange
   * rate of the row's own day (ADR 0095)
   */
  currencyBalance: z.string(),
  wordcount: z.number().int().nullable(),
  projectId: z.number().int().nullable(),
});
export type StatementRow = z.infer<typeof statementRowSchema>;

export const statementSchema = z.object({
  data: z.array(statementRowSchema),
  totalCount: z.number().int(),
  /** true: more lines match than totalCount (the statement stops counting at 10,000) */
  totalCountIsLowerBound: z.boolean().optional(),
  /** the account's balance now, in credits */
  balance: z.number().int(),
  /** the currency of every row's currencyBalance: the user's (USD, EUR, NIS ...) */
  currency: z.string(),
});
export type Statement = z.infer<typeof statementSchema>;

/** GET /api/2/account/tags: the customer's project tags; a tag's id is the tag itself. */
export const accountTagsSchema = z.object({
  results: z.array(z.object({ id: z.string(), name: z.string() })),
});

export const creditActionTypesSchema = z.object({
  results: z.array(z.object({ id: z.enum(CREDIT_ACTION_TYPES), name: z.string() })),
});

/** The dialog's part of the export: where to and in which format. */
export const statementExportFieldsSchema = z.object({
  email: z
    .string({ error: STATEMENT_EXPORT_TEXTS.emailRequired })
    .trim()
    .min(1, STATEMENT_EXPORT_TEXTS.emailRequired)
    .max(254, STATEMENT_EXPORT_TEXTS.emailInvalid)
    .pipe(z.email(STATEMENT_EXPORT_TEXTS.emailInvalid)),
  format: z.enum(STATEMENT_EXPORT_FORMATS).default('csv'),
});

/** POST /fileService/sendCustomerReportAsFile (form): email, format, the statement's dates and filter */
export const statementExportSchema = statementExportFieldsSchema
  .extend({
    date_from: isoDate,
    date_to: isoDate,
    action_type: z.union([z.literal(''), z.literal('all'), z.enum(CREDIT_ACTION_TYPES)]).default(''),
    ...statementFilterFields,
  })
  .refine((q) => q.date_from <= q.date_to, { message: STATEMENT_TEXTS.dateOrder, path: ['date_to'] });
export type StatementExport = z.infer<typeof statementExportSchema>;
