import { and, asc, desc, eq, exists, inArray, or, type SQL, sql } from 'drizzle-orm';
import { STATUS_GROUPS, type WorkbenchJobList, type WorkbenchJobRow, type WorkbenchRole } from '@parlance/shared';
import type { Db } from '../../db/client';
import { projects, workbenchDocuments, workbenchSegments } from '../../db/schema';
import type { AuthContext } from '../../platform/session';
import type { ProjectRecord } from '../projects/present';
import { mtLanguages } from '../wizard/mt-params';
import { EDITOR_KINDS, REVIEW_JOB_KINDS } from './policy';

// GET /api/2/workbench/jobs: the asker's jobs that open in the editor (the /ui-editor list), the
// same people as the project page's "open in the editor": the translator of a job in progress, the
// editor of one in review, the reviewer of an open QA or LL job, and the customer of a project
// delivered from the editor. One page of rows, then one grouped read of their progress.

/** The jobs this person opens in the editor, as SQL over projects. */
function jobsOf(userId: number): SQL {
  return or(
    and(
      eq(projects.translatorId, userId),
      inArray(projects.kind, [...EDITOR_KINDS] as ProjectRecord['kind'][]),
      inArray(projects.status, [...STATUS_GROUPS.translatorWorking]),
    ),
    and(
      eq(projects.editorId, userId),
      inArray(projects.kind, [...EDITOR_KINDS] as ProjectRecord['kind'][]),
      eq(projects.status, 'IN_REVIEW'),
    ),
    and(
      eq(projects.translatorId, userId),
      inArray(projects.kind, [...REVIEW_JOB_KINDS] as ProjectRecord['kind'][]),
      eq(projects.status, 'IN_PROGRESS'),
    ),
    and(
      eq(projects.customerId, userId),
      inArray(projects.kind, [...EDITOR_KINDS] as ProjectRecord['kind'][]),
      inArray(projects.status, [...STATUS_GROUPS.delivered]),
      exists(sql`(SELECT 1 FROM ${workbenchDocuments} WHERE ${workbenchDocuments.projectId} = ${projects.id})`),
    ),
  ) as SQL;
}

function roleOf(p: ProjectRecord, userId: number): WorkbenchRole {
  if (REVIEW_JOB_KINDS.includes(p.kind)) return 'reviewer';
  if (p.translatorId === userId && p.status !== 'IN_REVIEW') return 'translator';
  if (p.editorId === userId && p.status === 'IN_REVIEW') return 'editor';
  return 'customer';
}

export async function listJobs(db: Db, actor: AuthContext, page: number, limit: number): Promise<WorkbenchJobList> {
  const userId = actor.user.id;
  const where = jobsOf(userId);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(projects).where(where);
  const rows = await db
    .select()
    .from(projects)
    .where(where)
    .orderBy(sql`${projects.deadline} ASC NULLS LAST`, desc(projects.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const shownOf = (p: ProjectRecord) => (REVIEW_JOB_KINDS.includes(p.kind) ? (p.reviewedProjectId ?? p.id) : p.id);
  const ids = [...new Set(rows.map(shownOf))];
  const progress =
    ids.length === 0
      ? []
      : await db
          .select({
            projectId: workbenchSegments.projectId,
            words: sql<number>`coalesce(sum(${workbenchSegments.words}), 0)::int`,
            confirmedWords: sql<number>`coalesce(sum(${workbenchSegments.words}) filter (where ${workbenchSegments.status} in ('translated', 'reviewed')), 0)::int`,
          })
          .from(workbenchSegments)
          .where(inArray(workbenchSegments.projectId, ids))
          .groupBy(workbenchSegments.projectId)
          .orderBy(asc(workbenchSegments.projectId));
  const progressOf = new Map(progress.map((p) => [p.projectId, p]));
  const slugs = [...new Set(rows.flatMap((p) => [p.sourceLanguage ?? '', p.targetLanguage ?? '']))];
  const named = await mtLanguages(db, slugs);
  const lang = (slug: string | null) => named.get(slug ?? '') ?? { iso: slug ?? '', name: slug ?? '' };
  const data: WorkbenchJobRow[] = rows.map((p) => {
    const role = roleOf(p, userId);
    const done = progressOf.get(shownOf(p));
    return {
      id: p.id,
      name: p.name,
      status: p.status,
      kind: p.kind,
      role,
      sourceLang: lang(p.sourceLanguage),
      targetLang: lang(p.targetLanguage),
      deadline: (role === 'editor' ? p.editDeadline : p.deadline)?.toISOString() ?? null,
      editable: role === 'translator' || role === 'editor',
      words: done?.words ?? p.wordCount,
      confirmedWords: done?.confirmedWords ?? 0,
      opened: done !== undefined,
    };
  });
  return { data, totalCount: n, page, limit };
}
