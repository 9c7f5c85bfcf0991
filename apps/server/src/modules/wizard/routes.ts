// Wizard: the purchase order a customer (or a window-shopping guest) builds, its files and word counts, finish later, finalize.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BRIEF_MAX_CHARS,
  fileUploadedAnswerSchema,
  formBoolean,
  languageSchema,
  mtAvailableParamsSchema,
  PASTED_TEXT_MAX_CHARS,
  purchaseOrderFileSchema,
  purchaseOrderSchema,
  purchaseOrderUpdateSchema,
  TEXTS,
  TRANSLATION_CATEGORIES,
  updateTextAnswerSchema,
  ORDER_TEXTS,
} from '@parlance/shared';
import { badRequest } from '../../platform/errors';
import { serverKey } from '../../platform/keys';
import { deleteOrderFile, uploadReferenceFiles, uploadSourceFiles } from './files';
import { mtAvailableParams } from './mt-params';
import {
  askerOf,
  availableTargetLanguages,
  createOrder,
  finalizeOrder,
  findOrderFor,
  finishLater,
  openDraftFor,
  resumeOrder,
  setOrderFields,
  updateOrder,
} from './service';
import { updateText } from './text';

const tags = ['Wizard'];
const pid = z.string().trim().min(1, 'pid is required').max(100);
const results = <T extends z.ZodType>(schema: T) => z.object({ results: schema });
const orderAnswer = results(purchaseOrderSchema);

/** A form sends arrays as `name[]` (repeated); the schemas name them without the brackets. */
async function normalizeFormArrays(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  const record = body as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!key.endsWith('[]')) continue;
    const name = key.slice(0, -2);
    const value = record[key];
    record[name] = Array.isArray(value) ? value : [value];
    delete record[key];
  }
}

