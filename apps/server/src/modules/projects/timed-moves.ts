import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { APPROVE_REMINDER_AFTER_MS, creditsToUsd, PROJECT_LIMITS } from '@parlance/shared';
import type { Services } from '../../platform/services';
import { mailMarks, myTeamMembers, projects, realtimeEvents } from '../../db/schema';
import { expireIdempotencyKeys } from '../../platform/ledger';
import type { Db } from '../../db/client';
import { type Mailer, type MailMessage, sendMailsAfterCommit } from '../../platform/mail';
import type { Logger } from '../../platform/logger';
import { type RealtimeBus, recordEvent } from '../../platform/realtime';
import type { Scheduler } from '../../platform/scheduler';
import type { Storage } from '../../platform/storage';
import { approveReminderMail, expiredMail, projectOpenedMail, withNames } from './mails';
import { delayMails } from './delay-mails';
import { postEarningsRelease, postRefund } from './money';
import { matchingTranslators } from './opened';
import { complete } from './moves';
import { completionMails } from './moves/context';
import { autoCompleteAt, findProject, personOf, tryMove } from './service';
import { afterCommit } from '../../platform/transaction';

// The scheduler's moves (ADR 0029): each finds what is due from the
// rows themselves and makes every move in its own transaction, guarded by the status (or the
// released flag) in its UPDATE. Running twice, or after a restart, changes nothing more.

/** What the timed moves need (the app's services, or the demo seeding's). */
export interface TimedDeps {
  db: Db;
  bus: RealtimeBus;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  /** the file storage (completion hashes the delivered files for a certificate) */
  storage: Storage;
}

/** At most this many rows per task and run; the rest are picked up the next minute. */
const BATCH = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

/** IN_PROGRESS past its deadline -> DELAYED. */
export async function markDelayed(deps: TimedDeps, now: Date): Promise<number> {
  const due = await deps.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.status, 'IN_PROGRESS'), isNotNull(projects.deadline), lte(projects.deadline, now)))
    .orderBy(asc(projects.id))
    .limit(BATCH);
  let moved = 0;
  for (const { id } of due) {
    const mails: MailMessage[] = [];
    const done = await deps.db.transaction(async (tx) => {
      const p = await findProject(tx, id, true);
      if (p?.status !== 'IN_PROGRESS' || !p.deadline || p.deadline > now) return false;
      const row = await tryMove(tx, p, 'mark-delayed', { actorId: null, now, where: lte(projects.deadline, now) });
      if (!row) return false;
      mails.push(...(await delayMails(tx, deps.publicUrl, row)));
      return true;
    });
    if (done) {
      moved += 1;
      await sendMailsAfterCommit(deps, mails, { projectId: id });
    }
  }
  if (moved > 0) deps.bus.notify();
  return moved;
}

/** SQL: since when a READY project has been READY (its delivery, or its last return to READY). */
const READY_SINCE = sql`greatest(coalesce(${projects.deliveredAt}, ${projects.statusChangedAt}), ${projects.statusChangedAt})`;

/**
 * READY for 5 days (2 before it completes by itself): the customer is reminded once per delivery
 * (approve_time). mail_marks holds the delivery's key in the same transaction as the decision, so a
 * second run or a second instance mails nobody.
 */
export async function remindToApprove(deps: TimedDeps, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - APPROVE_REMINDER_AFTER_MS);
  const due = await deps.db
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        eq(projects.status, 'READY'),
        sql`${READY_SINCE} <= ${cutoff.toISOString()}::timestamptz`,
        sql`NOT EXISTS (SELECT 1 FROM ${mailMarks} WHERE ${mailMarks.key} = 'approve_time:' || ${projects.id} || ':' || floor(extract(epoch FROM ${READY_SINCE}) * 1000)::bigint)`,
      ),
    )
    .orderBy(asc(projects.id))
    .limit(BATCH);
  let sent = 0;
  for (const { id } of due) {
    const mails: MailMessage[] = [];
    await deps.db.transaction(async (tx) => {
      const p = await findProject(tx, id, true);
      const completesAt = p ? autoCompleteAt(p) : null;
      if (p?.status !== 'READY' || !completesAt) return;
      const readySince = completesAt.getTime() - PROJECT_LIMITS.autoCompleteAfterMs;
      const marked = await tx
        .insert(mailMarks)
        .values({ key: `approve_time:${p.id}:${readySince}`, createdAt: now })
        .onConflictDoNothing()
        .returning({ key: mailMarks.key });
      if (marked.length === 0) return;
      const customer = await personOf(tx, p.customerId);
      if (customer) mails.push(approveReminderMail(deps.publicUrl, customer, await withNames(tx, p), completesAt));
    });
    sent += await sendMailsAfterCommit(deps, mails, { projectId: id });
  }
  return sent;
}

