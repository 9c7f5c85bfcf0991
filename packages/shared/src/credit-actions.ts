// Credit actions (spec 2 sections 3, 5, 6, 7): staff give or take a user's credits with a type, a
// reason from the type's list, an amount and remarks. Each action is a ledger transaction; edits of
// the amount and runs of a recurring action are child actions. Rules per type: ADR 0064.

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
