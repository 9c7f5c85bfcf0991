// Admin: the floating tools (act as a user, currency, country, project and user lookup) and the back office.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountManagerAssignSchema,
  accountManagerCustomerSchema,
  accountManagerStateSchema,
  aclGroupWithMembersSchema,
  aclMemberChangeSchema,
  adminFloatSchema,
  adminUserDescriptionSchema,
  adminUserPreviewSchema,
  auditEntrySchema,
  backofficeSchema,
  chatAdminUserSchema,
  chatUsersQuerySchema,
  isDigitsOnly,
  outboxMailSchema,
  TEXTS,
} from '@parlance/shared';
import { badRequest } from '../../platform/errors';
import { countryByIp } from '../../platform/geo';
import { requireUser } from '../../platform/guards';
import { staffMember } from '../../platform/permissions';
import type { UserRow } from '../../platform/session';
import { findChatCustomers } from '../chat/service';
import { restoreAdmin, startActing } from './acting';
import { adminFloat } from './float';
import { outboxPage } from './outbox';
import { presentAuditEntry, presentUserDescription, presentUserPreview } from './present';
import {
  accountManagerCustomers,
  accountManagerOf,
  assignAccountManager,
  auditPage,
  backoffice,
  changeAclMembership,
  listAclGroupsWithMembers,
  projectExists,
} from './service';
import {
  aclGroupNames,
  createCustomer,
  findCountry,
  parseAdminCurrency,
  requireCountry,
  requireUserByRef,
  searchUsers,
  setUserCountry,
  setUserCurrency,
} from './users';

const TAGS = ['Admin'];

