import { z } from './zod';
import {
  CREDIT_ACTION_LIMITS,
  CREDIT_ACTION_RULES,
  CREDIT_ACTION_TEXTS,
  type CreditActionKind,
  RECURRENCES,
} from './credit-actions';

// The zod schemas of credit-actions.ts, apart from its constants and texts so that a page reading only
// those does not load zod.

/** A form field (a string, or a number in JSON), trimmed; a missing field is empty (its message is the field's own). */
const formText = z
  .union([z.string(), z.number()])
  .optional()
  .transform((v) => (v === undefined ? '' : String(v).trim()));
const amountField = formText.pipe(
  z
    .string()
    .min(1, CREDIT_ACTION_TEXTS.amountRequired)
    .regex(/^\d+$/, CREDIT_ACTION_TEXTS.amountPositive)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, CREDIT_ACTION_TEXTS.amountPositive)
        .max(CREDIT_ACTION_LIMITS.maxAmount, CREDIT_ACTION_TEXTS.amountTooBig),
    ),
);

/** POST /ajax/creditActions/add (form). */
export const creditActionCreateSchema = z
  .object({
    uid: formText.pipe(z.string().min(1, 'Give a user ID').max(320)),
    type: formText.pipe(z.string().min(1, CREDIT_ACTION_TEXTS.typeRequired)),
    reason: formText.pipe(z.string().min(1, CREDIT_ACTION_TEXTS.reasonRequired)),
    amount: amountField,
    remarks: formText.pipe(z.string().max(CREDIT_ACTION_LIMITS.remarksMax, CREDIT_ACTION_TEXTS.remarksTooLong)),
    recurrence: formText.transform((v) => v || 'none').pipe(z.enum(RECURRENCES)),
  })
  .superRefine((v, ctx) => {
    const rule = CREDIT_ACTION_RULES[v.type as CreditActionKind];
    if (!rule) {
      ctx.addIssue({ code: 'custom', path: ['type'], message: CREDIT_ACTION_TEXTS.typeRequired });
      return;
    }
    if (!rule.reasons.includes(v.reason))
      ctx.addIssue({ code: 'custom', path: ['reason'], message: CREDIT_ACTION_TEXTS.reasonNotOfType });
    if (v.recurrence !== 'none' && !rule.recurring)
      ctx.addIssue({ code: 'custom', path: ['recurrence'], message: CREDIT_ACTION_TEXTS.notRecurring });
  });
export type CreditActionCreate = z.infer<typeof creditActionCreateSchema>;

/** POST /ajax/creditActions/{id}/edit (form): reason, amount (a correction child action), remarks. */
export const creditActionEditSchema = z.object({
  reason: formText.pipe(z.string().min(1, CREDIT_ACTION_TEXTS.reasonRequired)),
  amount: amountField,
  remarks: formText.pipe(z.string().max(CREDIT_ACTION_LIMITS.remarksMax, CREDIT_ACTION_TEXTS.remarksTooLong)),
});

/** POST /api/2/credit_action/buy_credit/invoice */
export const buyCreditInvoiceSchema = z.object({
  creditActionId: formText.pipe(z.string().regex(/^\d{1,9}$/, CREDIT_ACTION_TEXTS.notFound)).transform(Number),
  invoiceId: formText.pipe(z.string().min(1, CREDIT_ACTION_TEXTS.invoiceRequired).max(100)),
});

const creditActionBase = z.object({
  Id: z.number(),
  parentId: z.number().nullable(),
  type: z.string(),
  typeLabel: z.string(),
  reason: z.string(),
  amount: z.number(),
  'Operator Id': z.number().nullable(),
  operatorName: z.string().nullable(),
  Remarks: z.string(),
  invoiceId: z.string().nullable(),
  recurrence: z.enum(RECURRENCES),
  nextRunAt: z.string().nullable(),
  stoppedAt: z.string().nullable(),
  createdAt: z.string(),
  editable: z.boolean(),
  canSaveInvoice: z.boolean(),
});
export const creditActionSchema = creditActionBase.extend({ childActions: z.array(creditActionBase) });
export type CreditAction = z.infer<typeof creditActionSchema>;

export const creditListSchema = z.object({
  results: z.array(creditActionSchema),
  totalCount: z.number(),
  balance: z.number(),
  /** may the asker create and edit? (finance) */
  canWrite: z.boolean(),
});
export type CreditList = z.infer<typeof creditListSchema>;
