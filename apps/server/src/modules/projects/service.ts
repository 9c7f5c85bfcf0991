import { machineTranslationOf } from '../machine-translation/present';
import { and, asc, eq, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { isDbId, PROJECT_LIMITS, PROJECT_TEXTS, type ProjectDetail, type ProjectFile } from '@parlance/shared';
import type { Db, Tx } from '../../db/client';
import {
  projectEvents,
  projectMessages,
  projectResources,
  projectReviews,
  projects,
  projectTags,
  purchaseOrderFiles,
  translatorProfiles,
  users,
} from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';
import { outsideTransaction, type Params, preparedOnce, preparedRead } from '../../platform/prepared';
import type { MailMessage } from '../../platform/mail';
import { recordEvent } from '../../platform/realtime';
import { messageStatusMove } from './inbox';
import type { AuthContext } from '../../platform/session';
import {
  isReviewKind,
  type Moment,
  momentValues,
  needsEditing,
  openEditingJobSql,
  openReviewJobSql,
  openTranslationJobSql,
  reviewsProjectSql,
  type TranslatorRef,
} from './matching';
import { actionsFor, isStaffRole, knownRole, seesEverything, seesFiles, type ViewerRole } from './policy';
import { presentEvent, presentMessage, presentProjectDetail, type ProjectRecord, type RowExtras } from './present';
import { nextStatus, type ProjectMove } from './status-machine';
import { earningsBase, editorEarnings, translatorEarnings } from './work-rules';

// The project service: reading a project for a viewer, and the one way every move is made
// (guarded UPDATE + timeline row + realtime events in the caller's transaction).

export type Reader = Db | Tx;

export const moveNotAllowed = () => new AppError(409, PROJECT_TEXTS.moveNotAllowed);
export const projectNotFound = () => notFound(PROJECT_TEXTS.projectNotFound);

/** What a committed move still has to do: tell the bus, send mails. */
export interface Outcome {
  projectId: number;
  mails: MailMessage[];
  /** false for a no-op (e.g. the winner of a take clicking again) */
  changed: boolean;
}

/** The project by id, prepared once per database handle. */
const projectById = preparedOnce((db: Db) =>
  db
    .select()
    .from(projects)
    .where(eq(projects.id, sql.placeholder('id')))
    .prepare('parlance_project_by_id'),
);

// The project page's other reads, each of one shape: prepared outside a transaction, ordinary
// queries inside one (platform/prepared.ts, preparedRead).

const readTags = preparedRead('parlance_project_tags', (db, v: Params<{ projectId: number }>) =>
  db
    .select({ tag: projectTags.tag })
    .from(projectTags)
    .where(eq(projectTags.projectId, v.projectId))
    .orderBy(asc(projectTags.tag)),
);

/** The customer's and the translator's names (0: no translator; no user has that id). */
const readPeople = preparedRead(
  'parlance_project_people',
  (db, v: Params<{ customerId: number; translatorId: number }>) =>
    db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(or(eq(users.id, v.customerId), eq(users.id, v.translatorId))),
);

const readEvents = preparedRead('parlance_project_events', (db, v: Params<{ projectId: number }>) =>
  db
    .select({ event: projectEvents, actorName: users.name })
    .from(projectEvents)
    .leftJoin(users, eq(users.id, projectEvents.actorId))
    .where(eq(projectEvents.projectId, v.projectId))
    .orderBy(asc(projectEvents.id)),
);

const messagesQuery = (db: Reader, projectId: number | Placeholder, visible?: SQL) =>
  db
    .select({ message: projectMessages, authorName: users.name })
    .from(projectMessages)
    .innerJoin(users, eq(users.id, projectMessages.authorId))
    .where(and(eq(projectMessages.projectId, projectId), visible))
    .orderBy(asc(projectMessages.id));

/** Every discussion post (admins, with their moderation status). */
const readAllMessages = preparedRead('parlance_project_messages_all', (db, v: Params<{ projectId: number }>) =>
  messagesQuery(db, v.projectId),
);

/**
 * Discussion posts a viewer sees: delivered ones (never moderated, or approved), and the viewer's own
 * held or declined posts.
 */
const readVisibleMessages = preparedRead(
  'parlance_project_messages_seen',
  (db, v: Params<{ projectId: number; viewerId: number }>) =>
    messagesQuery(
      db,
      v.projectId,
      or(
        isNull(projectMessages.moderationStatus),
        eq(projectMessages.moderationStatus, 'approved'),
        eq(projectMessages.authorId, v.viewerId),
      ),
    ),
);

/** The order's files the project carries (`fileIds`, a JSON array of ids): source and reference. */
const readSourceFiles = preparedRead(
  'parlance_project_source_files',
  (db, v: Params<{ purchaseOrderId: number; fileIds: string }>) =>
    db
      .select()
      .from(purchaseOrderFiles)
      .where(
        and(
          eq(purchaseOrderFiles.purchaseOrderId, v.purchaseOrderId),
          sql`${purchaseOrderFiles.id} IN (SELECT jsonb_array_elements_text(${v.fileIds}::jsonb)::int)`,
        ),
      )
      .orderBy(asc(purchaseOrderFiles.id)),
);

const readResources = preparedRead('parlance_project_resources', (db, v: Params<{ projectId: number }>) =>
  db
    .select()
    .from(projectResources)
    .where(eq(projectResources.projectId, v.projectId))
    .orderBy(asc(projectResources.id)),
);

const readReview = preparedRead('parlance_project_review', (db, v: Params<{ jobId: number }>) =>
  db
    .select({ score: projectReviews.score, errors: projectReviews.errors, comment: projectReviews.comment })
    .from(projectReviews)
    .where(eq(projectReviews.jobId, v.jobId)),
);

const readLevel = preparedRead('parlance_translator_level', (db, v: Params<{ userId: number }>) =>
  db
    .select({ level: translatorProfiles.level })
    .from(translatorProfiles)
    .where(eq(translatorProfiles.userId, v.userId)),
);

export async function findProject(db: Reader, id: number, lock = false): Promise<ProjectRecord | undefined> {
  if (!isDbId(id)) return undefined;
  // prepared statements run on the pool: inside a transaction (and to lock) the query is built on it
  const root = lock ? null : outsideTransaction(db);
  if (root) return (await projectById(root).execute({ id }))[0];
  const q = db.select().from(projects).where(eq(projects.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** Values of the candidate reads: the translator, the project and the moment (momentValues). */
type CandidateValues = { translatorId: number; projectId: number; now: string; today: string };

const candidateRead = (name: string, offered: (translatorId: TranslatorRef, at: Moment) => SQL) =>
  preparedRead(name, (db, v: Params<CandidateValues>) =>
    db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.id, v.projectId), offered(v.translatorId, { now: v.now, today: v.today }))),
  );

const readTranslationOffer = candidateRead('parlance_project_offer_translation', openTranslationJobSql);
const readReviewOffer = candidateRead('parlance_project_offer_review', openReviewJobSql);
const readEditingOffer = candidateRead('parlance_project_offer_editing', openEditingJobSql);

/** The QA or LL job over this project that the translator works or worked on, if any. */
const readReviewing = preparedRead(
  'parlance_project_reviewing',
  (db, v: Params<{ translatorId: number; projectId: number }>) =>
    db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.id, v.projectId), reviewsProjectSql(v.translatorId, sql`${projects.id}`))),
);

