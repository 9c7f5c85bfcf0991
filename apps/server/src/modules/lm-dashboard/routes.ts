// The language-manager dashboard: project-health tiles, their project tables and capacity per language pair.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LM_TEXTS,
  LM_TILES,
  lmAvailableSchema,
  lmCapacityQuerySchema,
  lmCapacitySchema,
  lmFiltersSchema,
  lmProjectListQuerySchema,
  lmProjectListSchema,
  lmTileSchema,
} from '@parlance/shared';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../platform/errors';
import { requireUser } from '../../platform/guards';
import { aclGroupNames } from '../auth/users';
import { lmDashboardAccess } from './policy';
import { availableFigures, capacityPage, projectPage, resolveScope, tileFigures } from './service';

const TAGS = ['Language-manager dashboard'];

/** The signed-in language manager or super-admin; 401, 404 or 403 otherwise. */
async function requireLanguageManager(db: Db, request: FastifyRequest) {
  const { user } = requireUser(request);
  const access = lmDashboardAccess(user, user.isAdmin ? [] : await aclGroupNames(db, user.id));
  if (access === 'notFound') throw notFound();
  if (access === 'forbidden') throw forbidden(LM_TEXTS.forbidden);
  return user;
}

export const lmDashboardRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = instance;

  // one route per tile, as the spec lists them (and as the API documentation shows them)
  for (const tile of LM_TILES) {
    app.get(
      `/api/2/dashboard/projects/${tile.call}`,
      {
        schema: {
          tags: TAGS,
          summary: `${tile.title}: total, MyTeam and editing counts, and the busiest language pairs`,
          querystring: lmFiltersSchema,
          response: { 200: z.object({ results: lmTileSchema }) },
        },
      },
      async (request) => {
        await requireLanguageManager(deps.db, request);
        const scope = await resolveScope(deps.db, request.query, deps.clock.now());
        return { results: await tileFigures(deps.db, tile.call, scope) };
      },
    );
  }

  app.get(
    '/api/2/dashboard/users/available-translators',
    {
      schema: {
        tags: TAGS,
        summary: 'Translators and editors available today in the chosen languages, and waiting pilot projects',
        querystring: lmFiltersSchema,
        response: { 200: z.object({ results: lmAvailableSchema }) },
      },
    },
    async (request) => {
      await requireLanguageManager(deps.db, request);
      const scope = await resolveScope(deps.db, request.query, deps.clock.now());
      return { results: await availableFigures(deps.db, scope) };
    },
  );

  app.get(
    '/api/2/project/list',
    {
      schema: {
        tags: TAGS,
        summary:
          "A tile's projects, 30 a page: workflow_status (2 waiting, 3 in progress, 9 expired), alerts or delayed",
        querystring: lmProjectListQuerySchema,
        response: { 200: lmProjectListSchema },
      },
    },
    async (request) => {
      await requireLanguageManager(deps.db, request);
      const scope = await resolveScope(deps.db, request.query, deps.clock.now());
      return projectPage(deps.db, request.query, scope);
    },
  );

  app.get(
    '/api/2/dashboard/capacity',
    {
      schema: {
        tags: TAGS,
        summary: 'Open and waiting words per language pair against available translators and recent throughput',
        querystring: lmCapacityQuerySchema,
        response: { 200: lmCapacitySchema },
      },
    },
    async (request) => {
      await requireLanguageManager(deps.db, request);
      const scope = await resolveScope(deps.db, request.query, deps.clock.now());
      return capacityPage(deps.db, scope, request.query.page);
    },
  );
};
