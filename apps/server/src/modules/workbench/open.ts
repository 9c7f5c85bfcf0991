import { and, asc, eq, gt, sql } from 'drizzle-orm';
import {
  inStatusGroup,
  isMachineOnlyType,
  type SegmentStatus,
  type WorkbenchJob,
  type WorkbenchSegmentPage,
  WORKBENCH_LIMITS,
  WORKBENCH_TEXTS,
} from '@parlance/shared';
import type { Db, Tx } from '../../db/client';
import { mtJobs, projects, workbenchDocuments, workbenchSegments } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { type MtLanguage, MtError } from '../../platform/mt';
import { plainText } from '../../platform/segments';
import type { Services } from '../../platform/services';
import { keyOf, type SourceFile, sourceFilesOf } from '../machine-translation/source-files';
import type { ProjectRecord } from '../projects/present';
import type { AuthContext } from '../../platform/session';
import { setupOf } from '../machine-translation/engine-choice';
import { workbenchAccess } from './access';
import { deliveredNote as deliveredNoteOf } from './delivered';
import { disputedSegmentsOf } from './disputed';
import { annotationsFor, presentDocument, presentSegment, progressOf } from './present';
import { mtLanguages } from '../wizard/mt-params';

// The first open of a job (ADR 0109): its source files are read and split into segments once, and
// stored as workbench_documents and workbench_segments in one transaction; every later open reads
// the rows. The upload stays the skeleton a delivery merges the targets into. Two tabs opening at
// once: the project row is locked and the documents looked for again, so one of them stores the
// segments and the other finds them (the unique indexes back this up). Segments are inserted in
// batches, so a file of ten thousand segments opens in one round trip per batch.
// The open answers the first screens of segments only; the editor reads the rest a page at a time
// (GET .../segments?after=<ordinal>) behind the first rows it shows (ADR 0115). Each segment keeps
// how many other segments of the job have its source, so that confirming a unique one fills nothing.

/** Segments per INSERT (one JSON parameter each). */
const INSERT_BATCH = 2_000;

/** The key that finds a segment's repetitions: its plain text lower-cased with spaces collapsed. */
export function repetitionKeyOf(markup: string): string {
  return plainText(markup).toLowerCase().replace(/\s+/g, ' ').trim();
}

export interface ProjectPair {
  source: MtLanguage;
  target: MtLanguage;
}

/** The project's languages as ISO codes and names (the registry's slugs are the project's). */
export async function pairOf(
  db: Db | Tx,
  project: Pick<ProjectRecord, 'sourceLanguage' | 'targetLanguage'>,
): Promise<ProjectPair> {
  const sourceSlug = project.sourceLanguage ?? '';
  const targetSlug = project.targetLanguage ?? '';
  const named = await mtLanguages(db, [sourceSlug, targetSlug]);
  return {
    source: named.get(sourceSlug) ?? { iso: sourceSlug || 'und', name: sourceSlug },
    target: named.get(targetSlug) ?? { iso: targetSlug || 'und', name: targetSlug },
  };
}

async function hasDocuments(db: Db | Tx, projectId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: workbenchDocuments.id })
    .from(workbenchDocuments)
    .where(eq(workbenchDocuments.projectId, projectId))
    .limit(1);
  return row !== undefined;
}

/** The project's files as segments; a project with none the editor reads is refused (409). */
export async function segmentableFiles(
  deps: Pick<Services, 'db' | 'storage'>,
  project: ProjectRecord,
  sourceIso: string,
): Promise<SourceFile[]> {
  let files: SourceFile[];
  try {
    files = await sourceFilesOf(deps.db, deps.storage, project, sourceIso);
  } catch (error) {
    // a file the segmenter cannot read (audio, a scan, a legacy format): the job is done outside
    if (error instanceof AppError && error.statusCode < 500) throw new AppError(409, WORKBENCH_TEXTS.noFiles);
    throw error;
  }
  if (!files.some((f) => f.segments.length > 0)) throw new AppError(409, WORKBENCH_TEXTS.noFiles);
  return files;
}

/** The machine's targets a job starts from: a post-editing draft, or a machine-only delivery. */
async function machineTargetsOf(
  db: Db,
  project: ProjectRecord,
): Promise<{ translations: Record<string, string>; status: SegmentStatus; engine: string | null } | null> {
  const [job] = await db
    .select({ translations: mtJobs.translations, engine: mtJobs.engine })
    .from(mtJobs)
    .where(eq(mtJobs.projectId, project.id));
  if (!job || Object.keys(job.translations).length === 0) return null;
  // what the system delivered is the translation; a draft for a person to post-edit is not confirmed
  const deliveredByMachine =
    isMachineOnlyType(project.type) && project.translatorId === null && inStatusGroup('delivered', project.status);
  return { translations: job.translations, status: deliveredByMachine ? 'translated' : 'draft', engine: job.engine };
}

