import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { projectFileSchema } from '@parlance/shared';
import type { Services } from '../../platform/services';
import { projectResources } from '../../db/schema';
import { safeEqual } from '../../platform/crypto';
import { forbidden } from '../../platform/errors';
import { requireUser } from '../../platform/guards';
import { notFoundProject, requireResourceAccess } from './access';
import { resourceDownloadUrl, resourceLinkKey } from './link-token';
import { presentResolved } from './present';

// GET /registry/get?data=PostResource&project_id&resource_uuid&_token: a file added to a project,
// with its download_url, for whoever may open it. `_token` is the session's CSRF token when sent.

export const postResourceSchema = projectFileSchema.extend({
  projectId: z.number(),
  download_url: z.string(),
  file_mime: z.string(),
});

interface KindContext {
  request: FastifyRequest;
  deps: Services;
  query: Record<string, unknown>;
}

export async function loadPostResource({
  request,
  deps,
  query,
}: KindContext): Promise<z.infer<typeof postResourceSchema>> {
  const actor = requireUser(request);
  const { user } = actor;
  const token = typeof query._token === 'string' ? query._token : undefined;
  if (token !== undefined && request.session && !safeEqual(token, request.session.csrfToken)) throw forbidden();
  const projectId = Number(query.project_id);
  const uuid = typeof query.resource_uuid === 'string' ? query.resource_uuid.trim() : '';
  if (!Number.isInteger(projectId) || projectId <= 0 || !uuid || uuid.length > 100) throw notFoundProject();
  const [row] = await deps.db
    .select({ id: projectResources.id })
    .from(projectResources)
    .where(and(eq(projectResources.projectId, projectId), eq(projectResources.uuid, uuid)));
  if (!row) throw notFoundProject();
  const now = deps.clock.now();
  const resource = await requireResourceAccess(deps.db, actor, `r${row.id}`, now);
  return {
    ...presentResolved(resource),
    projectId,
    download_url: resourceDownloadUrl(await resourceLinkKey(deps.db), resource.id, user.id, now),
    file_mime: resource.mime,
  };
}
