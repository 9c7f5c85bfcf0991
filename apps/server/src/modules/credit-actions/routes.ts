// Credit actions: finance staff give or take a user's credits with a reason; everyone on staff reads them.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  buyCreditInvoiceSchema,
  CREDIT_ACTION_KINDS,
  CREDIT_ACTION_RULES,
  CREDIT_ACTION_TEXTS,
  type CreditActionKind,
  creditActionCreateSchema,
  creditActionEditSchema,
  creditActionSchema,
  creditListSchema,
} from '@parlance/shared';
import { badRequest } from '../../platform/errors';
import { balanceOfOwner } from '../../platform/ledger';
import { holds, staffMember } from '../../platform/permissions';
import { requireUserByRef } from '../admin/users';
import { presentCreditAction, presentCreditList } from './present';
import {
  createCreditAction,
  creditAccountKind,
  creditListPage,
  editCreditAction,
  runRecurringCreditActions,
  saveInvoice,
  stopRecurring,
} from './service';

const TAGS = ['Credit actions'];
const field = z.union([z.string(), z.number()]).transform((v) => String(v).trim());
const idParam = z.object({
  id: field.pipe(z.string().regex(/^\d{1,9}$/, CREDIT_ACTION_TEXTS.notFound)).transform(Number),
});

export const creditActionRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = root;

  deps.scheduler.add({
    name: 'credit-actions.recurring',
    everyMs: 60_000,
    run: (now) => runRecurringCreditActions(deps, now),
  });

  const operator = async (request: FastifyRequest) => ({
    id: staffMember(request).id,
    ip: request.ip,
  });

  app.get(
    '/service/getCreditList',
    {
      config: { access: 'backoffice.read' },
      schema: {
        tags: TAGS,
        summary: "A user's credit actions, newest first, 25 per page, each with its child actions",
        querystring: z.object({
          uid: field.pipe(z.string().min(1, 'Give a user ID').max(320)),
          page: z.coerce.number().int().min(1).max(100_000).default(1),
        }),
        response: { 200: creditListSchema },
      },
    },
    async (request) => {
      const user = await requireUserByRef(deps.db, request.query.uid);
      const page = await creditListPage(deps.db, user.id, request.query.page);
      const balance =
        user.type === 'admin' || user.isAdmin ? 0 : await balanceOfOwner(deps.db, user.id, creditAccountKind(user));
      return presentCreditList(page, balance, holds(request.auth, 'credits.write'));
    },
  );

  app.get(
    '/api/2/credit_action/action/reason',
    {
      config: { access: 'backoffice.read' },
      schema: {
        tags: TAGS,
        summary: 'The reasons a credit action of this type may give (type: addcredit, buycredit, removecredit)',
        querystring: z.object({ type: z.string().max(50).default('') }),
        response: {
          200: z.object({
            results: z.array(z.object({ id: z.string(), name: z.string() })),
            rule: z.object({ label: z.string(), editable: z.boolean(), recurring: z.boolean(), invoice: z.boolean() }),
            types: z.array(z.object({ id: z.string(), name: z.string() })),
          }),
        },
      },
    },
    async (request) => {
      const rule = CREDIT_ACTION_RULES[request.query.type as CreditActionKind];
      if (!rule) throw badRequest(CREDIT_ACTION_TEXTS.typeRequired, { type: CREDIT_ACTION_TEXTS.typeRequired });
      return {
        results: rule.reasons.map((r) => ({ id: r, name: r })),
        rule: { label: rule.label, editable: rule.editable, recurring: rule.recurring, invoice: rule.invoice },
        types: CREDIT_ACTION_KINDS.map((id) => ({ id, name: CREDIT_ACTION_RULES[id].label })),
      };
    },
  );

  app.post(
    '/ajax/creditActions/add',
    {
      config: { access: 'credits.write' },
      schema: {
        tags: TAGS,
        summary: 'Create a credit action (form: uid, type, reason, amount, remarks, recurrence)',
        description:
          'Type, reason and amount are required; the reason must belong to the type; a removal never takes the balance below zero. Posts one ledger transaction and writes the audit log.',
        body: creditActionCreateSchema,
        response: { 200: z.object({ status: z.literal('OK'), results: creditActionSchema }) },
      },
    },
    async (request) => {
      const op = await operator(request);
      const target = await requireUserByRef(deps.db, request.body.uid);
      const row = await createCreditAction(deps.db, target, request.body, op, deps.clock.now());
      return { status: 'OK' as const, results: presentCreditAction({ action: row, operatorName: null }, []) };
    },
  );

  app.post(
    '/ajax/creditActions/:id/edit',
    {
      config: { access: 'credits.write' },
      schema: {
        tags: TAGS,
        summary: "Edit a credit action when its type's edit flag allows (form: reason, amount, remarks)",
        description: 'A changed amount posts a correction child action with the difference.',
        params: idParam,
        body: creditActionEditSchema,
        response: { 200: z.object({ status: z.literal('OK'), results: creditActionSchema }) },
      },
    },
    async (request) => {
      const op = await operator(request);
      const row = await editCreditAction(deps.db, request.params.id, request.body, op, deps.clock.now());
      return { status: 'OK' as const, results: presentCreditAction({ action: row, operatorName: null }, []) };
    },
  );

  app.post(
    '/ajax/creditActions/:id/stop',
    {
      config: { access: 'credits.write' },
      schema: {
        tags: TAGS,
        summary: 'Stop a recurring credit action (addcredit, buycredit)',
        params: idParam,
        response: { 200: z.object({ status: z.literal('OK'), results: creditActionSchema }) },
      },
    },
    async (request) => {
      const op = await operator(request);
      const row = await stopRecurring(deps.db, request.params.id, op, deps.clock.now());
      return { status: 'OK' as const, results: presentCreditAction({ action: row, operatorName: null }, []) };
    },
  );

  app.post(
    '/api/2/credit_action/buy_credit/invoice',
    {
      config: { access: 'credits.write' },
      schema: {
        tags: TAGS,
        summary: 'Save an invoice id against a buy-credit action (creditActionId, invoiceId)',
        body: buyCreditInvoiceSchema,
        response: { 200: z.object({ status: z.literal('OK'), results: creditActionSchema }) },
      },
    },
    async (request) => {
      const op = await operator(request);
      const row = await saveInvoice(deps.db, request.body.creditActionId, request.body.invoiceId, op);
      return { status: 'OK' as const, results: presentCreditAction({ action: row, operatorName: null }, []) };
    },
  );

  app.get(
    '/api/2/credit_action/parkedCredits',
    {
      config: { access: 'backoffice.read' },
      schema: {
        tags: TAGS,
        summary: "A translator's parked credits: earnings not yet released to the available balance",
        querystring: z.object({ user_id: field.pipe(z.string().min(1, 'Give a user ID').max(320)) }),
        response: { 200: z.object({ results: z.object({ parkedCredits: z.number(), available: z.number() }) }) },
      },
    },
    async (request) => {
      const user = await requireUserByRef(deps.db, request.query.user_id);
      if (user.type !== 'translator') return { results: { parkedCredits: 0, available: 0 } };
      const [parkedCredits, available] = await Promise.all([
        balanceOfOwner(deps.db, user.id, 'translator_pending'),
        balanceOfOwner(deps.db, user.id, 'translator_available'),
      ]);
      return { results: { parkedCredits, available } };
    },
  );
};
