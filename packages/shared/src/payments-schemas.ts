import { z } from './zod';
import { PAYMENT_METHODS, PAYMENT_PURPOSES, PAYMENT_STATUSES } from './payments';

// The zod schemas of payments.ts, apart from its constants and texts so that a page reading only
// those does not load zod.

export const paymentSchema = z.object({
  key: z.string(),
  method: z.enum(PAYMENT_METHODS),
  purpose: z.enum(PAYMENT_PURPOSES),
  status: z.enum(PAYMENT_STATUSES),
  amountCredits: z.number().int(),
  vatCredits: z.number().int(),
  totalCredits: z.number().int(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  failureReason: z.string().nullable(),
  /** the wire transfer's payment reference; null for cards */
  reference: z.string().nullable(),
  invoiceId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PaymentData = z.infer<typeof paymentSchema>;

export const adminPaymentSchema = paymentSchema.extend({
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
});
export type AdminPaymentData = z.infer<typeof adminPaymentSchema>;

export const savedCardSchema = z.object({
  id: z.number().int(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  createdAt: z.string(),
});
export type SavedCardData = z.infer<typeof savedCardSchema>;

export const bankDetailsSchema = z.object({
  bankName: z.string(),
  accountHolder: z.string(),
  iban: z.string(),
  bic: z.string(),
  bankAddress: z.string(),
});
export type BankDetails = z.infer<typeof bankDetailsSchema>;

/** GET /api/2/cart/vendorurl?pqid= */
export const vendorUrlQuerySchema = z.object({ pqid: z.string().trim().min(1, 'pqid is required').max(1000) });
export const vendorUrlResultSchema = z.object({ url: z.string(), payment: z.string() });

/** POST /ajax/cart/executeRecurringPayment (form or JSON) */
export const recurringPaymentBodySchema = z.object({
  pqid: z.string().trim().min(1, 'pqid is required').max(1000),
  card_id: z.coerce.number().int().positive('card_id is a saved card id'),
  idempotency_key: z.string().trim().min(1).max(255).optional(),
});

/** POST /ajax/cart/wiretransferapply (form or JSON) */
export const wireTransferBodySchema = z.object({ pqid: z.string().trim().min(1, 'pqid is required').max(1000) });
export const wireTransferResultSchema = z.object({
  payment: paymentSchema,
  bankDetails: bankDetailsSchema,
  reference: z.string(),
});

/** GET /api/2/admin/payments */
export const adminPaymentsQuerySchema = z.object({
  status: z.enum(PAYMENT_STATUSES).optional(),
  method: z.enum(PAYMENT_METHODS).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