/** READY for 7 days without approval or dispute -> COMPLETED, earnings posted. */
export async function autoComplete(deps: TimedDeps, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - PROJECT_LIMITS.autoCompleteAfterMs);
  const due = await deps.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.status, 'READY'), sql`${READY_SINCE} <= ${cutoff.toISOString()}::timestamptz`))
    .orderBy(asc(projects.id))
    .limit(BATCH);
  let moved = 0;
  for (const { id } of due) {
    const mails: MailMessage[] = [];
    const done = await deps.db.transaction(async (tx) => {
      const p = await findProject(tx, id, true);
      const at = p ? autoCompleteAt(p) : null;
      if (!p || !at || at > now) return false;
      const row = await complete(tx, p, 'auto-complete', {
        actorId: null,
        now,
        storage: deps.storage,
        note: 'Completed 7 days after delivery',
      });
      if (!row) return false;
      mails.push(...(await completionMails({ tx, publicUrl: deps.publicUrl }, row)));
      return true;
    });
    if (done) {
      moved += 1;
      await afterCommit(deps, { mails });
    }
  }
  return moved;
}

/** COMPLETED with earnings posted 72 hours ago and not released -> translator_available. */
export async function releaseEarnings(deps: TimedDeps, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - PROJECT_LIMITS.earningsHoldMs);
  const due = await deps.db
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        eq(projects.status, 'COMPLETED'),
        isNull(projects.earningsReleasedAt),
        isNotNull(projects.earningsPostedAt),
        lte(projects.earningsPostedAt, cutoff),
      ),
    )
    .orderBy(asc(projects.id))
    .limit(BATCH);
  let released = 0;
  for (const { id } of due) {
    const done = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(projects)
        .set({ earningsReleasedAt: now })
        .where(
          and(
            eq(projects.id, id),
            eq(projects.status, 'COMPLETED'),
            isNull(projects.earningsReleasedAt),
            lte(projects.earningsPostedAt, cutoff),
          ),
        )
        .returning();
      if (!row) return false;
      await postEarningsRelease(tx, row);
      for (const userId of [row.translatorId, row.editorId]) {
        if (userId) {
          await recordEvent(tx, {
            userId,
            type: 'project.updated',
            payload: { projectId: row.id, status: row.status },
          });
        }
      }
      return true;
    });
    if (done) released += 1;
  }
  if (released > 0) deps.bus.notify();
  return released;
}

/**
 * A My Team window ended: the job is now offered to every matching translator. The realtime event
 * (phase 'all') is written first and marks the project done, so a restart never mails twice; the
 * translators of the customer's team were mailed at payment and are left out.
 */
export async function openToAll(deps: TimedDeps, now: Date): Promise<number> {
  const since = new Date(now.getTime() - DAY_MS);
  const due = await deps.db
    .select()
    .from(projects)
    .where(
      and(
        eq(projects.status, 'PENDING'),
        isNull(projects.translatorId),
        isNotNull(projects.openToAllAt),
        lte(projects.openToAllAt, now),
        sql`${projects.openToAllAt} > ${since.toISOString()}::timestamptz`,
        sql`${projects.openToAllAt} > ${projects.createdAt}`,
        sql`NOT EXISTS (SELECT 1 FROM realtime_events re WHERE re.type = 'project.opened'
          AND re.payload->>'projectId' = ${projects.id}::text AND re.payload->>'phase' = 'all')`,
      ),
    )
    .orderBy(asc(projects.id))
    .limit(BATCH);
  let opened = 0;
  for (const p of due) {
    // claimed under the project's row lock: another instance running this task at the same time
    // waits, then finds the event written and mails nobody
    const claimed = await deps.db.transaction(async (tx) => {
      await findProject(tx, p.id, true);
      const [written] = await tx
        .select({ id: realtimeEvents.id })
        .from(realtimeEvents)
        .where(
          and(
            eq(realtimeEvents.type, 'project.opened'),
            sql`${realtimeEvents.payload}->>'projectId' = ${String(p.id)}`,
            sql`${realtimeEvents.payload}->>'phase' = 'all'`,
          ),
        )
        .limit(1);
      if (written) return false;
      await recordEvent(tx, {
        role: 'translator',
        type: 'project.opened',
        payload: {
          projectId: p.id,
          sourceLanguage: p.sourceLanguage,
          targetLanguage: p.targetLanguage,
          expertise: p.expertise,
          phase: 'all',
        },
      });
      return true;
    });
    if (!claimed) continue;
    const team = await deps.db
      .select({ id: myTeamMembers.translatorId })
      .from(myTeamMembers)
      .where(eq(myTeamMembers.customerId, p.customerId));
    const skip = new Set(team.map((m) => m.id));
    const named = await withNames(deps.db, p);
    const translators = (await matchingTranslators(deps.db, p.id, now)).filter((t) => !skip.has(t.id));
    // a failed mail is not retried: the job is in the open list anyway
    await sendMailsAfterCommit(
      deps,
      translators.map((translator) => projectOpenedMail(deps.publicUrl, translator, named)),
      { task: 'projects.open-to-all', projectId: p.id },
    );
    opened += 1;
  }
  if (opened > 0) deps.bus.notify();
  return opened;
}

