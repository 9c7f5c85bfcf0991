import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { inStatusGroup, isDbId, LOW_RATING_MAX, PROJECT_LIMITS, PROJECT_TEXTS } from '@parlance/shared';
import type { Tx } from '../../db/client';
import { projectMessages, projects, projectTags, users } from '../../db/schema';
import { audit } from '../../platform/audit';
import { type AlertMailboxes, clientAlertMails } from '../../platform/client-alerts';
import { AppError, badRequest, forbidden } from '../../platform/errors';
import type { MailMessage } from '../../platform/mail';
import { recordEvent } from '../../platform/realtime';
import type { UserRow } from '../../platform/session';
import { checkDiscussionPost, deliverDiscussionPost, holdDiscussionPost } from './discussion-moderation';
import { completedMail, type NamedProject, withNames, workStartedMail } from './mails';
import {
  isReviewKind,
  needsEditing,
  openEditingJobSql,
  openReviewJobSql,
  openTranslationJobSql,
  translatorAvailableSql,
  translatorSkillsMatchSql,
} from './matching';
import { postEarnings, postRefund } from './money';
import { canMessage, isAdminUser, knownRole, type ViewerRole } from './policy';
import { presentMessage, type ProjectRecord } from './present';
import {
  findProject,
  moveNotAllowed,
  mustMove,
  type Outcome,
  peopleOf,
  personOf,
  projectNotFound,
  requireViewing,
  translatorLevel,
  tryMove,
} from './service';
import { actorMayMove, moveAllowedFrom, type ProjectMove } from './status-machine';
import {
  earningsBase,
  editingDeadline,
  editorEarnings,
  scaledEarnings,
  translationDeadline,
  translatorEarnings,
  vatRefundFor,
} from './work-rules';

// The moves people make on a project (taking, approving, disputing, cancelling, admin moves) and
// the customer's edits (rating, tags, name, messages). Each runs in the caller's transaction and
// answers what is left to do after the commit (mails); the routes commit and notify.

export interface MoveContext {
  tx: Tx;
  user: UserRow;
  now: Date;
  publicUrl: string;
  /** the admin behind an admin move (also while acting), for the audit log */
  ip?: string;
  /** where client alerts routed to sales and support go (/client-alerts); without (seed data), no alerts */
  alertBoxes?: AlertMailboxes;
}

const done = (projectId: number, mails: MailMessage[] = [], changed = true): Outcome => ({
  projectId,
  mails,
  changed,
});

/** The project locked for the move, with the viewer's role; outsiders 404. */
async function lockFor(ctx: MoveContext, projectId: number): Promise<{ project: ProjectRecord; role: ViewerRole }> {
  const project = await findProject(ctx.tx, projectId, true);
  if (!project) throw projectNotFound();
  const role = knownRole(ctx.user, project);
  if (!role) throw projectNotFound();
  return { project, role };
}

/** A move this role makes: 403 for a role that never makes it, 409 (or `refusal`) from a wrong status. */
function check(
  project: ProjectRecord,
  role: ViewerRole,
  move: ProjectMove,
  refusal: string = PROJECT_TEXTS.moveNotAllowed,
) {
  if (role === 'candidate' || role === 'reviewer' || !actorMayMove(move, role)) throw forbidden();
  if (!moveAllowedFrom(move, project.status)) throw new AppError(409, refusal);
}

async function mailCustomer(
  ctx: MoveContext,
  p: ProjectRecord,
  make: (url: string, to: { id: number; email: string; name: string }, p: NamedProject) => MailMessage,
): Promise<MailMessage[]> {
  const customer = await personOf(ctx.tx, p.customerId);
  return customer ? [make(ctx.publicUrl, customer, await withNames(ctx.tx, p))] : [];
}

// ---- taking jobs ----

