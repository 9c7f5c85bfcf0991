// The project lifecycle: a project's page, taking and delivering work, approval, disputes, cancel and refunds, rating, tags, messages, earnings and admin moves.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyKeyOf } from '../../platform/idempotency-key';
import {
  bulkMessageSchema,
  type ProjectDetail,
  projectDetailSchema,
  projectCancelSchema,
  projectDisputeWithSegmentsSchema,
  projectMessageRowSchema,
  projectRefundOptionsSchema,
  projectMessageSchema,
  projectNameSchema,
  projectRatingSchema,
  projectReassignSchema,
  projectResolveSchema,
  projectTagsSchema,
  reviewJobCreateSchema,
  reviewSubmitSchema,
} from '@parlance/shared';
import type { Services } from '../../platform/services';
import { asThemselves, authorize } from '../../platform/permissions';
import './policy';
import { requireUser } from '../../platform/guards';
import { balanceOfOwner } from '../../platform/ledger';
import type { AuthContext } from '../../platform/session';
import { deliverWork } from './deliver';
import { cardLabel, cardRefundOption, sendCardRefund } from '../payments/card-refunds';
import {
  approveProject,
  bulkMessage,
  cancelProject,
  disputeProject,
  holdProject,
  type MoveContext,
  moveContextOf,
  postMessage,
  rateProject,
  reassignProject,
  releaseProject,
  renameProject,
  resolveDispute,
  setTags,
  takeEditJob,
  takeJob,
} from './moves';
import { createReviewJob, submitReview } from './review-jobs';
import { detailAfter, type Outcome, projectDetailFor, requireViewing } from './service';
import { afterCommit, transact, transactOnce } from '../../platform/transaction';
import { readDelivery } from '../workbench/read-delivery';

const TAGS = ['Projects'];
const idParams = z.object({ id: z.coerce.number().int().positive() });
const detail = { 200: projectDetailSchema };

