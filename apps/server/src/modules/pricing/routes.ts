// Pricing: instant price quotes (word count or credits purchase) and the budget calculator; the price
// list itself is the registry's Price kind.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  budgetCalcResultsSchema,
  budgetCalcSchema,
  creditsQuoteSchema,
  priceQuoteResultsSchema,
  wordCountQuoteSchema,
} from '@parlance/shared';
import { countryByIp } from '../../platform/geo';
import { listField, parseFields, quoteTypeOf, type RawBody, truthy } from './payload';
import { askerOf, findOrderFor } from '../wizard/service';
import { quoteAnalysis } from '../wizard/quote-analysis';
import { billingCountry, budgetWords, quoteCredits, quoteWordCount } from './service';

const tags = ['Pricing'];
const consumes = ['application/x-www-form-urlencoded', 'application/json'];
const body = z.record(z.string(), z.unknown()).optional();

export const pricingRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  const contextOf = async (request: FastifyRequest) => {
    const user = request.auth?.user ?? null;
    return { user, country: await billingCountry(deps.db, user, () => countryByIp(request.ip)) };
  };

  app.post(
    '/api/2/wizard/pricequote',
    {
      config: { access: 'public' },
      schema: {
        tags,
        consumes,
        summary: 'Instant price quote, for guests too: by word count, or for buying credits',
        description:
          'Word count: source_language, target_languages[] (form: repeated target_languages[]; JSON: an array), ' +
          'word_count (digits), expertise (slug, optional), editing (truthy: Translation + Editing) or type ' +
          '(a project type slug). Purchase credits: recharge_amount (digits, credits). quoteType ' +
          '(word_count | purchase_credits) may say which; otherwise sending recharge_amount asks for credits. ' +
          'Amounts are integer credits (1 credit = 0.01 USD); VAT is by the billing country; currency is the ' +
          "user's display currency. pqid (purchase credits only) is the signed quote GET /api/2/cart/vendorurl takes. " +
          "pid (optional, the asker's wizard order): analysis counts the order's words in the match bands of the customer's " +
          'translation memory for the pair (null for a guest or without a memory); the price does not change with it. ' +
          'A pid the asker may not see answers 404.',
        body,
        response: { 200: z.object({ results: priceQuoteResultsSchema }) },
      },
    },
    async (request) => {
      const raw: RawBody = request.body ?? {};
      const ctx = await contextOf(request);
      if (quoteTypeOf(raw) === 'purchase_credits') {
        const input = parseFields(creditsQuoteSchema, { recharge_amount: raw.recharge_amount });
        return { results: await quoteCredits(deps, input, ctx) };
      }
      const input = parseFields(wordCountQuoteSchema, {
        source_language: raw.source_language,
        target_languages: listField(raw, 'target_languages'),
        word_count: raw.word_count,
        expertise: typeof raw.expertise === 'string' ? raw.expertise : undefined,
        editing: truthy(raw.editing),
        type: raw.type === '' ? undefined : raw.type,
        pid: typeof raw.pid === 'string' && raw.pid !== '' ? raw.pid : undefined,
      });
      // the order is looked up for the asker (404 otherwise); its words are priced as sent
      const order = input.pid ? await findOrderFor(deps.db, askerOf(request), input.pid) : null;
      const analysis = order ? await quoteAnalysis(deps, order, input.source_language, input.target_languages) : null;
      return { results: await quoteWordCount(deps, input, ctx, analysis) };
    },
  );

  app.post(
    '/api/2/calc',
    {
      config: { access: 'public' },
      schema: {
        tags,
        consumes,
        summary: 'Budget calculator: how many words a sum of credits buys, per language-pair tier',
        description:
          'sum (digits, credits), type=budget, name (project type slug, default translation), expertise ' +
          '(slug, optional; general when absent). words.tier1..tier3 are the most words whose price, minimum ' +
          'charge included, fits the sum for one target language of a common, less common or rare pair.',
        body,
        response: { 200: z.object({ results: budgetCalcResultsSchema }) },
      },
    },
    async (request) => {
      const raw: RawBody = request.body ?? {};
      const input = parseFields(budgetCalcSchema, {
        sum: raw.sum,
        type: raw.type,
        name: raw.name === '' ? undefined : raw.name,
        expertise: typeof raw.expertise === 'string' ? raw.expertise : undefined,
      });
      return { results: await budgetWords(deps.db, input) };
    },
  );
};
