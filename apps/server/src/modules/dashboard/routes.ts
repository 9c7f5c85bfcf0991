// Translator dashboard: statistics, statement, balance, pending and converted credits, leveling and its contests, recruitment.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONTEST_STATUSES,
  CREDIT_ACTION_LABELS,
  DASHBOARD_TEXTS,
  dashboardAdditionalDataSchema,
  dashboardAdditionalQuerySchema,
  dashboardBalanceQuerySchema,
  dashboardBalanceSchema,
  dashboardStatementExportSchema,
  dashboardStatementQuerySchema,
  dashboardStatementSchema,
  dashboardStatisticsSchema,
  LEVELING_RECOMPUTE_MS,
  levelingContestListSchema,
  projectsAffectedQuerySchema,
  projectsAffectedSchema,
  recruitmentCheckSchema,
  rejectedProjectSchema,
  STATEMENT_EXPORT_MAX_LINES,
} from '@parlance/shared';
import { forbidden, notFound } from '../../platform/errors';
import { requireUser } from '../../platform/guards';
import { staffMember } from '../../platform/permissions';
import { statementCsv, statementPdf } from '../statements/export';
import { createContest, decideContest, listContests } from './contests';
import { affectedProjects, contestsOf, recomputeLevels } from './leveling';
import {
  dashboardAdditionalData,
  dashboardBalance,
  dashboardStatement,
  dashboardStatistics,
  recruitmentCheck,
} from './service';

const TAGS = ['Translator dashboard'];
const consumes = ['application/x-www-form-urlencoded', 'application/json'];

/** The dashboard is the translator's own: customers and (non-acting) admins are refused. */
function translatorOf(request: FastifyRequest) {
  const { user } = requireUser(request);
  if (user.type !== 'translator') throw forbidden(DASHBOARD_TEXTS.onlyTranslators);
  return user;
}

