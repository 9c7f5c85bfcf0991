// Statements: the lines of the user's credits account from the ledger, and the credit action types.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountTagsSchema,
  CREDIT_ACTION_LABELS,
  CREDIT_ACTION_TYPES,
  creditActionTypesSchema,
  statementExportSchema,
  statementQuerySchema,
  statementSchema,
} from '@parlance/shared';
import { z } from 'zod';
import { requireUser } from '../../platform/guards';
import { statementAccountOf } from './account-kind';
import { statementMail } from './export';
import { accountTags, loadStatement } from './service';

const TAGS = ['Statements'];

export const statementRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/api/2/credit_action/types',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: 'The credit action types a statement is filtered by',
        response: { 200: creditActionTypesSchema },
      },
    },
    async (request) => {
      requireUser(request);
      return { results: CREDIT_ACTION_TYPES.map((id) => ({ id, name: CREDIT_ACTION_LABELS[id] })) };
    },
  );

  app.get(
    '/api/2/account/tags',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: "The tags on the signed-in customer's projects, to filter the statement by (a tag's id is the tag)",
        response: { 200: accountTagsSchema },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      const tags = await accountTags(deps.db, user.id);
      return { results: tags.map((tag) => ({ id: tag, name: tag })) };
    },
  );

  app.get(
    '/api/2/account/statement/get',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary:
          "The signed-in user's statement: date_from and date_to (YYYY-MM-DD, both required), action_type, source_lang, target_lang, tag_id (a tag from GET /api/2/account/tags), cpage, limit (10, 25, 50), sortBy (date, amount), sortDirection",
        querystring: statementQuerySchema,
        response: { 200: statementSchema },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      const found = await loadStatement(deps.db, user.id, statementAccountOf(user), request.query, user.currency);
      return { data: found.rows, totalCount: found.totalCount, balance: found.balance, currency: found.currency };
    },
  );

  app.post(
    '/fileService/sendCustomerReportAsFile',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary:
          "Mail the signed-in user's statement as a CSV or PDF file (form: email, format csv|pdf, date_from, date_to, action_type, source_lang, target_lang, tag_id)",
        body: statementExportSchema,
        response: { 200: z.object({ status: z.object({ msg: z.literal('ok') }) }) },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      const mail = await statementMail(deps.db, user, statementAccountOf(user), request.body);
      // a mail that cannot be stored is a 500 (the user must not be told it went)
      await deps.mailer.send(mail);
      return { status: { msg: 'ok' as const } };
    },
  );
};