/** A form field (always a string) or the same value sent as JSON (possibly a number), trimmed. */
const field = z.union([z.string(), z.number()]).transform((v) => String(v).trim());
/** A user named by id or e-mail. */
const userRef = field.pipe(z.string().min(1, 'give a user ID or e-mail').max(320));
const statusOk = z.literal('OK');
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const adminRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  /** The user a tool acts on: the one named by uid, else the effective user (the acted-as user). */
  const targetOf = async (request: FastifyRequest, uid: string | undefined): Promise<UserRow> =>
    uid ? requireUserByRef(deps.db, uid) : requireUser(request).user;

  const actor = (request: FastifyRequest) => ({ actorId: staffMember(request).id, ip: request.ip });

  app.post(
    '/admin/float',
    {
      config: { access: 'backoffice.read' },
      schema: {
        tags: TAGS,
        summary: 'The admin floating tools: whom they act on and which of their actions you may use',
        description:
          "The spec's POST /{legacy}admin/float, on this server's own address. No fields. While acting as someone, the actions apply to that user, and the back office's own pages wait until admin rights are restored.",
        response: { 200: z.object({ results: adminFloatSchema }) },
      },
    },
    async (request) => ({ results: adminFloat(requireUser(request)) }),
  );

  app.post(
    '/adminService/isProjectExist',
    {
      config: { access: 'backoffice.read' },
      schema: {
        tags: TAGS,
        summary: 'Does a project with this id exist? (form: PID, digits only)',
        body: z.object({ PID: field }),
        response: { 200: z.object({ result: z.boolean() }) },
      },
    },
    async (request) => {
      const { PID } = request.body;
      if (!isDigitsOnly(PID)) throw badRequest(TEXTS.projectIdDigitsOnly, { PID: TEXTS.projectIdDigitsOnly });
      return { result: await projectExists(deps.db, PID) };
    },
  );

  app.post(
    '/adminService/searchUser',
    {
      config: { access: 'backoffice.read' },
      schema: {
        tags: TAGS,
        summary: 'Find users by id, e-mail, or part of a name or e-mail (at most 20)',
        body: z.object({ userID: field.pipe(z.string().min(1, 'type an ID, an e-mail or a name').max(200)) }),
        response: {
          200: z.union([z.object({ users: z.array(adminUserPreviewSchema) }), z.object({ error: z.string() })]),
        },
      },
    },
    async (request) => {
      const found = await searchUsers(deps.db, request.body.userID);
      if (found.length === 0) return { error: TEXTS.userNotFound };
      return { users: found.map(presentUserPreview) };
    },
  );

  app.get(
    '/adminService/getUserDescription',
    {
      config: { access: 'backoffice.read' },
      schema: {
        tags: TAGS,
        summary: 'What the admin tools show about a user (uid: id or e-mail)',
        querystring: z.object({ uid: userRef }),
        response: { 200: z.object({ results: adminUserDescriptionSchema }) },
      },
    },
    async (request) => {
      const user = await requireUserByRef(deps.db, request.query.uid);
      return { results: presentUserDescription(user, await aclGroupNames(deps.db, user.id)) };
    },
  );

  app.get(
    '/manage/act',
    {
      config: { access: 'users.act', csrf: true, produces: ['redirect'] },
      schema: {
        tags: TAGS,
        summary: 'Act as a user (uid: id or e-mail); without uid, restore admin rights',
        description:
          'Rotates the session (the old cookie stops working). Needs the x-csrf-token header. Without NoRedirect=1 a success redirects (303) to /.',
        querystring: z.object({ NoRedirect: z.string().optional(), uid: userRef.optional() }),
        response: { 200: z.object({ status: statusOk }) },
      },
    },
    async (request, reply) => {
      const realUser = staffMember(request);
      const { uid, NoRedirect } = request.query;
      if (uid) await startActing(deps, request, reply, realUser, await requireUserByRef(deps.db, uid));
      else await restoreAdmin(deps, request, reply, realUser);
      if (NoRedirect !== '1') return reply.redirect('/', 303);
      return { status: 'OK' as const };
    },
  );

  app.get(
    '/api/2/tools/:currency/SetCurrency',
    {
      config: { access: 'users.act', csrf: true },
      schema: {
        tags: TAGS,
        summary: "Set a user's currency (USD, EUR, NIS, GBP, CHF, CAD, AUD); default user: the effective one",
        description: 'Needs the x-csrf-token header.',
        params: z.object({ currency: z.string().min(1).max(10) }),
        querystring: z.object({ uid: userRef.optional() }),
        response: { 200: z.object({ status: statusOk, currency: z.string() }) },
      },
    },
    async (request) => {
      const currency = parseAdminCurrency(request.params.currency);
      const target = await targetOf(request, request.query.uid);
      await setUserCurrency(deps.db, target, currency, actor(request));
      return { status: 'OK' as const, currency };
    },
  );

  app.post(
    '/api/2/admin/country/set-locale',
    {
      config: { access: 'users.act' },
      schema: {
        tags: TAGS,
        summary: "Set a user's country (admin_locale: ISO 3166 code); default user: the effective one",
        body: z.object({ admin_locale: field.pipe(z.string().min(1).max(10)), uid: userRef.optional() }),
        response: { 200: z.object({ status: statusOk, country: z.string() }) },
      },
    },
    async (request) => {
      const country = await requireCountry(deps.db, request.body.admin_locale);
      const target = await targetOf(request, request.body.uid);
      await setUserCountry(deps.db, target, country, { ...actor(request), reset: false });
      return { status: 'OK' as const, country };
    },
  );

  app.post(
    '/api/2/admin/country/reset-locale',
    {
      config: { access: 'users.act' },
      schema: {
        tags: TAGS,
        summary: "Reset a user's country to the country of the request's IP address (or none)",
        body: z.object({ uid: userRef.optional() }).nullish(),
        response: { 200: z.object({ status: statusOk, country: z.string().nullable() }) },
      },
    },
    async (request) => {
      const target = await targetOf(request, request.body?.uid);
      const byIp = await countryByIp(request.ip);
      const country = byIp === null ? null : await findCountry(deps.db, byIp);
      await setUserCountry(deps.db, target, country, { ...actor(request), reset: true });
      return { status: 'OK' as const, country };
    },
  );

  app.get(
    '/api/2/admin/backoffice',
    {
      config: { access: 'backoffice.read' },
      schema: {
        tags: TAGS,
        summary: "The admin's access-control groups and overview counts",
        response: { 200: z.object({ results: backofficeSchema }) },
      },
    },
    async (request) => ({ results: await backoffice(deps.db, staffMember(request)) }),
  );

  app.get(
    '/api/2/account/acl-list',
    {
      config: { access: 'backoffice.read' },
      schema: {
        tags: TAGS,
        summary: 'Every access-control group, with the permissions it grants and its members',
        response: { 200: z.object({ results: z.array(aclGroupWithMembersSchema) }) },
      },
    },
    async () => ({ results: await listAclGroupsWithMembers(deps.db) }),
  );

  app.post(
    '/api/2/account/acl-list/members',
    {
      config: { access: 'roles.write' },
      schema: {
        tags: TAGS,
        summary: 'Add a staff account to an access-control group (super-admins; written to the audit log)',
        body: aclMemberChangeSchema,
        response: { 200: z.object({ results: z.array(aclGroupWithMembersSchema) }) },
      },
    },
    async (request) => {
      await changeAclMembership(deps.db, request.body, 'add', actor(request));
      return { results: await listAclGroupsWithMembers(deps.db) };
    },
  );

  app.delete(
    '/api/2/account/acl-list/members',
    {
      config: { access: 'roles.write' },
      schema: {
        tags: TAGS,
        summary: 'Take a staff account out of an access-control group (super-admins; written to the audit log)',
        querystring: aclMemberChangeSchema,
        response: { 200: z.object({ results: z.array(aclGroupWithMembersSchema) }) },
      },
    },
    async (request) => {
      await changeAclMembership(deps.db, request.query, 'remove', actor(request));
      return { results: await listAclGroupsWithMembers(deps.db) };
    },
  );

  app.get(
    '/api/2/admin/account-managers/:id/customers',
    {
      config: { access: 'backoffice.read' },
      schema: {
        tags: TAGS,
        summary: 'The customers an account manager (a staff member) looks after, by name, paged on the server',
        params: z.object({ id: field.pipe(z.string().regex(/^\d{1,9}$/, TEXTS.userNotFound)).transform(Number) }),
        querystring: pageQuery.extend({ query: z.string().trim().max(200).default('') }),
        response: {
          200: z.object({
            data: z.array(accountManagerCustomerSchema),
            totalCount: z.number(),
            manager: z.object({ id: z.number(), name: z.string(), email: z.string() }),
          }),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      return accountManagerCustomers(deps.db, id, request.query);
    },
  );

  const userIdParams = z.object({
    id: field.pipe(z.string().regex(/^\d{1,9}$/, TEXTS.userNotFound)).transform(Number),
  });

  app.get(
    '/api/2/admin/users/:id/account-manager',
    {
      config: { access: 'backoffice.read' },
      schema: {
        tags: TAGS,
        summary: "A customer's account manager, and the staff accounts one can be chosen from",
        params: userIdParams,
        response: { 200: z.object({ results: accountManagerStateSchema }) },
      },
    },
    async (request) => ({ results: await accountManagerOf(deps.db, request.params.id) }),
  );

  app.post(
    '/api/2/admin/users/:id/account-manager',
    {
      config: { access: 'users.act' },
      schema: {
        tags: TAGS,
        summary: "Assign a customer's account manager (a staff member), or remove it with managerId null (audited)",
        params: userIdParams,
        body: accountManagerAssignSchema,
        response: { 200: z.object({ results: accountManagerStateSchema }) },
      },
    },
    async (request) => ({
      results: await assignAccountManager(deps.db, request.params.id, request.body.managerId, actor(request)),
    }),
  );

  app.get(
    '/api/2/admin/chat/getUsers',
    {
      config: { access: 'backoffice.read' },
      schema: {
        tags: TAGS,
        summary: 'Customers whose team chats an admin may open, by user ID (external id), name or e-mail (at most 100)',
        querystring: chatUsersQuerySchema,
        response: { 200: z.object({ results: z.array(chatAdminUserSchema) }) },
      },
    },
    async (request) => ({ results: await findChatCustomers(deps.db, { query: request.query.query }) }),
  );

  app.post(
    '/api/2/account/customers',
    {
      config: { access: 'credits.write' },
      schema: {
        tags: TAGS,
        summary: 'Create a customer account (for a partner); without a password the customer sets one later',
        description:
          'Form: fullName, email, userName, password, partnerId, credits. Credits (up to 1,000,000) are granted through the ledger with the account.',
        body: z.object({
          fullName: field.default(''),
          email: field.default(''),
          userName: field.pipe(z.string().max(100)).optional(),
          password: z.string().max(200).optional(),
          partnerId: field.optional(),
          credits: field.optional(),
        }),
        response: { 200: z.object({ results: adminUserDescriptionSchema }) },
      },
    },
    async (request) => {
      const user = await createCustomer(deps, request.body, actor(request));
      return { results: presentUserDescription(user, await aclGroupNames(deps.db, user.id)) };
    },
  );

  app.get(
    '/api/2/admin/outbox',
    {
      config: { access: 'outbox.read' },
      schema: {
        tags: TAGS,
        summary: 'Mail written by the server, newest first (page from 1, pageSize up to 100)',
        querystring: pageQuery,
        response: { 200: z.object({ data: z.array(outboxMailSchema), totalCount: z.number() }) },
      },
    },
    async (request) => {
      return outboxPage(deps.db, requireUser(request), deps.config.smtpUrl !== undefined, request.query);
    },
  );

  app.get(
    '/api/2/admin/audit',
    {
      config: { access: 'backoffice.read' },
      schema: {
        tags: TAGS,
        summary: 'The audit log, newest first (page from 1, pageSize up to 100)',
        querystring: pageQuery,
        response: { 200: z.object({ data: z.array(auditEntrySchema), totalCount: z.number() }) },
      },
    },
    async (request) => {
      const { rows, totalCount } = await auditPage(deps.db, request.query);
      return {
        data: rows.map((r) =>
          presentAuditEntry(r.entry, r.actorName === null ? null : { name: r.actorName, email: r.actorEmail ?? '' }),
        ),
        totalCount,
      };
    },
  );
};
