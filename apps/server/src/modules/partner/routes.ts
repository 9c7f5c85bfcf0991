// Partner / affiliate program: the user's referral link and what sign-ups through it spent.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { partnerQuerySchema, partnerReportSchema } from '@parlance/shared';
import { requireUser } from '../../platform/guards';
import { partnerReport } from './service';

const TAGS = ['Partner'];

export const partnerRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/api/2/account/partner',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary:
          "The signed-in user's referral link and, for startDate..endDate (YYYY-MM-DD, both required): sign-ups through it, their project spend and the commission; referred users paged (page, limit 10, 25, 50)",
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