/** Why a translator cannot take the job: inactive or on vacation, else not matching. */
async function refusalFor(ctx: MoveContext): Promise<AppError> {
  const today = ctx.now.toISOString().slice(0, 10);
  const [available] = await ctx.tx
    .select({ ok: sql<boolean>`${translatorAvailableSql(ctx.user.id, today)}` })
    .from(users)
    .where(eq(users.id, ctx.user.id));
  if (!available?.ok) return forbidden(PROJECT_TEXTS.translatorInactive);
  return forbidden(PROJECT_TEXTS.notMatching);
}

/**
 * A job that is not open (taken, or not in the status that offers it): 409 to a translator it could
 * have been offered to (their pairs and expertise match; for editing, an editor), else 404, so that a
 * translator learns nothing about projects that were never theirs to see.
 */
async function closedJobRefusal(
  ctx: MoveContext,
  project: ProjectRecord,
  taken: boolean,
  editing: boolean,
): Promise<AppError> {
  const [fits] = await ctx.tx
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        eq(projects.id, project.id),
        sql`${projects.customerId} <> ${ctx.user.id}`,
        translatorSkillsMatchSql(ctx.user.id),
        editing
          ? sql`EXISTS (SELECT 1 FROM translator_profiles ep WHERE ep.user_id = ${ctx.user.id} AND ep.is_editor)`
          : undefined,
      ),
    );
  if (!fits) return projectNotFound();
  return new AppError(409, taken ? PROJECT_TEXTS.alreadyTaken : PROJECT_TEXTS.notOpen);
}

/**
 * POST /api/2/job/{id}/take: ONE guarded UPDATE (still PENDING, no translator, still offered to this
 * translator). Of two translators taking at once, one wins; the other gets 409 alreadyTaken.
 */
export async function takeJob(ctx: MoveContext, projectId: number): Promise<Outcome> {
  // the row is locked first, so that every answer below is computed from the row as it is after a
  // concurrent take committed (without the lock, the loser could read the row before the winner's
  // commit and the offer after it, and answer "does not match" instead of "already taken")
  const project = await findProject(ctx.tx, projectId, true);
  if (!project) throw projectNotFound();
  if (ctx.user.type !== 'translator') {
    if (knownRole(ctx.user, project)) throw forbidden();
    throw projectNotFound();
  }
  // the winner clicking again: nothing more happens
  if (project.translatorId === ctx.user.id) return done(project.id, [], false);
  if (project.translatorId !== null || project.status !== 'PENDING') {
    throw await closedJobRefusal(ctx, project, project.translatorId !== null, false);
  }
  // a QA or LL job is offered as its list offers it (never to the reviewed project's own people)
  const review = isReviewKind(project.kind);
  const offeredSql = review
    ? openReviewJobSql(ctx.user.id, ctx.now, project.kind as 'qa' | 'll')
    : openTranslationJobSql(ctx.user.id, ctx.now);
  const [offered] = await ctx.tx
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, project.id), offeredSql));
  if (!offered) throw await refusalFor(ctx);

  const level = await translatorLevel(ctx.tx, ctx.user.id);
  const row = await tryMove(ctx.tx, project, 'take', {
    actorId: ctx.user.id,
    now: ctx.now,
    set: review
      ? { translatorId: ctx.user.id, takenAt: ctx.now }
      : {
          translatorId: ctx.user.id,
          takenAt: ctx.now,
          deadline: translationDeadline(ctx.now, project.wordCount, project.expedite),
          translatorEarningsCredits: translatorEarnings(earningsBase(project), level),
        },
    where: offeredSql,
  });
  if (!row) {
    const now = await findProject(ctx.tx, project.id);
    if (now?.translatorId === ctx.user.id) return done(project.id, [], false);
    throw new AppError(409, now?.translatorId ? PROJECT_TEXTS.alreadyTaken : PROJECT_TEXTS.notOpen);
  }
  // the customer ordered the reviewed project, not the review: no "work started" mail for it
  return done(row.id, review ? [] : await mailCustomer(ctx, row, workStartedMail));
}

