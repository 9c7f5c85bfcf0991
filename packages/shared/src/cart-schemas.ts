import { z } from './zod';
import { CART_TEXTS } from './cart';
import { TEXTS } from './texts';
import { isValidPhone } from './validation';

// The zod schemas of cart.ts, apart from its constants and texts so that a page reading only
// those does not load zod.

// The cart, coupons, paying with credits, billing details and invoices (ADR 0025). Money is
// integer credits (1 credit = 0.01 USD).

export const cartPriceItemSchema = z.object({
  srcLang: z.string(),
  tarLang: z.string(),
  wordCount: z.number().int(),
  credits: z.number().int(),
  deadline: z.string(),
});

export const cartOrderSchema = z.object({
  purchaseOrderId: z.string(),
  name: z.string(),
  type: z.string(),
  sourceLanguage: z.string().nullable(),
  targetLanguages: z.array(z.string()),
  expertise: z.string().nullable(),
  wordCount: z.number().int(),
  needProofreading: z.boolean(),
  expedite: z.boolean(),
  certificate: z.boolean(),
  items: z.array(cartPriceItemSchema),
  priceCredits: z.number().int(),
});
export type CartOrder = z.infer<typeof cartOrderSchema>;

export const cartCouponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  /** basis points for percent, credits for fixed */
  value: z.number().int(),
  discountCredits: z.number().int(),
});

export const cartSchema = z.object({
  purchaseOrders: z.array(cartOrderSchema),
  coupons: z.array(cartCouponSchema),
  subtotalCredits: z.number().int(),
  discountCredits: z.number().int(),
  vatBasisPoints: z.number().int(),
  vatCredits: z.number().int(),
  totalCredits: z.number().int(),
  balanceCredits: z.number().int(),
  /** credits still missing to pay the total (0 when the balance covers it) */
  shortfallCredits: z.number().int(),
  /** the cart key: proves a payment pays what was shown */
  ck: z.string(),
});
export type Cart = z.infer<typeof cartSchema>;

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off'])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

/** POST /api/2/cart/update: the options a customer may change on an order in the cart. */
export const cartUpdateSchema = z.object({
  poid: z.string().min(1, 'Give the purchase order id').max(100),
  name: z.string().trim().min(2, 'Title length should be at least 2 character long').max(200).optional(),
  needProofreading: flag.optional(),
  expedite: flag.optional(),
  certificate: flag.optional(),
});

export const couponApplySchema = z.object({
  /** the coupon's id, or its code (what a customer types) */
  couponId: z.string().trim().min(1, CART_TEXTS.couponRequired).max(64),
  /** the cart's total with VAT as shown (credits); must be non-empty */
  totalWithVat: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, CART_TEXTS.couponTotalRequired).regex(/^\d+$/, CART_TEXTS.couponTotalRequired)),
});

export const translateNowResultSchema = z.object({
  status: z.literal('OK'),
  projects: z.array(
    z.object({ id: z.number().int(), name: z.string(), targetLanguage: z.string(), status: z.string() }),
  ),
  invoice: z.object({ id: z.number().int(), number: z.string(), totalCredits: z.number().int() }),
  balance: z.number().int(),
});
export type TranslateNowResult = z.infer<typeof translateNowResultSchema>;

export const paymentInformationSchema = z.object({
  ck: z.string(),
  translationItems: z.array(
    z.object({
      purchaseOrderId: z.string(),
      srcLang: z.object({ slug: z.string() }),
      tarLang: z.object({ slug: z.string() }),
      wordCount: z.number().int(),
      credits: z.number().int(),
    }),
  ),
  coupons: z.array(cartCouponSchema),
  subtotalCredits: z.number().int(),
  discountCredits: z.number().int(),
  vatBasisPoints: z.number().int(),
  vatCredits: z.number().int(),
  totalCredits: z.number().int(),
  totalUsd: z.string(),
  balanceCredits: z.number().int(),
  shortfallCredits: z.number().int(),
});

export const upsalesSchema = z.object({
  options: z.array(
    z.object({
      slug: z.enum(['proofreading', 'expedite', 'certificate']),
      name: z.string(),
      /** every order in the cart already has it */
      selected: z.boolean(),
      /** credits the cart's subtotal grows by when it is added to every order that lacks it */
      extraCredits: z.number().int(),
    }),
  ),
});

export const billingInfoSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  vat_id: z.string(),
  zipCode: z.string(),
  phone: z.string(),
  Country: z.string().nullable(),
  Company: z.string(),
  address: z.string(),
  city: z.string(),
});
export type BillingInfo = z.infer<typeof billingInfoSchema>;

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`).default('');

/** POST /api/2/account/{id}/billing-info (form or JSON). The country must be in the countries list. */
export const billingInfoInputSchema = z.object({
  firstName: text(100),
  lastName: text(100),
  vat_id: text(50),
  zipCode: text(20),
  phone: text(40).refine(isValidPhone, TEXTS.invalidPhone),
  Country: z.string().trim().toUpperCase().length(2, 'Choose a country'),
  Company: text(200),
  address: text(300),
  city: text(100),
});

/**
 * An invoice (an order paid), a receipt (credits bought: no VAT, ADR 0020) or a credit note (a
 * refund, naming the invoice it corrects); ADR 0047.
 */
export const invoiceSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  type: z.enum(['invoice', 'receipt', 'credit_note']),
  kind: z.enum(['order', 'credits']),
  correctsInvoice: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  date: z.string(),
  subtotalCredits: z.number().int(),
  discountCredits: z.number().int(),
  vatCredits: z.number().int(),
  totalCredits: z.number().int(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;