export const projectRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  const contextOf = (request: FastifyRequest, actor: AuthContext) => moveContextOf(deps, actor, request.ip);

  /** Runs a move in one transaction, then notifies and mails; answers the project as the user now sees it. */
  async function move(
    request: FastifyRequest,
    actor: AuthContext,
    work: (ctx: MoveContext) => Promise<Outcome>,
  ): Promise<ProjectDetail> {
    const outcome = await transact(deps, (tx) => work(contextOf(request, actor)(tx)));
    return detailAfter(deps.db, actor, outcome.projectId, deps.clock.now());
  }

  /**
   * A money-moving move: with an Idempotency-Key header, a retry answers the first answer and moves
   * nothing (the move and the stored answer commit together); without one, the status guard of the
   * move still makes a second click fail with 409 and move nothing.
   */
  async function moneyMove(
    request: FastifyRequest,
    actor: AuthContext,
    body: unknown,
    work: (ctx: MoveContext) => Promise<Outcome>,
  ): Promise<ProjectDetail> {
    const key = idempotencyKeyOf(request);
    if (!key) return move(request, actor, work);
    const now = deps.clock.now();
    const call = { method: request.method, path: request.url.split('?')[0], body: body ?? null };
    const result = await transactOnce(deps, { userId: actor.user.id, key, request: call, now }, async (tx) => {
      const done = await work(contextOf(request, actor)(tx));
      return { ...done, body: await detailAfter(tx, actor, done.projectId, now) };
    });
    // the stored answer was for the moment of the move; answer the project as it is now
    return result.replayed ? detailAfter(deps.db, actor, result.body.id, deps.clock.now()) : result.body;
  }

  const actorOf = (request: FastifyRequest) => requireUser(request);
  const adminOf = (request: FastifyRequest) => asThemselves(requireUser(request));

  app.get(
    '/api/2/projects/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary:
          'A project as the viewer may see it: its customer, translator or editor, an admin, or a translator the open job is offered to',
        params: idParams,
        response: detail,
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const viewing = await requireViewing(deps.db, actor, request.params.id, deps.clock.now());
      return projectDetailFor(deps.db, actor, viewing);
    },
  );

  app.post(
    '/api/2/job/:id/take',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary:
          'Take an open translation job, or a QA or LL review job (one translator wins; 409 when another was first)',
        params: idParams,
        response: detail,
      },
    },
    async (request) => move(request, actorOf(request), (ctx) => takeJob(ctx, request.params.id)),
  );

  app.post(
    '/api/2/job/:id/take-edit',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: 'Take the editing job of a delivered Translation + Editing project',
        params: idParams,
        response: detail,
      },
    },
    async (request) => move(request, actorOf(request), (ctx) => takeEditJob(ctx, request.params.id)),
  );

  app.post(
    '/api/2/projects/:id/deliver',
    {
      config: { access: 'user', multipart: { file: 'file', many: true } },
      schema: {
        tags: TAGS,
        summary:
          'Deliver the translation (translator) or the edited result (editor): multipart, one or more `file` parts',
        params: idParams,
        consumes: ['multipart/form-data'],
        response: detail,
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const outcome = await deliverWork(deps, request, actor, request.params.id, contextOf(request, actor));
      await afterCommit(deps, outcome);
      // the delivered files are read into the editor's segments now, once (not on every open)
      await readDelivery(deps, outcome.projectId);
      return detailAfter(deps.db, actor, outcome.projectId, deps.clock.now());
    },
  );

  app.post(
    '/api/2/projects/:id/approve',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: "Approve the delivered work (READY -> COMPLETED; the translator's earnings become pending)",
        params: idParams,
        response: detail,
      },
    },
    async (request) => moneyMove(request, actorOf(request), null, (ctx) => approveProject(ctx, request.params.id)),
  );

  app.post(
    '/api/2/projects/:id/dispute',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary:
          'Dispute the delivered work (READY -> DISPUTED), optionally pointing at segments of the editor with a comment each; an admin resolves it',
        params: idParams,
        body: projectDisputeWithSegmentsSchema,
        response: detail,
      },
    },
    async (request) =>
      move(request, actorOf(request), (ctx) =>
        disputeProject(ctx, request.params.id, request.body.reason, request.body.segments),
      ),
  );

  app.post(
    '/api/2/projects/:id/cancel',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: 'Cancel a project nobody has started (PENDING, PREPROCESSING); price and VAT back to credits',
        description:
          'refund_to=card (the customer only): the refund goes back to the card that paid for it (see GET .../refund-options); 409 when no card can take it. Default: credits.',
        params: idParams,
        body: projectCancelSchema,
        response: detail,
      },
    },
    async (request) => {
      const toCard = request.body.refund_to === 'card';
      const provider = deps.cardProcessor;
      const answer = await moneyMove(request, actorOf(request), request.body, (ctx) =>
        cancelProject(ctx, request.params.id, toCard ? { provider: provider.name } : undefined),
      );
      // after the commit: the processor is asked once the credits were taken out for the card
      if (toCard) await sendCardRefund(deps, provider, `project-${request.params.id}`);
      return answer;
    },
  );

  app.get(
    '/api/2/projects/:id/refund-options',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: "Where a cancel's refund can go: the card that paid for the project (if any) or credits",
        params: idParams,
        response: { 200: z.object({ results: projectRefundOptionsSchema }) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { project, role } = await requireViewing(deps.db, actor, request.params.id, deps.clock.now());
      const amountCredits = project.priceCredits + project.vatCredits;
      // the card is the customer's: staff cancelling refund to credits
      const option = role === 'customer' ? await cardRefundOption(deps.db, project, deps.cardProcessor.name) : null;
      const card = option ? { brand: option.brand, last4: option.last4, label: cardLabel(option) } : null;
      return { results: { amountCredits, card } };
    },
  );

  app.post(
    '/api/2/projects/:id/rating',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: 'Rate the work 1..5; 3 or less needs a reason and a comment of at least 3 characters',
        params: idParams,
        body: projectRatingSchema,
        response: detail,
      },
    },
    async (request) => move(request, actorOf(request), (ctx) => rateProject(ctx, request.params.id, request.body)),
  );

  app.post(
    '/api/2/projects/:id/tags',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: "Replace the project's tags (at most 30, 20 characters each)",
        params: idParams,
        body: projectTagsSchema,
        response: detail,
      },
    },
    async (request) => move(request, actorOf(request), (ctx) => setTags(ctx, request.params.id, request.body.tags)),
  );

  app.post(
    '/api/2/projects/:id/name',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: 'Rename the project (at least 2 characters)',
        params: idParams,
        body: projectNameSchema,
        response: detail,
      },
    },
    async (request) =>
      move(request, actorOf(request), (ctx) => renameProject(ctx, request.params.id, request.body.name)),
  );

  app.post(
    '/api/2/projects/:id/messages',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: "Write in the project's discussion (customer, translator, editor, admin)",
        params: idParams,
        body: projectMessageSchema,
        response: { 200: projectMessageRowSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { message } = await transact(deps, (tx) =>
        postMessage(contextOf(request, actor)(tx), request.params.id, request.body.body),
      );
      return message;
    },
  );

  app.post(
    '/api/2/projects/bulk-message',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: "One message to the translators of 2 or more of the customer's projects",
        body: bulkMessageSchema,
        response: { 200: z.object({ sent: z.number().int() }) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { sent } = await transact(deps, (tx) =>
        bulkMessage(contextOf(request, actor)(tx), request.body.projectIds, request.body.message),
      );
      return { sent };
    },
  );

  app.post(
    '/api/2/projects/:id/review',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary:
          'The reviewer of a QA or LL job submits its LISA error table and comment: the reviewed project is scored out of 1000 and the job completes',
        params: idParams,
        body: reviewSubmitSchema,
        response: detail,
      },
    },
    async (request) => move(request, actorOf(request), (ctx) => submitReview(ctx, request.params.id, request.body)),
  );

  app.get(
    '/api/2/account/earnings',
    {
      config: { access: 'translator' },
      schema: {
        tags: TAGS,
        summary: "The translator's earnings: pending (held 72 hours after completion) and available credits",
        response: { 200: z.object({ pendingCredits: z.number().int(), availableCredits: z.number().int() }) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      authorize(actor, 'account.earnings', null);
      return earningsOf(deps, actor.user.id);
    },
  );

  // ---- admin ----

  app.post(
    '/api/2/admin/projects/:id/review-jobs',
    {
      config: { access: 'projects.write' },
      schema: {
        tags: TAGS,
        summary: 'Admin: open a QA or LL review job over a completed classic or bundle project',
        params: idParams,
        body: reviewJobCreateSchema,
        response: detail,
      },
    },
    async (request) =>
      move(request, adminOf(request), (ctx) => createReviewJob(ctx, request.params.id, request.body.kind)),
  );

  app.post(
    '/api/2/admin/projects/:id/hold',
    {
      config: { access: 'projects.write' },
      schema: { tags: TAGS, summary: 'Admin: put a project on hold', params: idParams, response: detail },
    },
    async (request) => move(request, adminOf(request), (ctx) => holdProject(ctx, request.params.id)),
  );

  app.post(
    '/api/2/admin/projects/:id/release',
    {
      config: { access: 'projects.write' },
      schema: {
        tags: TAGS,
        summary: 'Admin: release a hold (back to the status before it)',
        params: idParams,
        response: detail,
      },
    },
    async (request) => move(request, adminOf(request), (ctx) => releaseProject(ctx, request.params.id)),
  );

  app.post(
    '/api/2/admin/projects/:id/reassign',
    {
      config: { access: 'projects.write' },
      schema: {
        tags: TAGS,
        summary: 'Admin: give the translation job to another translator',
        params: idParams,
        body: projectReassignSchema,
        response: detail,
      },
    },
    async (request) =>
      move(request, adminOf(request), (ctx) => reassignProject(ctx, request.params.id, request.body.translatorId)),
  );

  app.post(
    '/api/2/admin/projects/:id/resolve',
    {
      config: { access: 'projects.write' },
      schema: {
        tags: TAGS,
        summary: 'Admin: resolve a dispute: full refund, partial refund (refundCredits) and pay the rest, or pay',
        params: idParams,
        body: projectResolveSchema,
        response: detail,
      },
    },
    async (request) => {
      const { outcome, refundCredits } = request.body;
      return moneyMove(request, adminOf(request), request.body, (ctx) =>
        resolveDispute(ctx, request.params.id, outcome, refundCredits),
      );
    },
  );
};

/** The user's translator_pending and translator_available balances. */
export async function earningsOf(
  deps: Pick<Services, 'db'>,
  userId: number,
): Promise<{ pendingCredits: number; availableCredits: number }> {
  return {
    pendingCredits: await balanceOfOwner(deps.db, userId, 'translator_pending'),
    availableCredits: await balanceOfOwner(deps.db, userId, 'translator_available'),
  };
}
