import { buffer } from 'node:stream/consumers';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { inStatusGroup, WORKBENCH_TEXTS } from '@parlance/shared';
import {
  projectResources,
  projects,
  workbenchDeliveredReads,
  workbenchDocuments,
  workbenchSegments,
} from '../../db/schema';
import { checkTags, detectFormat, extract, parseMarkup, plainText, type Segment } from '../../platform/segments';
import { escapeMarkup } from '../../platform/segments/inline';
import type { Services } from '../../platform/services';
import { outputName } from '../machine-translation/source-files';
import type { ProjectRecord } from '../projects/present';

// A job delivered as files (the translator worked outside the editor) has segments with no
// target: its reviewer and its customer would read "No translation yet" everywhere. The delivered
// files are read back into the targets once (ADR 0114), right after the delivery (ADR 0122): each
// delivered file of the same format as its document is extracted with the segmenter of the target
// language and aligned with the source's segments paragraph by paragraph (a block of the file): the
// same number of sentences map one to one; otherwise the paragraph's whole translation goes on its
// first segment and the others stay empty. The targets are stored as translated, of origin
// "delivered", once: a job whose segments have any target is left as it is. What the read gave (and
// whether a file could not be read) is stored with the newest delivered file it read, so an open
// reads that row and never a file; a job delivered before reads were stored is read on its first
// open, once, and a failure is never tried again for the same delivery.

type SegmentRow = Pick<typeof workbenchSegments.$inferSelect, 'id' | 'segmentKey' | 'tags'>;

/** "p12.3" is sentence 3 of block p12. */
const blockOf = (segmentId: string) => segmentId.slice(0, segmentId.lastIndexOf('.'));

function groupByBlock<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = blockOf(keyOf(item));
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** The delivered sentence as a target of this source: its markup when its tags fit, else its text. */
function targetFor(source: SegmentRow, delivered: Segment): string {
  const { tokens, problems } = parseMarkup(delivered.source);
  const fits = problems.length === 0 && checkTags(tokens, source.tags as Parameters<typeof checkTags>[1]).length === 0;
  return fits ? delivered.source : escapeMarkup(plainText(delivered.source));
}

/** The targets of one document's segments from its delivered file, by segment id. */
export function alignDelivered(sources: SegmentRow[], delivered: Segment[]): Map<number, string> {
  const targets = new Map<number, string>();
  const deliveredBlocks = groupByBlock(delivered, (s) => s.id);
  for (const [block, segments] of groupByBlock(sources, (s) => s.segmentKey)) {
    const translated = deliveredBlocks.get(block) ?? [];
    if (translated.length === 0) continue;
    if (translated.length === segments.length) {
      segments.forEach((s, i) => {
        targets.set(s.id, targetFor(s, translated[i]));
      });
      continue;
    }
    const whole = translated
      .map((d) => plainText(d.source))
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    segments.forEach((s, i) => {
      targets.set(s.id, i === 0 ? escapeMarkup(whole) : '');
    });
  }
  return targets;
}

async function hasTargets(db: Services['db'], projectId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: workbenchSegments.id })
    .from(workbenchSegments)
    .where(and(eq(workbenchSegments.projectId, projectId), sql`${workbenchSegments.target} <> ''`))
    .limit(1);
  return row !== undefined;
}

/**
 * Fills the targets of a delivered job from its delivered files when none of its segments has one;
 * answers whether a delivered file could not be read.
 */
