import { and, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import {
  CREDIT_ACTION_LIMITS,
  CREDIT_ACTION_RULES,
  CREDIT_ACTION_TEXTS,
  type CreditActionCreate,
  type CreditActionKind,
  type Recurrence,
} from '@parlance/shared';
import type { Logger } from '../../platform/logger';
import type { Db, Tx } from '../../db/client';
import { creditActions, type PlatformAccountKind, type UserAccountKind, users } from '../../db/schema';
import { audit } from '../../platform/audit';
import { badRequest, notFound } from '../../platform/errors';
import {
  balanceOfOwner,
  getOrCreateAccount,
  InsufficientFundsError,
  platformAccount,
  postTransaction,
} from '../../platform/ledger';
import type { UserRow } from '../../platform/session';

// Credit actions: each one posts one ledger transaction between the user's credits account and a
// platform account, in the same database transaction as its row and its audit entry.

export type CreditActionRow = typeof creditActions.$inferSelect;

const LEDGER: Record<CreditActionKind, { kind: 'grant' | 'purchase' | 'adjustment'; contra: PlatformAccountKind }> = {
  addcredit: { kind: 'grant', contra: 'platform_promotions' },
  buycredit: { kind: 'purchase', contra: 'platform_payments_received' },
  removecredit: { kind: 'adjustment', contra: 'platform_revenue' },
};

/** The account whose credits staff act on: a customer's credits, a translator's available balance. */
export function creditAccountKind(user: Pick<UserRow, 'type' | 'isAdmin'>): UserAccountKind {
  if (user.isAdmin || user.type === 'admin') throw badRequest(CREDIT_ACTION_TEXTS.staffAccount);
  return user.type === 'translator' ? 'translator_available' : 'customer_credits';
}

export function ruleOf(type: string) {
  const rule = CREDIT_ACTION_RULES[type as CreditActionKind];
  if (!rule) throw badRequest(CREDIT_ACTION_TEXTS.typeRequired, { type: CREDIT_ACTION_TEXTS.typeRequired });
  return rule;
}

export function nextRun(from: Date, recurrence: Recurrence): Date | null {
  if (recurrence === 'none') return null;
  const next = new Date(from);
  if (recurrence === 'weekly') next.setUTCDate(next.getUTCDate() + 7);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

interface Movement {
  user: Pick<UserRow, 'id' | 'type' | 'isAdmin'>;
  type: CreditActionKind;
  reason: string;
  /** signed credits on the user's account */
  amount: number;
  operatorId: number | null;
  actionId: number;
  idempotencyKey: string;
}

/** Posts the ledger transaction of an action; refuses a balance below zero with a message. */
async function move(tx: Tx, m: Movement): Promise<number> {
  const accountKind = creditAccountKind(m.user);
  if (m.amount < 0) {
    const balance = await balanceOfOwner(tx, m.user.id, accountKind);
    if (balance + m.amount < 0)
      throw badRequest(CREDIT_ACTION_TEXTS.belowZero, { amount: CREDIT_ACTION_TEXTS.belowZero });
  }
  const account = await getOrCreateAccount(tx, m.user.id, accountKind);
  const contra = await platformAccount(tx, LEDGER[m.type].contra);
  const posted = await postTransaction(tx, {
    kind: LEDGER[m.type].kind,
    description: m.reason,
    idempotencyKey: m.idempotencyKey,
    createdBy: m.operatorId,
    metadata: { creditActionId: m.actionId, creditActionType: m.type, reason: m.reason, operatorId: m.operatorId },
    entries: [
      { account, amount: m.amount },
      { account: contra, amount: -m.amount },
    ],
  });
  return posted.id;
}

/** Ledger refusals (a balance that would go negative) become the credit action's message. */
async function refusingBelowZero<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof InsufficientFundsError)
      throw badRequest(CREDIT_ACTION_TEXTS.belowZero, { amount: CREDIT_ACTION_TEXTS.belowZero });
    throw err;
  }
}

export interface Operator {
  id: number;
  ip?: string;
}

