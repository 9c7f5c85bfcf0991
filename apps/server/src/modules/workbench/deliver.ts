import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import { WORKBENCH_TEXTS } from '@parlance/shared';
import type { Tx } from '../../db/client';
import { tmImports, workbenchDocuments, workbenchSegments } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { parseMarkup, plainText as plainTextOf, type TagInfo } from '../../platform/segments';
import type { Services } from '../../platform/services';
import type { AuthContext } from '../../platform/session';
import { canonicalLang, normalizeForSearch } from '../language-assets/tmx-parser';
import { keyOf, mergeAndStore } from '../machine-translation/source-files';
import { saveDelivery } from '../projects/deliver';
import type { MoveContext } from '../projects/moves';
import type { ProjectRecord } from '../projects/present';
import { findProject, type Outcome } from '../projects/service';
import { workbenchAccess } from './access';
import { ensureOpened, pairOf, segmentableFiles } from './open';
import { deliveryMoveOf } from './policy';
import { jobWarnings } from './qa';
import { requireEditable, WorkbenchAnswer } from './save';

// Delivering from the editor (POST /api/2/workbench/projects/{id}/deliver): every segment
// confirmed, the quality warnings seen, then the targets are merged into the original uploads
// (the skeleton) and the files delivered through the projects module's delivery: the same move,
// money, mails and events as a delivered file. The confirmed segments go into the customer's
// translation memory in the same transaction (one import per project, replaced on a second
// delivery). Stored files are removed again when the transaction fails.

type SegmentRow = typeof workbenchSegments.$inferSelect;

const CONFIRMED: SegmentRow['status'][] = ['translated', 'reviewed'];

async function unconfirmedCount(db: Services['db'] | Tx, projectId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(workbenchSegments)
    .where(and(eq(workbenchSegments.projectId, projectId), notInArray(workbenchSegments.status, CONFIRMED)));
  return row?.n ?? 0;
}

/**
 * What the job's segments are at one moment: how many, and the sum of their revisions (every save
 * bumps a segment's revision, so any save between two reads changes the sum).
 */
async function fingerprintOf(db: Services['db'] | Tx, projectId: number): Promise<string> {
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      revisions: sql<string>`coalesce(sum(${workbenchSegments.revision}), 0)::text`,
    })
    .from(workbenchSegments)
    .where(eq(workbenchSegments.projectId, projectId));
  return `${row?.n ?? 0}:${row?.revisions ?? '0'}`;
}

