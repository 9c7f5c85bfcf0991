// Project lists of both sides: the customer's My Projects and tags, the translator's tabs and open jobs, and My Team.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminProjectsQuerySchema,
  customerProjectsQuerySchema,
  PROJECT_STATUS_FILTERS,
  LIMITS,
  PROJECT_KINDS,
  PROJECT_LIMITS,
  projectListSchema,
  projectRowSchema,
  objectOfKeys,
  transInactiveSchema,
  type ProjectStatusFilter,
} from '@parlance/shared';
import { compiledAnswer } from '../../platform/serializer';
import { requireUser } from '../../platform/guards';
import { listAdminProjects } from './admin-list';
import type { UserRow } from '../../platform/session';
import {
  addToMyTeam,
  isMyTeamMember,
  listMyTeam,
  listMyTeamCustomers,
  removeFromMyTeam,
  requireTranslatorAccount,
  searchTranslators,
} from './my-team';
import { authorize } from '../../platform/permissions';
import './policy';
import {
  countReviewJobs,
  customerStatusCounts,
  listBonusProjects,
  listCustomerProjects,
  listCustomerReviews,
  listCustomerTags,
  listOpenJobs,
  listReviewedProjects,
  listReviewJobs,
  listTranslatorProjects,
  setTranslatorActive,
  setTranslatorVacation,
  translatorAvailability,
  translatorViewer,
} from './service';

const TAGS = ['Project lists'];
/** A page of projects, written by the compiled serializer (platform/serializer.ts): the hot lists. */
const LIST_ANSWER = compiledAnswer(projectListSchema);
const ONLY_CUSTOMERS = 'Only customers have this list';
const ONLY_TRANSLATORS = 'Only translators have this list';

const paging = {
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(PROJECT_LIMITS.rowsPerPageOptions[0]),
};
const pagingQuery = z.object(paging);
const countFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const countAnswer = z.object({ count: z.number().int() });

const reviewSchema = z.object({
  kind: z.enum(['qa', 'll', 'cqr']),
  score: z.number().int(),
  errors: z.array(z.object({ category: z.string(), severity: z.string(), count: z.number() })),
  comment: z.string().nullable(),
  createdAt: z.string(),
});
/** Rows of the QA/LL review lists: the project row with the reviews that scored the translator's work. */
const reviewedListSchema = z.object({
  data: z.array(projectRowSchema.extend({ reviews: z.array(reviewSchema) })),
  totalCount: z.number(),
  totalCountIsLowerBound: z.boolean().optional(),
});

const myTeamCustomersSchema = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      company: z.string(),
      country: z.string().nullable(),
      projectsCount: z.number(),
      lastProjectAt: z.string().nullable(),
    }),
  ),
  totalCount: z.number(),
});
const myTeamSchema = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      country: z.string().nullable(),
      level: z.number(),
      addedAt: z.string(),
    }),
  ),
  totalCount: z.number(),
});

/** The customer asking (the route's access admits only customers). */
function customer(request: FastifyRequest): UserRow {
  return requireUser(request).user;
}

/** The translator asking (the route's access admits only translators). */
function translator(request: FastifyRequest): UserRow {
  return requireUser(request).user;
}