export async function createCreditAction(
  db: Db,
  target: UserRow,
  input: CreditActionCreate,
  operator: Operator,
  now: Date,
): Promise<CreditActionRow> {
  const type = input.type as CreditActionKind;
  const rule = ruleOf(type);
  creditAccountKind(target);
  return refusingBelowZero(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(creditActions)
        .values({
          userId: target.id,
          type,
          reason: input.reason,
          amount: rule.sign * input.amount,
          remarks: input.remarks,
          operatorId: operator.id,
          recurrence: input.recurrence,
          nextRunAt: nextRun(now, input.recurrence),
          createdAt: now,
        })
        .returning();
      const transactionId = await move(tx, {
        user: target,
        type,
        reason: input.reason,
        amount: row.amount,
        operatorId: operator.id,
        actionId: row.id,
        idempotencyKey: `credit-action:${row.id}`,
      });
      const [saved] = await tx
        .update(creditActions)
        .set({ transactionId })
        .where(eq(creditActions.id, row.id))
        .returning();
      await audit(tx, {
        actorId: operator.id,
        action: 'credit-action.create',
        targetType: 'user',
        targetId: target.id,
        details: {
          creditActionId: row.id,
          type,
          reason: input.reason,
          amount: row.amount,
          recurrence: input.recurrence,
        },
        ip: operator.ip,
      });
      return saved;
    }),
  );
}

async function requireAction(db: Db | Tx, id: number): Promise<CreditActionRow> {
  const [row] = await db.select().from(creditActions).where(eq(creditActions.id, id));
  if (!row) throw notFound(CREDIT_ACTION_TEXTS.notFound);
  return row;
}

async function requireUserById(db: Db | Tx, id: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw notFound(CREDIT_ACTION_TEXTS.notFound);
  return user;
}