function fingerprintOfRows(segments: SegmentRow[]): string {
  return `${segments.length}:${segments.reduce((sum, s) => sum + s.revision, 0)}`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** TMX 1.4's type of a formatting code, where XLIFF's says one. */
function tmxTypeOf(tag: TagInfo | undefined): string {
  if (!tag) return '';
  const type =
    tag.subType === 'xlf:b'
      ? 'bold'
      : tag.subType === 'xlf:i'
        ? 'italic'
        : tag.subType === 'xlf:u'
          ? 'ulined'
          : tag.type === 'link'
            ? 'link'
            : '';
  return type ? ` type="${type}"` : '';
}

/**
 * A segment's markup as a TMX <seg>'s content: the text escaped, each paired code a <bpt>/<ept>
 * pair and each standalone code a <ph>, whose `x` is the segment's tag id and whose native code is
 * the segment's own tag, so that a reader of the memory can put the tags back where they were.
 * Markup that does not parse is written as its plain text (as before).
 */
export function tmxContentOf(markup: string, tags: Record<string, TagInfo>): string {
  const { tokens, problems } = parseMarkup(markup);
  if (problems.length > 0) return escapeXml(plainOf(markup));
  const open: { i: number }[] = [];
  let pairs = 0;
  let out = '';
  for (const token of tokens) {
    if (token.t === 'text') out += escapeXml(token.text);
    else if (token.t === 'open') {
      pairs += 1;
      open.push({ i: pairs });
      out += `<bpt i="${pairs}" x="${escapeXml(token.id)}"${tmxTypeOf(tags[token.id])}>${escapeXml(`<pc id="${token.id}">`)}</bpt>`;
    } else if (token.t === 'close') {
      const pair = open.pop();
      if (pair) out += `<ept i="${pair.i}">${escapeXml('</pc>')}</ept>`;
    } else {
      out += `<ph x="${escapeXml(token.id)}"${tmxTypeOf(tags[token.id])}>${escapeXml(`<ph id="${token.id}"/>`)}</ph>`;
    }
  }
  return out;
}

/**
 * The job's confirmed segments as the customer's memory: one import named after the project
 * (an earlier delivery's is replaced), each distinct source and target one unit of two variants,
 * written as tmx.ts writes an imported file's: the content as TMX inline markup (the segment's
 * tags as <bpt>/<ept>/<ph>), the plain text, the normalized search key.
 */
async function storeMemory(
  tx: Tx,
  project: ProjectRecord,
  segments: SegmentRow[],
  langs: { source: string; target: string },
  now: Date,
): Promise<void> {
  const fileName = WORKBENCH_TEXTS.memoryImportName(project.id, project.name);
  await tx.delete(tmImports).where(and(eq(tmImports.userId, project.customerId), eq(tmImports.fileName, fileName)));
  const seen = new Set<string>();
  const rows: { u: number; l: string; c: string; p: string; n: string }[] = [];
  let unit = 0;
  for (const s of segments) {
    if (!CONFIRMED.includes(s.status)) continue;
    const source = plainOf(s.source);
    const target = plainOf(s.target);
    if (!source || !target) continue;
    const key = `${source}\u0000${target}`;
    if (seen.has(key)) continue;
    seen.add(key);
    unit += 1;
    const tags = s.tags as Record<string, TagInfo>;
    const [sourceContent, targetContent] = [tmxContentOf(s.source, tags), tmxContentOf(s.target, tags)];
    rows.push({ u: unit, l: langs.source, c: sourceContent, p: source, n: normalizeForSearch(source) });
    rows.push({ u: unit, l: langs.target, c: targetContent, p: target, n: normalizeForSearch(target) });
  }
  if (unit === 0) return;
  const [imp] = await tx
    .insert(tmImports)
    .values({
      userId: project.customerId,
      fileName,
      unitCount: unit,
      languages: [langs.source, langs.target],
      createdAt: now,
    })
    .returning({ id: tmImports.id });
  // one parameter per batch (the rows as JSON), as tmx.ts imports a file
  for (let i = 0; i < rows.length; i += 2_000) {
    await tx.execute(sql`
      INSERT INTO tm_segments (import_id, user_id, unit_no, lang, content, plain, norm)
      SELECT ${imp.id}::int, ${project.customerId}::int, r.u, r.l, r.c, r.p, r.n
      FROM json_to_recordset(${JSON.stringify(rows.slice(i, i + 2_000))}::json) AS r(u int, l text, c text, p text, n text)`);
  }
}

/** A segment's text as a memory holds it: the plain text, spaces collapsed (tmx-parser's rule). */
function plainOf(markup: string): string {
  return plainTextOf(markup).replace(/\s+/g, ' ').trim();
}

export async function deliverFromEditor(
  deps: Services,
  actor: AuthContext,
  projectId: number,
  acceptWarnings: boolean,
  contextOf: (tx: Tx) => MoveContext,
  /** tests only: runs after the segments are read and merged, before the lock is taken */
  beforeLock?: () => Promise<void>,
): Promise<Outcome> {
  const now = deps.clock.now();
  const access = await workbenchAccess(deps.db, actor, projectId, now);
  requireEditable(access);
  const project = access.project;
  const move = deliveryMoveOf(access.role === 'editor' ? 'editor' : 'translator');
  if (!move || !access.canDeliver) throw new AppError(403, WORKBENCH_TEXTS.readOnly);
  await ensureOpened(deps, project);
  const open = await unconfirmedCount(deps.db, project.id);
  if (open > 0) throw new AppError(409, WORKBENCH_TEXTS.unconfirmed(open));
  const pair = await pairOf(deps.db, project);
  const warnings = await jobWarnings(deps.db, project);
  if (warnings.length > 0 && !acceptWarnings) {
    throw new WorkbenchAnswer(409, { status: 'ERROR', message: WORKBENCH_TEXTS.warningsToAccept, warnings });
  }
  const [documents, segments] = await Promise.all([
    deps.db.select().from(workbenchDocuments).where(eq(workbenchDocuments.projectId, project.id)),
    deps.db
      .select()
      .from(workbenchSegments)
      .where(eq(workbenchSegments.projectId, project.id))
      .orderBy(asc(workbenchSegments.ordinal)),
  ]);
  const fileOf = new Map(documents.map((d) => [d.id, d.fileId]));
  const translations: Record<string, string> = {};
  for (const s of segments) translations[keyOf(fileOf.get(s.documentId) ?? -1, s.segmentKey)] = s.target;
  const opened = new Set(documents.map((d) => d.fileId));
  const files = (await segmentableFiles(deps, project, pair.source.iso)).filter((f) => opened.has(f.id));
  const merged = await mergeAndStore(deps.storage, files, translations, {
    source: pair.source.iso,
    target: pair.target.iso,
  });
  const read = fingerprintOfRows(segments);
  try {
    await beforeLock?.();
    return await deps.db.transaction(async (tx) => {
      // the project row locked first (the lock every move takes): a save still on its way waits
      // for this transaction and then finds the job moved on. A save that landed between the read
      // above and the lock is not in the merged files: nothing is delivered (the stored files are
      // removed below)
      await findProject(tx, project.id, true);
      if ((await fingerprintOf(tx, project.id)) !== read) {
        throw new AppError(409, WORKBENCH_TEXTS.changedWhileDelivering);
      }
      const outcome = await saveDelivery(contextOf(tx), project.id, move, merged);
      const left = await unconfirmedCount(tx, project.id);
      if (left > 0) throw new AppError(409, WORKBENCH_TEXTS.unconfirmed(left));
      await storeMemory(
        tx,
        project,
        segments,
        { source: canonicalLang(pair.source.iso), target: canonicalLang(pair.target.iso) },
        now,
      );
      return outcome;
    });
  } catch (error) {
    await Promise.all(merged.map((f) => deps.storage.delete(f.storageId)));
    throw error;
  }
}