/**
 * PENDING, nobody took it, and its deadline passed `expireAfterDeadlineMs` ago -> CANCELLED with
 * the price and VAT back to the customer's credits (ADR 0073).
 * The status guard and the refund's idempotency key make it happen once; the message box notice
 * is written by the move, the mail goes after the commit.
 */
export async function expireUntaken(deps: TimedDeps, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - PROJECT_LIMITS.expireAfterDeadlineMs);
  const due = await deps.db
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        eq(projects.status, 'PENDING'),
        isNull(projects.translatorId),
        sql`${projects.kind} IN ('classic', 'bundle')`,
        isNotNull(projects.deadline),
        lte(projects.deadline, cutoff),
      ),
    )
    .orderBy(asc(projects.id))
    .limit(BATCH);
  let expired = 0;
  for (const { id } of due) {
    const mails: MailMessage[] = [];
    const done = await deps.db.transaction(async (tx) => {
      const p = await findProject(tx, id, true);
      if (p?.status !== 'PENDING' || p.translatorId != null || !p.deadline || p.deadline > cutoff) return false;
      const back = `$${creditsToUsd(p.priceCredits + p.vatCredits)}`;
      const row = await tryMove(tx, p, 'expire', {
        actorId: null,
        now,
        note: `Nobody took it before its deadline: ${back} refunded to the customer's credits`,
        set: { cancelledAt: now },
        where: isNull(projects.translatorId),
      });
      if (!row) return false;
      await postRefund(
        tx,
        row,
        { priceCredits: row.priceCredits, vatCredits: row.vatCredits },
        null,
        `Refund of project ${row.id}: nobody took it before its deadline`,
        now,
      );
      const customer = await personOf(tx, row.customerId);
      if (customer) mails.push(expiredMail(deps.publicUrl, customer, await withNames(tx, row), back));
      return true;
    });
    if (done) {
      expired += 1;
      await afterCommit(deps, { mails });
    }
  }
  return expired;
}

/** Registers the project lifecycle's timed moves (and the ledger's daily key clean-up). */
export function addProjectTasks(
  scheduler: Scheduler,
  services: Pick<Services, 'db' | 'bus' | 'mailer' | 'logger' | 'config' | 'storage'>,
): void {
  const deps: TimedDeps = {
    db: services.db,
    bus: services.bus,
    mailer: services.mailer,
    logger: services.logger,
    publicUrl: services.config.publicUrl,
    storage: services.storage,
  };
  scheduler.add({ name: 'projects.mark-delayed', everyMs: 0, run: (now) => markDelayed(deps, now) });
  scheduler.add({ name: 'projects.approve-reminder', everyMs: 0, run: (now) => remindToApprove(deps, now) });
  scheduler.add({ name: 'projects.auto-complete', everyMs: 0, run: (now) => autoComplete(deps, now) });
  scheduler.add({ name: 'projects.release-earnings', everyMs: 0, run: (now) => releaseEarnings(deps, now) });
  scheduler.add({ name: 'projects.expire-untaken', everyMs: 0, run: (now) => expireUntaken(deps, now) });
  scheduler.add({ name: 'projects.open-to-all', everyMs: 0, run: (now) => openToAll(deps, now) });
  scheduler.add({
    name: 'ledger.expire-idempotency-keys',
    everyMs: DAY_MS,
    run: (now) => expireIdempotencyKeys(deps.db, now),
  });
}
