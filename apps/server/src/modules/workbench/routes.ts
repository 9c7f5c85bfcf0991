// The translator's workbench: a job's files as segments in the browser editor, saved segment by segment, checked and delivered in the original formats.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  disputedSegmentListSchema,
  projectDetailSchema,
  qaWarningSchema,
  segmentSavedSchema,
  segmentSaveSchema,
  workbenchDeliverSchema,
  workbenchJobListSchema,
  workbenchJobSchema,
  workbenchJobsQuerySchema,
  workbenchQaSchema,
  workbenchSegmentPageSchema,
  workbenchSegmentSchema,
  workbenchSegmentsQuerySchema,
} from '@parlance/shared';
import { requireUser } from '../../platform/guards';
import type { AuthContext } from '../../platform/session';
import { afterCommit } from '../../platform/transaction';
import { moveContextOf } from '../projects/moves';
import { detailAfter } from '../projects/service';
import { workbenchAccess } from './access';
import { workbenchAssistRoutes } from './assist-routes';
import { deliverFromEditor } from './deliver';
import { disputedSegmentsOf } from './disputed';
import { listJobs } from './jobs';
import { ensureOpened, openJob, openSegmentsPage } from './open';
import { jobWarnings } from './qa';
import { saveSegment, WorkbenchAnswer } from './save';

const TAGS = ['Workbench'];
const MAX_DB_BIGINT = Number.MAX_SAFE_INTEGER;
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const segmentParams = z.object({ id: z.coerce.number().int().positive().max(MAX_DB_BIGINT) });
const errorAnswer = z.object({
  status: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
/** 409 to a save over a newer revision carries the segment as it now is; to a delivery, the warnings */
const conflictAnswer = errorAnswer.extend({
  segment: workbenchSegmentSchema.optional(),
  warnings: z.array(qaWarningSchema).optional(),
});
/** 422 to a confirm: the target is empty, or its tags do not fit (each problem listed) */
const unfitAnswer = errorAnswer.extend({ problems: z.array(z.string()).optional() });

/** Sends an answer that carries more than a message (a conflict's segment, a check's problems). */
async function answering<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof WorkbenchAnswer) return reply.status(error.status).send(error.body);
    throw error;
  }
}

export const workbenchRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  const contextOf = (request: FastifyRequest, actor: AuthContext) => moveContextOf(deps, actor, request.ip);

  app.get(
    '/api/2/workbench/jobs',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary:
          "The asker's jobs that open in the editor, a page at a time: translating, editing, reviewing, and the customer's translations delivered from the editor",
        querystring: workbenchJobsQuerySchema,
        response: { 200: workbenchJobListSchema },
      },
    },
    async (request) => listJobs(deps.db, requireUser(request), request.query.page, request.query.limit),
  );

  app.get(
    '/api/2/workbench/projects/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary:
          'A job in the editor: its documents and first segments (split from the files on the first open; the rest by /segments), the asker’s role and what they may do',
        params: idParams,
        response: { 200: workbenchJobSchema, 409: errorAnswer },
      },
    },
    async (request) => openJob(deps, requireUser(request), request.params.id),
  );

  app.get(
    '/api/2/workbench/projects/:id/segments',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary:
          'A page of the job’s segments in order, those after the ordinal `after`: what the editor reads behind the first ones of the open',
        params: idParams,
        querystring: workbenchSegmentsQuerySchema,
        response: { 200: workbenchSegmentPageSchema, 409: errorAnswer },
      },
    },
    async (request) =>
      openSegmentsPage(deps, requireUser(request), request.params.id, request.query.after, request.query.limit),
  );

  app.put(
    '/api/2/workbench/segments/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary:
          'Save a segment’s target (a draft, or confirmed); 409 with the current segment when it changed since the revision named; confirming fills its untouched repetitions',
        params: segmentParams,
        body: segmentSaveSchema,
        response: { 200: segmentSavedSchema, 409: conflictAnswer, 422: unfitAnswer },
      },
    },
    async (request, reply) =>
      answering(reply, () =>
        saveSegment(deps.db, requireUser(request), request.params.id, request.body, deps.clock.now()),
      ),
  );

  app.get(
    '/api/2/workbench/projects/:id/disputed-segments',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary:
          'The segments the customer’s dispute points at, with source, target and comment: for whoever opens the job (customer, translator, editor, staff)',
        params: idParams,
        response: { 200: disputedSegmentListSchema, 409: errorAnswer },
      },
    },
    async (request) => {
      const access = await workbenchAccess(deps.db, requireUser(request), request.params.id, deps.clock.now());
      return { results: await disputedSegmentsOf(deps.db, access.segmentsProject.id) };
    },
  );

  app.get(
    '/api/2/workbench/projects/:id/qa',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: 'The quality warnings of every segment of a job, with the customer’s terms, as listed before delivery',
        params: idParams,
        response: { 200: workbenchQaSchema, 409: errorAnswer },
      },
    },
    async (request) => {
      const access = await workbenchAccess(deps.db, requireUser(request), request.params.id, deps.clock.now());
      const shown = access.segmentsProject;
      await ensureOpened(deps, shown);
      return { warnings: await jobWarnings(deps.db, shown) };
    },
  );

  app.post(
    '/api/2/workbench/projects/:id/deliver',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary:
          'Deliver the job from the editor: every segment confirmed, the warnings accepted; the translated files go out as a delivered file does',
        params: idParams,
        body: workbenchDeliverSchema,
        response: { 200: projectDetailSchema, 409: conflictAnswer, 422: errorAnswer },
      },
    },
    async (request, reply) =>
      answering(reply, async () => {
        const actor = requireUser(request);
        const outcome = await deliverFromEditor(
          deps,
          actor,
          request.params.id,
          request.body.acceptWarnings,
          contextOf(request, actor),
        );
        await afterCommit(deps, outcome);
        return detailAfter(deps.db, actor, outcome.projectId, deps.clock.now());
      }),
  );

  // the editor's helpers (suggestions, annotations, XLIFF) keep their routes in their own file
  await app.register(workbenchAssistRoutes);
};
