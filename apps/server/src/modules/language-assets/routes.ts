// Language assets of a customer: terminology per pair, glossary files, translation memory (TMX) and the groups of translators who share it.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LANGUAGE_ASSET_ANSWERS,
  GLOSSARY_EXTENSIONS,
  GLOSSARY_MAX_BYTES,
  LANGUAGE_ASSET_TEXTS,
  TERMINOLOGY_EXTENSIONS,
  TERMINOLOGY_MAX_BYTES,
  TERMS_PAGE_SIZE,
  TMX_MAX_BYTES,
} from '@parlance/shared';
import { badRequest, notFound } from '../../platform/errors';
import { requireUser } from '../../platform/guards';
import { listLanguages } from '../registry/service';
import { presentLanguage } from '../registry/present';
import { addGlossary, deleteGlossary, listGlossary, ownGlossary } from './glossary';
import { contentDisposition, partBuffer, partToStorage, type ReceiveRule, receivePart } from './receive-file';
import {
  accountMap,
  addMember,
  createGroup,
  deleteGroup,
  ownGroup,
  removeMember,
  sharedMemoryOf,
  sharedMemoryOwner,
} from './shared-memory';
import { deleteTerminology, getTerminology, importTerminology, listTerminology } from './terminology';
import type { TermFormat } from './terminology-parser';
import { deleteImport, hasMemory, importTmx, listImports, memoryAsTmx, memoryLanguages, searchMemory } from './tmx';

const tags = ['language assets'];

const TERMINOLOGY_RULE: ReceiveRule = {
  extensions: TERMINOLOGY_EXTENSIONS,
  maxBytes: TERMINOLOGY_MAX_BYTES,
  wrongType: LANGUAGE_ASSET_TEXTS.terminologyWrongType,
  tooBig: LANGUAGE_ASSET_TEXTS.terminologyTooBig,
};
const TMX_RULE: ReceiveRule = {
  extensions: ['tmx'],
  maxBytes: TMX_MAX_BYTES,
  wrongType: LANGUAGE_ASSET_TEXTS.tmxWrongType,
  tooBig: LANGUAGE_ASSET_TEXTS.tmxTooBig,
};
const GLOSSARY_RULE: ReceiveRule = {
  extensions: GLOSSARY_EXTENSIONS,
  maxBytes: GLOSSARY_MAX_BYTES,
  wrongType: LANGUAGE_ASSET_TEXTS.glossaryWrongType,
  tooBig: LANGUAGE_ASSET_TEXTS.glossaryTooBig,
};

const paging = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(TERMS_PAGE_SIZE),
};
const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const intId = z.coerce.number().int().positive().max(2_147_483_647);
/** `ids[]=1&ids[]=2`, `ids=1,2` or one value */
const idList = z.preprocess((v) => {
  if (v === undefined) return [];
  const list = Array.isArray(v) ? v : String(v).split(',');
  return list.filter((x) => String(x).trim() !== '');
}, z.array(intId).max(500));
const truthy = (v: string | undefined) => v === '1' || v === 'true' || v === 'yes';

/** The account in the path must be the asker's own (glossary and map calls); else 404. */
function ownAccount(request: FastifyRequest, id: number) {
  const auth = requireUser(request);
  if (auth.user.id !== id) throw notFound();
  return auth;
}

