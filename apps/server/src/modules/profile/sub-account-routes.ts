// Profile: sub-accounts (beneficiaries), switching to them and back, credit transfers and history.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarDate,
  addSubAccountInputSchema,
  projectNoteInputSchema,
  projectNoteSchema,
  balanceHistoryRowSchema,
  subAccountSchema,
  transferInputSchema,
  userDataSchema,
} from '@parlance/shared';
import { eq } from 'drizzle-orm';
import { idempotencyKeyOf } from '../../platform/idempotency-key';
import { myTeamMembers, users } from '../../db/schema';
import { forbidden } from '../../platform/errors';
import { dayStart } from '../../platform/days';
import { deleteNote, listNotes, saveNote } from './notes';
import { requireUser } from '../../platform/guards';
import { presentUser } from '../../platform/present-user';
import { switchTargets } from '../../platform/sub-accounts';
import { type AuthContext, authContextFor } from '../../platform/session';
import {
  addSubAccount,
  balanceHistory,
  listSubAccounts,
  removeSubAccount,
  setAutoTransfer,
  switchAccount,
  transferCredits,
} from './sub-accounts';

const tags = ['sub-accounts'];
const consumes = ['application/x-www-form-urlencoded', 'application/json'];
const listAnswer = z.object({ results: z.array(subAccountSchema) });
const idParams = z.object({ id: z.coerce.number().int().positive() });
const CUSTOMERS_ONLY = 'Sub-accounts are for customers';

/** Sub-accounts are a customer's (an admin acting as the customer may manage them too). */
function requireCustomer(request: FastifyRequest): AuthContext {
  const auth = requireUser(request);
  if (auth.user.type !== 'customer') throw forbidden(CUSTOMERS_ONLY);
  return auth;
}

