// Partner / affiliate program: the user's referral link and what sign-ups through it spent.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { partnerQuerySchema, partnerReportSchema } from '@parlance/shared';
import { requireUser } from '../../platform/guards';
import { creditClearedCommissions } from './commission';
import { partnerReport } from './service';

const TAGS = ['Partner'];

export const partnerRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  // commissions of cleared projects, credited through the ledger (ADR 0096)
  deps.scheduler.add({
    name: 'partner.commissions',
    everyMs: 0,
    run: (now) => creditClearedCommissions(deps, now),
  });

  app.get(
    '/api/2/account/partner',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary:
          "The signed-in user's referral link and, for startDate..endDate (YYYY-MM-DD, both required): sign-ups through it, their project spend, the commission on it, the commission credited in the range (commissionPaid) and the commission pending on projects not cleared yet (commissionPending, now); referred users paged (page, limit 10, 25, 50)",
        querystring: partnerQuerySchema,
        response: { 200: partnerReportSchema },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      const results = await partnerReport(deps.db, user, request.query, {
        publicUrl: deps.config.publicUrl,
        commissionPercent: deps.config.referralCommissionPercent,
      });
      return { results };
    },
  );
};
