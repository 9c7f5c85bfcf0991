import { desc, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { projectEvents } from '../../../db/schema';
import { audit } from '../../../platform/audit';
import type { AlertMailboxes } from '../../../platform/client-alerts';
import type { MailMessage } from '../../../platform/mail';
import { type Action, type Actions, authorize } from '../../../platform/permissions';
import type { AuthContext, UserRow } from '../../../platform/session';
import type { Storage } from '../../../platform/storage';
import { certificateMails } from '../../certificates/mails';
import { completedMail, type NamedProject, translatorUpdateMail, withNames } from '../mails';
import { knownRole, type ViewerRole } from '../policy';
import '../policy';
import type { ProjectRecord } from '../present';
import { findProject, type Outcome, personOf, projectNotFound } from '../service';
import type { ProjectMove } from '../status-machine';

// What every project move shares: its context (the caller's transaction, the user, the clock),
// locking the project with the viewer's role, the one permission check (platform/permissions.ts
// `authorize`, with the project rules of ../permissions.ts), the customer's mail and the audit line.
// Each move lives in its own verb-named file beside this one; index.ts exports them all.

export interface MoveContext {
  tx: Tx;
  /** who makes the move (their role on the project and their staff permissions) */
  actor: AuthContext;
  /** the actor's user (the one acted as, while acting) */
  user: UserRow;
  now: Date;
  publicUrl: string;
  /** the file storage (completion hashes the delivered files for a certificate) */
  storage: Storage;
  /** the admin behind an admin move (also while acting), for the audit log */
  ip?: string;
  /** where client alerts routed to sales and support go (/client-alerts); without (seed data), no alerts */
  alertBoxes?: AlertMailboxes;
}

/** A request's move context for the caller's transaction: the actor, the clock, files and alert boxes. */
export function moveContextOf(
  deps: { clock: { now(): Date }; config: AlertMailboxes & { publicUrl: string }; storage: Storage },
  actor: AuthContext,
  ip: string,
): (tx: Tx) => MoveContext {
  return (tx) => ({
    tx,
    actor,
    user: actor.user,
    now: deps.clock.now(),
    publicUrl: deps.config.publicUrl,
    storage: deps.storage,
    ip,
    alertBoxes: deps.config,
  });
}

export const done = (projectId: number, mails: MailMessage[] = [], changed = true): Outcome => ({
  projectId,
  mails,
  changed,
});

/** The project locked for the move, with the viewer's role; outsiders 404. */
export async function lockFor(
  ctx: MoveContext,
  projectId: number,
): Promise<{ project: ProjectRecord; role: ViewerRole }> {
  const project = await findProject(ctx.tx, projectId, true);
  if (!project) throw projectNotFound();
  const role = knownRole(ctx.actor, project);
  if (!role) throw projectNotFound();
  return { project, role };
}

/** The project locked for an admin move (the admin routes checked the staff permission). */
export async function lockForAdmin(ctx: MoveContext, projectId: number): Promise<ProjectRecord> {
  const project = await findProject(ctx.tx, projectId, true);
  if (!project) throw projectNotFound();
  return project;
}

/** A status move this role makes: 403 for a role that never makes it, 409 from a wrong status. */
export function authorizeMove(ctx: MoveContext, project: ProjectRecord, role: ViewerRole, move: ProjectMove) {
  authorize(ctx.actor, `project.${move}`, { project, role });
}

/**
 * True when the project's last status move is this very move, made by this user, and the project is
 * still where it left it: a repeat (a double click, a retry after a lost answer) that answers as the
 * first did (200 with the project as it is) instead of 409. A different move, or the same move by
 * somebody else, is not a repeat and meets the status rules as before.
 */
export async function repeatsLastMove(ctx: MoveContext, project: ProjectRecord, move: ProjectMove): Promise<boolean> {
  const [last] = await ctx.tx
    .select({ action: projectEvents.action, actorId: projectEvents.actorId, toStatus: projectEvents.toStatus })
    .from(projectEvents)
    .where(eq(projectEvents.projectId, project.id))
    .orderBy(desc(projectEvents.id))
    .limit(1);
  return last?.action === move && last.actorId === ctx.user.id && last.toStatus === project.status;
}

/** Any other project action (rate, tag, rename, message). */
export function authorizeOn<A extends Action>(ctx: MoveContext, action: A, subject: Actions[A]) {
  authorize(ctx.actor, action, subject);
}

export async function mailCustomer(
  ctx: MoveContext,
  p: ProjectRecord,
  make: (url: string, to: { id: number; email: string; name: string }, p: NamedProject) => MailMessage,
): Promise<MailMessage[]> {
  const customer = await personOf(ctx.tx, p.customerId);
  return customer ? [make(ctx.publicUrl, customer, await withNames(ctx.tx, p))] : [];
}

/** A mail to one of the project's people (none when they are gone). */
export async function mailPerson(
  ctx: Pick<MoveContext, 'tx' | 'publicUrl'>,
  userId: number | null,
  p: ProjectRecord,
  make: (url: string, to: { id: number; email: string; name: string }, p: NamedProject) => MailMessage,
): Promise<MailMessage[]> {
  const person = userId ? await personOf(ctx.tx, userId) : null;
  return person ? [make(ctx.publicUrl, person, await withNames(ctx.tx, p))] : [];
}

/**
 * The mails when a project completes (approved, or by itself after 7 days): the customer's
 * completed mail and certificate, and the translator's and editor's update.
 */
export async function completionMails(
  ctx: Pick<MoveContext, 'tx' | 'publicUrl'>,
  p: ProjectRecord,
): Promise<MailMessage[]> {
  const linguists = [p.translatorId, p.editorId].filter((id): id is number => id !== null);
  const updates = await Promise.all(
    linguists.map((id) =>
      mailPerson(ctx, id, p, (url, to, named) => translatorUpdateMail(url, to, named, 'completed')),
    ),
  );
  return [
    ...(await mailPerson(ctx, p.customerId, p, completedMail)),
    ...(await certificateMails(ctx.tx, ctx.publicUrl, p)),
    ...updates.flat(),
  ];
}

export async function auditMove(ctx: MoveContext, action: string, p: ProjectRecord, details: Record<string, unknown>) {
  await audit(ctx.tx, { actorId: ctx.user.id, action, targetType: 'project', targetId: p.id, details, ip: ctx.ip });
}
