import { and, asc, count, desc, eq, gte } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type addSubAccountInputSchema,
  SUB_ACCOUNT_LIMIT,
  SUB_ACCOUNT_TEXTS,
  type SubAccount,
  type transferInputSchema,
} from '@parlance/shared';
import type { z } from 'zod';
import type { Services } from '../../platform/services';
import type { Tx } from '../../db/client';
import {
  aclGroups,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  sessionSwitches,
  subAccounts,
  userAclGroups,
  users,
} from '../../db/schema';
import { audit } from '../../platform/audit';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import { findAccount, getOrCreateAccount, hashRequest, postTransaction, withIdempotency } from '../../platform/ledger';
import type { AuthContext, SessionRow, UserRow } from '../../platform/session';
import { startSession } from '../../platform/session';

// Sub-accounts (beneficiaries, spec 2 section 3): customer accounts a parent creates, switches to
// and back from, and moves credits to (and back) through the ledger.

export async function listSubAccounts(deps: Services, parentId: number): Promise<SubAccount[]> {
  const rows = await deps.db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      autoTransfer: subAccounts.autoTransfer,
      createdAt: subAccounts.createdAt,
      balance: ledgerAccounts.balance,
    })
    .from(subAccounts)
    .innerJoin(users, eq(users.id, subAccounts.childId))
    .leftJoin(ledgerAccounts, and(eq(ledgerAccounts.ownerId, users.id), eq(ledgerAccounts.kind, 'customer_credits')))
    .where(eq(subAccounts.parentId, parentId))
    .orderBy(asc(users.name))
    .limit(SUB_ACCOUNT_LIMIT);
  return rows.map((r) => ({ ...r, balance: r.balance ?? 0, createdAt: r.createdAt.toISOString() }));
}

/**
 * POST /api/2/account/beneficiary: a new customer account for the e-mail, owned by the parent. An
 * existing account is never attached: whoever can switch to an account can spend its credits.
 */
export async function addSubAccount(
  deps: Services,
  auth: AuthContext,
  input: z.output<typeof addSubAccountInputSchema>,
  ip: string,
): Promise<SubAccount[]> {
  const parent = auth.user;
  await deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, parent.id)).for('update');
    const [{ n }] = await tx.select({ n: count() }).from(subAccounts).where(eq(subAccounts.parentId, parent.id));
    if (n >= SUB_ACCOUNT_LIMIT) throw badRequest(SUB_ACCOUNT_TEXTS.limit);
    const inserted = await tx
      .insert(users)
      .values({
        type: 'customer',
        email: input.email,
        name: input.name || `${parent.name} – ${input.email.split('@')[0]}`,
        country: parent.country,
        company: parent.company,
        currency: parent.currency,
        termsAcceptedAt: deps.clock.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0)
      throw new AppError(409, SUB_ACCOUNT_TEXTS.emailTaken, { email: SUB_ACCOUNT_TEXTS.emailTaken });
    const child = inserted[0];
    const [group] = await tx.select().from(aclGroups).where(eq(aclGroups.name, 'role.customer'));
    if (group) await tx.insert(userAclGroups).values({ userId: child.id, groupId: group.id });
    await tx.insert(subAccounts).values({ parentId: parent.id, childId: child.id, createdAt: deps.clock.now() });
    await audit(tx, {
      actorId: (auth.admin ?? parent).id,
      action: 'profile.sub_account_added',
      targetType: 'user',
      targetId: child.id,
      details: { parentId: parent.id },
      ip,
    });
  });
  return listSubAccounts(deps, parent.id);
}

async function ownSubAccount(deps: Services | { db: Tx }, parentId: number, childId: number) {
  const [row] = await deps.db
    .select()
    .from(subAccounts)
    .where(and(eq(subAccounts.parentId, parentId), eq(subAccounts.childId, childId)));
  if (!row) throw notFound(SUB_ACCOUNT_TEXTS.notYours);
  return row;
}

/** DELETE /api/2/account/beneficiary/{id}: the account stays (with its credits and projects), on its own. */
export async function removeSubAccount(deps: Services, auth: AuthContext, childId: number): Promise<SubAccount[]> {
  await ownSubAccount(deps, auth.user.id, childId);
  await deps.db.transaction(async (tx) => {
    await tx.delete(subAccounts).where(and(eq(subAccounts.parentId, auth.user.id), eq(subAccounts.childId, childId)));
    await tx.delete(sessionSwitches).where(eq(sessionSwitches.parentId, auth.user.id));
  });
  return listSubAccounts(deps, auth.user.id);
}

export async function setAutoTransfer(deps: Services, auth: AuthContext, childId: number, value: boolean) {
  await ownSubAccount(deps, auth.user.id, childId);
  await deps.db
    .update(subAccounts)
    .set({ autoTransfer: value })
    .where(and(eq(subAccounts.parentId, auth.user.id), eq(subAccounts.childId, childId)));
  return listSubAccounts(deps, auth.user.id);
}

/**
 * POST /api/2/account/switchBA: from the main account into one of its sub-accounts, or from a
 * switched session back to the main account. The session is rotated (new cookie and CSRF token).
 */