export const wizardRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  const resumeKey = await serverKey(deps.db, 'po-resume');

  app.post(
    '/api/2/po',
    {
      config: { access: 'public' },
      preValidation: normalizeFormArrays,
      schema: {
        tags,
        summary: 'Start a purchase order (ours); a guest gets the po_token cookie that holds it',
        description:
          'JSON or form, any fields of the update call. Guests may start orders (window shopping); they are claimed at sign-in.',
        body: purchaseOrderUpdateSchema.optional(),
        response: { 200: orderAnswer },
      },
    },
    async (request, reply) => ({ results: await createOrder(deps, request, reply, request.body ?? {}) }),
  );

  app.post(
    '/api/2/po/:pid',
    {
      config: { access: 'public' },
      preValidation: normalizeFormArrays,
      schema: {
        tags,
        summary: 'Change fields of an order (ours); only the fields sent change',
        description:
          'type, name, source_language, target_languages[], expertise, needProofreading, materialsOption (count|upload|notSet), entryType (file|url|paste), wordCount (typed by the customer; only while the content gives no count), step.',
        params: z.object({ pid }),
        body: purchaseOrderUpdateSchema,
        response: { 200: orderAnswer },
      },
    },
    async (request) => ({
      results: await updateOrder(deps, askerOf(request), request.params.pid, request.body),
    }),
  );

  app.get(
    '/api/2/po/open',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The asker's open draft order, changed last (ours); null when there is none",
        description:
          "A customer's own drafts, or a guest's on this browser (po_token cookie). Orders in the cart or paid are not drafts.",
        response: { 200: results(purchaseOrderSchema.nullable()) },
      },
    },
    async (request) => ({ results: await openDraftFor(deps.db, askerOf(request)) }),
  );

  app.post(
    '/api/2/po/resume',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Open the order of a finish-later link (ours): pid and resume from the link',
        body: z.object({ pid, resume: z.string().trim().min(1).max(200) }),
        response: { 200: orderAnswer },
      },
    },
    async (request, reply) => ({ results: await resumeOrder(deps, resumeKey, request, reply, request.body) }),
  );

  app.post(
    '/api/2/po/finish-later',
    {
      config: { access: 'public', rateLimit: { max: deps.config.authRateLimit, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Save the step and mail a link that resumes the order',
        description:
          'email is required for guests; a signed-in customer without it gets the mail at their own address.',
        body: z.object({
          pid,
          email: z.email(TEXTS.emailFormat).max(254).optional(),
          step: z.string().trim().max(50).optional(),
        }),
        response: { 200: results(z.object({ sent: z.literal(true), email: z.string() })) },
      },
    },
    async (request) => ({ results: await finishLater(deps, resumeKey, askerOf(request), request.body) }),
  );

  app.post(
    '/api/2/wizard/finalize',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Quote the order and put it in the cart (draft -> cart)',
        description: 'Guests: 401 (sign in first; the order is claimed then). Incomplete orders: 400 with the fields.',
        body: z.object({ pid }),
        response: { 200: orderAnswer },
      },
    },
    async (request) => ({ results: await finalizeOrder(deps, askerOf(request), request.body.pid) }),
  );

  app.post(
    '/ajax/filepicker/fileUploaded',
    {
      config: {
        access: 'public',
        multipart: {
          file: 'file',
          many: true,
          fields: { pid: 'the order (first part)', context: 'source or reference' },
          required: ['pid'],
        },
      },
      schema: {
        tags,
        summary: "Upload the order's source files (multipart: pid, then one or more files); answers the counts",
        querystring: z.object({ pid: pid.optional() }),
        response: { 200: fileUploadedAnswerSchema },
      },
    },
    async (request) => uploadSourceFiles(deps, request, askerOf(request), request.query.pid),
  );

  app.delete(
    '/api/2/po/:pid/files/:fileId',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Remove a file of an order (ours) with its stored bytes; the count follows',
        params: z.object({ pid, fileId: z.coerce.number().int().positive() }),
        response: { 200: orderAnswer },
      },
    },
    async (request) => ({
      results: await deleteOrderFile(deps, askerOf(request), request.params.pid, request.params.fileId),
    }),
  );

  app.post(
    '/wizard/updateText',
    {
      config: { access: 'public' },
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Pasted text, or a web page address (url, or entryType=url with the address in text): the count',
        body: z.object({
          pid,
          text: z.string().max(PASTED_TEXT_MAX_CHARS).optional(),
          url: z.string().max(2000).optional(),
          entryType: z.enum(['paste', 'url']).optional(),
        }),
        response: { 200: updateTextAnswerSchema },
      },
    },
    async (request) => updateText(deps, askerOf(request), request.body),
  );

  app.get(
    '/api/2/wizard/getavailablelanguagesBySlug',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Target languages available for a source language (every language but itself)',
        querystring: z.object({ slug: z.string().trim().min(1, ORDER_TEXTS.wizardSelectSourceLanguage).max(100) }),
        response: { 200: results(z.array(languageSchema)) },
      },
    },
    async (request) => ({ results: await availableTargetLanguages(deps.db, request.query.slug) }),
  );

  app.post(
    '/api/2/project/brief',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The brief (note) of an order',
        body: z.object({ pid, note: z.string().max(BRIEF_MAX_CHARS).default('') }),
        response: { 200: orderAnswer },
      },
    },
    async (request) => {
      const note = request.body.note.trim();
      return { results: await setOrderFields(deps, askerOf(request), request.body.pid, { brief: note || null }) };
    },
  );

  app.post(
    '/api/2/project/translation-category',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: `The translation category of an order: ${TRANSLATION_CATEGORIES.join(', ')}`,
        body: z.object({ pid, category: z.string().trim().max(50) }),
        response: { 200: orderAnswer },
      },
    },
    async (request) => {
      const { category } = request.body;
      if (!(TRANSLATION_CATEGORIES as readonly string[]).includes(category)) {
        throw badRequest(ORDER_TEXTS.wizardSelectOption, { category: ORDER_TEXTS.wizardSelectOption });
      }
      return {
        results: await setOrderFields(deps, askerOf(request), request.body.pid, { translationCategory: category }),
      };
    },
  );

  app.post(
    '/api/2/projects/:id/addresource',
    {
      config: { access: 'public', multipart: { file: 'file', many: true } },
      schema: {
        tags,
        summary: "Reference files of an order's brief (multipart: context=reference, files); {id} is the order's pid",
        params: z.object({ id: pid }),
        response: { 200: results(z.array(purchaseOrderFileSchema)) },
      },
    },
    async (request) => ({
      results: await uploadReferenceFiles(deps, request, askerOf(request), request.params.id),
    }),
  );

  for (const [path, column] of [
    ['/api/2/expedite/update', 'expedite'],
    ['/api/2/certificate/update', 'certificate'],
  ] as const) {
    app.post(
      path,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: `Turn the ${column} option of an order on or off`,
          body: z.object({ pid, value: formBoolean }),
          response: { 200: orderAnswer },
        },
      },
      async (request) => ({
        results: await setOrderFields(deps, askerOf(request), request.body.pid, { [column]: request.body.value }),
      }),
    );
  }

  app.get(
    '/api/2/wizard/mt-available-params',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Machine-translation options per language pair of an order (MT project types)',
        querystring: z.object({ poid: pid }),
        response: { 200: results(mtAvailableParamsSchema) },
      },
    },
    async (request) => {
      const order = await findOrderFor(deps.db, askerOf(request), request.query.poid);
      return { results: await mtAvailableParams(deps.db, deps.mt, order) };
    },
  );
};
