import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { PROJECT_LIMITS } from '@parlance/shared';
import type { Services } from '../../platform/services';
import { myTeamMembers, projects } from '../../db/schema';
import { expireIdempotencyKeys } from '../../platform/ledger';
import type { Db } from '../../db/client';
import type { Mailer, MailMessage } from '../../platform/mail';
import { type RealtimeBus, recordEvent } from '../../platform/realtime';
import type { Scheduler } from '../../platform/scheduler';
import { completedMail, projectOpenedMail, withNames } from './mails';
import { postEarningsRelease } from './money';
import { matchingTranslators } from './opened';
import { complete } from './moves';
import { autoCompleteAt, findProject, personOf, tryMove } from './service';
import { afterCommit } from '../../platform/transaction';

// The scheduler's moves (docs/decisions.md (project lifecycle / ordering sections), "Scheduler"): each finds what is due from the
// rows themselves and makes every move in its own transaction, guarded by the status (or the
// released flag) in its UPDATE. Running twice, or after a restart, changes nothing more.

/** What the timed moves need (the app's services, or the demo seeding's). */
export interface TimedDeps {
  db: Db;
  bus: RealtimeBus;
  mailer: Mailer;
  publicUrl: string;
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
    const done = await deps.db.transaction(async (tx) => {
      const p = await findProject(tx, id, true);
      if (p?.status !== 'IN_PROGRESS' || !p.deadline || p.deadline > now) return false;
      return (
        (await tryMove(tx, p, 'mark-delayed', { actorId: null, now, where: lte(projects.deadline, now) })) !== null
      );
    });
    if (done) moved += 1;
  }
  if (moved > 0) deps.bus.notify();
  return moved;
}

/** READY for 7 days without approval or dispute -> COMPLETED, earnings posted. */
export async function autoComplete(deps: TimedDeps, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - PROJECT_LIMITS.autoCompleteAfterMs);
  const due = await deps.db
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        eq(projects.status, 'READY'),
        sql`greatest(coalesce(${projects.deliveredAt}, ${projects.statusChangedAt}), ${projects.statusChangedAt}) <= ${cutoff.toISOString()}::timestamptz`,
      ),
    )
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
        note: 'Completed 7 days after delivery',
      });
      if (!row) return false;
      const customer = await personOf(tx, row.customerId);
      if (customer) mails.push(completedMail(deps.publicUrl, customer, await withNames(tx, row)));
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
    await recordEvent(deps.db, {
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
    const team = await deps.db
      .select({ id: myTeamMembers.translatorId })
      .from(myTeamMembers)
      .where(eq(myTeamMembers.customerId, p.customerId));
    const skip = new Set(team.map((m) => m.id));
    const named = await withNames(deps.db, p);
    for (const translator of await matchingTranslators(deps.db, p.id, now)) {
      if (skip.has(translator.id)) continue;
      try {
        await deps.mailer.send(projectOpenedMail(deps.publicUrl, translator, named));
      } catch {
        // a failed mail is not retried: the job is in the open list anyway
      }
    }
    opened += 1;
  }
  if (opened > 0) deps.bus.notify();
  return opened;
}

/** Registers the project lifecycle's timed moves (and the ledger's daily key clean-up). */
export function addProjectTasks(
  scheduler: Scheduler,
  services: Pick<Services, 'db' | 'bus' | 'mailer' | 'config'>,
): void {
  const deps: TimedDeps = {
    db: services.db,
    bus: services.bus,
    mailer: services.mailer,
    publicUrl: services.config.publicUrl,
  };
  scheduler.add({ name: 'projects.mark-delayed', everyMs: 0, run: (now) => markDelayed(deps, now) });
  scheduler.add({ name: 'projects.auto-complete', everyMs: 0, run: (now) => autoComplete(deps, now) });
  scheduler.add({ name: 'projects.release-earnings', everyMs: 0, run: (now) => releaseEarnings(deps, now) });
  scheduler.add({ name: 'projects.open-to-all', everyMs: 0, run: (now) => openToAll(deps, now) });
  scheduler.add({
    name: 'ledger.expire-idempotency-keys',
    everyMs: DAY_MS,
    run: (now) => expireIdempotencyKeys(deps.db, now),
  });
}