export const projectListRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const db = deps.db;
  const now = () => deps.clock.now();

  // ---- admin ----

  app.get(
    '/api/2/admin/projects',
    {
      config: { access: 'backoffice.read' },
      schema: {
        tags: TAGS,
        summary:
          'Every project on the platform (admins): filters status, customer and translator (id, or part of the name or e-mail), sourceLanguage, targetLanguage, dateFrom and dateTo (ordered, YYYY-MM-DD); sort (id, createdAt, deadline, price, status), order, page, perPage',
        querystring: adminProjectsQuerySchema,
        response: { 200: LIST_ANSWER },
      },
    },
    async (request) => {
      return listAdminProjects(db, requireUser(request), request.query);
    },
  );

  // ---- customer ----

  app.get(
    '/api/2/account/customer-projects',
    {
      config: { access: 'customer', refusal: ONLY_CUSTOMERS },
      schema: {
        tags: TAGS,
        summary:
          "The customer's projects: filters id, status (ALL, CANCELLED, COMPLETED, IN_PROGRESS, PENDING, READY), tag, languages, expertise, search; sort, order, page, perPage",
        querystring: customerProjectsQuerySchema,
        response: { 200: LIST_ANSWER },
      },
    },
    async (request) => listCustomerProjects(db, requireUser(request), request.query),
  );

  app.get(
    '/api/2/account/customer-projects/counts',
    {
      config: { access: 'customer', refusal: ONLY_CUSTOMERS },
      schema: {
        tags: TAGS,
        summary:
          "The customer's number of projects per status filter (PENDING, IN_PROGRESS, READY, COMPLETED, CANCELLED)",
        response: {
          200: z.object({
            results: objectOfKeys(
              PROJECT_STATUS_FILTERS.filter((s): s is Exclude<ProjectStatusFilter, 'ALL'> => s !== 'ALL'),
              z.number(),
            ),
          }),
        },
      },
    },
    async (request) => ({ results: await customerStatusCounts(db, customer(request).id) }),
  );

  app.get(
    '/api/2/projects/tags',
    {
      config: { access: 'customer', refusal: ONLY_CUSTOMERS },
      schema: {
        tags: TAGS,
        summary: "The customer's distinct project tags",
        response: { 200: z.object({ tags: z.array(z.string()) }) },
      },
    },
    async (request) => ({ tags: await listCustomerTags(db, customer(request).id) }),
  );

  app.get(
    '/api/2/account/my-team',
    {
      config: { access: 'customer', refusal: ONLY_CUSTOMERS },
      schema: {
        tags: TAGS,
        summary: "The customer's preferred translators (My Team)",
        querystring: pagingQuery,
        response: { 200: myTeamSchema },
      },
    },
    async (request) => listMyTeam(db, customer(request).id, request.query),
  );

  app.post(
    '/api/2/account/my-team',
    {
      config: { access: 'customer', refusal: ONLY_CUSTOMERS },
      schema: {
        tags: TAGS,
        summary: "Add a translator to the customer's team (form or JSON: translatorId); answers the team",
        body: z.object({ translatorId: z.coerce.number().int().positive() }),
        response: { 200: myTeamSchema },
      },
    },
    async (request) => {
      const user = customer(request);
      await addToMyTeam(db, user.id, request.body.translatorId, now());
      return listMyTeam(db, user.id, { page: 1, perPage: PROJECT_LIMITS.rowsPerPageOptions[0] });
    },
  );

  app.get(
    '/api/2/account/my-team/search',
    {
      config: { access: 'customer', refusal: ONLY_CUSTOMERS },
      schema: {
        tags: TAGS,
        summary: 'Translators to add to My Team, by name (2 characters or more) or id: at most 10',
        querystring: z.object({ query: z.string().max(100).default('') }),
        response: {
          200: z.object({
            results: z.array(z.object({ id: z.number(), name: z.string(), country: z.string().nullable() })),
          }),
        },
      },
    },
    async (request) => {
      customer(request);
      return { results: await searchTranslators(db, request.query.query) };
    },
  );

  app.delete(
    '/api/2/account/my-team/:translatorId',
    {
      config: { access: 'customer', refusal: ONLY_CUSTOMERS },
      schema: {
        tags: TAGS,
        summary: "Remove a translator from the customer's team; answers the team",
        params: z.object({ translatorId: z.coerce.number().int().positive() }),
        response: { 200: myTeamSchema },
      },
    },
    async (request) => {
      const user = customer(request);
      await removeFromMyTeam(db, user.id, request.params.translatorId);
      return listMyTeam(db, user.id, { page: 1, perPage: PROJECT_LIMITS.rowsPerPageOptions[0] });
    },
  );

  // ---- translator ----

  app.get(
    '/api/2/job/open',
    {
      config: { access: 'translator', refusal: ONLY_TRANSLATORS },
      schema: {
        tags: TAGS,
        summary:
          'Open translation and editing jobs offered to the translator now; earningsCredits is the estimate by level',
        querystring: pagingQuery,
        response: { 200: LIST_ANSWER },
      },
    },
    async (request) => {
      const viewer = await translatorViewer(db, requireUser(request));
      return listOpenJobs(db, viewer, now(), request.query);
    },
  );

  app.get(
    '/api/2/account/translator-projects',
    {
      config: { access: 'translator', refusal: ONLY_TRANSLATORS },
      schema: {
        tags: TAGS,
        summary:
          'Projects the translator works or worked on (translator or editor); scope=active: running jobs; kind: one project kind',
        querystring: z.object({
          ...paging,
          scope: z.enum(['all', 'active']).default('all'),
          kind: z.enum(PROJECT_KINDS).optional(),
        }),
        response: { 200: LIST_ANSWER },
      },
    },
    async (request) => {
      const viewer = await translatorViewer(db, requireUser(request));
      const { scope, kind, ...pageQuery } = request.query;
      return listTranslatorProjects(db, viewer, { scope, kind }, pageQuery);
    },
  );

  app.get(
    '/api/2/account/project/cqr/reviews',
    {
      config: { access: 'translator', refusal: ONLY_TRANSLATORS },
      schema: {
        tags: TAGS,
        summary: "The translator's projects that their customers rated or reviewed (cqr), with those reviews",
        querystring: pagingQuery,
        response: { 200: reviewedListSchema },
      },
    },
    async (request) => {
      const viewer = await translatorViewer(db, requireUser(request));
      return listCustomerReviews(db, viewer, request.query);
    },
  );

  app.get(
    '/api/2/account/project/ll/reviews',
    {
      config: { access: 'translator', refusal: ONLY_TRANSLATORS },
      schema: {
        tags: TAGS,
        summary: "LL reviews of the translator's work, with their scores",
        querystring: pagingQuery,
        response: { 200: reviewedListSchema },
      },
    },
    async (request) => {
      const viewer = await translatorViewer(db, requireUser(request));
      return listReviewedProjects(db, viewer, ['ll'], request.query);
    },
  );

  app.get(
    '/api/2/account/translator-qa-ll-projects',
    {
      config: { access: 'translator', refusal: ONLY_TRANSLATORS },
      schema: {
        tags: TAGS,
        summary: "The translator's projects with a QA or LL score (Reviewed by QA/LL)",
        querystring: pagingQuery,
        response: { 200: reviewedListSchema },
      },
    },
    async (request) => {
      const viewer = await translatorViewer(db, requireUser(request));
      return listReviewedProjects(db, viewer, ['qa', 'll'], request.query);
    },
  );

  app.get(
    '/api/2/account/bonus',
    {
      config: { access: 'translator', refusal: ONLY_TRANSLATORS },
      schema: {
        tags: TAGS,
        summary: 'Bonus projects the translator works on or may take',
        querystring: pagingQuery,
        response: { 200: LIST_ANSWER },
      },
    },
    async (request) => {
      const viewer = await translatorViewer(db, requireUser(request));
      return listBonusProjects(db, viewer, now(), request.query);
    },
  );

  app.get(
    '/api/2/account/project/qa',
    {
      config: { access: 'translator', refusal: ONLY_TRANSLATORS },
      schema: {
        tags: TAGS,
        summary: 'QA review jobs taken by or offered to the translator',
        querystring: pagingQuery,
        response: { 200: LIST_ANSWER },
      },
    },
    async (request) => {
      const viewer = await translatorViewer(db, requireUser(request));
      return listReviewJobs(db, viewer, 'qa', now(), request.query);
    },
  );

  app.get(
    '/api/2/account/project/qa/count',
    {
      config: { access: 'translator', refusal: ONLY_TRANSLATORS },
      schema: {
        tags: TAGS,
        summary: 'How many QA review jobs the QA list holds',
        response: { 200: countAnswer },
      },
    },
    async (request) => ({ count: await countReviewJobs(db, translator(request).id, 'qa', now()) }),
  );

  app.get(
    '/api/2/ll/inhouse/jobs',
    {
      config: { access: 'translator', refusal: ONLY_TRANSLATORS },
      schema: {
        tags: TAGS,
        summary: 'LL jobs taken by or offered to the translator; count=true answers { count }',
        querystring: z.object({ ...paging, count: countFlag.optional() }),
        response: { 200: z.union([countAnswer, projectListSchema]) },
      },
    },
    async (request) => {
      const user = translator(request);
      const { count, ...pageQuery } = request.query;
      if (count) return { count: await countReviewJobs(db, user.id, 'll', now()) };
      return listReviewJobs(db, await translatorViewer(db, requireUser(request)), 'll', now(), pageQuery);
    },
  );

  app.get(
    '/api/2/is-my-team-member',
    {
      config: { access: 'translator', refusal: ONLY_TRANSLATORS },
      schema: {
        tags: TAGS,
        summary: 'Whether a customer has the translator in their team',
        response: { 200: z.object({ translatorIsMyTeamMember: z.boolean() }) },
      },
    },
    async (request) => ({ translatorIsMyTeamMember: await isMyTeamMember(db, translator(request).id) }),
  );

  app.get(
    '/api/2/translator/my-team-customers/:id',
    {
      config: { access: 'translator', refusal: ONLY_TRANSLATORS },
      schema: {
        tags: TAGS,
        summary:
          'The customers who have this translator in their team (that translator or an admin); query, page, perPage',
        params: z.object({ id: z.coerce.number().int().positive() }),
        querystring: z.object({
          query: z.string().trim().max(200).optional(),
          page: paging.page,
          perPage: z.coerce.number().int().min(1).max(100).default(LIMITS.myTeamRowsPerPage),
        }),
        response: { 200: myTeamCustomersSchema },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const { id } = request.params;
      authorize(auth, 'my-team.read-customers', { translatorId: id });
      await requireTranslatorAccount(db, id);
      const { query, ...pageQuery } = request.query;
      return listMyTeamCustomers(db, id, query || undefined, pageQuery);
    },
  );

  app.get(
    '/api/2/account/trans-inactive',
    {
      config: { access: 'translator', refusal: ONLY_TRANSLATORS },
      schema: {
        tags: TAGS,
        summary: "The translator's availability: the active flag and the vacation dates (YYYY-MM-DD)",
        response: {
          200: z.object({
            active: z.boolean(),
            vacationFrom: z.string().nullable(),
            vacationTo: z.string().nullable(),
          }),
        },
      },
    },
    async (request) => translatorAvailability(db, translator(request).id),
  );

  app.post(
    '/api/2/account/trans-inactive',
    {
      config: { access: 'translator', refusal: ONLY_TRANSLATORS },
      schema: {
        tags: TAGS,
        summary:
          'Mark the translator inactive (form flag_value=1) or active again (0): open jobs are offered only while active. With vacation_from and vacation_to (YYYY-MM-DD, both or neither) the vacation is set too; vacation=0 ends it',
        body: transInactiveSchema,
        response: { 200: z.object({ status: z.literal('OK'), active: z.boolean() }) },
      },
    },
    async (request) => {
      const user = translator(request);
      const { flag_value, vacation, vacation_from, vacation_to } = request.body;
      const at = now();
      const active = await setTranslatorActive(db, user.id, !flag_value, at);
      if (vacation_from && vacation_to) await setTranslatorVacation(db, user.id, vacation_from, vacation_to, at);
      else if (vacation === false) await setTranslatorVacation(db, user.id, null, null, at);
      return { status: 'OK' as const, active };
    },
  );
};
