// Quality report editors: the reviewer of a QA or LL job writes a free or detailed report per file of the reviewed project.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dbIdSchema,
  jobQualityReportsSchema,
  qualityReportAnswerSchema,
  qualityReportQuerySchema,
  qualityReportSaveSchema,
} from '@parlance/shared';
import { requireUser } from '../../platform/guards';
import { readReport, reportAccess, reportsOfJob, saveReport } from './service';

const TAGS = ['Quality reports'];

export const qualityReportRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = root;
  const people = (request: Parameters<typeof requireUser>[0]) => {
    const auth = requireUser(request);
    return { viewer: auth.user, real: auth.admin ?? auth.user };
  };

  app.get(
    '/api/2/quality-report',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary:
          "A file's quality report of a QA or LL job (project_id is the job): the job's reviewer and staff read it; readOnly unless the reviewer's job is in progress",
        querystring: qualityReportQuerySchema,
        response: { 200: z.object({ results: qualityReportAnswerSchema }) },
      },
    },
    async (request) => {
      const { viewer, real } = people(request);
      return { results: await readReport(deps.db, viewer, real, request.query) };
    },
  );

  app.post(
    '/api/2/quality-report',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary:
          "The job's reviewer saves a file's free report (findings and error counts by severity) or detailed report (LISA error rows); the review score counts them",
        body: qualityReportSaveSchema,
        response: { 200: z.object({ results: qualityReportAnswerSchema }) },
      },
    },
    async (request) => {
      const { viewer, real } = people(request);
      return {
        results: await saveReport(deps.db, viewer, real, request.body, { now: deps.clock.now(), ip: request.ip }),
      };
    },
  );

  app.get(
    '/api/2/projects/:id/quality-reports',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: "Every quality report of a QA or LL job and their errors added up (the job's reviewer and staff)",
        params: z.object({ id: dbIdSchema }),
        response: { 200: z.object({ results: jobQualityReportsSchema }) },
      },
    },
    async (request) => {
      const { viewer, real } = people(request);
      await reportAccess(deps.db, viewer, real, request.params.id);
      return { results: await reportsOfJob(deps.db, request.params.id) };
    },
  );
};