/** POST /api/2/job/{id}/take-edit: an editor takes the editing job of a delivered translation. */
export async function takeEditJob(ctx: MoveContext, projectId: number): Promise<Outcome> {
  const project = await findProject(ctx.tx, projectId, true);
  if (!project) throw projectNotFound();
  if (ctx.user.type !== 'translator') {
    if (knownRole(ctx.user, project)) throw forbidden();
    throw projectNotFound();
  }
  if (project.editorId === ctx.user.id) return done(project.id, [], false);
  if (project.translatorId === ctx.user.id) throw forbidden(PROJECT_TEXTS.notMatching);
  if (project.status !== 'IN_REVIEW' || !needsEditing(project) || project.editorId !== null) {
    throw await closedJobRefusal(ctx, project, project.editorId !== null, true);
  }
  const [offered] = await ctx.tx
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, project.id), openEditingJobSql(ctx.user.id, ctx.now)));
  if (!offered) throw await refusalFor(ctx);
  const row = await tryMove(ctx.tx, project, 'take-edit', {
    actorId: ctx.user.id,
    now: ctx.now,
    set: {
      editorId: ctx.user.id,
      editTakenAt: ctx.now,
      editDeadline: editingDeadline(ctx.now, project.wordCount, project.expedite),
      editorEarningsCredits: editorEarnings(earningsBase(project)),
    },
    where: and(isNull(projects.editorId), openEditingJobSql(ctx.user.id, ctx.now)),
  });
  if (!row) {
    const now = await findProject(ctx.tx, project.id);
    if (now?.editorId === ctx.user.id) return done(project.id, [], false);
    throw new AppError(409, now?.editorId ? PROJECT_TEXTS.alreadyTaken : PROJECT_TEXTS.notOpen);
  }
  return done(row.id);
}

// ---- the customer's moves ----

/** Completion (approve, auto-complete, resolve): posts the earnings in the same transaction. */
export async function complete(
  tx: Tx,
  project: ProjectRecord,
  move: 'approve' | 'auto-complete' | 'resolve-pay' | 'resolve-partial',
  opts: { actorId: number | null; now: Date; note?: string | null; set?: Partial<typeof projects.$inferInsert> },
): Promise<ProjectRecord | null> {
  const row = await tryMove(tx, project, move, {
    actorId: opts.actorId,
    now: opts.now,
    note: opts.note,
    set: { ...opts.set, completedAt: opts.now, earningsPostedAt: opts.now },
  });
  if (!row) return null;
  await postEarnings(tx, row, opts.actorId);
  return row;
}

/** POST /api/2/projects/{id}/approve (READY -> COMPLETED, earnings pending for 72 hours). */
export async function approveProject(ctx: MoveContext, projectId: number): Promise<Outcome> {
  const { project, role } = await lockFor(ctx, projectId);
  check(project, role, 'approve');
  const row = await complete(ctx.tx, project, 'approve', { actorId: ctx.user.id, now: ctx.now });
  if (!row) throw moveNotAllowed();
  return done(row.id, await mailCustomer(ctx, row, completedMail));
}

/** POST /api/2/projects/{id}/dispute (READY -> DISPUTED): nothing is paid until an admin resolves it. */
export async function disputeProject(ctx: MoveContext, projectId: number, reason: string): Promise<Outcome> {
  const { project, role } = await lockFor(ctx, projectId);
  check(project, role, 'dispute');
  const row = await mustMove(ctx.tx, project, 'dispute', {
    actorId: ctx.user.id,
    now: ctx.now,
    note: reason,
    set: { disputeReason: reason },
  });
  const alerts = ctx.alertBoxes
    ? await clientAlertMails(ctx.tx, ctx.alertBoxes, row.customerId, 'dispute', {
        subject: `project #${row.id} disputed`,
        text: `The customer disputed project #${row.id} (${row.name}): nothing is paid until an admin resolves it.\n\nReason: ${reason}\n\n${ctx.publicUrl}/project/${row.id}`,
      })
    : [];
  return done(row.id, alerts);
}

/**
 * POST /api/2/projects/{id}/cancel (PENDING, PREPROCESSING -> CANCELLED) by the customer or an
 * admin: price and VAT share back to the customer's credits. The status guard in this
 * transaction makes a second click refund nothing.
 */
