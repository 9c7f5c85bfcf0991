import { and, eq } from 'drizzle-orm';
import type { ModerationReason, ModerationSource, ModerationStatus } from '@parlance/shared';
import type { Tx } from '../../db/client';
import { moderationHistory, moderations } from '../../db/schema';
import type { MailMessage } from '../mail';
import { recordEvent } from '../realtime';

export type ModerationRow = typeof moderations.$inferSelect;

/** A flagged message that its source holds instead of delivering. */
export interface HeldMessage {
  source: ModerationSource;
  /** the message's id in its source */
  messageRef: string | number;
  authorId: number;
  /** what the moderator searches by: the project's or chat's name */
  title: string;
  language: string;
  message: string;
  reasons: ModerationReason[];
  /** an in-app path to the message */
  link: string;
  projectId?: number | null;
  now: Date;
}

/**
 * What a message source does when a moderator decides: deliver the held message (approved), or
 * tell its author it did not pass (declined). Both run inside the decision's transaction; record
 * realtime events there so that the people see it live.
 */
export interface ModerationSourceHandler {
  approved(tx: Tx, row: ModerationRow, context: DecisionContext): Promise<DecisionEffects | undefined>;
  declined(tx: Tx, row: ModerationRow, context: DecisionContext): Promise<DecisionEffects | undefined>;
}

export interface DecisionContext {
  now: Date;
  /** the app's public address, for links in mails */
  publicUrl: string;
}

/** What the caller does after commit: mails to send. */
export interface DecisionEffects {
  mails?: MailMessage[];
}

const handlers = new Map<ModerationSource, ModerationSourceHandler>();

/** Each message source registers once (at module load) how its held messages are delivered. */
export function registerModerationSource(source: ModerationSource, handler: ModerationSourceHandler): void {
  handlers.set(source, handler);
}

/** Puts a flagged message on moderation: a pending row, its first history entry, a live event for moderators. */
export async function holdMessage(tx: Tx, held: HeldMessage): Promise<ModerationRow> {
  const [row] = await tx
    .insert(moderations)
    .values({
      source: held.source,
      messageRef: String(held.messageRef),
      authorId: held.authorId,
      title: held.title,
      language: held.language,
      message: held.message,
      reasons: held.reasons,
      link: held.link,
      projectId: held.projectId ?? null,
      status: 'pending',
      createdAt: held.now,
    })
    .returning();
  await tx
    .insert(moderationHistory)
    .values({ moderationId: row.id, status: 'pending', actorId: held.authorId, createdAt: held.now });
  await recordEvent(tx, {
    role: 'admin',
    type: 'moderation.updated',
    payload: { moderationId: row.id, status: 'pending' },
  });
  return row;
}

export type DecisionOutcome =
  | { kind: 'decided'; row: ModerationRow; mails: MailMessage[] }
  /** the row already had this status: nothing happens again (approving twice delivers once) */
  | { kind: 'unchanged'; row: ModerationRow }
  /** the row was decided the other way: a decision is final */
  | { kind: 'conflict'; row: ModerationRow }
  | { kind: 'notFound' };

/**
 * A moderator approves or declines a pending message. The row is locked, so two moderators deciding
 * at once deliver it at most once. The source's handler delivers or tells the author.
 */
export async function decideModeration(
  tx: Tx,
  input: { id: number; status: Exclude<ModerationStatus, 'pending'>; actorId: number; now: Date; publicUrl: string },
): Promise<DecisionOutcome> {
  const [row] = await tx.select().from(moderations).where(eq(moderations.id, input.id)).for('update');
  if (!row) return { kind: 'notFound' };
  if (row.status === input.status) return { kind: 'unchanged', row };
  if (row.status !== 'pending') return { kind: 'conflict', row };
  const [updated] = await tx
    .update(moderations)
    .set({ status: input.status, decidedAt: input.now, decidedBy: input.actorId })
    .where(and(eq(moderations.id, row.id), eq(moderations.status, 'pending')))
    .returning();
  await tx
    .insert(moderationHistory)
    .values({ moderationId: row.id, status: input.status, actorId: input.actorId, createdAt: input.now });
  const handler = handlers.get(row.source);
  const effects = handler
    ? await handler[input.status](tx, updated, { now: input.now, publicUrl: input.publicUrl })
    : undefined;
  await recordEvent(tx, {
    role: 'admin',
    type: 'moderation.updated',
    payload: { moderationId: row.id, status: input.status },
  });
  return { kind: 'decided', row: updated, mails: effects?.mails ?? [] };
}