/**
 * Makes sure the job's segments are stored: nothing to do once they are; otherwise the files are
 * read outside the transaction (the slow part) and stored inside it, under the project's lock.
 */
export async function ensureOpened(
  deps: Pick<Services, 'db' | 'storage' | 'clock'>,
  project: ProjectRecord,
): Promise<void> {
  if (await hasDocuments(deps.db, project.id)) return;
  const pair = await pairOf(deps.db, project);
  const files = await segmentableFiles(deps, project, pair.source.iso);
  const machine = await machineTargetsOf(deps.db, project);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, project.id)).for('update');
    if (await hasDocuments(tx, project.id)) return;
    await storeSegments(tx, project.id, files, machine, now);
  });
}

async function storeSegments(
  tx: Tx,
  projectId: number,
  files: SourceFile[],
  machine: Awaited<ReturnType<typeof machineTargetsOf>>,
  now: Date,
): Promise<void> {
  const withSegments = files.filter((f) => f.segments.length > 0);
  const documents = await tx
    .insert(workbenchDocuments)
    .values(
      withSegments.map((f, i) => ({
        projectId,
        fileId: f.id,
        position: i + 1,
        fileName: f.fileName,
        format: f.format,
        output: f.output,
        segmentCount: f.segments.length,
        words: f.segments.reduce((sum, s) => sum + s.words, 0),
        createdAt: now,
      })),
    )
    .returning({ id: workbenchDocuments.id, fileId: workbenchDocuments.fileId });
  const documentOf = new Map(documents.map((d) => [d.fileId, d.id]));
  // how many segments of the job share each source: a confirm fills the others (save.ts)
  const sameSource = new Map<string, number>();
  for (const file of withSegments)
    for (const s of file.segments) sameSource.set(s.source, (sameSource.get(s.source) ?? 0) + 1);
  let ordinal = 0;
  let batch: SegmentInsert[] = [];
  for (const file of withSegments) {
    const documentId = documentOf.get(file.id) ?? 0;
    for (const s of file.segments) {
      const machineTarget = machine?.translations[keyOf(file.id, s.id)];
      ordinal += 1;
      batch.push({
        d: documentId,
        o: ordinal,
        k: s.id,
        s: s.source,
        g: s.tags,
        c: s.context,
        w: s.words,
        r: repetitionKeyOf(s.source),
        n: (sameSource.get(s.source) ?? 1) - 1,
        t: machineTarget ?? '',
        st: machineTarget !== undefined && machine ? machine.status : 'new',
        m: machineTarget !== undefined && machine ? machineTarget : null,
        e: machineTarget !== undefined && machine ? machine.engine : null,
      });
      if (batch.length === INSERT_BATCH) {
        await insertSegments(tx, projectId, batch);
        batch = [];
      }
    }
  }
  if (batch.length > 0) await insertSegments(tx, projectId, batch);
}

/** One segment to insert, in the short keys of the JSON the INSERT reads. */
interface SegmentInsert {
  d: number;
  o: number;
  k: string;
  s: string;
  g: unknown;
  c: string;
  w: number;
  r: string;
  n: number;
  t: string;
  st: SegmentStatus;
  m: string | null;
  e: string | null;
}

/**
 * One statement per batch with one parameter (the rows as JSON), as tmx.ts imports a memory: a
 * VALUES list of thousands of parameters costs far more to parse and plan than the data itself.
 */
async function insertSegments(tx: Tx, projectId: number, rows: SegmentInsert[]): Promise<void> {
  await tx.execute(sql`
    INSERT INTO workbench_segments (document_id, project_id, ordinal, segment_key, source, tags, context, words,
      repetition_key, repetitions, target, status, origin, machine_target, machine_engine)
    SELECT r.d, ${projectId}::int, r.o, r.k, r.s, r.g, r.c, r.w, r.r, r.n, r.t, r.st,
      CASE WHEN r.m IS NULL THEN NULL ELSE 'machine' END, r.m, r.e
    FROM json_to_recordset(${JSON.stringify(rows)}::json)
      AS r(d int, o int, k text, s text, g jsonb, c text, w int, r text, n int, t text, st text, m text, e text)`);
}