export const subAccountRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;

  app.get(
    '/api/2/account/beneficiary',
    {
      config: { access: 'user' },
      schema: { summary: 'Your sub-accounts with their balances', tags, response: { 200: listAnswer } },
    },
    async (request) => ({ results: await listSubAccounts(deps, requireCustomer(request).user.id) }),
  );

  app.post(
    '/api/2/account/beneficiary',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Add a sub-account: a new customer account for the e-mail (409 when the e-mail has an account)',
        tags,
        consumes,
        body: addSubAccountInputSchema,
        response: { 200: listAnswer },
      },
    },
    async (request) => ({
      results: await addSubAccount(deps, requireCustomer(request), request.body, request.ip),
    }),
  );

  app.delete(
    '/api/2/account/beneficiary/:id',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Detach a sub-account (the account, its credits and projects stay, on its own)',
        tags,
        params: idParams,
        response: { 200: listAnswer },
      },
    },
    async (request) => ({ results: await removeSubAccount(deps, requireCustomer(request), request.params.id) }),
  );

  app.post(
    '/api/2/account/beneficiary/:id/settings/auto_transfer',
    {
      config: { access: 'user' },
      schema: {
        summary: "Auto-transfer: cover the sub-account's orders from your credits when it has too few (value)",
        tags,
        consumes,
        params: idParams,
        body: z.object({
          value: z
            .union([z.boolean(), z.number(), z.string().max(10)])
            .transform((v) => v === true || v === 1 || (typeof v === 'string' && /^(1|true|on|yes)$/i.test(v.trim()))),
        }),
        response: { 200: listAnswer },
      },
    },
    async (request) => ({
      results: await setAutoTransfer(deps, requireCustomer(request), request.params.id, request.body.value),
    }),
  );

  app.post(
    '/api/2/account/switchBA',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Switch this browser session to one of your sub-accounts (uid), or back to the main account',
        tags,
        consumes,
        body: z.object({ uid: z.coerce.number().int().positive() }),
        response: { 200: z.object({ status: z.literal('OK'), user: userDataSchema }) },
      },
    },
    async (request, reply) => {
      const auth = requireUser(request);
      const { user, session } = await switchAccount(deps, request, reply, auth, request.body.uid);
      const next = await authContextFor(deps.db, user);
      return {
        status: 'OK' as const,
        user: presentUser(next, { beneficiary: await switchTargets(deps.db, next, session) }),
      };
    },
  );

  app.post(
    '/api/2/account/balance/transfer',
    {
      config: { access: 'user' },
      schema: {
        summary:
          'Move credits to your sub-account or back to your main account (to_user_uuid, credits); Idempotency-Key header: a retry moves nothing again',
        tags,
        consumes,
        body: transferInputSchema,
        response: {
          200: z.object({
            status: z.literal('OK'),
            results: z.object({
              transactionId: z.number(),
              credits: z.number(),
              balance: z.number(),
              toBalance: z.number(),
            }),
          }),
        },
      },
    },
    async (request) => {
      const auth = requireCustomer(request);
      const key = idempotencyKeyOf(request);
      return transferCredits(deps, auth, request.body, key, '/api/2/account/balance/transfer');
    },
  );

  app.get(
    '/api/2/account/balance/history',
    {
      config: { access: 'user' },
      schema: {
        summary:
          'The movements of your credits since a day (since=YYYY-MM-DD): limit (at most 500) per page, page, order asc (oldest first, the default) or desc; totalCount counts them all',
        tags,
        security: [{ bearer: [] }],
        querystring: z.object({
          since: calendarDate('Use the format YYYY-MM-DD'),
          limit: z.coerce.number().int().min(1).max(500).default(100),
          page: z.coerce.number().int().min(1).max(100_000).default(1),
          order: z.enum(['asc', 'desc']).default('asc'),
        }),
        response: {
          200: z.object({
            results: z.object({
              balance: z.number(),
              totalCount: z.number(),
              data: z.array(balanceHistoryRowSchema),
            }),
          }),
        },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const since = dayStart(request.query.since);
      const { limit, page, order } = request.query;
      return { results: await balanceHistory(deps, auth.user.id, since, { limit, page, order }) };
    },
  );

  // ---- project notes (customers) ----

  app.get(
    '/userService/getProjectNotesList',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Your project notes, newest first',
        tags: ['project-notes'],
        response: { 200: z.object({ status: z.literal('OK'), list: z.array(projectNoteSchema) }) },
      },
    },
    async (request) => ({ status: 'OK' as const, list: await listNotes(deps, requireCustomer(request).user.id) }),
  );

  app.post(
    '/userService/saveProjectNote',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Save a project note (content required; id to change one)',
        tags: ['project-notes'],
        consumes,
        body: projectNoteInputSchema,
        response: { 200: z.object({ status: z.literal('OK'), note: projectNoteSchema }) },
      },
    },
    async (request) => ({
      status: 'OK' as const,
      note: await saveNote(deps, requireCustomer(request).user.id, request.body),
    }),
  );

  app.get(
    '/userService/deleteProjectNote',
    {
      // the spec lists CSRFToken in the query; the token is checked in the header (the web sends both)
      config: { access: 'user', csrf: true },
      schema: {
        summary: 'Delete a project note (CSRFToken, id)',
        tags: ['project-notes'],
        querystring: z.object({ id: z.coerce.number().int().positive(), CSRFToken: z.string().max(200).optional() }),
        response: { 200: z.object({ status: z.literal('OK') }) },
      },
    },
    async (request) => {
      await deleteNote(deps, requireCustomer(request).user.id, request.query.id);
      return { status: 'OK' as const };
    },
  );

  app.get(
    '/api/2/account/customer/preferred-translators',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Your preferred translators (My Team): they are offered your projects first',
        tags: ['preferred-translators'],
        response: { 200: z.object({ results: z.array(z.object({ id: z.number(), name: z.string() })) }) },
      },
    },
    async (request) => {
      const auth = requireCustomer(request);
      const rows = await deps.db
        .select({ id: users.id, name: users.name })
        .from(myTeamMembers)
        .innerJoin(users, eq(users.id, myTeamMembers.translatorId))
        .where(eq(myTeamMembers.customerId, auth.user.id))
        .orderBy(users.name)
        .limit(200);
      return { results: rows };
    },
  );
};