export async function switchAccount(
  deps: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  auth: AuthContext,
  uid: number,
): Promise<{ user: UserRow; session: SessionRow }> {
  const session = request.session;
  if (!session || auth.via !== 'session' || auth.admin) throw forbidden(SUB_ACCOUNT_TEXTS.switchOwnerOnly);
  const [switched] = await deps.db
    .select()
    .from(sessionSwitches)
    .where(eq(sessionSwitches.sessionHash, session.idHash));
  const goingBack = switched?.parentId === uid;
  if (!goingBack) {
    // only from the main account (not from one sub-account into another)
    if (switched) throw forbidden(SUB_ACCOUNT_TEXTS.switchNotAllowed);
    const [own] = await deps.db
      .select()
      .from(subAccounts)
      .where(and(eq(subAccounts.parentId, auth.user.id), eq(subAccounts.childId, uid)));
    if (!own) throw notFound(SUB_ACCOUNT_TEXTS.notYours);
  }
  return deps.db.transaction(async (tx) => {
    const row = await startSession(tx, request, reply, deps.clock, { userId: uid, previous: session });
    if (!goingBack) await tx.insert(sessionSwitches).values({ sessionHash: row.idHash, parentId: auth.user.id });
    await audit(tx, {
      actorId: goingBack ? uid : auth.user.id,
      action: goingBack ? 'profile.switched_back' : 'profile.switched_to_sub_account',
      targetType: 'user',
      targetId: uid,
      ip: request.ip,
    });
    const [user] = await tx.select().from(users).where(eq(users.id, uid));
    return { user, session: row };
  });
}

/** Whether credits may move from `from` to `to`: a parent and its own sub-account, either way. */
async function mayTransfer(tx: Tx, from: number, to: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: subAccounts.id })
    .from(subAccounts)
    .where(and(eq(subAccounts.parentId, from), eq(subAccounts.childId, to)));
  if (row) return true;
  const [back] = await tx
    .select({ id: subAccounts.id })
    .from(subAccounts)
    .where(and(eq(subAccounts.parentId, to), eq(subAccounts.childId, from)));
  return !!back;
}

interface TransferAnswer {
  status: 'OK';
  results: { transactionId: number; credits: number; balance: number; toBalance: number };
}

/**
 * POST /api/2/account/balance/transfer: one ledger transaction (customer_credits to
 * customer_credits, kind 'transfer'); with an Idempotency-Key a retry moves nothing again.
 */
export async function transferCredits(
  deps: Services,
  auth: AuthContext,
  input: z.output<typeof transferInputSchema>,
  idempotencyKey: string | null,
  path: string,
): Promise<TransferAnswer> {
  const from = auth.user.id;
  const run = async (tx: Tx): Promise<TransferAnswer> => {
    if (input.to_user_uuid === from || !(await mayTransfer(tx, from, input.to_user_uuid)))
      throw notFound(SUB_ACCOUNT_TEXTS.transferTarget);
    const source = await getOrCreateAccount(tx, from, 'customer_credits');
    const target = await getOrCreateAccount(tx, input.to_user_uuid, 'customer_credits');
    const posted = await postTransaction(tx, {
      kind: 'transfer',
      description: `Credits moved to account #${input.to_user_uuid}`,
      createdBy: (auth.admin ?? auth.user).id,
      metadata: { from, to: input.to_user_uuid },
      entries: [
        { account: source, amount: -input.credits },
        { account: target, amount: input.credits },
      ],
    });
    const [after] = await tx
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.id, source.id));
    const [toAfter] = await tx
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.id, target.id));
    return {
      status: 'OK',
      results: { transactionId: posted.id, credits: input.credits, balance: after.balance, toBalance: toAfter.balance },
    };
  };
  if (!idempotencyKey) return deps.db.transaction(run);
  const result = await withIdempotency(
    deps.db,
    { userId: from, key: idempotencyKey, requestHash: hashRequest({ path, body: input }), now: deps.clock.now() },
    async (tx) => ({ status: 200, body: await run(tx) }),
  );
  return result.body;
}

/**
 * GET /api/2/account/balance/history?since: the movements of the user's credits since a day, one
 * page of them (oldest or newest first) and how many there are (counted by the database).
 */
export async function balanceHistory(
  deps: Services,
  userId: number,
  since: Date,
  paging: { limit: number; page: number; order: 'asc' | 'desc' },
) {
  const account = await findAccount(deps.db, userId, 'customer_credits');
  if (!account) return { balance: 0, totalCount: 0, data: [] };
  const where = and(eq(ledgerEntries.accountId, account.id), gte(ledgerEntries.createdAt, since));
  const by = paging.order === 'desc' ? desc : asc;
  const rows = await deps.db
    .select({
      id: ledgerEntries.id,
      date: ledgerEntries.createdAt,
      amount: ledgerEntries.amount,
      kind: ledgerTransactions.kind,
      description: ledgerTransactions.description,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(where)
    .orderBy(by(ledgerEntries.createdAt), by(ledgerEntries.id))
    .limit(paging.limit)
    .offset((paging.page - 1) * paging.limit);
  const [total] = await deps.db.select({ n: count() }).from(ledgerEntries).where(where);
  return {
    balance: account.balance,
    totalCount: Number(total?.n ?? 0),
    data: rows.map((r) => ({ ...r, date: r.date.toISOString() })),
  };
}
