// The customer API: key-authenticated ordering, projects and files under /api/v1, thin
// handlers over the web app's own services (wizard, pricing, cart, projects, resources).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BRIEF_MAX_CHARS,
  cartSchema,
  customerProjectsQuerySchema,
  PROJECT_STATUS_FILTERS,
  PROJECT_TYPE_SLUGS,
  projectDetailSchema,
  projectDisputeSchema,
  projectMessageSchema,
  projectMessageRowSchema,
  projectRowSchema,
  purchaseOrderFileSchema,
  purchaseOrderSchema,
  translateNowResultSchema,
  dbIdSchema,
} from '@parlance/shared';
import type { Db, Tx } from '../../db/client';
import { API_SCOPES } from '../../platform/api-keys';
import { analyzeDocument } from '../../platform/documents';
import { hashRequest, IDEMPOTENCY_KEY_MAX_LENGTH } from '../../platform/ledger';
import type { Services } from '../../platform/services';
import type { AuthContext, UserRow } from '../../platform/session';
import { computeCart } from '../cart/cart';
import { startMachineTranslation } from '../machine-translation/task';
import { payCartWithCredits } from '../cart/pay-with-credits';
import { presentCart } from '../cart/present';
import { priceOrder } from '../pricing/price-order';
import { listCustomerProjects } from '../project-lists/service';
import { approveProject, disputeProject, type MoveContext, postMessage } from '../projects/moves';
import { detailAfter, type Outcome, projectDetailFor, requireViewing } from '../projects/service';
import { idempotencyKeyOf } from '../../platform/idempotency-key';
import { type AfterCommit, transact, transactOnce } from '../../platform/transaction';
import { contentDisposition, requireResourceAccess } from '../resources/access';
import { uploadSourceFiles } from '../wizard/files';
import { createOrder, finalizeOrder, setOrderFields, viewOrderFor } from '../wizard/service';
import { updateText } from '../wizard/text';
import { apiGuard } from './caller';
import { detectLanguage } from './detect-language';
import { ApiError, registerApiErrorHandler } from './envelope';
import { publicApiDocument } from './openapi-doc';
import { createRateLimiter } from './rate-limit';
import { oauthTokenRoute } from './token-route';

const TAGS = {
  auth: ['Authentication'],
  quotes: ['Quotes'],
  orders: ['Orders'],
  cart: ['Cart'],
  projects: ['Projects'],
};
const TEXT_MAX_CHARS = 500_000;

const idParams = z.object({ id: dbIdSchema });
const pidParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'not an order id') });
const idempotencyHeaders = z
  .object({
    'idempotency-key': z
      .string()
      .min(1)
      .max(IDEMPOTENCY_KEY_MAX_LENGTH)
      .optional()
      .describe(
        'A key of your choice (a UUID): a retry with the same key answers the first result and changes nothing',
      ),
  })
  .passthrough();
const language = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .describe('A language slug, e.g. "english", "german" (GET /api/2/languages)');
const pricingFields = {
  type: z.enum(PROJECT_TYPE_SLUGS).default('translation'),
  source_language: language,
  target_languages: z.array(language).min(1).max(50),
  expertise: z.string().trim().max(100).optional().describe('An expertise slug; required by most project types'),
  need_proofreading: z.boolean().default(false),
  urgent: z.boolean().default(false).describe('Expedited delivery (the urgency option, charged as in the web app)'),
};

const quoteInput = z
  .object({
    ...pricingFields,
    word_count: z.number().int().min(1).max(100_000_000).optional(),
    text: z.string().max(TEXT_MAX_CHARS).optional().describe('Counted instead of word_count'),
  })
  .refine((v) => v.word_count !== undefined || (v.text ?? '').trim() !== '', {
    message: 'Send word_count or text',
    path: ['word_count'],
  })
  // the rule above, as the document states it
  .meta({ anyOf: [{ required: ['word_count'] }, { required: ['text'] }] });
const quoteAnswer = z.object({
  word_count: z.number().int(),
  items: z.array(
    z.object({
      source_language: z.string(),
      target_language: z.string(),
      credits: z.number().int(),
      deadline: z.string().describe('ISO 8601'),
    }),
  ),
  subtotal_credits: z.number().int().describe('Before VAT and coupons; 1 credit = 0.01 USD'),
});

const orderInput = z
  .object({
    ...pricingFields,
    name: z.string().trim().max(200).optional(),
    text: z.string().max(TEXT_MAX_CHARS).optional().describe('The content as text'),
    url: z.string().url().max(2000).optional().describe('The content as a public web page'),
    brief: z.string().max(BRIEF_MAX_CHARS).optional(),
    submit: z
      .boolean()
      .optional()
      .describe('Put the order in the cart now (default: when text or url is sent); send false to upload files first'),
  })
  // one content source: validation refuses text and url together, and the document says so
  .refine((v) => v.text === undefined || v.url === undefined, { message: 'Send text or url, not both', path: ['url'] })
  .meta({ not: { required: ['text', 'url'] } });