/** Sum of an action and its children: what it moved so far (an edit corrects this to the new amount). */
async function netOf(tx: Tx, action: CreditActionRow): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${creditActions.amount}), 0)` })
    .from(creditActions)
    .where(and(eq(creditActions.parentId, action.id), eq(creditActions.reason, sql`'Correction'`)));
  return action.amount + Number(row.sum);
}

/**
 * Edits an action when its type's edit flag allows: reason and remarks change in place; a new
 * amount posts a correction child action with the difference.
 */
export async function editCreditAction(
  db: Db,
  id: number,
  input: { reason: string; amount: number; remarks: string },
  operator: Operator,
  now: Date,
): Promise<CreditActionRow> {
  return refusingBelowZero(() =>
    db.transaction(async (tx) => {
      const [action] = await tx.select().from(creditActions).where(eq(creditActions.id, id)).for('update');
      if (!action) throw notFound(CREDIT_ACTION_TEXTS.notFound);
      const rule = ruleOf(action.type);
      if (!rule.editable || action.parentId !== null) throw badRequest(CREDIT_ACTION_TEXTS.notEditable);
      if (!rule.reasons.includes(input.reason))
        throw badRequest(CREDIT_ACTION_TEXTS.reasonNotOfType, { reason: CREDIT_ACTION_TEXTS.reasonNotOfType });
      const user = await requireUserById(tx, action.userId);
      const wanted = rule.sign * input.amount;
      const delta = wanted - (await netOf(tx, action));
      if (delta !== 0) {
        const [child] = await tx
          .insert(creditActions)
          .values({
            parentId: action.id,
            userId: action.userId,
            type: action.type,
            reason: 'Correction',
            amount: delta,
            remarks: `Amount changed to ${input.amount}`,
            operatorId: operator.id,
            createdAt: now,
          })
          .returning();
        const transactionId = await move(tx, {
          user,
          type: action.type as CreditActionKind,
          reason: `Correction: ${input.reason}`,
          amount: delta,
          operatorId: operator.id,
          actionId: child.id,
          idempotencyKey: `credit-action:${child.id}`,
        });
        await tx.update(creditActions).set({ transactionId }).where(eq(creditActions.id, child.id));
      }
      const [saved] = await tx
        .update(creditActions)
        .set({ reason: input.reason, remarks: input.remarks })
        .where(eq(creditActions.id, id))
        .returning();
      await audit(tx, {
        actorId: operator.id,
        action: 'credit-action.edit',
        targetType: 'credit-action',
        targetId: id,
        details: {
          before: { reason: action.reason, remarks: action.remarks },
          after: { reason: input.reason, remarks: input.remarks },
          amountDelta: delta,
        },
        ip: operator.ip,
      });
      return saved;
    }),
  );
}

export async function stopRecurring(db: Db, id: number, operator: Operator, now: Date): Promise<CreditActionRow> {
  return db.transaction(async (tx) => {
    const action = await requireAction(tx, id);
    if (action.recurrence === 'none' || action.parentId !== null) throw badRequest(CREDIT_ACTION_TEXTS.notRecurring);
    if (action.stoppedAt) throw badRequest(CREDIT_ACTION_TEXTS.alreadyStopped);
    const [saved] = await tx
      .update(creditActions)
      .set({ stoppedAt: now, nextRunAt: null })
      .where(eq(creditActions.id, id))
      .returning();
    await audit(tx, {
      actorId: operator.id,
      action: 'credit-action.stop',
      targetType: 'credit-action',
      targetId: id,
      ip: operator.ip,
    });
    return saved;
  });
}

export async function saveInvoice(db: Db, id: number, invoiceId: string, operator: Operator): Promise<CreditActionRow> {
  return db.transaction(async (tx) => {
    const action = await requireAction(tx, id);
    if (!ruleOf(action.type).invoice) throw badRequest(CREDIT_ACTION_TEXTS.noInvoice);
    const [saved] = await tx.update(creditActions).set({ invoiceId }).where(eq(creditActions.id, id)).returning();
    await audit(tx, {
      actorId: operator.id,
      action: 'credit-action.invoice',
      targetType: 'credit-action',
      targetId: id,
      details: { before: action.invoiceId, after: invoiceId },
      ip: operator.ip,
    });
    return saved;
  });
}

export interface CreditListRow {
  action: CreditActionRow;
  operatorName: string | null;
}

/** One page of a user's top-level actions (newest first) with every child of those actions. */
export async function creditListPage(db: Db, userId: number, page: number) {
  const limit = CREDIT_ACTION_LIMITS.pageSize;
  const select = { action: creditActions, operatorName: users.name };
  const [parents, [total]] = await Promise.all([
    db
      .select(select)
      .from(creditActions)
      .leftJoin(users, eq(users.id, creditActions.operatorId))
      .where(and(eq(creditActions.userId, userId), isNull(creditActions.parentId)))
      .orderBy(desc(creditActions.createdAt), desc(creditActions.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ n: count() })
      .from(creditActions)
      .where(and(eq(creditActions.userId, userId), isNull(creditActions.parentId))),
  ]);
  const ids = parents.map((p) => p.action.id);
  const children =
    ids.length === 0
      ? []
      : await db
          .select(select)
          .from(creditActions)
          .leftJoin(users, eq(users.id, creditActions.operatorId))
          .where(inArray(creditActions.parentId, ids))
          .orderBy(desc(creditActions.createdAt), desc(creditActions.id));
  return { parents, children, totalCount: total.n };
}

/** Runs every recurring action that is due (the scheduler's task); answers how many runs it posted. */
export async function runRecurringCreditActions(deps: { db: Db; logger: Logger }, now: Date): Promise<number> {
  const { db } = deps;
  const due = await db
    .select()
    .from(creditActions)
    .where(and(lte(creditActions.nextRunAt, now), isNull(creditActions.stoppedAt), isNull(creditActions.parentId)))
    .orderBy(creditActions.nextRunAt)
    .limit(100);
  let runs = 0;
  for (const parent of due) {
    try {
      await db.transaction(async (tx) => {
        // guarded: a second scheduler (another instance) finds nextRunAt moved and does nothing
        const dueAt = parent.nextRunAt as Date;
        const [claimed] = await tx
          .update(creditActions)
          .set({ nextRunAt: nextRun(dueAt, parent.recurrence as Recurrence) })
          .where(
            and(eq(creditActions.id, parent.id), eq(creditActions.nextRunAt, dueAt), isNull(creditActions.stoppedAt)),
          )
          .returning();
        if (!claimed) return;
        const user = await requireUserById(tx, parent.userId);
        const [child] = await tx
          .insert(creditActions)
          .values({
            parentId: parent.id,
            userId: parent.userId,
            type: parent.type,
            reason: parent.reason,
            amount: parent.amount,
            remarks: `Recurring run of ${dueAt.toISOString().slice(0, 10)}`,
            operatorId: parent.operatorId,
            createdAt: now,
          })
          .returning();
        const transactionId = await move(tx, {
          user,
          type: parent.type as CreditActionKind,
          reason: parent.reason,
          amount: parent.amount,
          operatorId: parent.operatorId,
          actionId: child.id,
          idempotencyKey: `credit-action:${parent.id}:run:${dueAt.toISOString()}`,
        });
        await tx.update(creditActions).set({ transactionId }).where(eq(creditActions.id, child.id));
        runs += 1;
      });
    } catch (err) {
      // one failing action (a deleted user) does not block the others; it is retried next run
      deps.logger.warn(
        { err, creditActionId: parent.id, userId: parent.userId, amount: parent.amount, dueAt: parent.nextRunAt },
        'a recurring credit action failed: nothing was moved, and it is tried again on the next run',
      );
    }
  }
  return runs;
}