/** The job a translator is offered on this project now (matching.ts), if any. */
export async function candidateJob(
  db: Reader,
  translatorId: number,
  projectId: number,
  now: Date,
): Promise<'take' | 'take-edit' | null> {
  const values = { translatorId, projectId, ...momentValues(now) };
  if ((await readTranslationOffer(db, values)).length > 0) return 'take';
  if ((await readReviewOffer(db, values)).length > 0) return 'take';
  return (await readEditingOffer(db, values)).length > 0 ? 'take-edit' : null;
}

export interface Viewing {
  project: ProjectRecord;
  role: ViewerRole;
  job: 'take' | 'take-edit' | null;
}

/** The project as this user may see it, or 404 (an outsider, or no such project). */
export async function requireViewing(db: Reader, actor: AuthContext, projectId: number, now: Date): Promise<Viewing> {
  const project = await findProject(db, projectId);
  if (!project) throw projectNotFound();
  return viewingOf(db, actor, project, now);
}

/** requireViewing of a project already read (a caller that read it in the same statement as its own row). */
export async function viewingOf(db: Reader, actor: AuthContext, project: ProjectRecord, now: Date): Promise<Viewing> {
  const { user } = actor;
  const role = knownRole(actor, project);
  if (role) return { project, role, job: null };
  if (user.type === 'translator') {
    const job = await candidateJob(db, user.id, project.id, now);
    if (job) return { project, role: 'candidate', job };
    // the reviewer of a QA or LL job over this project reads it (review-jobs.ts)
    const [reviewing] = await readReviewing(db, { translatorId: user.id, projectId: project.id });
    if (reviewing) return { project, role: 'reviewer', job: null };
  }
  throw projectNotFound();
}

