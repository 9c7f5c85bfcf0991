import { z } from './zod';
import { isValidIban, PAYOUT_METHOD_TEXTS } from './payout-methods';
import { PAYEE_STATUSES, PAYOUT_METHODS } from './payouts';

// The zod schemas of payout-methods.ts, apart from its constants and texts so that a page reading only
// those does not load zod.

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