export async function cancelProject(ctx: MoveContext, projectId: number): Promise<Outcome> {
  const { project, role } = await lockFor(ctx, projectId);
  // a QA or LL job is the platform's, not the customer's order
  if (isReviewKind(project.kind) && role !== 'admin') throw forbidden();
  check(project, role, 'cancel', PROJECT_TEXTS.cancelOnlyPending);
  const row = await tryMove(ctx.tx, project, 'cancel', {
    actorId: ctx.user.id,
    now: ctx.now,
    set: { cancelledAt: ctx.now },
  });
  if (!row) throw new AppError(409, PROJECT_TEXTS.cancelOnlyPending);
  await postRefund(ctx.tx, row, { priceCredits: row.priceCredits, vatCredits: row.vatCredits }, ctx.user.id);
  if (role === 'admin') {
    await audit(ctx.tx, {
      actorId: ctx.user.id,
      action: 'project.cancel',
      targetType: 'project',
      targetId: row.id,
      details: { refundCredits: row.priceCredits + row.vatCredits },
      ip: ctx.ip,
    });
  }
  return done(row.id);
}

/** POST /api/2/projects/{id}/rating: 1..5; 3 or less needs a reason and a comment of 3+ characters. */
export async function rateProject(
  ctx: MoveContext,
  projectId: number,
  input: { rating: number; reasons: string[]; comment: string },
): Promise<Outcome> {
  const { project, role } = await lockFor(ctx, projectId);
  if (role !== 'customer' || isReviewKind(project.kind)) throw forbidden();
  if (!inStatusGroup('ratable', project.status)) throw new AppError(409, PROJECT_TEXTS.ratingOnlyFinished);
  const low = input.rating <= LOW_RATING_MAX;
  const comment = input.comment;
  const [row] = await ctx.tx
    .update(projects)
    .set({
      rating: input.rating,
      ratingReasons: low ? [...new Set(input.reasons)] : [],
      ratingComment: comment.slice(0, PROJECT_LIMITS.messageMaxLength) || null,
      ratedAt: ctx.now,
    })
    .where(eq(projects.id, project.id))
    .returning();
  for (const userId of peopleOf(row)) {
    await recordEvent(ctx.tx, { userId, type: 'project.updated', payload: { projectId: row.id, status: row.status } });
  }
  return done(row.id);
}

/** POST /api/2/projects/{id}/tags: replaces the project's tags (trimmed and distinct: projectTagsSchema). */
export async function setTags(ctx: MoveContext, projectId: number, tags: string[]): Promise<Outcome> {
  const { project, role } = await lockFor(ctx, projectId);
  if (role !== 'customer') throw forbidden();
  await ctx.tx.delete(projectTags).where(eq(projectTags.projectId, project.id));
  if (tags.length > 0) await ctx.tx.insert(projectTags).values(tags.map((tag) => ({ projectId: project.id, tag })));
  return done(project.id, [], false);
}

/** POST /api/2/projects/{id}/name */
export async function renameProject(ctx: MoveContext, projectId: number, name: string): Promise<Outcome> {
  const { project, role } = await lockFor(ctx, projectId);
  if (role !== 'customer') throw forbidden();
  const [row] = await ctx.tx.update(projects).set({ name }).where(eq(projects.id, project.id)).returning();
  for (const userId of peopleOf(row)) {
    await recordEvent(ctx.tx, { userId, type: 'project.updated', payload: { projectId: row.id, status: row.status } });
  }
  return done(row.id);
}

/**
 * Writes a discussion message; answers it and the mails to the project's other people (after commit).
 * A message the moderation engine flags is kept for moderation instead (discussion-moderation.ts):
 * only its author sees it until a moderator approves it.
 */