export const publicApiRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const now = () => deps.clock.now();
  const limiter = createRateLimiter(deps.rateLimits, deps.config.apiRateLimit, 60_000, (err) =>
    app.log.error({ err }, 'rate-limit store failed'),
  );
  app.decorateRequest('apiCaller', null);
  registerApiErrorHandler(app);
  app.addHook('onRequest', apiGuard(deps, limiter));

  const callerOf = (request: FastifyRequest): UserRow => {
    if (!request.apiCaller) throw new ApiError(401, 'unauthenticated', 'Not authenticated');
    return request.apiCaller.user;
  };
  /** The caller as the web app's rules see them (apiGuard set it for every scoped route). */
  const actorOf = (request: FastifyRequest): AuthContext => {
    if (!request.auth) throw new ApiError(401, 'unauthenticated', 'Not authenticated');
    return request.auth;
  };
  const inTx = (tx: Tx): Services => ({ ...deps, db: tx as unknown as Db });
  const contextOf = (request: FastifyRequest, user: UserRow, tx: Tx): MoveContext => ({
    tx,
    actor: actorOf(request),
    user,
    now: now(),
    publicUrl: deps.config.publicUrl,
    storage: deps.storage,
    ip: request.ip,
    alertBoxes: deps.config,
  });

  /**
   * Runs a create in one transaction (platform/transaction.ts), once per Idempotency-Key when one is
   * sent: a retry answers the first answer (header `Idempotent-Replayed: true`) and does nothing again.
   */
  async function once<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRow,
    work: (tx: Tx) => Promise<{ body: T } & AfterCommit>,
  ): Promise<T> {
    const key = idempotencyKeyOf(request);
    if (!key) return (await transact(deps, work)).body;
    const result = await transactOnce(
      deps,
      {
        userId: user.id,
        key,
        request: { method: request.method, path: request.url.split('?')[0], body: request.body ?? null },
        now: now(),
      },
      work,
    );
    if (result.replayed) reply.header('Idempotent-Replayed', 'true');
    return result.body;
  }

  // ---- authentication ----

  await app.register(oauthTokenRoute);

  app.get(
    '/api/v1/me',
    {
      config: { access: 'api-read' },
      schema: {
        tags: TAGS.auth,
        summary: 'The customer the key belongs to, and the scopes of this key or token',
        response: {
          200: z.object({
            id: z.number().int(),
            name: z.string(),
            email: z.string(),
            scopes: z.array(z.enum(API_SCOPES)),
          }),
        },
      },
    },
    async (request) => {
      const user = callerOf(request);
      return { id: user.id, name: user.name, email: user.email, scopes: request.apiCaller?.scopes ?? [] };
    },
  );

  // ---- text analysis and quotes ----

  app.post(
    '/api/v1/text/analyze',
    {
      config: { access: 'api-read' },
      schema: {
        tags: TAGS.quotes,
        summary: "A text's language (a guess) and its word count, counted as the web app counts",
        body: z.object({ text: z.string().min(1).max(TEXT_MAX_CHARS) }),
        response: {
          200: z.object({
            words: z.number().int(),
            characters: z.number().int(),
            language: z.object({ code: z.string().describe('ISO 639-1'), confidence: z.number() }).nullable(),
          }),
        },
      },
    },
    async (request) => {
      const analysis = await analyzeDocument({ kind: 'text', text: request.body.text });
      return {
        words: analysis.words,
        characters: analysis.characters,
        language: detectLanguage(request.body.text),
      };
    },
  );

  app.post(
    '/api/v1/quotes',
    {
      config: { access: 'api-read' },
      schema: {
        tags: TAGS.quotes,
        summary: "The price and deadline per target language of a text or a word count (the web wizard's prices)",
        body: quoteInput,
        response: { 200: quoteAnswer },
      },
    },
    async (request) => {
      const b = request.body;
      const words = b.word_count ?? (await analyzeDocument({ kind: 'text', text: b.text ?? '' })).words;
      if (words <= 0)
        throw new ApiError(400, 'invalid_request', 'The text has no words to count', { text: 'No words' });
      const price = await priceOrder(
        deps.db,
        {
          projectType: b.type,
          sourceLanguage: b.source_language,
          targetLanguages: b.target_languages,
          expertise: b.expertise ?? null,
          wordCount: words,
          needProofreading: b.need_proofreading,
          expedite: b.urgent,
        },
        now(),
      );
      return {
        word_count: words,
        items: price.items.map((i) => ({
          source_language: i.srcLang,
          target_language: i.tarLang,
          credits: i.credits,
          deadline: i.deadline.toISOString(),
        })),
        subtotal_credits: price.subtotalCredits,
      };
    },
  );

  // ---- orders ----

  app.post(
    '/api/v1/orders',
    {
      config: { access: 'api-order' },
      schema: {
        tags: TAGS.orders,
        summary: 'Create an order: content (text, url, or files uploaded next), languages, expertise, brief, urgency',
        description:
          'With text or url the order is counted, quoted and put in the cart at once (status "cart"); pay the cart with POST /api/v1/cart/pay. For files send submit=false, upload to /api/v1/orders/{id}/files, then POST /api/v1/orders/{id}/submit.',
        headers: idempotencyHeaders,
        body: orderInput,
        response: { 200: purchaseOrderSchema },
      },
    },
    async (request, reply) => {
      const user = callerOf(request);
      const b = request.body;
      return once(request, reply, user, async (tx) => {
        const scoped = inTx(tx);
        const asker = { auth: actorOf(request), user, guestHash: null };
        const order = await createOrder(scoped, request, reply, {
          type: b.type,
          name: b.name,
          source_language: b.source_language,
          target_languages: b.target_languages,
          expertise: b.expertise,
          needProofreading: b.need_proofreading,
        });
        const extra: { brief?: string | null; expedite?: boolean } = {};
        if (b.brief !== undefined) extra.brief = b.brief.trim() || null;
        if (b.urgent) extra.expedite = true;
        if (Object.keys(extra).length > 0) await setOrderFields(scoped, asker, order.pid, extra);
        const hasContent = b.text !== undefined || b.url !== undefined;
        if (hasContent) await updateText(scoped, asker, { pid: order.pid, text: b.text, url: b.url });
        const answer =
          (b.submit ?? hasContent)
            ? await finalizeOrder(scoped, asker, order.pid)
            : await viewOrderFor(tx as unknown as Db, asker, order.pid);
        return { body: answer, mails: [], changed: false };
      });
    },
  );

  app.get(
    '/api/v1/orders/:id',
    {
      config: { access: 'api-read' },
      schema: {
        tags: TAGS.orders,
        summary: 'An order (before payment) with its files and quote',
        params: pidParams,
        response: { 200: purchaseOrderSchema },
      },
    },
    async (request) =>
      viewOrderFor(deps.db, { auth: actorOf(request), user: callerOf(request), guestHash: null }, request.params.id),
  );

  app.post(
    '/api/v1/orders/:id/files',
    {
      config: { access: 'api-order', multipart: { file: 'files', many: true } },
      schema: {
        tags: TAGS.orders,
        summary: 'Upload source files to a draft order (multipart/form-data, field "files"); they are counted',
        params: pidParams,
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ files: z.array(purchaseOrderFileSchema), word_count: z.number().int() }) },
      },
    },
    async (request) => {
      const user = callerOf(request);
      const asker = { auth: actorOf(request), user, guestHash: null };
      const uploaded = await uploadSourceFiles(deps, request, asker, request.params.id);
      return { files: uploaded.files, word_count: uploaded.wordCount };
    },
  );

  app.post(
    '/api/v1/orders/:id/submit',
    {
      config: { access: 'api-order' },
      schema: {
        tags: TAGS.orders,
        summary: 'Quote a complete order and put it in the cart (what is missing answers 400 by field)',
        params: pidParams,
        response: { 200: purchaseOrderSchema },
      },
    },
    async (request) =>
      finalizeOrder(deps, { auth: actorOf(request), user: callerOf(request), guestHash: null }, request.params.id),
  );

  // ---- cart and payment ----

  app.get(
    '/api/v1/cart',
    {
      config: { access: 'api-read' },
      schema: {
        tags: TAGS.cart,
        summary: 'The cart re-priced now: orders, coupons, VAT, total, credit balance and the cart key (ck) to pay it',
        response: { 200: cartSchema },
      },
    },
    async (request) => presentCart(await computeCart(deps.db, callerOf(request).id, now())),
  );

  app.post(
    '/api/v1/cart/pay',
    {
      config: { access: 'api-pay' },
      schema: {
        tags: TAGS.cart,
        summary: 'Pay the cart from credits: its orders become projects (the ledger and invoice of the web app)',
        description:
          'The Idempotency-Key header is required. `ck` is the cart key of GET /api/v1/cart: if the cart changed since, 409 and nothing is paid. Not enough credits: 402.',
        headers: idempotencyHeaders.extend({
          'idempotency-key': z.string().min(1).max(IDEMPOTENCY_KEY_MAX_LENGTH),
        }),
        body: z.object({ ck: z.string().min(1).max(500) }),
        response: { 200: translateNowResultSchema },
      },
    },
    async (request, reply) => {
      const user = callerOf(request);
      const key = request.headers['idempotency-key'];
      const result = await payCartWithCredits(
        deps.db,
        {
          userId: user.id,
          ck: request.body.ck,
          idempotencyKey: String(key),
          requestHash: hashRequest({ method: 'POST', path: '/api/v1/cart/pay', ck: request.body.ck }),
          now: now(),
        },
        {
          bus: deps.bus,
          mailer: deps.mailer,
          logger: deps.logger,
          publicUrl: deps.config.publicUrl,
          alertBoxes: deps.config,
          startMachineTranslation: () => startMachineTranslation(deps),
        },
      );
      if (result.replayed) reply.header('Idempotent-Replayed', 'true');
      return result.body;
    },
  );

  // ---- projects ----

  app.get(
    '/api/v1/projects',
    {
      config: { access: 'api-read' },
      schema: {
        tags: TAGS.projects,
        summary: "The customer's projects, newest first, a page at a time",
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(100_000).default(1),
          per_page: z.coerce.number().int().min(1).max(100).default(20),
          status: z.enum(PROJECT_STATUS_FILTERS).default('ALL'),
        }),
        response: {
          200: z.object({
            data: z.array(projectRowSchema),
            totalCount: z.number().int(),
            totalCountIsLowerBound: z.boolean().optional(),
          }),
        },
      },
    },
    async (request) => {
      const q = customerProjectsQuerySchema.parse({
        page: request.query.page,
        perPage: request.query.per_page,
        status: request.query.status,
      });
      return listCustomerProjects(deps.db, actorOf(request), q);
    },
  );

  app.get(
    '/api/v1/projects/:id',
    {
      config: { access: 'api-read' },
      schema: {
        tags: TAGS.projects,
        summary: 'A project: status, people, files (download with GET /api/v1/files/{id}), messages, events',
        params: idParams,
        response: { 200: projectDetailSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return projectDetailFor(deps.db, actor, await requireViewing(deps.db, actor, request.params.id, now()));
    },
  );

  app.post(
    '/api/v1/projects/:id/messages',
    {
      config: { access: 'api-order' },
      schema: {
        tags: TAGS.projects,
        summary: "Write in the project's discussion (the translator is told as in the web app)",
        params: idParams,
        headers: idempotencyHeaders,
        body: projectMessageSchema,
        response: { 200: projectMessageRowSchema },
      },
    },
    async (request, reply) => {
      const user = callerOf(request);
      return once(request, reply, user, async (tx) => {
        const { message, mails } = await postMessage(
          contextOf(request, user, tx),
          request.params.id,
          request.body.body,
        );
        return { body: message, mails };
      });
    },
  );

  const move =
    (work: (ctx: MoveContext, id: number, body: { reason?: string }) => Promise<Outcome>) =>
    async (
      request: FastifyRequest<{ Params: { id: number }; Body: { reason?: string } | undefined }>,
      reply: FastifyReply,
    ) => {
      const user = callerOf(request);
      return once(request, reply, user, async (tx) => {
        const outcome = await work(contextOf(request, user, tx), request.params.id, request.body ?? {});
        return { ...outcome, body: await detailAfter(tx, actorOf(request), outcome.projectId, now()) };
      });
    };

  app.post(
    '/api/v1/projects/:id/approve',
    {
      config: { access: 'api-order' },
      schema: {
        tags: TAGS.projects,
        summary: 'Approve a delivered project (READY): it completes and the translator is paid',
        params: idParams,
        headers: idempotencyHeaders,
        response: { 200: projectDetailSchema },
      },
    },
    move((ctx, id) => approveProject(ctx, id)),
  );

  app.post(
    '/api/v1/projects/:id/dispute',
    {
      config: { access: 'api-order' },
      schema: {
        tags: TAGS.projects,
        summary: 'Dispute a delivered project with a reason; support resolves it',
        params: idParams,
        headers: idempotencyHeaders,
        body: projectDisputeSchema,
        response: { 200: projectDetailSchema },
      },
    },
    move((ctx, id, body) => disputeProject(ctx, id, body.reason ?? '')),
  );

  app.get(
    '/api/v1/files/:id',
    {
      config: { access: 'api-read' },
      schema: {
        tags: TAGS.projects,
        summary: 'Download a project file (a delivery, a source) by its id from the project ("s12", "r34")',
        params: z.object({ id: z.string().regex(/^[sr][0-9]{1,10}$/, 'not a file id') }),
      },
    },
    async (request, reply) => {
      const resource = await requireResourceAccess(deps.db, actorOf(request), request.params.id, now());
      const stream = await deps.storage.get(resource.storageId);
      return reply
        .header('content-type', resource.mime)
        .header('content-length', String(resource.size))
        .header('content-disposition', contentDisposition('attachment', resource.fileName))
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  app.get('/api/v1/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    publicApiDocument(app.swagger() as unknown as Record<string, unknown>, deps.config.publicUrl),
  );
};