async function fillDeliveredTargets(
  deps: Pick<Services, 'db' | 'storage' | 'clock'>,
  project: ProjectRecord,
  targetIso: string,
): Promise<boolean> {
  if (await hasTargets(deps.db, project.id)) return false;
  const [documents, resources] = await Promise.all([
    deps.db
      .select()
      .from(workbenchDocuments)
      .where(eq(workbenchDocuments.projectId, project.id))
      .orderBy(asc(workbenchDocuments.position)),
    deps.db
      .select()
      .from(projectResources)
      .where(
        and(eq(projectResources.projectId, project.id), inArray(projectResources.context, ['translation', 'edited'])),
      )
      .orderBy(desc(projectResources.createdAt), desc(projectResources.id)),
  ]);
  if (resources.length === 0) return false;
  // the editor's version of a file over the translator's, the latest of each
  const ranked = [
    ...resources.filter((r) => r.context === 'edited'),
    ...resources.filter((r) => r.context === 'translation'),
  ];
  const targets = new Map<number, string>();
  let unreadable = false;
  for (const doc of documents) {
    const names = new Set([outputName(doc.fileName, doc.output), doc.fileName]);
    const sameExtension = (name: string) => name.toLowerCase().endsWith(`.${doc.output}`);
    const file =
      ranked.find((r) => names.has(r.fileName)) ??
      (documents.length === 1 ? ranked.find((r) => sameExtension(r.fileName)) : undefined);
    if (!file) {
      unreadable = true;
      continue;
    }
    try {
      const bytes = new Uint8Array(await buffer(await deps.storage.get(file.storageId)));
      const format = detectFormat(bytes, file.fileName);
      if (format !== doc.output && format !== doc.format) {
        unreadable = true;
        continue;
      }
      const { segments: delivered } = await extract(bytes, format, targetIso);
      const sources = await deps.db
        .select({ id: workbenchSegments.id, segmentKey: workbenchSegments.segmentKey, tags: workbenchSegments.tags })
        .from(workbenchSegments)
        .where(eq(workbenchSegments.documentId, doc.id))
        .orderBy(asc(workbenchSegments.ordinal));
      const aligned = alignDelivered(sources, delivered);
      if (aligned.size === 0) unreadable = true;
      for (const [id, target] of aligned) targets.set(id, target);
    } catch {
      // a file the segmenter cannot read (another format under the same name, a damaged file)
      unreadable = true;
    }
  }
  if (targets.size > 0) {
    const now = deps.clock.now();
    const rows = [...targets].map(([id, target]) => ({ i: id, t: target }));
    await deps.db.transaction(async (tx) => {
      await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, project.id)).for('update');
      const [filled] = await tx
        .select({ id: workbenchSegments.id })
        .from(workbenchSegments)
        .where(and(eq(workbenchSegments.projectId, project.id), sql`${workbenchSegments.target} <> ''`))
        .limit(1);
      if (filled) return; // another reader filled them first
      await tx.execute(sql`
        UPDATE workbench_segments AS s
        SET target = r.t, status = 'translated', origin = 'delivered', match_percent = NULL,
          revision = s.revision + 1, updated_at = ${now.toISOString()}::timestamptz
        FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(i bigint, t text)
        WHERE s.id = r.i AND s.project_id = ${project.id}`);
    });
  }
  return unreadable;
}

/** The job's newest delivered file (the editor's or the translator's) and what its read stored: one read. */
async function deliveredReadOf(db: Services['db'], projectId: number) {
  const result = (await db.execute(sql`
    SELECT (SELECT max(id) FROM project_resources
             WHERE project_id = ${projectId} AND context IN ('translation', 'edited')) AS latest,
           r.resource_id, r.unreadable
    FROM (SELECT 1) AS one LEFT JOIN workbench_delivered_reads r ON r.project_id = ${projectId}`)) as unknown as {
    rows: { latest: number | null; resource_id: number | null; unreadable: boolean | null }[];
  };
  const row = result.rows[0];
  return {
    latest: row?.latest == null ? null : Number(row.latest),
    stored:
      row?.resource_id == null ? null : { resourceId: Number(row.resource_id), unreadable: row.unreadable === true },
  };
}

/**
 * The note the editor shows on a delivered job whose delivered file could not be read (null
 * otherwise), from what the read at the delivery stored. A delivery not read yet (before reads
 * were stored, or the read after the delivery failed) is read now, once, and stored.
 */
export async function deliveredNote(
  deps: Pick<Services, 'db' | 'storage' | 'clock'>,
  project: ProjectRecord,
  targetIso: string,
): Promise<string | null> {
  if (!inStatusGroup('delivered', project.status)) return null;
  const { latest, stored } = await deliveredReadOf(deps.db, project.id);
  if (latest === null) return null;
  if (stored && stored.resourceId >= latest) return stored.unreadable ? WORKBENCH_TEXTS.deliveredUnreadable : null;
  const unreadable = await fillDeliveredTargets(deps, project, targetIso);
  const row = { projectId: project.id, resourceId: latest, unreadable, readAt: deps.clock.now() };
  await deps.db
    .insert(workbenchDeliveredReads)
    .values(row)
    .onConflictDoUpdate({
      target: workbenchDeliveredReads.projectId,
      set: { resourceId: row.resourceId, unreadable: row.unreadable, readAt: row.readAt },
    });
  return unreadable ? WORKBENCH_TEXTS.deliveredUnreadable : null;
}