async function writeMessage(ctx: MoveContext, p: ProjectRecord, body: string) {
  const { tx, user, now } = ctx;
  const verdict = await checkDiscussionPost(tx, p, body, ctx.publicUrl);
  const [message] = await tx
    .insert(projectMessages)
    .values({
      projectId: p.id,
      authorId: user.id,
      body,
      createdAt: now,
      moderationStatus: verdict.flagged ? 'pending' : null,
    })
    .returning();
  if (verdict.flagged) {
    await holdDiscussionPost(tx, p, message, verdict, now);
    return { message, mails: [] as MailMessage[] };
  }
  const mails = await deliverDiscussionPost(tx, p, message, { id: user.id, name: user.name }, ctx.publicUrl, now);
  return { message, mails };
}

/** POST /api/2/projects/{id}/messages: the project's discussion (customer, translator, editor, admin). */
export async function postMessage(ctx: MoveContext, projectId: number, body: string) {
  const { project, role } = await requireViewing(ctx.tx, ctx.user, projectId, ctx.now);
  if (!canMessage(role)) throw forbidden();
  const { message, mails } = await writeMessage(ctx, project, body);
  return { message: presentMessage(message, ctx.user.name, ctx.user.id), mails };
}

/**
 * POST /api/2/projects/bulk-message: one message to the translators of 2+ of the customer's own
 * projects. Any id that is not the customer's is 404; projects without a translator yet are skipped.
 */
export async function bulkMessage(
  ctx: MoveContext,
  projectIds: number[],
  message: string,
): Promise<{ sent: number; mails: MailMessage[] }> {
  const ids = projectIds;
  const text = message;
  if (ctx.user.type !== 'customer' && !isAdminUser(ctx.user)) throw forbidden();
  if (ids.some((id) => !isDbId(id))) throw projectNotFound();
  const rows = await ctx.tx
    .select()
    .from(projects)
    .where(and(inArray(projects.id, ids), eq(projects.customerId, ctx.user.id)));
  if (rows.length !== ids.length) throw projectNotFound();
  let sent = 0;
  const mails: MailMessage[] = [];
  for (const p of rows) {
    if (p.translatorId === null) continue;
    mails.push(...(await writeMessage(ctx, p, text)).mails);
    sent += 1;
  }
  return { sent, mails };
}

// ---- admin moves ----

async function lockForAdmin(ctx: MoveContext, projectId: number): Promise<ProjectRecord> {
  const project = await findProject(ctx.tx, projectId, true);
  if (!project) throw projectNotFound();
  return project;
}

async function auditMove(ctx: MoveContext, action: string, p: ProjectRecord, details: Record<string, unknown>) {
  await audit(ctx.tx, { actorId: ctx.user.id, action, targetType: 'project', targetId: p.id, details, ip: ctx.ip });
}

/** POST /api/2/admin/projects/{id}/hold: any unfinished status -> HOLD, remembering it. */
export async function holdProject(ctx: MoveContext, projectId: number): Promise<Outcome> {
  const project = await lockForAdmin(ctx, projectId);
  check(project, 'admin', 'hold');
  const row = await mustMove(ctx.tx, project, 'hold', {
    actorId: ctx.user.id,
    now: ctx.now,
    set: { statusBeforeHold: project.status },
  });
  await auditMove(ctx, 'project.hold', row, { from: project.status });
  return done(row.id);
}

/** POST /api/2/admin/projects/{id}/release: HOLD -> the status before the hold. */
export async function releaseProject(ctx: MoveContext, projectId: number): Promise<Outcome> {
  const project = await lockForAdmin(ctx, projectId);
  check(project, 'admin', 'release');
  const row = await mustMove(ctx.tx, project, 'release', {
    actorId: ctx.user.id,
    now: ctx.now,
    set: { statusBeforeHold: null },
  });
  await auditMove(ctx, 'project.release', row, { to: row.status });
  return done(row.id);
}

