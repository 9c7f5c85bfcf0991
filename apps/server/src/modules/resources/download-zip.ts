import { and, asc, inArray } from 'drizzle-orm';
import { inStatusGroup } from '@parlance/shared';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { type DownloadOption, PROJECT_TEXTS } from '@parlance/shared';
import type { Db } from '../../db/client';
import { projectResources, projects, purchaseOrderFiles } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { AuthContext } from '../../platform/session';
import type { Storage } from '../../platform/storage';
import { seesAllProjects } from '../projects/policy';
import { notFoundProject } from './access';

// The customer's download of finished projects as one zip: a folder per project, the source (and
// reference) files for option=all, and the translations (delivered and edited) under translation/.

export const DOWNLOAD_MAX_PROJECTS = 100;

interface ZipEntry {
  path: string;
  storageId: string;
  mtime: Date;
}

/** A file or folder name safe in a zip on every system. */
export function safeName(name: string, max = 100): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we strip
  const clean = name.replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, '_').replace(/^[.\s]+|[.\s]+$/g, '');
  return clean.slice(0, max) || 'file';
}

/** Names made unique within a folder: "a.txt", "a (2).txt". */
function uniquePath(used: Set<string>, folder: string, fileName: string): string {
  const name = safeName(fileName, 150);
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : '';
  let candidate = `${folder}/${name}`;
  for (let i = 2; used.has(candidate.toLowerCase()); i++) candidate = `${folder}/${stem} (${i})${ext}`;
  used.add(candidate.toLowerCase());
  return candidate;
}

/**
 * The entries of the zip of `ids` for `user`: 404 when one is not theirs (admins may take any), 409
 * when one is not finished.
 */
export async function planProjectsZip(
  db: Db,
  actor: AuthContext,
  ids: number[],
  option: DownloadOption,
): Promise<ZipEntry[]> {
  const rows = await db
    .select({
      id: projects.id,
      name: projects.name,
      status: projects.status,
      customerId: projects.customerId,
      fileIds: projects.fileIds,
    })
    .from(projects)
    .where(inArray(projects.id, ids))
    .orderBy(asc(projects.id));
  const staff = seesAllProjects(actor);
  if (rows.length !== ids.length || rows.some((p) => p.customerId !== actor.user.id && !staff)) throw notFoundProject();
  if (rows.some((p) => !inStatusGroup('downloadable', p.status))) {
    throw new AppError(409, PROJECT_TEXTS.downloadOnlyFinished);
  }
  const sourceIds = option === 'all' ? [...new Set(rows.flatMap((p) => p.fileIds))] : [];
  const sources = sourceIds.length
    ? await db.select().from(purchaseOrderFiles).where(inArray(purchaseOrderFiles.id, sourceIds))
    : [];
  const sourceById = new Map(sources.map((f) => [f.id, f]));
  const added = await db
    .select()
    .from(projectResources)
    .where(and(inArray(projectResources.projectId, ids), inArray(projectResources.context, ['translation', 'edited'])))
    .orderBy(asc(projectResources.id));

  const entries: ZipEntry[] = [];
  const used = new Set<string>();
  for (const p of rows) {
    const folder = safeName(`${p.id} - ${p.name}`, 80);
    for (const fileId of option === 'all' ? p.fileIds : []) {
      const f = sourceById.get(fileId);
      if (!f) continue;
      const sub = f.context === 'reference' ? 'reference' : 'source';
      entries.push({
        path: uniquePath(used, `${folder}/${sub}`, f.fileName),
        storageId: f.storageId,
        mtime: f.createdAt,
      });
    }
    for (const r of added.filter((a) => a.projectId === p.id)) {
      entries.push({
        path: uniquePath(used, `${folder}/translation`, r.fileName),
        storageId: r.storageId,
        mtime: r.createdAt,
      });
    }
  }
  return entries;
}

/**
 * Streams the entries as a zip: each file is opened only when the zip reaches it. Files missing
 * from storage are left out (and reported), so that one lost file does not break the whole zip.
 */
export async function streamZip(
  storage: Storage,
  entries: ZipEntry[],
  onMissing: (entry: ZipEntry) => void = () => {},
): Promise<Readable> {
  const zip = new yazl.ZipFile();
  for (const e of entries) {
    if (!(await storage.stat(e.storageId))) {
      onMissing(e);
      continue;
    }
    zip.addReadStreamLazy(e.path, { mtime: e.mtime }, (cb) => {
      storage.get(e.storageId).then(
        (stream) => cb(null, stream),
        (error: unknown) => cb(error, undefined as unknown as NodeJS.ReadableStream),
      );
    });
  }
  zip.end();
  return zip.outputStream as Readable;
}