/** Whether an engine can suggest for the pair, and which (the customer's choice when it serves). */
async function machineOf(
  deps: Pick<Services, 'db' | 'mt'>,
  project: ProjectRecord,
): Promise<WorkbenchJob['machineTranslation']> {
  if (deps.mt.list.length === 0) return null;
  try {
    const setup = await setupOf(deps.db, deps.mt, project);
    return { engine: setup.engine.slug, label: setup.engine.name };
  } catch (error) {
    if (error instanceof MtError) return null;
    throw error;
  }
}

/** The job's segments after an ordinal, in order, at most `limit` of them. */
function segmentsAfter(db: Db, projectId: number, after: number, limit: number) {
  return db
    .select()
    .from(workbenchSegments)
    .where(and(eq(workbenchSegments.projectId, projectId), gt(workbenchSegments.ordinal, after)))
    .orderBy(asc(workbenchSegments.ordinal))
    .limit(limit);
}

/** GET /api/2/workbench/projects/{id}: the job, stored on its first open, with its first segments. */
export async function openJob(
  deps: Pick<Services, 'db' | 'storage' | 'clock' | 'mt'>,
  actor: AuthContext,
  projectId: number,
): Promise<WorkbenchJob> {
  const access = await workbenchAccess(deps.db, actor, projectId, deps.clock.now());
  const shown = access.segmentsProject;
  await ensureOpened(deps, shown);
  // a job delivered as files, read: its delivered files became the targets at the delivery (ADR
  // 0114, 0122); the open reads what that stored
  const pair = await pairOf(deps.db, shown);
  const deliveredNote = access.readOnly === null ? null : await deliveredNoteOf(deps, shown, pair.target.iso);
  const [documents, segments, annotations, progress, machineTranslation, disputed] = await Promise.all([
    deps.db
      .select()
      .from(workbenchDocuments)
      .where(eq(workbenchDocuments.projectId, shown.id))
      .orderBy(asc(workbenchDocuments.position)),
    segmentsAfter(deps.db, shown.id, 0, WORKBENCH_LIMITS.openSegments),
    annotationsFor(deps.db, access, actor.user.id, { toOrdinal: WORKBENCH_LIMITS.openSegments }),
    progressOf(deps.db, shown.id),
    access.readOnly === null ? machineOf(deps, shown) : Promise.resolve(null),
    disputedSegmentsOf(deps.db, shown.id),
  ]);
  const job = access.project;
  return {
    project: {
      id: job.id,
      name: job.name,
      status: job.status,
      type: job.type,
      sourceLang: pair.source,
      targetLang: pair.target,
      deadline: (access.role === 'editor' ? job.editDeadline : job.deadline)?.toISOString() ?? null,
    },
    reviewedProjectId: shown.id === job.id ? null : shown.id,
    role: access.role,
    readOnly: access.readOnly,
    confirmStatus: access.confirmStatus,
    canDeliver: access.canDeliver,
    canAnnotate: access.canAnnotate,
    canDispute: access.canDispute,
    machineTranslation,
    documents: documents.map(presentDocument),
    segments: segments.map((s) => presentSegment(s, annotations.get(s.id) ?? [])),
    segmentTotal: documents.reduce((sum, d) => sum + d.segmentCount, 0),
    progress,
    disputed: disputed.map((d) => ({ segmentId: d.segmentId, comment: d.comment })),
    deliveredNote,
  };
}

/**
 * GET /api/2/workbench/projects/{id}/segments: the segments after the ordinal `after`, for whoever
 * may open the job, with the annotations this person sees on them.
 */
export async function openSegmentsPage(
  deps: Pick<Services, 'db' | 'clock'>,
  actor: AuthContext,
  projectId: number,
  after: number,
  limit: number,
): Promise<WorkbenchSegmentPage> {
  const access = await workbenchAccess(deps.db, actor, projectId, deps.clock.now());
  const shown = access.segmentsProject;
  // one more than asked says whether another page follows
  const [rows, annotations] = await Promise.all([
    segmentsAfter(deps.db, shown.id, after, limit + 1),
    annotationsFor(deps.db, access, actor.user.id, { fromOrdinal: after + 1, toOrdinal: after + limit }),
  ]);
  const page = rows.slice(0, limit);
  return {
    segments: page.map((s) => presentSegment(s, annotations.get(s.id) ?? [])),
    more: rows.length > limit,
  };
}
