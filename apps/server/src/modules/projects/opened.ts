import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { myTeamMembers, projectEvents, projects, users } from '../../db/schema';
import type { Logger } from '../../platform/logger';
import { type Mailer, sendMailsAfterCommit } from '../../platform/mail';
import { recordEvent } from '../../platform/realtime';
import { projectOpenedMail, submittedMail, withNames } from './mails';
import { openTranslationJobSql } from './matching';
import type { ProjectRecord } from './present';

// A paid project opens: its first timeline row and realtime events (in the payment's transaction),
// then, after the commit, a mail to every translator the job is offered to now (matching.ts).

/** Until when only the customer's My Team sees a new project: a window when the customer has a team. */
export async function openToAllAtFor(tx: Db | Tx, customerId: number, now: Date, windowMs: number): Promise<Date> {
  const [member] = await tx
    .select({ id: myTeamMembers.translatorId })
    .from(myTeamMembers)
    .where(eq(myTeamMembers.customerId, customerId))
    .limit(1);
  return member ? new Date(now.getTime() + windowMs) : now;
}

/** The 'paid' timeline row, `project.opened` for translators and `project.updated` for the customer. */
export async function recordProjectsOpened(tx: Tx, opened: ProjectRecord[], actorId: number, now: Date) {
  if (opened.length === 0) return;
  await tx.insert(projectEvents).values(
    opened.map((p) => ({
      projectId: p.id,
      fromStatus: null,
      toStatus: p.status,
      action: 'paid',
      actorId,
      createdAt: now,
    })),
  );
  for (const p of opened) {
    // a project the machine translates first (PREPROCESSING) is not offered to translators yet
    if (p.status === 'PENDING')
      await recordEvent(tx, {
        role: 'translator',
        type: 'project.opened',
        payload: {
          projectId: p.id,
          sourceLanguage: p.sourceLanguage,
          targetLanguage: p.targetLanguage,
          expertise: p.expertise,
        },
      });
    await recordEvent(tx, {
      userId: p.customerId,
      type: 'project.updated',
      payload: { projectId: p.id, status: p.status },
    });
  }
}

/** The translators the translation job of this project is offered to now. */
export async function matchingTranslators(db: Db | Tx, projectId: number, now: Date) {
  return db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .innerJoin(projects, eq(projects.id, projectId))
    .where(and(eq(users.type, 'translator'), openTranslationJobSql(sql`${users.id}`, now)))
    .orderBy(users.id);
}

/** After the payment's commit: mail each matching translator about each opened project. */
export async function mailOpenedProjects(
  db: Db,
  effects: { mailer: Mailer; logger: Logger; publicUrl: string },
  projectIds: number[],
  now: Date,
): Promise<number> {
  if (projectIds.length === 0) return 0;
  const rows = await db.select().from(projects).where(inArray(projects.id, projectIds));
  let sent = 0;
  for (const row of rows) {
    const p = await withNames(db, row);
    const translators = await matchingTranslators(db, p.id, now);
    // a failed mail does not undo a payment
    sent += await sendMailsAfterCommit(
      effects,
      translators.map((translator) => projectOpenedMail(effects.publicUrl, translator, p)),
      { projectId: p.id },
    );
  }
  return sent;
}

/** After the payment's commit: the customer's project_submitted mail, naming every project of the order. */
export async function mailSubmittedProjects(
  db: Db,
  effects: { mailer: Mailer; logger: Logger; publicUrl: string },
  projectIds: number[],
  invoiceNumber: string,
): Promise<number> {
  if (projectIds.length === 0) return 0;
  const rows = await db.select().from(projects).where(inArray(projects.id, projectIds)).orderBy(projects.id);
  const [customer] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, rows[0].customerId));
  if (!customer) return 0;
  const named = await Promise.all(rows.map((row) => withNames(db, row)));
  return sendMailsAfterCommit(effects, [submittedMail(effects.publicUrl, customer, named, invoiceNumber)], {
    projectIds,
  });
}
