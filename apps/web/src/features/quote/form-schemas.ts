// The shared schemas of the quote forms (the ones the price quote route validates with), loaded
// with zod at a form's first check (ui/zod-form).
export { creditsQuoteSchema, wordCountQuoteSchema } from '@parlance/shared';
