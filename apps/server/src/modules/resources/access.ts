import { and, eq, inArray, sql } from 'drizzle-orm';
import { PROJECT_TEXTS } from '@parlance/shared';
import type { Db } from '../../db/client';
import { projectResources, projects, purchaseOrderFiles } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { AuthContext } from '../../platform/session';
import { openJobSql, reviewsProjectSql } from '../projects/matching';
import { knownRole } from '../projects/policy';

// Which file a resource id names, and who may open it: the people of a project that holds it (its
// customer, translator, editor), admins, and the reviewer of a QA or LL job over it. A translator the job is only offered to (a candidate)
// sees the brief and the file names, not the files (403); anybody else gets 404.

export const RESOURCE_TEXTS = {
  candidateNoFiles: 'Take the job to open its files.',
} as const;

export type ResourceContext = 'source' | 'reference' | 'translation' | 'edited' | 'post';

export interface ResolvedResource {
  /** "s{n}" or "r{n}" */
  id: string;
  uuid: string;
  storageId: string;
  fileName: string;
  mime: string;
  size: number;
  context: ResourceContext;
  createdAt: Date;
  uploadedBy: number | null;
  /** the project of an added file; the projects holding an order file */
  projectIds: number[];
}

/** "s12" -> source file 12, "r7" -> project resource 7; null for anything else. */
export function parseResourceId(id: string): { kind: 's' | 'r'; n: number } | null {
  const match = /^([sr])(\d{1,9})$/.exec(id);
  if (!match) return null;
  const n = Number(match[2]);
  return n > 0 ? { kind: match[1] as 's' | 'r', n } : null;
}

export const notFoundProject = () => new AppError(404, PROJECT_TEXTS.projectNotFound);

/** The file behind a resource id, or null when there is none (or no project holds it). */
export async function findResource(db: Db, resourceId: string): Promise<ResolvedResource | null> {
  const parsed = parseResourceId(resourceId);
  if (!parsed) return null;
  if (parsed.kind === 'r') {
    const [row] = await db.select().from(projectResources).where(eq(projectResources.id, parsed.n));
    if (!row) return null;
    return {
      id: resourceId,
      uuid: row.uuid,
      storageId: row.storageId,
      fileName: row.fileName,
      mime: row.mime,
      size: row.sizeBytes,
      context: row.context,
      createdAt: row.createdAt,
      uploadedBy: row.uploadedBy,
      projectIds: [row.projectId],
    };
  }
  const [file] = await db.select().from(purchaseOrderFiles).where(eq(purchaseOrderFiles.id, parsed.n));
  if (!file) return null;
  // the projects of the file's order that list it (projects_po_idx, then the jsonb containment)
  const holders = await db
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        eq(projects.purchaseOrderId, file.purchaseOrderId),
        sql`${projects.fileIds} @> ${JSON.stringify([file.id])}::jsonb`,
      ),
    );
  if (holders.length === 0) return null;
  return {
    id: resourceId,
    uuid: `s${file.id}`,
    storageId: file.storageId,
    fileName: file.fileName,
    mime: file.mime,
    size: file.sizeBytes,
    context: file.context,
    createdAt: file.createdAt,
    uploadedBy: null,
    projectIds: holders.map((h) => h.id),
  };
}

/**
 * The resource if the user may open it: 404 for an unknown id or an outsider, 403 for a candidate.
 */
export async function requireResourceAccess(
  db: Db,
  actor: AuthContext,
  resourceId: string,
  now: Date,
): Promise<ResolvedResource> {
  const { user } = actor;
  const resource = await findResource(db, resourceId);
  if (!resource) throw notFoundProject();
  const people = await db
    .select({
      id: projects.id,
      customerId: projects.customerId,
      translatorId: projects.translatorId,
      editorId: projects.editorId,
    })
    .from(projects)
    .where(inArray(projects.id, resource.projectIds));
  if (people.some((p) => knownRole(actor, p) !== null)) return resource;
  if (user.type === 'translator') {
    // the reviewer of a QA or LL job over the project reads its files (ADR 0089)
    const reviewing = await db
      .select({ id: projects.id })
      .from(projects)
      .where(and(inArray(projects.id, resource.projectIds), reviewsProjectSql(user.id, sql`${projects.id}`)))
      .limit(1);
    if (reviewing.length > 0) return resource;
    const offered = await db
      .select({ id: projects.id })
      .from(projects)
      .where(and(inArray(projects.id, resource.projectIds), openJobSql(user.id, now)))
      .limit(1);
    if (offered.length > 0) throw new AppError(403, RESOURCE_TEXTS.candidateNoFiles);
  }
  throw notFoundProject();
}

/** True for the files a browser shows in place (the viewer): PDF and raster images. */
export function opensInline(mime: string): boolean {
  return mime === 'application/pdf' || /^image\/(png|jpe?g|gif|webp|bmp)$/.test(mime);
}

/** A Content-Disposition value with the file's name (ASCII fallback and the UTF-8 form). */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
