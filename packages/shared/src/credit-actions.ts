import { z } from 'zod';

// Credit actions (spec 2 sections 3, 5, 6, 7): staff give or take a user's credits with a type, a
// reason from the type's list, an amount and remarks. Each action is a ledger transaction; edits of
// the amount and runs of a recurring action are child actions. Rules per type: docs/decisions.md,
// "Credit actions".

export const CREDIT_ACTION_KINDS = ['addcredit', 'buycredit', 'removecredit'] as const;
export type CreditActionKind = (typeof CREDIT_ACTION_KINDS)[number];
export const RECURRENCES = ['none', 'weekly', 'monthly'] as const;
export type Recurrence = (typeof RECURRENCES)[number];

export interface CreditActionRule {
  label: string;
  /** +1 adds credits to the user, -1 takes them */
  sign: 1 | -1;
  /** the edit flag: may staff change the reason, remarks and amount afterwards? */
  editable: boolean;
  /** may it repeat on a schedule until stopped? */
  recurring: boolean;
  /** may an invoice id be saved against it? */
  invoice: boolean;
  reasons: readonly string[];
}

export const CREDIT_ACTION_RULES: Record<CreditActionKind, CreditActionRule> = {
  addcredit: {
    label: 'Add credits',
    sign: 1,
    editable: true,
    recurring: true,
    invoice: false,
    reasons: ['Compensation for a late delivery', 'Goodwill gesture', 'Marketing promotion', 'Partner agreement'],
  },
  buycredit: {
    label: 'Buy credits (offline payment)',
    sign: 1,
    editable: true,
    recurring: true,
    invoice: true,
    reasons: ['Bank transfer received', 'Purchase order paid', 'Prepaid subscription'],
  },
  removecredit: {
    label: 'Remove credits',
    sign: -1,
    editable: false,
    recurring: false,
    invoice: false,
    reasons: ['Credits added by mistake', 'Chargeback', 'Expired promotion'],
  },
};

export const CREDIT_ACTION_LIMITS = { maxAmount: 10_000_000, remarksMax: 500, pageSize: 25 } as const;

export const CREDIT_ACTION_TEXTS = {
  typeRequired: 'Choose a type',
  reasonRequired: 'Choose a reason',
  amountRequired: 'Enter an amount',
  amountPositive: 'The amount must be a whole number of credits above 0',
  amountTooBig: `The amount can be at most ${CREDIT_ACTION_LIMITS.maxAmount.toLocaleString('en-US')} credits`,
  reasonNotOfType: 'This reason does not belong to the chosen type',
  notRecurring: 'Only add-credit and buy-credit actions can repeat',
  belowZero: "The user's balance cannot go below zero",
  notEditable: 'This credit action cannot be edited',
  noInvoice: 'An invoice id can be saved only against a buy-credit action',
  invoiceRequired: 'Enter the invoice id',
  notFound: 'Credit action not found',
  alreadyStopped: 'This recurring action is already stopped',
  staffAccount: 'Staff accounts have no credits',
  created: 'Credit action saved',
  remarksTooLong: `Remarks can be at most ${CREDIT_ACTION_LIMITS.remarksMax} characters`,
} as const;

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
