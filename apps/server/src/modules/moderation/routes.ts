// Moderation and the banned-word vocabulary (spec 2 section 7): the moderators' table of held messages
// and their decisions, and the vocabulary languages and words. Bearer token (or the session).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MODERATION_LIMITS,
  moderationDecisionSchema,
  moderationItemSchema,
  moderationSearchQuerySchema,
  PAGINATION_HEADERS,
  vocabularyLanguageInputSchema,
  vocabularyLanguageSchema,
  vocabularyWordInputSchema,
  vocabularyWordSchema,
} from '@parlance/shared';

import { notFound } from '../../platform/errors';
import { staffMember } from '../../platform/permissions';
import { MAX_DB_INT } from '../../platform/input';
import { sendMailsAfterCommit } from '../../platform/mail';
import {
  type Actor,
  addLanguage,
  addWord,
  decide,
  deleteWord,
  listLanguages,
  listWords,
  moderationDetail,
  type Page,
  renameLanguage,
  searchModerations,
  searchWords,
} from './service';

const TAGS = ['Moderation'];
const errorAnswer = z.object({
  status: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
const idParams = z.object({ id: z.coerce.number().int().positive().max(MAX_DB_INT) });
const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

/** The moderator of the request (the routes' access admitted only holders of moderation.write). */
function actorOf(request: FastifyRequest): Actor {
  return { id: staffMember(request).id, ip: request.ip };
}

/** Pagination in the response headers (spec 2 section 7): total, page, per page, pages, and a Link header. */
function paginate<T>(request: FastifyRequest, reply: FastifyReply, page: Page<T>): T[] {
  const pages = Math.max(1, Math.ceil(page.total / page.perPage));
  reply.header(PAGINATION_HEADERS.total, String(page.total));
  reply.header(PAGINATION_HEADERS.page, String(page.page));
  reply.header(PAGINATION_HEADERS.perPage, String(page.perPage));
  reply.header(PAGINATION_HEADERS.pages, String(pages));
  const url = new URL(request.url, 'http://local');
  const link = (rel: string, n: number) => {
    url.searchParams.set('page', String(n));
    return `<${url.pathname}${url.search}>; rel="${rel}"`;
  };
  const links = [link('first', 1), link('last', pages)];
  if (page.page > 1) links.push(link('prev', Math.min(page.page - 1, pages)));
  if (page.page < pages) links.push(link('next', page.page + 1));
  reply.header('link', links.join(', '));
  return page.rows;
}

export const moderationRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = instance;
  const refused = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer, 404: errorAnswer };

  app.get(
    '/moderation/api/languages',
    {
      config: { access: 'moderation.write' },
      schema: {
        tags: TAGS,
        summary: 'The vocabulary languages, with their word counts',
        response: { 200: z.array(vocabularyLanguageSchema), ...refused },
      },
    },
    async (request) => {
      actorOf(request);
      return listLanguages(deps.db);
    },
  );

  app.post(
    '/moderation/api/languages',
    {
      config: { access: 'moderation.write' },
      schema: {
        tags: TAGS,
        summary:
          "Add a vocabulary language (title); a name already taken: 'A language with this name has already been created'",
        body: vocabularyLanguageInputSchema,
        response: { 201: vocabularyLanguageSchema, 409: errorAnswer, ...refused },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const language = await deps.db.transaction((tx) => addLanguage(tx, actor, request.body.title));
      return reply.status(201).send(language);
    },
  );

  app.patch(
    '/moderation/api/languages/:id',
    {
      config: { access: 'moderation.write' },
      schema: {
        tags: TAGS,
        summary: 'Rename a vocabulary language (title)',
        params: idParams,
        body: vocabularyLanguageInputSchema,
        response: { 200: vocabularyLanguageSchema, 409: errorAnswer, ...refused },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return deps.db.transaction((tx) => renameLanguage(tx, actor, request.params.id, request.body.title));
    },
  );

  app.get(
    '/moderation/api/search/word/:term',
    {
      config: { access: 'moderation.write' },
      schema: {
        tags: TAGS,
        summary: 'Words containing the term (case folded), 30 a page, pagination in the headers; optional language id',
        params: z.object({ term: z.string().max(MODERATION_LIMITS.wordMax) }),
        querystring: pageQuery.extend({ language: z.coerce.number().int().positive().max(MAX_DB_INT).optional() }),
        response: { 200: z.array(vocabularyWordSchema), ...refused },
      },
    },
    async (request, reply) => {
      actorOf(request);
      const page = await searchWords(deps.db, request.params.term, request.query.language, request.query.page);
      return paginate(request, reply, page);
    },
  );

  app.post(
    '/moderation/api/words',
    {
      config: { access: 'moderation.write' },
      schema: {
        tags: TAGS,
        summary:
          "Add a word to a language (title, language id); a word already there: 'A word with this name has already been created'",
        body: vocabularyWordInputSchema,
        response: { 201: vocabularyWordSchema, 409: errorAnswer, ...refused },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      if (request.body.language > MAX_DB_INT) throw notFound('This language does not exist.');
      const word = await deps.db.transaction((tx) => addWord(tx, actor, request.body.title, request.body.language));
      return reply.status(201).send(word);
    },
  );

  app.get(
    '/moderation/api/words/:id',
    {
      config: { access: 'moderation.write' },
      schema: {
        tags: TAGS,
        summary:
          "A language's words ({id}: the language id; spec: words/{lang}), newest first, 30 a page; pagination in the headers",
        params: idParams,
        querystring: pageQuery,
        response: { 200: z.array(vocabularyWordSchema), ...refused },
      },
    },
    async (request, reply) => {
      actorOf(request);
      return paginate(request, reply, await listWords(deps.db, request.params.id, request.query.page));
    },
  );

  app.delete(
    '/moderation/api/words/:id',
    {
      config: { access: 'moderation.write' },
      schema: {
        tags: TAGS,
        summary: 'Delete a word from the vocabulary',
        params: idParams,
        response: { 204: z.null(), ...refused },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await deps.db.transaction((tx) => deleteWord(tx, actor, request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/moderation/api/moderations/search',
    {
      config: { access: 'moderation.write' },
      schema: {
        tags: TAGS,
        summary:
          'Messages on moderation, newest first: status, date range (from defaults to one day ago), search by title, language, status or author external id; pagination in the headers',
        querystring: moderationSearchQuerySchema,
        response: { 200: z.array(moderationItemSchema), ...refused },
      },
    },
    async (request, reply) => {
      actorOf(request);
      return paginate(request, reply, await searchModerations(deps.db, request.query, deps.clock.now()));
    },
  );

  app.get(
    '/moderation/api/moderations/:id',
    {
      config: { access: 'moderation.write' },
      schema: {
        tags: TAGS,
        summary: 'One message on moderation: its text, reasons, history and a link to it',
        params: idParams,
        response: { 200: moderationItemSchema, ...refused },
      },
    },
    async (request) => {
      actorOf(request);
      return moderationDetail(deps.db, request.params.id);
    },
  );

  app.patch(
    '/moderation/api/moderations/:id',
    {
      config: { access: 'moderation.write' },
      schema: {
        tags: TAGS,
        summary: 'Approve (delivered, live) or decline (the author is told) a message; approving twice delivers once',
        params: idParams,
        body: moderationDecisionSchema,
        response: { 200: moderationItemSchema, 409: errorAnswer, ...refused },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { item, mails } = await deps.db.transaction((tx) =>
        decide(tx, actor, request.params.id, request.body.status, {
          now: deps.clock.now(),
          publicUrl: deps.config.publicUrl,
        }),
      );
      deps.bus.notify();
      // a decision is not undone for a mail
      await sendMailsAfterCommit(deps, mails, { moderationItemId: request.params.id });
      return item;
    },
  );
};
