// The language-manager dashboard: project-health tiles, their project tables and capacity per language pair.
import type { FastifyPluginAsync } from 'fastify';
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
import { availableFigures, capacityPage, projectPage, resolveScope, tileFigures } from './service';

const TAGS = ['Language-manager dashboard'];

export const lmDashboardRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = instance;

  // one route per tile, as the spec lists them (and as the API documentation shows them)
  for (const tile of LM_TILES) {
    app.get(
      `/api/2/dashboard/projects/${tile.call}`,
      {
        config: { access: 'languages.write', refusal: LM_TEXTS.forbidden },
        schema: {
          tags: TAGS,
          summary: `${tile.title}: total, MyTeam and editing counts, and the busiest language pairs`,
          querystring: lmFiltersSchema,
          response: { 200: z.object({ results: lmTileSchema }) },
        },
      },
      async (request) => {
        const scope = await resolveScope(deps.db, request.query, deps.clock.now());
        return { results: await tileFigures(deps.db, tile.call, scope) };
      },
    );
  }

  app.get(
    '/api/2/dashboard/users/available-translators',
    {
      config: { access: 'languages.write', refusal: LM_TEXTS.forbidden },
      schema: {
        tags: TAGS,
        summary: 'Translators and editors available today in the chosen languages, and waiting pilot projects',
        querystring: lmFiltersSchema,
        response: { 200: z.object({ results: lmAvailableSchema }) },
      },
    },
    async (request) => {
      const scope = await resolveScope(deps.db, request.query, deps.clock.now());
      return { results: await availableFigures(deps.db, scope) };
    },
  );

  app.get(
    '/api/2/project/list',
    {
      config: { access: 'languages.write', refusal: LM_TEXTS.forbidden },
      schema: {
        tags: TAGS,
        summary:
          "A tile's projects, 30 a page: workflow_status (2 waiting, 3 in progress, 9 expired), alerts or delayed",
        querystring: lmProjectListQuerySchema,
        response: { 200: lmProjectListSchema },
      },
    },
    async (request) => {
      const scope = await resolveScope(deps.db, request.query, deps.clock.now());
      return projectPage(deps.db, request.query, scope);
    },
  );

  app.get(
    '/api/2/dashboard/capacity',
    {
      config: { access: 'languages.write', refusal: LM_TEXTS.forbidden },
      schema: {
        tags: TAGS,
        summary: 'Open and waiting words per language pair against available translators and recent throughput',
        querystring: lmCapacityQuerySchema,
        response: { 200: lmCapacitySchema },
      },
    },
    async (request) => {
      const scope = await resolveScope(deps.db, request.query, deps.clock.now());
      return capacityPage(deps.db, scope, request.query.page);
    },
  );
};