export const dashboardRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = root;
  const { db } = deps;
  const now = () => deps.clock.now();

  deps.scheduler.add({
    name: 'leveling.recompute',
    everyMs: LEVELING_RECOMPUTE_MS,
    run: (at) => recomputeLevels(db, at),
  });

  app.get(
    '/api/2/dashboard/statistics',
    {
      config: { access: 'translator' },
      schema: {
        tags: TAGS,
        summary:
          "The translator's completed projects and words per month (12 months), average rating, and customer messages answered within 24 hours",
        response: { 200: dashboardStatisticsSchema },
      },
    },
    async (request) => ({ results: await dashboardStatistics(db, translatorOf(request).id, now()) }),
  );

  app.get(
    '/api/2/dashboard/statement',
    {
      config: { access: 'translator' },
      schema: {
        tags: TAGS,
        summary:
          "The translator's statement (available earnings), newest first: limit (10, 25, 50; 25), page (1), action_type, action_date_from, action_date_to (YYYY-MM-DD)",
        querystring: dashboardStatementQuerySchema,
        response: { 200: dashboardStatementSchema },
      },
    },
    async (request) => dashboardStatement(db, translatorOf(request).id, request.query, now()),
  );

  app.get(
    '/api/2/account/statement/export',
    {
      config: { access: 'translator' },
      schema: {
        tags: TAGS,
        summary:
          "Mail the translator's statement as a file: report_type (csv or pdf), send_to_email, and the statement's filters; answers status.msg ok",
        querystring: dashboardStatementExportSchema,
        response: { 200: z.object({ status: z.object({ msg: z.literal('ok') }) }) },
      },
    },
    async (request) => {
      const user = translatorOf(request);
      const q = request.query;
      const { data } = await dashboardStatement(
        db,
        user.id,
        { ...q, limit: STATEMENT_EXPORT_MAX_LINES, page: 1 },
        now(),
      );
      const from = q.action_date_from || 'the start';
      const to = q.action_date_to || 'today';
      const filter =
        q.action_type === '' || q.action_type === 'all' ? '' : `, ${CREDIT_ACTION_LABELS[q.action_type]} only`;
      const title = `Parlance statement of ${user.name}, ${from} to ${to}${filter}`;
      const filename = `statement-${q.action_date_from || 'all'}-${q.action_date_to || 'today'}.${q.report_type}`;
      const attachment =
        q.report_type === 'csv'
          ? { filename, content: statementCsv(data), contentType: 'text/csv' }
          : { filename, content: await statementPdf(data, title), contentType: 'application/pdf' };
      await deps.mailer.send({
        to: q.send_to_email,
        subject: `Your Parlance statement, ${from} to ${to}`,
        text: `Hello,\n\nattached is the statement of ${user.name} from ${from} to ${to}${filter}: ${data.length} line(s).\n\nParlance`,
        attachments: [attachment],
      });
      return { status: { msg: 'ok' as const } };
    },
  );

  app.get(
    '/api/2/dashboard/additional-data',
    {
      config: { access: 'translator' },
      schema: {
        tags: TAGS,
        summary:
          'The Dashboard entity: leveling, quality, translator info, vacation, balance, pending earnings with the date each frees (pending_page), converted and parked credits, the latest statement lines',
        querystring: dashboardAdditionalQuerySchema,
        response: { 200: dashboardAdditionalDataSchema },
      },
    },
    async (request) => dashboardAdditionalData(db, translatorOf(request).id, now(), request.query.pending_page),
  );

  app.get(
    '/api/2/dashboard/balance',
    {
      config: { access: 'translator' },
      schema: {
        tags: TAGS,
        summary:
          "The translator's balances (available, pending, payout pending, converted) and a page of their payouts",
        querystring: dashboardBalanceQuerySchema,
        response: { 200: dashboardBalanceSchema },
      },
    },
    async (request) => dashboardBalance(db, translatorOf(request).id, request.query),
  );

  app.get(
    '/api/2/leveling/:id/projects-affected',
    {
      config: { access: 'translator' },
      schema: {
        tags: TAGS,
        summary:
          "The items of the leveling window that lower the translator's level (type: all, rating, qa, ll, late, dispute), with their contest",
        params: z.object({ id: z.coerce.number().int().positive() }),
        querystring: projectsAffectedQuerySchema,
        response: { 200: projectsAffectedSchema },
      },
    },
    async (request) => {
      const user = translatorOf(request);
      if (request.params.id !== user.id) throw notFound();
      const { type, page, limit } = request.query;
      const found = await affectedProjects(db, user.id, type, now(), { page, limit });
      const contests = await contestsOf(
        db,
        user.id,
        found.rows.map((r) => r.entityId),
      );
      return {
        data: found.rows.map((r) => ({ ...r, contest: contests.get(`${r.attribute}:${r.entityId}`) ?? null })),
        totalCount: found.totalCount,
      };
    },
  );

  app.post(
    '/api/2/leveling/rejected-project',
    {
      config: { access: 'translator' },
      schema: {
        tags: TAGS,
        summary:
          'Contest an item that lowers the level (form: project_id, entity_id: the review id for qa/ll, the project id otherwise, attribute, optional reason)',
        consumes,
        body: rejectedProjectSchema,
        response: {
          200: z.object({
            status: z.literal('OK'),
            message: z.string(),
            contest: z.object({ id: z.number().int(), status: z.enum(CONTEST_STATUSES) }),
          }),
        },
      },
    },
    async (request) => {
      const user = translatorOf(request);
      const row = await createContest(db, user.id, request.body, now());
      return { status: 'OK' as const, message: DASHBOARD_TEXTS.contested, contest: { id: row.id, status: row.status } };
    },
  );

  app.get(
    '/api/2/recruitment/check',
    {
      config: { access: 'translator' },
      schema: {
        tags: TAGS,
        summary:
          'Whether the translator may be offered new work now: active, not on vacation, a language pair, fewer than 5 translation jobs in progress',
        response: { 200: recruitmentCheckSchema },
      },
    },
    async (request) => ({ results: await recruitmentCheck(db, translatorOf(request).id, now()) }),
  );

  app.get(
    '/api/2/admin/leveling/contests',
    {
      config: { access: 'backoffice.read' },
      schema: {
        tags: TAGS,
        summary: "Translators' leveling contests, newest first (status, page, limit)",
        querystring: z.object({
          status: z.enum(CONTEST_STATUSES).optional(),
          page: z.coerce.number().int().min(1).default(1),
          limit: z.coerce.number().int().min(1).max(100).default(25),
        }),
        response: { 200: levelingContestListSchema },
      },
    },
    async (request) => {
      return listContests(db, request.query);
    },
  );

  app.post(
    '/api/2/admin/leveling/contests/:id',
    {
      config: { access: 'languages.write' },
      schema: {
        tags: TAGS,
        summary: 'Accept (the item stops counting for the level) or reject an open contest (form: status)',
        consumes,
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: z.object({ status: z.enum(['accepted', 'rejected'], { error: 'status is accepted or rejected' }) }),
        response: { 200: z.object({ status: z.literal('OK') }) },
      },
    },
    async (request) => {
      const staff = staffMember(request);
      await decideContest(db, request.params.id, request.body.status, staff.id, now());
      return { status: 'OK' as const };
    },
  );
};
