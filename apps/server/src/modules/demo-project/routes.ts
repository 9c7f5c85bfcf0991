// The sample project of /project/demo: one read-only project for guests and users alike, and its files.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { demoProjectSchema } from '@parlance/shared';
import { notFound } from '../../platform/errors';
import { sampleFile, sampleProject } from './sample';

const TAGS = ['Projects'];
const BASE = '/api/2/projects/demo';

export const demoProjectRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    BASE,
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        summary: 'The sample project shown at /project/demo: sample data, its files and a guided timeline',
        response: { 200: demoProjectSchema },
      },
    },
    async () => sampleProject(deps.clock.now(), `${BASE}/files`),
  );

  app.get(
    `${BASE}/files/:name`,
    {
      config: { access: 'public', produces: ['*/*'] },
      schema: {
        tags: TAGS,
        summary: 'A file of the sample project: plain text opens in the browser, ?download=1 saves it',
        params: z.object({ name: z.string().max(100) }),
        querystring: z.object({ download: z.enum(['1']).optional() }),
      },
    },
    async (request, reply) => {
      const file = await sampleFile(request.params.name);
      if (!file) throw notFound('File not found');
      const inline = file.mime.startsWith('text/') && request.query.download === undefined;
      reply.header('content-type', file.mime);
      reply.header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${file.name}"`);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('cache-control', 'public, max-age=3600');
      return reply.send(file.bytes);
    },
  );
};
