import { z } from 'zod';
import { PAYEE_STATUSES, PAYOUT_METHODS, type PayeeStatus } from './payouts';

// A translator's payout methods on file (/balance, "Payout methods"): one account per method. PayPal
// and bank wire are usable at once; a Payoneer payee waits for approval (an admin, or Payoneer's own
// answer, sets it active or declined: POST /api/2/admin/payoneer/translator/{id}/change-status).

export const PAYEE_STATUS_LABELS: Record<PayeeStatus, string> = {
  active: 'Active',
  pending: 'Waiting for approval',
  declined: 'Declined',
};

export const PAYOUT_METHOD_TEXTS = {
  email: 'Enter the e-mail address of the account',
  iban: 'Enter a valid IBAN (country code, check digits and account number)',
  notActive: 'This payout method is not approved yet: choose another one or wait for the approval',
  inUse: 'A payout by this method is still on its way: remove the method once it is paid or returned',
  notFound: 'This payout method is not on file',
  saved: 'Payout method saved',
} as const;

/** ISO 13616 check: the country code, two check digits and up to 30 letters or digits, mod 97 = 1. */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const digits = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** POST /api/2/account/convert/methods (ours): add or replace the account of one method. */
export const payoutMethodInputSchema = z
  .object({
    method: z.enum(PAYOUT_METHODS, { message: 'The method is one of paypal, payoneer, wire' }),
    account: z.string().trim().min(1, 'Enter the account').max(120, 'The account is at most 120 characters'),
  })
  .superRefine((v, ctx) => {
    if (v.method === 'wire' ? !isValidIban(v.account) : !EMAIL.test(v.account)) {
      ctx.addIssue({
        code: 'custom',
        path: ['account'],
        message: v.method === 'wire' ? PAYOUT_METHOD_TEXTS.iban : PAYOUT_METHOD_TEXTS.email,
      });
    }
  });
export type PayoutMethodInput = z.infer<typeof payoutMethodInputSchema>;

export const payoutMethodSchema = z.object({
  method: z.enum(PAYOUT_METHODS),
  account: z.string(),
  status: z.enum(PAYEE_STATUSES),
});
export type PayoutMethodOnFile = z.infer<typeof payoutMethodSchema>;

/** GET /api/2/account/{id}/payee/status: the Payoneer payee, or none. */
export const payeeStatusSchema = z.object({
  status: z.enum([...PAYEE_STATUSES, 'none']),
  account: z.string().nullable(),
});

/** POST /api/2/admin/payoneer/translator/{id}/change-status */
export const payeeStatusChangeSchema = z.object({
  status: z.enum(PAYEE_STATUSES, { message: 'The status is one of active, pending, declined' }),
  remark: z.string().trim().max(500, 'The remark is at most 500 characters').optional(),
});

/** GET /api/2/admin/payoneer/payees (ours): the Payoneer payees of one status, for /convert. */
export const payeeRowSchema = z.object({
  userId: z.number(),
  name: z.string(),
  email: z.string(),
  account: z.string(),
  status: z.enum(PAYEE_STATUSES),
  updatedAt: z.string(),
});
export type PayeeRow = z.infer<typeof payeeRowSchema>;
