import { and, eq, isNull, sql } from 'drizzle-orm';
import { PROJECT_TEXTS } from '@parlance/shared';
import { projects } from '../../../db/schema';
import { AppError, forbidden } from '../../../platform/errors';
import { workStartedMail } from '../mails';
import {
  isReviewKind,
  levelAllowsSql,
  myTeamWindowSql,
  needsEditing,
  openEditingJobSql,
  openReviewJobSql,
  openTranslationJobSql,
  probationAllowsSql,
  translatorAvailableSql,
  translatorSkillsMatchSql,
} from '../matching';
import type { ProjectRecord } from '../present';
import { findProject, type Outcome, projectNotFound, translatorLevel, tryMove } from '../service';
import { earningsBase, editingDeadline, editorEarnings, translationDeadline, translatorEarnings } from '../work-rules';
import { authorizeOn, done, mailCustomer, type MoveContext } from './context';

// Taking a job: the translation job of an open project, or the editing job of a Translation +
// Editing project. One guarded UPDATE each, so of two translators at once one wins.

/**
 * Why an open job is not offered to this translator, in the order a person would fix it: inactive
 * or on vacation, then the pair and expertise, then probation, the expert level and the customer's
 * team window (the same SQL as the offer, one rule at a time).
 */
async function refusalFor(ctx: MoveContext, project: ProjectRecord, editing: boolean): Promise<AppError> {
  const today = ctx.now.toISOString().slice(0, 10);
  const [why] = await ctx.tx
    .select({
      available: sql<boolean>`${translatorAvailableSql(ctx.user.id, today)}`,
      skills: sql<boolean>`${translatorSkillsMatchSql(ctx.user.id)}`,
      probation: sql<boolean>`${probationAllowsSql(ctx.user.id, ctx.now)}`,
      level: sql<boolean>`${levelAllowsSql(ctx.user.id)}`,
      myTeam: sql<boolean>`${myTeamWindowSql(ctx.user.id, ctx.now)}`,
    })
    .from(projects)
    .where(eq(projects.id, project.id));
  if (!why?.available) return forbidden(PROJECT_TEXTS.translatorInactive);
  if (!why.skills || editing || isReviewKind(project.kind)) return forbidden(PROJECT_TEXTS.notMatching);
  if (!why.probation) return forbidden(PROJECT_TEXTS.probationLimits);
  if (!why.level) return forbidden(PROJECT_TEXTS.expertLevel);
  if (!why.myTeam) return forbidden(PROJECT_TEXTS.myTeamFirst);
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
  authorizeOn(ctx, 'job.take', project);
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
  if (!offered) throw await refusalFor(ctx, project, false);

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
  authorizeOn(ctx, 'job.take', project);
  if (project.editorId === ctx.user.id) return done(project.id, [], false);
  // the translator of the project does not edit their own translation
  if (project.translatorId === ctx.user.id) throw forbidden(PROJECT_TEXTS.yourOwnWork);
  if (project.status !== 'IN_REVIEW' || !needsEditing(project) || project.editorId !== null) {
    throw await closedJobRefusal(ctx, project, project.editorId !== null, true);
  }
  const [offered] = await ctx.tx
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, project.id), openEditingJobSql(ctx.user.id, ctx.now)));
  if (!offered) throw await refusalFor(ctx, project, true);
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
