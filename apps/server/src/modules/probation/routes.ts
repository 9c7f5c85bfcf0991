// Probation: language managers set the parameters matching applies to new translators; translators see their state.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { probationParamsSchema, probationStateSchema } from '@parlance/shared';
import { forbidden } from '../../platform/errors';
import { requireUser } from '../../platform/guards';
import { holds, staffMember } from '../../platform/permissions';
import { readProbationParams, saveProbationParams, translatorProbation } from './service';

const TAGS = ['Probation'];

const paramsAnswer = z.object({
  min_rating: z.number(),
  min_wordcount: z.number(),
  max_wordcount: z.number().nullable(),
  max_years: z.number(),
  cat_vendors: z.array(z.string()),
  excluded_clients: z.array(z.number()),
  excluded_translators: z.array(z.number()),
  project_types: z.array(z.string()),
});

export const probationRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = root;

  app.get(
    '/api/2/admin/probation/params',
    {
      config: { access: 'backoffice.read' },
      schema: {
        tags: TAGS,
        summary: 'The probation parameters of matching',
        response: { 200: z.object({ results: paramsAnswer, canWrite: z.boolean() }) },
      },
    },
    async (request) => {
      return { results: await readProbationParams(deps.db), canWrite: holds(request.auth, 'languages.write') };
    },
  );

  app.post(
    '/api/2/admin/probation/params',
    {
      config: { access: 'languages.write' },
      schema: {
        tags: TAGS,
        summary: 'Save the probation parameters (JSON, as answered by GET); written to the audit log',
        body: probationParamsSchema,
        response: { 200: z.object({ results: paramsAnswer, canWrite: z.boolean() }) },
      },
    },
    async (request) => {
      const staff = staffMember(request);
      const saved = await saveProbationParams(
        deps.db,
        request.body,
        { id: staff.id, ip: request.ip },
        deps.clock.now(),
      );
      return { results: saved, canWrite: true };
    },
  );

  app.get(
    '/api/2/account/probation',
    {
      config: { access: 'translator' },
      schema: {
        tags: TAGS,
        summary: "The translator's probation state: on probation or not, until when, and what is offered meanwhile",
        response: {
          200: z.object({
            results: probationStateSchema.extend({
              params: z.object({
                min_wordcount: z.number(),
                max_wordcount: z.number().nullable(),
                project_types: z.array(z.string()),
              }),
            }),
          }),
        },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      if (user.type !== 'translator') throw forbidden('Only translators have a probation state');
      return { results: await translatorProbation(deps.db, user, deps.clock.now()) };
    },
  );
};
