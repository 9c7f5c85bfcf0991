import { asc, eq, sql } from 'drizzle-orm';
import { type SavedSegmentStatus, WORKBENCH_TEXTS, type XliffImportResult } from '@parlance/shared';
import type { Db } from '../../db/client';
import { workbenchDocuments, workbenchSegments } from '../../db/schema';
import { AppError } from '../../platform/errors';
import {
  exportXliff,
  readXliff,
  type SegmentState,
  type TagInfo,
  type XliffJob,
  type XliffSegment,
} from '../../platform/segments';
import { mtLanguages } from '../wizard/mt-params';

// A job's segments as one XLIFF 2.1 file (ADR 0110), for a translator who works in their own CAT
// tool: every document of the job in one <file>, each segment a unit whose id is the segment's id.
// The file taken back must be for this job; its targets that fit their segment's tags are saved
// (origin "xliff"), the others are listed and left as they were.

/** The project whose segments these are, and what the asker may do with them. */
export interface XliffAccess {
  segmentsProject: {
    id: number;
    name: string;
    sourceLanguage: string | null;
    targetLanguage: string | null;
    /** the status in which the import was allowed: the UPDATE requires it still */
    status: string;
  };
  confirmStatus: 'translated' | 'reviewed';
}

/** A segment's status as an XLIFF state: a draft is a target not yet confirmed ("initial"). */
const STATE_OF: Record<string, SegmentState | undefined> = {
  draft: 'initial',
  translated: 'translated',
  reviewed: 'reviewed',
};

async function jobOf(db: Db, access: XliffAccess): Promise<XliffJob> {
  const project = access.segmentsProject;
  const named = await mtLanguages(db, [project.sourceLanguage ?? '', project.targetLanguage ?? '']);
  return {
    jobId: String(project.id),
    srcLang: named.get(project.sourceLanguage ?? '')?.iso ?? project.sourceLanguage ?? 'und',
    trgLang: named.get(project.targetLanguage ?? '')?.iso ?? project.targetLanguage ?? 'und',
  };
}

/** A file name without the characters a file system or a header refuses. */
function safeName(name: string): string {
  return (
    name
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\\/:*?"<>|\u0000-\u001f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 120) || 'job'
  );
}

/** GET /api/2/workbench/projects/{id}/xliff: the job's file and the name to save it under. */
export async function exportJobXliff(db: Db, access: XliffAccess): Promise<{ fileName: string; xml: string }> {
  const project = access.segmentsProject;
  const job = await jobOf(db, access);
  const documents = await db
    .select({ id: workbenchDocuments.id, fileName: workbenchDocuments.fileName })
    .from(workbenchDocuments)
    .where(eq(workbenchDocuments.projectId, project.id))
    .orderBy(asc(workbenchDocuments.position));
  const names = new Map(documents.map((d) => [d.id, d.fileName]));
  const rows = await db
    .select({
      id: workbenchSegments.id,
      documentId: workbenchSegments.documentId,
      source: workbenchSegments.source,
      tags: workbenchSegments.tags,
      context: workbenchSegments.context,
      target: workbenchSegments.target,
      status: workbenchSegments.status,
    })
    .from(workbenchSegments)
    .where(eq(workbenchSegments.projectId, project.id))
    .orderBy(asc(workbenchSegments.ordinal));
  const several = documents.length > 1;
  const segments: XliffSegment[] = rows.map((row) => {
    // with several documents in one file, each unit says which document it is from
    const fileName = names.get(row.documentId) ?? '';
    const context = several ? [fileName, row.context].filter(Boolean).join(': ') : row.context;
    return {
      id: String(row.id),
      source: row.source,
      tags: row.tags as Record<string, TagInfo>,
      context: context || undefined,
      target: row.status === 'new' ? undefined : row.target,
      state: STATE_OF[row.status],
    };
  });
  const xml = exportXliff({ ...job, fileName: documents.length === 1 ? documents[0].fileName : undefined }, segments);
  return { fileName: `${safeName(project.name)}-${job.srcLang}-${job.trgLang}.xlf`, xml };
}

const notForJob = (detail?: string) =>
  new AppError(422, detail ? `${WORKBENCH_TEXTS.xliffNotForJob}: ${detail}.` : WORKBENCH_TEXTS.xliffNotForJob, {
    file: WORKBENCH_TEXTS.xliffNotForJob,
  });

/** Bytes as UTF-8 text; a file in another encoding is refused rather than read as mojibake. */
function utf8(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError(422, WORKBENCH_TEXTS.xliffNotUtf8, { file: WORKBENCH_TEXTS.xliffNotUtf8 });
  }
}

/**
 * POST /api/2/workbench/projects/{id}/xliff, for who may edit: the targets of a file a CAT tool wrote. Every unit
 * must be a segment of this job (422 otherwise, nothing saved); a target whose tags do not fit is
 * listed in problems and not saved; the others are saved in one statement, each revision + 1.
 */
export async function importJobXliff(
  db: Db,
  access: XliffAccess,
  actorId: number,
  bytes: Buffer,
  now: Date,
): Promise<XliffImportResult> {
  const project = access.segmentsProject;
  const job = await jobOf(db, access);
  const rows = await db
    .select({
      id: workbenchSegments.id,
      tags: workbenchSegments.tags,
      target: workbenchSegments.target,
      status: workbenchSegments.status,
    })
    .from(workbenchSegments)
    .where(eq(workbenchSegments.projectId, project.id));
  const reading = readXliff(
    utf8(bytes),
    job,
    rows.map((r) => ({ id: String(r.id), tags: r.tags as Record<string, TagInfo> })),
  );
  if (reading.foreign.length > 0) {
    const shown = reading.foreign.slice(0, 3).join(', ') + (reading.foreign.length > 3 ? ', …' : '');
    throw notForJob(shown);
  }
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  const changes: { id: number; target: string; status: SavedSegmentStatus }[] = [];
  let unchanged = 0;
  for (const [id, imported] of reading.targets) {
    const row = byId.get(id);
    if (!row) continue;
    const status: SavedSegmentStatus = imported.state === 'initial' ? 'draft' : access.confirmStatus;
    if (row.target === imported.target && row.status === status) unchanged += 1;
    else changes.push({ id: row.id, target: imported.target, status });
  }
  if (changes.length > 0) {
    // one statement with one parameter: thousands of targets cost one round trip
    // as a single save (save.ts stillEditable): the job must still be editable, under the
    // project row's share lock, so an import on its way while the job is delivered changes nothing
    const result = (await db.execute(sql`
      UPDATE workbench_segments AS s
      SET target = c.target, status = c.status, origin = 'xliff', match_percent = NULL,
          revision = s.revision + 1, updated_by = ${actorId}, updated_at = ${now.toISOString()}::timestamptz
      FROM json_to_recordset(${JSON.stringify(changes)}::json) AS c(id bigint, target text, status text)
      WHERE s.id = c.id AND s.project_id = ${project.id}
        AND EXISTS (SELECT 1 FROM projects p WHERE p.id = ${project.id} AND p.status = ${project.status} FOR SHARE)
      RETURNING s.id`)) as unknown as { rows: unknown[] };
    if (result.rows.length === 0) throw new AppError(409, WORKBENCH_TEXTS.notEditable);
  }
  return { updated: changes.length, unchanged, problems: reading.problems };
}
