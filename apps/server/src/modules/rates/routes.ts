// Exchange rates: the rate of each currency in use, its day and source, and finance setting one.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exchangeRateAnswerSchema, exchangeRatesAnswerSchema, setRateBodySchema } from '@parlance/shared';
import { staffMember } from '../../platform/permissions';
import { refreshEcbRates } from './ecb';
import { dayOf, exchangeRateBoard, setRate } from './service';

const TAGS = ['Back office'];

export const rateRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  // the European Central Bank's reference rates, when ECB_RATES_URL names them (empty: off)
  const ecbUrl = deps.config.ecbRatesUrl;
  if (ecbUrl) {
    deps.scheduler.add({
      name: 'rates.ecb',
      everyMs: 60 * 60 * 1000,
      run: () => refreshEcbRates(deps, ecbUrl),
    });
  }

  app.get(
    '/api/2/admin/exchange-rates',
    {
      config: { access: 'backoffice.read' },
      schema: {
        tags: TAGS,
        summary:
          'The exchange rate in use of every currency (units per 1 USD) with its day, source (seed, ecb, finance) and who set it, and the 50 newest rates recorded',
        response: { 200: exchangeRatesAnswerSchema },
      },
    },
    async () => ({ results: await exchangeRateBoard(deps.db) }),
  );

  app.post(
    '/api/2/admin/exchange-rates',
    {
      config: { access: 'credits.write' },
      schema: {
        tags: TAGS,
        summary: 'Set the exchange rate of a currency (finance): units of it per 1 USD, from a day (today by default)',
        description:
          'JSON or form: currency (a code of GET /api/2/currency; not USD, the base), rate (more than 0, at most 6 decimals, such as "0.92"), date (YYYY-MM-DD, not in the future; today when left out). The new rate is in use at once for quotes, the cart and statements of that day on; 400 with a plain message on the field for bad input.',
        body: setRateBodySchema,
        response: { 200: exchangeRateAnswerSchema },
      },
    },
    async (request) => {
      const by = { actorId: staffMember(request).id, ip: request.ip };
      return { results: await setRate(deps.db, request.body, by, dayOf(deps.clock.now())) };
    },
  );
};
