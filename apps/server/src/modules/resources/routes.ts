// Project files: resource links and the signed file download, the finished projects' zip, replacing a delivered file, task forms.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOWNLOAD_OPTIONS, projectFileSchema, resourceAnswerSchema } from '@parlance/shared';
import { forbidden, unauthorized } from '../../platform/errors';
import { authorize } from '../../platform/permissions';
import '../projects/policy';
import { requireUser } from '../../platform/guards';
import { contentDisposition, opensInline, requireResourceAccess } from './access';
import { DOWNLOAD_MAX_PROJECTS, planProjectsZip, streamZip } from './download-zip';
import { taskFormTypes } from './form-types';
import { resourceDownloadUrl, resourceLinkKey, verifyResourceToken } from './link-token';
import { replaceDeliveredFile } from './replace';

const TAGS = ['Resources'];
const resourceId = z.string().trim().max(20);
const LINK_EXPIRED = 'This download link has expired. Please open the file again.';

const idList = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const parts = v
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '');
    if (parts.length === 0 || parts.some((p) => !/^\d{1,9}$/.test(p))) {
      ctx.addIssue({ code: 'custom', message: 'Give project ids separated by commas' });
      return z.NEVER;
    }
    return [...new Set(parts.map(Number))];
  })
  .pipe(z.array(z.number().int().positive()).min(1).max(DOWNLOAD_MAX_PROJECTS));

export const resourceRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const now = () => deps.clock.now();

  app.get(
    '/api/2/resources/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: 'A project file\'s short-lived download_url and MIME type ("s{n}" source files, "r{n}" added files)',
        params: z.object({ id: resourceId }),
        response: { 200: resourceAnswerSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { user } = actor;
      const resource = await requireResourceAccess(deps.db, actor, request.params.id, now());
      const key = await resourceLinkKey(deps.db);
      return { download_url: resourceDownloadUrl(key, resource.id, user.id, now()), file_mime: resource.mime };
    },
  );

  app.get(
    '/api/2/resources/:id/file',
    {
      config: { access: 'user', produces: ['*/*'] },
      schema: {
        tags: TAGS,
        summary:
          'The file of a signed download_url (inline for PDF and images, else an attachment; with S3_PRESIGNED_DOWNLOADS an attachment answers 302 to a five-minute link into the bucket)',
        params: z.object({ id: resourceId }),
        querystring: z.object({ token: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      if (!auth) throw unauthorized();
      const { id } = request.params;
      const key = await resourceLinkKey(deps.db);
      if (!verifyResourceToken(key, request.query.token, id, auth.user.id, now())) throw forbidden(LINK_EXPIRED);
      // the rights are checked again: a link outlives nobody's access
      const resource = await requireResourceAccess(deps.db, auth, id, now());
      const inline = opensInline(resource.mime);
      // an attachment is a top-level download: the browser may fetch it from the bucket itself. What
      // opens inline stays here: the viewer frames it, and the CSP lets frames load from us only.
      if (!inline && deps.storage.downloadLink) {
        const link = await deps.storage.downloadLink(resource.storageId, {
          contentDisposition: contentDisposition('attachment', resource.fileName),
          contentType: resource.mime,
        });
        return reply.header('cache-control', 'private, no-store').redirect(link, 302);
      }
      const stream = await deps.storage.get(resource.storageId);
      return (
        reply
          .header('content-type', resource.mime)
          .header('content-length', String(resource.size))
          .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', resource.fileName))
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          // PDFs and images open in the app's viewer (an iframe of this address); nothing else may frame
          // them, and an attachment is never framed at all
          .header(
            'content-security-policy',
            inline ? "frame-ancestors 'self'" : "default-src 'none'; frame-ancestors 'none'",
          )
          .send(stream)
      );
    },
  );

  app.get(
    '/api/2/projects/download',
    {
      config: { access: 'user', produces: ['application/zip'] },
      schema: {
        tags: TAGS,
        summary:
          "Finished projects' files as one zip (ids=1,2; option=all: sources and translations, translated: translations only)",
        querystring: z.object({ ids: idList, option: z.enum(DOWNLOAD_OPTIONS).default('all') }),
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      authorize(actor, 'project.download-zip', null);
      const entries = await planProjectsZip(deps.db, actor, request.query.ids, request.query.option);
      const name = request.query.ids.length === 1 ? `project-${request.query.ids[0]}.zip` : 'projects.zip';
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition('attachment', name))
        .header('cache-control', 'private, no-store')
        .send(
          await streamZip(deps.storage, entries, (e) =>
            request.log.error({ path: e.path, storageId: e.storageId }, 'a project file is missing from storage'),
          ),
        );
    },
  );

  app.post(
    '/api/2/projects/:id/resource/:uuid',
    {
      config: { access: 'user', multipart: { file: 'file' } },
      schema: {
        tags: TAGS,
        summary: 'Replace a delivered file with a new version (multipart: file); only its uploader, before approval',
        params: z.object({ id: z.coerce.number().int().positive(), uuid: z.string().trim().min(1).max(100) }),
        response: { 200: z.object({ status: z.literal('OK'), file: projectFileSchema }) },
      },
    },
    async (request) => {
      const file = await replaceDeliveredFile(
        deps,
        request,
        requireUser(request),
        request.params.id,
        request.params.uuid,
      );
      return { status: 'OK' as const, file };
    },
  );

  app.get(
    '/api/3/tasks/form-types',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: "The quality-report forms of a QA or LL task (task_uuid: the task project's id)",
        querystring: z.object({ task_uuid: z.string().trim().min(1).max(100) }),
        response: { 200: z.array(z.object({ type: z.enum(['free', 'detailed']), name: z.string() })) },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      authorize(actor, 'task.form-types', null);
      return taskFormTypes(deps.db, actor, request.query.task_uuid, now());
    },
  );
};
