// Billing details of an account: what invoices are made out to, and the country VAT is charged by.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { billingInfoInputSchema, billingInfoSchema } from '@parlance/shared';
import { requireUser } from '../../platform/guards';
import { authorize } from '../../platform/permissions';
import './policy';
import { presentBillingInfo } from './present';
import { getBillingInfo, saveBillingInfo } from './service';

const TAGS = ['Billing'];
const params = z.object({ id: z.coerce.number().int().positive() });

export const billingRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  /** The account asked about, when the asker may see it; someone else's account is not found (404). */
  const accountOf = (request: FastifyRequest, id: number, action: 'billing.read' | 'billing.write'): number => {
    authorize(requireUser(request), action, { accountId: id });
    return id;
  };

  app.get(
    '/api/2/account/:id/billing-info',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: 'The billing details of an account (its owner or an admin)',
        params,
        response: { 200: z.object({ results: billingInfoSchema }) },
      },
    },
    async (request) => {
      const id = accountOf(request, request.params.id, 'billing.read');
      return { results: presentBillingInfo(await getBillingInfo(deps.db, id)) };
    },
  );

  app.post(
    '/api/2/account/:id/billing-info',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary:
          'Save the billing details (form or JSON: firstName, lastName, vat_id, zipCode, phone, Country, Company, address, city)',
        params,
        body: billingInfoInputSchema,
        response: { 200: z.object({ results: billingInfoSchema }) },
      },
    },
    async (request) => {
      const id = accountOf(request, request.params.id, 'billing.write');
      return { results: presentBillingInfo(await saveBillingInfo(deps.db, id, request.body, deps.clock.now())) };
    },
  );

  // the profile's Billing Address form (spec 2 section 7): the signed-in user's own account
  app.post(
    '/userService/updateBillingInfo',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary:
          "Save the signed-in user's billing address (form: firstName, lastName, vat_id, zipCode, phone, Country, Company, address, city)",
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: billingInfoInputSchema,
        response: { 200: z.object({ status: z.literal('OK'), results: billingInfoSchema }) },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const saved = await saveBillingInfo(deps.db, auth.user.id, request.body, deps.clock.now());
      return { status: 'OK' as const, results: presentBillingInfo(saved) };
    },
  );
};