export const languageAssetRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;

  app.get(
    '/api/2/discover/languages',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Every language of the marketplace (id, slug, name, iso, flag)',
        tags,
        response: { 200: LANGUAGE_ASSET_ANSWERS.languages },
      },
    },
    async () => ({ status: 'OK' as const, results: (await listLanguages(deps.db)).map(presentLanguage) }),
  );

  // ---- terminology ----
  app.get(
    '/terminology/list',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Your terminology, one entry per language pair (paginated)',
        tags,
        querystring: z.object(paging),
        response: { 200: LANGUAGE_ASSET_ANSWERS.terminologyList },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const { page, limit } = request.query;
      return { status: 'OK' as const, ...(await listTerminology(deps.db, auth.user.id, page, limit)) };
    },
  );

  app.get(
    '/terminology',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'The terms of one language pair (srcLang, tarLang: language slugs; paginated)',
        tags,
        querystring: z.object({
          srcLang: z.string().max(100).optional(),
          tarLang: z.string().max(100).optional(),
          ...paging,
        }),
        response: { 200: LANGUAGE_ASSET_ANSWERS.terminology },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const { srcLang, tarLang, page, limit } = request.query;
      return {
        status: 'OK' as const,
        results: await getTerminology(deps.db, auth.user.id, srcLang, tarLang, page, limit),
      };
    },
  );

  app.post(
    '/terminology/import',
    {
      config: {
        access: 'customer',
        multipart: {
          file: 'file',
          fields: {
            srcLang: 'source language slug',
            tarLang: 'target language slug',
            replace: '1 replaces the terminology of the pair',
          },
          required: ['srcLang', 'tarLang'],
        },
      },
      schema: {
        summary:
          'Import terminology (multipart: srcLang, tarLang, replace, then file: CSV, XLSX or TBX up to 10 MB). 409 when the pair has terminology and replace is not set',
        tags,
        response: { 200: LANGUAGE_ASSET_ANSWERS.terminologyImported },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const received = await receivePart(request, TERMINOLOGY_RULE);
      const query = request.query as Record<string, string | undefined>;
      const field = (name: string) => received.fields[name] ?? query[name];
      const bytes = await partBuffer(received, TERMINOLOGY_RULE);
      const results = await importTerminology(deps, auth.user.id, {
        srcLang: field('srcLang'),
        tarLang: field('tarLang'),
        replace: truthy(field('replace')),
        fileName: received.fileName,
        format: received.ext as TermFormat,
        bytes,
      });
      return { status: 'OK' as const, message: LANGUAGE_ASSET_TEXTS.terminologyImported, results };
    },
  );

  app.delete(
    '/terminology/delete',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Delete terminology by id (ids[]); nothing is deleted when one is not yours',
        tags,
        querystring: z.object({ 'ids[]': idList.optional(), ids: idList.optional() }),
        response: { 200: LANGUAGE_ASSET_ANSWERS.terminologyDeleted },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const ids = [...(request.query['ids[]'] ?? []), ...(request.query.ids ?? [])];
      const deleted = await deleteTerminology(deps.db, auth.user.id, ids);
      return { status: 'OK' as const, message: LANGUAGE_ASSET_TEXTS.terminologyDeleted, deleted };
    },
  );

  // ---- translation memory ----
  app.post(
    '/tmx/import',
    {
      config: { access: 'customer', multipart: { file: 'file' } },
      schema: {
        summary: 'Import a TMX file into your translation memory (multipart file, up to 200 MB)',
        tags,
        response: { 200: LANGUAGE_ASSET_ANSWERS.tmxImported },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const received = await receivePart(request, TMX_RULE);
      const stored = await partToStorage(deps, received, TMX_RULE);
      const results = await importTmx(deps, auth.user.id, received.fileName, stored.id);
      return { status: 'OK' as const, message: LANGUAGE_ASSET_TEXTS.tmxImported, results };
    },
  );

  app.get(
    '/tmx/getxtmlanguages',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'The languages of your translation memory with their segment counts',
        tags,
        response: { 200: LANGUAGE_ASSET_ANSWERS.tmLanguages },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      return { status: 'OK' as const, results: await memoryLanguages(deps.db, auth.user.id) };
    },
  );

  const langList = z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : String(v).split(',')),
    z.array(z.string().regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/, 'Not a language code')).max(20),
  );

  app.get(
    '/tmx/getTMX',
    {
      config: { access: 'customer', produces: ['application/x-tmx+xml'] },
      schema: {
        summary: 'Download your translation memory as TMX 1.4 (optionally only some languages: langs[])',
        tags,
        querystring: z.object({ 'langs[]': langList.optional(), langs: langList.optional() }),
      },
    },
    async (request, reply) => {
      const auth = requireUser(request);
      if (!(await hasMemory(deps.db, auth.user.id))) throw notFound(LANGUAGE_ASSET_TEXTS.tmxEmpty);
      const langs = [...(request.query['langs[]'] ?? []), ...(request.query.langs ?? [])];
      return reply
        .header('content-type', 'application/x-tmx+xml; charset=utf-8')
        .header('content-disposition', contentDisposition('translation-memory.tmx'))
        .header('cache-control', 'private, no-store')
        .send(memoryAsTmx(deps.db, auth.user.id, langs));
    },
  );

  app.get(
    '/api/2/account/tmx/imports',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Your TMX imports (paginated)',
        tags,
        querystring: z.object(paging),
        response: { 200: LANGUAGE_ASSET_ANSWERS.tmImports },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      return {
        status: 'OK' as const,
        ...(await listImports(deps.db, auth.user.id, request.query.page, request.query.limit)),
      };
    },
  );

  app.delete(
    '/api/2/account/tmx/imports/:id',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Delete one TMX import and its units',
        tags,
        params: idParam,
        response: { 200: LANGUAGE_ASSET_ANSWERS.deleted },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      await deleteImport(deps.db, auth.user.id, request.params.id);
      return { status: 'OK' as const, message: LANGUAGE_ASSET_TEXTS.tmxDeleted };
    },
  );

  app.get(
    '/api/2/account/tmx/search',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Units of your memory whose text in `lang` starts with `q` (case and spacing ignored; 20 at most)',
        tags,
        querystring: z.object({ q: z.string().max(200).default(''), lang: z.string().max(40).default('en-US') }),
        response: { 200: LANGUAGE_ASSET_ANSWERS.tmSearch },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      return {
        status: 'OK' as const,
        results: await searchMemory(deps.db, auth.user.id, request.query.q, request.query.lang),
      };
    },
  );

  // ---- glossary files ----
  const accountParam = z.object({ uuid: intId });
  const fileParams = z.object({ uuid: intId, fileId: intId });

  app.get(
    '/api/2/account/:uuid/glossary',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Your glossary files (paginated)',
        tags,
        params: accountParam,
        querystring: z.object(paging),
        response: { 200: LANGUAGE_ASSET_ANSWERS.glossaryList },
      },
    },
    async (request) => {
      const auth = ownAccount(request, request.params.uuid);
      return {
        status: 'OK' as const,
        ...(await listGlossary(deps.db, auth.user.id, request.query.page, request.query.limit)),
      };
    },
  );

  app.post(
    '/api/2/account/:uuid/glossary',
    {
      config: { access: 'customer', multipart: { file: 'file' } },
      schema: {
        summary: `Upload a glossary file (multipart file: ${GLOSSARY_EXTENSIONS.join(', ')}; up to 20 MB)`,
        tags,
        params: accountParam,
        response: { 200: LANGUAGE_ASSET_ANSWERS.glossaryUploaded },
      },
    },
    async (request) => {
      const auth = ownAccount(request, request.params.uuid);
      const received = await receivePart(request, GLOSSARY_RULE);
      const stored = await partToStorage(deps, received, GLOSSARY_RULE);
      const results = await addGlossary(deps, auth.user.id, {
        storageId: stored.id,
        fileName: received.fileName,
        ext: received.ext,
        size: stored.size,
      });
      return { status: 'OK' as const, message: LANGUAGE_ASSET_TEXTS.glossaryUploaded, results };
    },
  );

  app.get(
    '/api/2/account/:uuid/glossary/:fileId',
    {
      config: { access: 'customer', produces: ['*/*'] },
      schema: { summary: 'Download one of your glossary files', tags, params: fileParams },
    },
    async (request, reply) => {
      const auth = ownAccount(request, request.params.uuid);
      const row = await ownGlossary(deps.db, auth.user.id, request.params.fileId);
      const stream = await deps.storage.get(row.storageId);
      return reply
        .header('content-type', row.mime)
        .header('content-length', String(row.sizeBytes))
        .header('content-disposition', contentDisposition(row.fileName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
        .send(stream);
    },
  );

  app.delete(
    '/api/2/account/:uuid/glossary/:fileId',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Delete one of your glossary files',
        tags,
        params: fileParams,
        response: { 200: LANGUAGE_ASSET_ANSWERS.deleted },
      },
    },
    async (request) => {
      const auth = ownAccount(request, request.params.uuid);
      await deleteGlossary(deps, auth.user.id, request.params.fileId);
      return { status: 'OK' as const, message: LANGUAGE_ASSET_TEXTS.glossaryDeleted };
    },
  );

  // ---- shared translation memory (cat-tool-map) ----
  app.get(
    '/api/2/account/cat-tool-map/:id',
    {
      config: { access: 'customer' },
      schema: {
        summary:
          'The translator groups that share your translation memory (user_id: only the groups of that translator)',
        tags,
        params: idParam,
        querystring: z.object({ user_id: intId.optional() }),
        response: { 200: LANGUAGE_ASSET_ANSWERS.accountMap },
      },
    },
    async (request) => {
      ownAccount(request, request.params.id);
      return { status: 'OK' as const, results: await accountMap(deps.db, request.params.id, request.query.user_id) };
    },
  );

  app.get(
    '/api/2/cat-tool-map-groups/:id',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'One of your translator groups with its translators',
        tags,
        params: idParam,
        response: { 200: LANGUAGE_ASSET_ANSWERS.group },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const { ownerId: _owner, ...group } = await ownGroup(deps.db, auth.user.id, request.params.id);
      return { status: 'OK' as const, results: group };
    },
  );

  const groupBody = z.object({ name: z.string().max(100, 'At most 100 characters').default('') });
  const groupRef = z.object({ group_id: intId });
  const memberAdd = z.object({ group_id: intId, email: z.string().max(320).default('') });
  const memberRef = z.object({ group_id: intId, user_id: intId });
  /** DELETE calls take their fields from the body (form or JSON) or, for clients that send none, the query */
  const fromBodyOrQuery = (request: FastifyRequest) => ({
    ...((request.query as object) ?? {}),
    ...((request.body as object | undefined) ?? {}),
  });
  /** a DELETE's ids, read by hand (no body schema): a missing or non-numeric id is the caller's mistake */
  const fieldsOf = <T extends z.ZodTypeAny>(schema: T, request: FastifyRequest): z.infer<T> => {
    const parsed = schema.safeParse(fromBodyOrQuery(request));
    if (!parsed.success) throw badRequest(LANGUAGE_ASSET_TEXTS.groupRefMissing);
    return parsed.data;
  };

  app.post(
    '/api/2/account/cat-tool-map/:id/group',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Create a translator group (name)',
        tags,
        params: idParam,
        body: groupBody,
        response: { 200: LANGUAGE_ASSET_ANSWERS.groupChanged },
      },
    },
    async (request) => {
      const auth = ownAccount(request, request.params.id);
      const results = await createGroup(deps, auth.user.id, request.body.name);
      return { status: 'OK' as const, message: LANGUAGE_ASSET_TEXTS.groupCreated, results };
    },
  );

  app.delete(
    '/api/2/account/cat-tool-map/:id/group',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Delete a translator group (group_id)',
        tags,
        params: idParam,
        response: { 200: LANGUAGE_ASSET_ANSWERS.deleted },
      },
    },
    async (request) => {
      const auth = ownAccount(request, request.params.id);
      const { group_id } = fieldsOf(groupRef, request);
      await deleteGroup(deps.db, auth.user.id, group_id);
      return { status: 'OK' as const, message: LANGUAGE_ASSET_TEXTS.groupDeleted };
    },
  );

  app.post(
    '/api/2/account/cat-tool-map/:id/group/user',
    {
      config: { access: 'customer' },
      schema: {
        summary: "Add a translator to a group (group_id, the translator's email)",
        tags,
        params: idParam,
        body: memberAdd,
        response: { 200: LANGUAGE_ASSET_ANSWERS.groupChanged },
      },
    },
    async (request) => {
      const auth = ownAccount(request, request.params.id);
      const results = await addMember(deps, auth.user.id, request.body.group_id, request.body.email);
      return { status: 'OK' as const, message: LANGUAGE_ASSET_TEXTS.memberAdded, results };
    },
  );

  app.delete(
    '/api/2/account/cat-tool-map/:id/group/user',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Remove a translator from a group (group_id, user_id)',
        tags,
        params: idParam,
        response: { 200: LANGUAGE_ASSET_ANSWERS.groupChanged },
      },
    },
    async (request) => {
      const auth = ownAccount(request, request.params.id);
      const { group_id, user_id } = fieldsOf(memberRef, request);
      const results = await removeMember(deps.db, auth.user.id, group_id, user_id);
      return { status: 'OK' as const, message: LANGUAGE_ASSET_TEXTS.memberRemoved, results };
    },
  );

  // ---- the shared memory on a project page (translators in a group of the project's customer) ----
  app.get(
    '/api/2/projects/:id/translation-memory',
    {
      config: { access: 'translator' },
      schema: {
        summary: "The customer's shared translation memory for this project: its languages",
        tags,
        params: idParam,
        response: { 200: LANGUAGE_ASSET_ANSWERS.projectMemory },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const ownerId = await sharedMemoryOf(deps.db, auth.user.id, request.params.id);
      const languages = ownerId === null ? [] : await memoryLanguages(deps.db, ownerId);
      return {
        status: 'OK' as const,
        results: {
          available: languages.length > 0,
          languages,
          downloadUrl: `/api/2/projects/${request.params.id}/translation-memory/download`,
        },
      };
    },
  );

  app.get(
    '/api/2/projects/:id/translation-memory/download',
    {
      config: { access: 'translator', produces: ['application/x-tmx+xml'] },
      schema: { summary: "Download the customer's shared translation memory as TMX", tags, params: idParam },
    },
    async (request, reply) => {
      const auth = requireUser(request);
      const ownerId = await sharedMemoryOwner(deps.db, auth.user.id, request.params.id);
      if (!(await hasMemory(deps.db, ownerId))) throw notFound(LANGUAGE_ASSET_TEXTS.tmxEmpty);
      return reply
        .header('content-type', 'application/x-tmx+xml; charset=utf-8')
        .header('content-disposition', contentDisposition(`project-${request.params.id}-memory.tmx`))
        .header('cache-control', 'private, no-store')
        .send(memoryAsTmx(deps.db, ownerId));
    },
  );
};