export async function translatorLevel(db: Reader, userId: number): Promise<number> {
  const [row] = await readLevel(db, { userId });
  return row?.level ?? 1;
}

export async function tagsOf(db: Reader, projectId: number): Promise<string[]> {
  return (await readTags(db, { projectId })).map((r) => r.tag);
}

async function namesOf(db: Reader, p: ProjectRecord): Promise<Map<number, string>> {
  const rows = await readPeople(db, { customerId: p.customerId, translatorId: p.translatorId ?? 0 });
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The order's files (source and reference, by fileIds) as "s{n}", then files added after payment as "r{n}". */
async function filesOf(db: Reader, p: ProjectRecord, withResources: boolean): Promise<ProjectFile[]> {
  const files: ProjectFile[] = [];
  if (p.fileIds.length > 0 && p.purchaseOrderId) {
    const rows = await readSourceFiles(db, { purchaseOrderId: p.purchaseOrderId, fileIds: JSON.stringify(p.fileIds) });
    for (const f of rows) {
      files.push({
        id: `s${f.id}`,
        uuid: `s${f.id}`,
        name: f.fileName,
        mime: f.mime,
        size: f.sizeBytes,
        context: f.context,
        createdAt: f.createdAt.toISOString(),
      });
    }
  }
  if (!withResources) return files;
  const resources = await readResources(db, { projectId: p.id });
  for (const r of resources) {
    files.push({
      id: `r${r.id}`,
      uuid: r.uuid,
      name: r.fileName,
      mime: r.mime,
      size: r.sizeBytes,
      context: r.context,
      createdAt: r.createdAt.toISOString(),
    });
  }
  return files;
}

/** The review submitted for a QA or LL job, if any. */
export async function reviewOfJob(db: Reader, jobId: number): Promise<ProjectDetail['review']> {
  const [row] = await readReview(db, { jobId });
  return row ?? null;
}

/** When a delivered project completes by itself: 7 days after it became READY. */
export function autoCompleteAt(p: ProjectRecord): Date | null {
  if (p.status !== 'READY') return null;
  const since = Math.max(p.deliveredAt?.getTime() ?? 0, p.statusChangedAt.getTime());
  return new Date(since + PROJECT_LIMITS.autoCompleteAfterMs);
}

/** When posted earnings become available (72 hours after they were posted). */
export function earningsAvailableAt(p: ProjectRecord): Date | null {
  if (p.earningsReleasedAt) return p.earningsReleasedAt;
  if (!p.earningsPostedAt) return null;
  return new Date(p.earningsPostedAt.getTime() + PROJECT_LIMITS.earningsHoldMs);
}

async function moneyFor(db: Reader, v: Viewing, viewerId: number): Promise<RowExtras['money']> {
  const p = v.project;
  switch (v.role) {
    case 'customer':
      return { priceCredits: p.priceCredits };
    case 'translator':
      return { earningsCredits: p.translatorEarningsCredits };
    case 'editor':
      return { earningsCredits: p.editorEarningsCredits };
    case 'admin':
    case 'staff':
      return { priceCredits: p.priceCredits, earningsCredits: p.translatorEarningsCredits };
    case 'reviewer':
      return {};
    case 'candidate':
      // what taking the job would earn this translator
      return v.job === 'take-edit'
        ? { earningsCredits: editorEarnings(earningsBase(p)) }
        : { earningsCredits: translatorEarnings(earningsBase(p), await translatorLevel(db, viewerId)) };
  }
}

/** GET /api/2/projects/{id} for this viewer. */
export async function projectDetailFor(db: Reader, actor: AuthContext, v: Viewing): Promise<ProjectDetail> {
  const { user } = actor;
  const p = v.project;
  const everything = seesEverything(v.role);
  const names = await namesOf(db, p);
  const events = everything ? await readEvents(db, { projectId: p.id }) : [];
  const messages = !everything
    ? []
    : isStaffRole(v.role)
      ? await readAllMessages(db, { projectId: p.id })
      : await readVisibleMessages(db, { projectId: p.id, viewerId: user.id });
  return presentProjectDetail(p, {
    role: v.role,
    actions: actionsFor(actor, { project: p, role: v.role, job: v.job }),
    tags: v.role === 'customer' || isStaffRole(v.role) ? await tagsOf(db, p.id) : [],
    customerName: names.get(p.customerId) ?? null,
    translatorName: p.translatorId ? (names.get(p.translatorId) ?? null) : null,
    money: await moneyFor(db, v, user.id),
    files: await filesOf(db, p, seesFiles(v.role)),
    events: events.map((e) => presentEvent(e.event, e.actorName)),
    messages: messages.map((m) => presentMessage(m.message, m.authorName, user.id)),
    autoCompleteAt: autoCompleteAt(p),
    earningsAvailableAt:
      v.role === 'customer' || v.role === 'candidate' || v.role === 'reviewer' ? null : earningsAvailableAt(p),
    review: isReviewKind(p.kind) ? await reviewOfJob(db, p.id) : null,
    machineTranslation: everything ? await machineTranslationOf(db, p.id) : null,
  });
}

/** Reads the project again (after a move) and presents it to the user. */
export async function detailAfter(
  db: Reader,
  actor: AuthContext,
  projectId: number,
  now: Date,
): Promise<ProjectDetail> {
  return projectDetailFor(db, actor, await requireViewing(db, actor, projectId, now));
}

/** Everyone who works on or owns the project, for realtime events. */
export function peopleOf(p: Pick<ProjectRecord, 'customerId' | 'translatorId' | 'editorId'>): number[] {
  return [...new Set([p.customerId, p.translatorId, p.editorId].filter((id): id is number => id != null))];
}

/** Records `project.updated` for the project's people (in the caller's transaction). */
export async function announce(tx: Tx, p: ProjectRecord, extraUserIds: number[] = []): Promise<void> {
  for (const userId of new Set([...peopleOf(p), ...extraUserIds])) {
    await recordEvent(tx, { userId, type: 'project.updated', payload: { projectId: p.id, status: p.status } });
  }
}

export interface MoveOptions {
  actorId: number | null;
  now: Date;
  note?: string | null;
  /** columns to set with the status */
  set?: Partial<typeof projects.$inferInsert>;
  /** more conditions of the guarded UPDATE (take: the job is still open to the translator) */
  where?: SQL;
}

/**
 * Makes `move` on `project`: one UPDATE guarded by the status the project was read with (and
 * `where`), the timeline row, and `project.updated` for its people (and whoever it had before,
 * e.g. a reassigned translator). Answers the new row, or null when the guard failed (someone
 * else moved it first): the caller says why.
 */
export async function tryMove(
  tx: Tx,
  project: ProjectRecord,
  move: ProjectMove,
  opts: MoveOptions,
): Promise<ProjectRecord | null> {
  const to = nextStatus(move, project.status, {
    needsEditing: needsEditing(project),
    statusBeforeHold: project.statusBeforeHold,
  });
  if (!to) return null;
  const [row] = await tx
    .update(projects)
    .set({ ...opts.set, status: to, statusChangedAt: opts.now })
    .where(and(eq(projects.id, project.id), eq(projects.status, project.status), opts.where))
    .returning();
  if (!row) return null;
  await tx.insert(projectEvents).values({
    projectId: row.id,
    fromStatus: project.status,
    toStatus: to,
    action: move,
    actorId: opts.actorId,
    note: opts.note ?? null,
    createdAt: opts.now,
  });
  await announce(tx, row, peopleOf(project));
  await messageStatusMove(tx, row, project.status, opts.now, move);
  return row;
}

/** tryMove, or 409 moveNotAllowed. */
export async function mustMove(
  tx: Tx,
  project: ProjectRecord,
  move: ProjectMove,
  opts: MoveOptions,
): Promise<ProjectRecord> {
  const row = await tryMove(tx, project, move, opts);
  if (!row) throw moveNotAllowed();
  return row;
}

/** The e-mail and name of a user (for mails). */
export async function personOf(
  db: Reader,
  userId: number,
): Promise<{ id: number; email: string; name: string } | undefined> {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
