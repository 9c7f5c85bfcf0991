// Client alerts: admins set, per customer and alert, which staff (am, sales, support) are mailed.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientAlertAnswerSchema, clientAlertBodySchema, clientAlertQuerySchema } from '@parlance/shared';
import { z } from 'zod';
import { staffMember } from '../../platform/permissions';
import { findAlertCustomer, readAlertSettings, saveAlertSettings } from '../../platform/client-alerts';

const TAGS = ['Admin'];

/** Form bodies arrive flat ("settings[dispute][am]": "1"): nest the bracket keys before validating. */
export function nestBracketKeys(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const m = /^([A-Za-z_]+)((?:\[[A-Za-z_]*\])+)$/.exec(key);
    if (!m) {
      out[key] = value;
      continue;
    }
    const path = [m[1], ...[...m[2].matchAll(/\[([A-Za-z_]*)\]/g)].map((x) => x[1])];
    let node = out;
    for (let i = 0; i < path.length - 1; i++) {
      const next = node[path[i]];
      if (typeof next !== 'object' || next === null || Array.isArray(next)) node[path[i]] = {};
      node = node[path[i]] as Record<string, unknown>;
    }
    node[path[path.length - 1]] = Array.isArray(value) ? value[value.length - 1] : value;
  }
  return out;
}

const body = z.preprocess(nestBracketKeys, clientAlertBodySchema);

export const clientAlertRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  const answer = async (userId: number) => {
    const customer = await findAlertCustomer(deps.db, userId);
    const { settings, saved } = await readAlertSettings(deps.db, customer.id);
    return {
      results: {
        user: { id: customer.id, name: customer.name, email: customer.email },
        settings,
        recipients: {
          am: customer.managerEmail,
          sales: deps.config.alertSalesEmail,
          support: deps.config.alertSupportEmail,
        },
        saved,
      },
    };
  };

  app.get(
    '/api/2/adminsetting/alert/notification',
    {
      config: { access: 'backoffice.read' },
      schema: {
        tags: TAGS,
        summary: "A customer's alert routing: per alert, whether am, sales and support are mailed; admins only",
        querystring: clientAlertQuerySchema,
        response: { 200: clientAlertAnswerSchema },
      },
    },
    async (request) => {
      return answer(request.query.user_id);
    },
  );

  app.post(
    '/api/2/adminsetting/alert/notification',
    {
      config: { access: 'settings.write' },
      schema: {
        tags: TAGS,
        summary:
          "Save a customer's alert routing (form: user_id, settings[alert][am|sales|support] = 1 or 0; an alert left out keeps its setting); audited; admins only",
        body,
        response: { 200: clientAlertAnswerSchema },
      },
    },
    async (request) => {
      const staff = staffMember(request);
      const customer = await findAlertCustomer(deps.db, request.body.user_id);
      await deps.db.transaction((tx) =>
        saveAlertSettings(tx, customer.id, request.body.settings, { id: staff.id, ip: request.ip }, deps.clock.now()),
      );
      return answer(customer.id);
    },
  );
};