/** POST /api/2/admin/projects/{id}/reassign: another translator works on it (new deadline and share). */
export async function reassignProject(ctx: MoveContext, projectId: number, translatorId: number): Promise<Outcome> {
  const project = await lockForAdmin(ctx, projectId);
  check(project, 'admin', 'reassign');
  const [target] = await ctx.tx.select().from(users).where(eq(users.id, translatorId));
  if (
    target?.type !== 'translator' ||
    target.id === project.customerId ||
    target.id === project.translatorId ||
    target.id === project.editorId
  ) {
    throw badRequest(PROJECT_TEXTS.reassignTargetInvalid, { translatorId: PROJECT_TEXTS.reassignTargetInvalid });
  }
  const level = await translatorLevel(ctx.tx, target.id);
  const row = await mustMove(ctx.tx, project, 'reassign', {
    actorId: ctx.user.id,
    now: ctx.now,
    note: `Reassigned to ${target.name}`,
    set: {
      translatorId: target.id,
      takenAt: ctx.now,
      deadline: translationDeadline(ctx.now, project.wordCount, project.expedite),
      translatorEarningsCredits: translatorEarnings(earningsBase(project), level),
    },
  });
  await auditMove(ctx, 'project.reassign', row, { from: project.translatorId, to: target.id });
  const mails = project.status === 'PENDING' ? await mailCustomer(ctx, row, workStartedMail) : [];
  return done(row.id, mails);
}

export type ResolveOutcome = 'refund' | 'partial' | 'pay';

/**
 * POST /api/2/admin/projects/{id}/resolve (DISPUTED): 'pay' completes and pays the earnings;
 * 'partial' refunds `refundCredits` (and that part of the VAT) and pays the earnings scaled to the
 * rest; 'refund' cancels with the full price and VAT back. Audited.
 */
export async function resolveDispute(
  ctx: MoveContext,
  projectId: number,
  outcome: ResolveOutcome,
  refundCredits?: number,
): Promise<Outcome> {
  const project = await lockForAdmin(ctx, projectId);
  const move = outcome === 'pay' ? 'resolve-pay' : outcome === 'partial' ? 'resolve-partial' : 'resolve-refund';
  check(project, 'admin', move);
  if (outcome === 'refund') {
    const row = await mustMove(ctx.tx, project, 'resolve-refund', {
      actorId: ctx.user.id,
      now: ctx.now,
      note: 'Dispute resolved: full refund',
      set: { cancelledAt: ctx.now },
    });
    await postRefund(ctx.tx, row, { priceCredits: row.priceCredits, vatCredits: row.vatCredits }, ctx.user.id);
    await auditMove(ctx, 'project.resolve', row, {
      outcome,
      refundCredits: row.priceCredits,
      vatCredits: row.vatCredits,
    });
    return done(row.id);
  }
  if (outcome === 'pay') {
    const row = await complete(ctx.tx, project, 'resolve-pay', {
      actorId: ctx.user.id,
      now: ctx.now,
      note: 'Dispute resolved: translator paid',
    });
    if (!row) throw moveNotAllowed();
    await auditMove(ctx, 'project.resolve', row, { outcome });
    return done(row.id, await mailCustomer(ctx, row, completedMail));
  }
  const refund = refundCredits ?? 0;
  if (!Number.isSafeInteger(refund) || refund < 1 || refund > project.priceCredits) {
    throw badRequest(PROJECT_TEXTS.partialRefundInvalid, { refundCredits: PROJECT_TEXTS.partialRefundInvalid });
  }
  const vatBack = vatRefundFor(project.vatCredits, project.priceCredits, refund);
  const row = await complete(ctx.tx, project, 'resolve-partial', {
    actorId: ctx.user.id,
    now: ctx.now,
    note: `Dispute resolved: ${refund} credits refunded`,
    set: {
      translatorEarningsCredits: scaledEarnings(project.translatorEarningsCredits, project.priceCredits, refund),
      editorEarningsCredits: scaledEarnings(project.editorEarningsCredits, project.priceCredits, refund),
    },
  });
  if (!row) throw moveNotAllowed();
  await postRefund(ctx.tx, row, { priceCredits: refund, vatCredits: vatBack }, ctx.user.id);
  await auditMove(ctx, 'project.resolve', row, { outcome, refundCredits: refund, vatCredits: vatBack });
  return done(row.id, await mailCustomer(ctx, row, completedMail));
}
