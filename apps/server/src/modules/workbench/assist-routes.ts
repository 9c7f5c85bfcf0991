// The workbench's helpers: a segment's suggestions, reviewers' MQM annotations, and a job as XLIFF for a CAT tool.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  annotationCreateSchema,
  dbIdSchema,
  segmentAnnotationSchema,
  segmentSuggestionsSchema,
  WORKBENCH_LIMITS,
  WORKBENCH_TEXTS,
  xliffImportResultSchema,
} from '@parlance/shared';
import { AppError, forbidden } from '../../platform/errors';
import { requireUser } from '../../platform/guards';
import { contentDisposition, partBuffer, type ReceiveRule, receivePart } from '../language-assets/receive-file';
import { segmentAccess, type WorkbenchAccess, workbenchAccess } from './access';
import { createAnnotation, deleteAnnotation } from './annotations';
import { segmentSuggestions } from './suggestions';
import { exportJobXliff, importJobXliff } from './xliff';

const TAGS = ['Workbench'];

/**
 * XLIFF is for who may edit: the job's own translator or editor out of their turn is in the wrong
 * state (409); a customer, a reviewer or staff reading it has no such right (403).
 */
function refuseReadOnly(access: WorkbenchAccess): void {
  if (access.readOnly === null) return;
  if (access.role === 'translator' || access.role === 'editor') throw new AppError(409, access.readOnly);
  throw forbidden(access.readOnly);
}

const XLIFF_RULE: ReceiveRule = {
  extensions: ['xlf', 'xliff', 'xml'],
  maxBytes: WORKBENCH_LIMITS.xliffMaxBytes,
  wrongType: 'Take back an XLIFF file (.xlf or .xliff)',
  tooBig: WORKBENCH_TEXTS.xliffTooLarge,
};

export const workbenchAssistRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = root;

  app.get(
    '/api/2/workbench/segments/:id/suggestions',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary:
          "A segment's suggestions: memory matches (the customer's translation memory and this job's confirmed segments), the customer's terms found in it, and the engine's translation (asked once, then kept)",
        params: z.object({ id: dbIdSchema }),
        response: { 200: segmentSuggestionsSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { access, segment } = await segmentAccess(deps.db, actor, request.params.id, deps.clock.now());
      return segmentSuggestions(deps, {
        segment,
        project: access.segmentsProject,
        mayAskEngine: access.readOnly === null,
      });
    },
  );

  app.post(
    '/api/2/workbench/segments/:id/annotations',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary:
          "The reviewer of an open QA or LL job marks an MQM error on a segment of the reviewed project; the job's quality reports and review score count it",
        params: z.object({ id: dbIdSchema }),
        body: annotationCreateSchema,
        response: { 200: segmentAnnotationSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { access, segment } = await segmentAccess(deps.db, actor, request.params.id, deps.clock.now());
      return createAnnotation(deps.db, actor, access, segment.id, request.body, deps.clock.now());
    },
  );

  app.delete(
    '/api/2/workbench/annotations/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: 'Its author removes an annotation while the review job is open',
        params: z.object({ id: dbIdSchema }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      await deleteAnnotation(deps.db, actor, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/2/workbench/projects/:id/xliff',
    {
      config: { access: 'user', produces: ['application/xliff+xml'] },
      schema: {
        tags: TAGS,
        summary:
          "The job's segments as one XLIFF 2.1 file for a CAT tool, every document with its targets and states (who may edit the job)",
        params: z.object({ id: dbIdSchema }),
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const access = await workbenchAccess(deps.db, actor, request.params.id, deps.clock.now());
      refuseReadOnly(access);
      const file = await exportJobXliff(deps.db, access);
      return reply
        .header('content-type', 'application/xliff+xml; charset=utf-8')
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.xml);
    },
  );

  app.post(
    '/api/2/workbench/projects/:id/xliff',
    {
      config: { access: 'user', multipart: { file: 'file' } },
      schema: {
        tags: TAGS,
        summary: `Take back the job's XLIFF file from a CAT tool (multipart file, up to ${WORKBENCH_LIMITS.xliffMaxBytes / 1_000_000} MB): every unit must be a segment of this job; targets whose tags do not fit are listed in problems and not saved`,
        params: z.object({ id: dbIdSchema }),
        response: { 200: xliffImportResultSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const access = await workbenchAccess(deps.db, actor, request.params.id, deps.clock.now());
      refuseReadOnly(access);
      const received = await receivePart(request, XLIFF_RULE);
      const bytes = await partBuffer(received, XLIFF_RULE);
      return importJobXliff(deps.db, access, actor.user.id, bytes, deps.clock.now());
    },
  );
};
