import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import {
  CONVERT_ALL_CAP,
  CONVERT_NEEDS_ACTION,
  CONVERT_NEEDS_ACTION_STATUSES,
  CONVERT_TEXTS,
  type ConvertBulkStatus,
  type ConvertResult,
  type ConvertRow,
  type ConvertSort,
  canMovePayout,
  type convertQuerySchema,
  creditsToUsd,
  PAYOUT_METHOD_LABELS,
  PAYOUT_RAIL_ERRORS,
  PAYOUT_STATUS_LABELS,
  type PayoutStatus,
} from '@parlance/shared';
import { stringify } from 'csv-stringify/sync';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { ledgerAccounts, ledgerEntries, payoutRequestHistory, payoutRequests, projects, users } from '../../db/schema';
import { audit } from '../../platform/audit';
import { AppError, badRequest } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { PayoutProvider } from '../../platform/payouts/provider';
import { bankRefOf } from '../../platform/payouts/rails';
import { selfBillingNumber } from './self-billing-pdf';
import { deliverToProvider, markSending, movePayout, type PayoutRow } from './service';
import { dayAfter, dayStart } from '../../platform/days';

// The admin's side of payouts (/convert): the table of every request with the translator's figures,
// its CSV, bulk status moves along the payout state machine, and the payout (send to the provider).

export type ConvertFilter = z.output<typeof convertQuerySchema>;

const SORT_COLUMNS: Record<ConvertSort, SQL | AnyPgColumn> = {
  request_date: payoutRequests.createdAt,
  target_date: payoutRequests.targetDate,
  status_date: payoutRequests.updatedAt,
  convert_amount: payoutRequests.amount,
  user_email: sql`lower(${users.email})`,
  status: payoutRequests.status,
};

function whereOf(f: ConvertFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.status === CONVERT_NEEDS_ACTION) parts.push(inArray(payoutRequests.status, [...CONVERT_NEEDS_ACTION_STATUSES]));
  else if (f.status) parts.push(eq(payoutRequests.status, f.status));
  if (f.method) parts.push(eq(payoutRequests.method, f.method));
  if (f.from) parts.push(gte(payoutRequests.targetDate, dayStart(f.from)));
  if (f.to) parts.push(lt(payoutRequests.targetDate, dayAfter(f.to)));
  if (f.search) {
    // digits: the translator's id; anything else: part of the e-mail address
    if (/^\d{1,9}$/.test(f.search)) parts.push(eq(payoutRequests.userId, Number(f.search)));
    else parts.push(sql`lower(${users.email}) LIKE ${`%${f.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`}`);
  }
  return parts.length ? and(...parts) : undefined;
}

/** The page size the filter asks for ("all" is capped at CONVERT_ALL_CAP rows). */
export function pageSizeOf(f: ConvertFilter): number {
  return f.perPage === 'all' ? CONVERT_ALL_CAP : Number(f.perPage);
}

/** One page of the table, with each row's translator figures and history. */
export async function convertPage(db: Db, f: ConvertFilter): Promise<{ rows: ConvertRow[]; totalCount: number }> {
  const where = whereOf(f);
  const limit = pageSizeOf(f);
  const column = SORT_COLUMNS[f.sort];
  const rows = await db
    .select({ request: payoutRequests, email: users.email, name: users.name, country: users.country })
    .from(payoutRequests)
    .innerJoin(users, eq(users.id, payoutRequests.userId))
    .where(where)
    .orderBy(
      f.order === 'asc' ? asc(column) : desc(column),
      f.order === 'asc' ? asc(payoutRequests.id) : desc(payoutRequests.id),
    )
    .limit(limit)
    .offset((f.page - 1) * limit);
  const [{ n }] = await db
    .select({ n: count() })
    .from(payoutRequests)
    .innerJoin(users, eq(users.id, payoutRequests.userId))
    .where(where);
  return { rows: await present(db, rows), totalCount: n };
}

type PageRow = { request: PayoutRow; email: string; name: string; country: string | null };

/** The rows with the translator figures of the users on the page (one query per figure, not per row). */
async function present(db: Db, rows: PageRow[]): Promise<ConvertRow[]> {
  if (rows.length === 0) return [];
  const userIds = [...new Set(rows.map((r) => r.request.userId))];
  const requestIds = rows.map((r) => r.request.id);
  const [available, earned, lastProject, history] = await Promise.all([
    db
      .select({ owner: ledgerAccounts.ownerId, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(and(inArray(ledgerAccounts.ownerId, userIds), eq(ledgerAccounts.kind, 'translator_available'))),
    // earnings arrive in translator_pending: the sum of what came in there is everything earned
    db
      .select({ owner: ledgerAccounts.ownerId, total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(
        and(
          inArray(ledgerAccounts.ownerId, userIds),
          eq(ledgerAccounts.kind, 'translator_pending'),
          sql`${ledgerEntries.amount} > 0`,
        ),
      )
      .groupBy(ledgerAccounts.ownerId),
    db
      .select({ translator: projects.translatorId, last: sql<string | null>`max(${projects.completedAt})` })
      .from(projects)
      .where(inArray(projects.translatorId, userIds))
      .groupBy(projects.translatorId),
    db
      .select({ history: payoutRequestHistory, actorIsAdmin: users.isAdmin, actorType: users.type })
      .from(payoutRequestHistory)
      .leftJoin(users, eq(users.id, payoutRequestHistory.actorId))
      .where(inArray(payoutRequestHistory.requestId, requestIds))
      .orderBy(asc(payoutRequestHistory.id)),
  ]);
  const availableOf = new Map(available.map((a) => [a.owner, Number(a.balance)]));
  const earnedOf = new Map(earned.map((e) => [e.owner, Number(e.total)]));
  const lastOf = new Map(lastProject.map((l) => [l.translator, l.last]));
  return rows.map(({ request: r, email, name, country }) => {
    const own = history.filter((h) => h.history.requestId === r.id);
    const last = own.at(-1)?.history;
    const lastProjectAt = lastOf.get(r.userId);
    return {
      action_id: r.id,
      user_id: r.userId,
      user_name: name,
      last_project_date: lastProjectAt ? new Date(lastProjectAt).toISOString() : null,
      user_email: email,
      country,
      method: r.method,
      convert_amount: creditsToUsd(r.amount - r.fee),
      fee_amount: creditsToUsd(r.fee),
      total: creditsToUsd(r.amount),
      balance: creditsToUsd(availableOf.get(r.userId) ?? 0),
      sum_earned_credits: creditsToUsd(earnedOf.get(r.userId) ?? 0),
      status: r.status,
      status_date: r.updatedAt.toISOString(),
      target_date: r.targetDate.toISOString().slice(0, 10),
      request_date: r.createdAt.toISOString(),
      paypal_email: r.method === 'paypal' ? r.account : null,
      txn_id: r.providerRef,
      remark: last?.remark ?? null,
      invoice: r.status === 'paid' ? selfBillingNumber(r) : null,
      history: own.map((h) => ({
        initiator_id: h.history.actorId,
        initiator_type:
          h.history.actorId === null
            ? ('system' as const)
            : h.history.actorId === r.userId
              ? ('translator' as const)
              : ('admin' as const),
        status: h.history.status,
        created_at: h.history.createdAt.toISOString(),
        remark: h.history.remark,
      })),
    };
  });
}

const CSV_COLUMNS = [
  'action_id',
  'user_id',
  'user_email',
  'country',
  'method',
  'convert_amount',
  'fee_amount',
  'total',
  'balance',
  'sum_earned_credits',
  'status',
  'status_date',
  'target_date',
  'request_date',
  'last_project_date',
  'paypal_email',
  'txn_id',
  'remark',
  'invoice',
] as const satisfies readonly (keyof ConvertRow)[];

/** Rows per batch of the CSV: the memory the download holds at once, whatever the total. */
export const CSV_BATCH = 1000;

/**
 * Every row the filter matches, as CSV text in pieces (header first), without a cap: the ids in
 * the table's order are read first (a few bytes each), then the rows are read, presented and
 * written 1,000 at a time, so a download of 50,000 requests holds one batch in memory, not the file.
 */
export async function* convertCsvChunks(db: Db, f: ConvertFilter): AsyncGenerator<string> {
  yield stringify([[...CSV_COLUMNS]]);
  const column = SORT_COLUMNS[f.sort];
  const ordered = await db
    .select({ id: payoutRequests.id })
    .from(payoutRequests)
    .innerJoin(users, eq(users.id, payoutRequests.userId))
    .where(whereOf(f))
    .orderBy(
      f.order === 'asc' ? asc(column) : desc(column),
      f.order === 'asc' ? asc(payoutRequests.id) : desc(payoutRequests.id),
    );
  for (let i = 0; i < ordered.length; i += CSV_BATCH) {
    const ids = ordered.slice(i, i + CSV_BATCH).map((r) => r.id);
    const found = await db
      .select({ request: payoutRequests, email: users.email, name: users.name, country: users.country })
      .from(payoutRequests)
      .innerJoin(users, eq(users.id, payoutRequests.userId))
      .where(inArray(payoutRequests.id, ids));
    const byId = new Map(found.map((r) => [r.request.id, r]));
    const batch = ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [row] : [];
    });
    const rows = await present(db, batch);
    yield stringify(rows.map((row) => CSV_COLUMNS.map((c) => (row[c] === null ? '' : String(row[c])))));
  }
}

export const BANK_FILE_COLUMNS = [
  'reference',
  'beneficiary_name',
  'beneficiary_email',
  'iban',
  'amount',
  'currency',
  'remittance_information',
  'request_date',
  'target_date',
] as const;

/**
 * The bank's payment file: every wire sent (processing) and not yet marked paid or failed, oldest
 * first. The reference is the one the request carries (bank-<id>), so the bank statement names it.
 */
export async function bankFileCsv(db: Db): Promise<string> {
  const rows = await db
    .select({ request: payoutRequests, email: users.email, name: users.name })
    .from(payoutRequests)
    .innerJoin(users, eq(users.id, payoutRequests.userId))
    .where(and(eq(payoutRequests.method, 'wire'), eq(payoutRequests.status, 'processing')))
    .orderBy(asc(payoutRequests.createdAt), asc(payoutRequests.id));
  return stringify([
    [...BANK_FILE_COLUMNS],
    ...rows.map(({ request: r, email, name }) => [
      r.providerRef ?? bankRefOf(r.id),
      name,
      email,
      r.account.replace(/\s+/g, '').toUpperCase(),
      creditsToUsd(r.amount - r.fee),
      'USD',
      `Parlance payout ${r.id}`,
      r.createdAt.toISOString().slice(0, 10),
      r.targetDate.toISOString().slice(0, 10),
    ]),
  ]);
}

/**
 * Moves each selected request to `status` where the state machine allows it, each in its own
 * transaction (one refused row does not undo the others); answers which moved and why others did not.
 */
export async function bulkUpdate(
  deps: { db: Db; logger: Logger },
  input: { ids: number[]; status: ConvertBulkStatus; remark?: string },
  actor: { id: number; ip: string },
  now: Date,
): Promise<ConvertResult> {
  const { db } = deps;
  const ids = [...new Set(input.ids)];
  const found = await db.select().from(payoutRequests).where(inArray(payoutRequests.id, ids));
  const byId = new Map(found.map((r) => [r.id, r]));
  const result: ConvertResult = { updated: [], skipped: [] };
  const movedBy = await lastMoveInto(db, ids, input.status);
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) {
      result.skipped.push({ id, reason: 'No such request' });
      continue;
    }
    // already where this admin's own last move of it put it (a double click): updated, as the first time
    if (row.status === input.status && movedBy.get(id) === actor.id) {
      result.updated.push(id);
      continue;
    }
    if (!canMovePayout(row.status, input.status)) {
      result.skipped.push({
        id,
        reason: `A ${PAYOUT_STATUS_LABELS[row.status].toLowerCase()} request cannot become ${PAYOUT_STATUS_LABELS[input.status].toLowerCase()}`,
      });
      continue;
    }
    try {
      await db.transaction(async (tx) => {
        await movePayout(tx, row, input.status, { actorId: actor.id, remark: input.remark || null, now });
        await audit(tx, {
          actorId: actor.id,
          action: 'payout.status',
          targetType: 'payout_request',
          targetId: id,
          details: { from: row.status, to: input.status, remark: input.remark ?? null },
          ip: actor.ip,
        });
      });
      result.updated.push(id);
    } catch (err) {
      // moved meanwhile by someone else (the conditional UPDATE found nothing): report, don't fail
      if (err instanceof AppError) {
        result.skipped.push({ id, reason: err.message });
        continue;
      }
      // anything else is ours to fix: finance sees a plain reason, the log has the cause and the ids
      deps.logger.warn(
        { err, payoutRequestId: id, from: row.status, to: input.status, actorId: actor.id },
        'a payout status change failed: nothing was moved',
      );
      result.skipped.push({ id, reason: 'Not changed: something went wrong on our side. Please try again.' });
    }
  }
  return result;
}

/**
 * The admin's payout: sends the selected pending requests to the provider (pending -> processing).
 * The rows are locked first, so two admins paying the same selection at once send each request
 * once: the second finds them processing and skips them. (The provider also recognises a resend of
 * a request id, so a crash between its answer and our commit cannot pay twice either.)
 */
export async function payOut(
  db: Db,
  provider: PayoutProvider,
  ids: number[],
  actor: { id: number; ip: string },
  now: Date,
): Promise<ConvertResult & { amount: string }> {
  const unique = [...new Set(ids)];
  // 1. the rows locked, moved to processing and committed: from here nobody can cancel or pay them
  const moving = await db.transaction(async (tx) => {
    const pending = await tx
      .select()
      .from(payoutRequests)
      .where(and(inArray(payoutRequests.id, unique), eq(payoutRequests.status, 'pending')))
      .orderBy(asc(payoutRequests.id))
      .for('update');
    if (pending.length === 0) return [];
    const moved = await markSending(tx, provider, pending, actor.id, now);
    await audit(tx, {
      actorId: actor.id,
      action: 'payout.send',
      targetType: 'payout_request',
      targetId: moved.map((r) => r.id).join(',') || '-',
      details: { requested: unique, sent: moved.map((r) => r.id) },
      ip: actor.ip,
    });
    return moved;
  });
  // 2. the provider is asked with nothing locked; 3. its answers are recorded (deliverToProvider)
  const answers = await deliverToProvider(db, provider, moving, now);
  const sent = moving.map((r) => {
    const answer = answers.get(r.id);
    return answer && 'refused' in answer ? { ...r, status: 'failed' as const } : r;
  });
  const sentIds = new Set(sent.filter((r) => r.status !== 'failed').map((r) => r.id));
  const refusedNow = new Map(
    await Promise.all(
      sent
        .filter((r) => r.status === 'failed')
        .map(async (r) => [r.id, (await lastRemarkOf(db, r.id)) ?? 'The provider refused it'] as const),
    ),
  );
  const others = await db
    .select({
      id: payoutRequests.id,
      status: payoutRequests.status,
      method: payoutRequests.method,
      amount: payoutRequests.amount,
      fee: payoutRequests.fee,
    })
    .from(payoutRequests)
    .where(inArray(payoutRequests.id, unique));
  // requests this admin sent already (a double click, a retry): answered as sent, as the first call
  // did; their provider may have paid them meanwhile. Sent by somebody else, they are skipped.
  const sentBy = await lastMoveInto(db, unique, 'processing');
  const repeats = others.filter(
    (r) => !sentIds.has(r.id) && (r.status === 'processing' || r.status === 'paid') && sentBy.get(r.id) === actor.id,
  );
  if (sent.length === 0 && repeats.length === 0) {
    // pending, but by a method no provider pays yet: say so rather than "nothing pending"
    const unpaid = others.find((r) => r.status === 'pending' && provider.railOf(r.method) === 'not_connected');
    if (unpaid) throw badRequest(PAYOUT_RAIL_ERRORS.notConnected(PAYOUT_METHOD_LABELS[unpaid.method]));
    throw badRequest(CONVERT_TEXTS.nothingPending);
  }
  const repeated = new Set(repeats.map((r) => r.id));
  const byId = new Map(others.map((r) => [r.id, r]));
  return {
    updated: [...sentIds, ...repeated],
    skipped: unique
      .filter((id) => !sentIds.has(id) && !repeated.has(id))
      .map((id) => {
        const row = byId.get(id);
        const refused = refusedNow.get(id);
        return {
          id,
          reason: refused
            ? `The provider refused it (failed, the credits are back): ${refused}`
            : !row
              ? 'No such request'
              : row.status !== 'pending'
                ? `Only pending requests are paid out (this one is ${PAYOUT_STATUS_LABELS[row.status].toLowerCase()})`
                : provider.railOf(row.method) === 'not_connected'
                  ? PAYOUT_RAIL_ERRORS.notConnected(PAYOUT_METHOD_LABELS[row.method])
                  : 'The provider did not answer: it is still pending, pay it out again later',
        };
      }),
    amount: creditsToUsd(
      [...sent.filter((r) => sentIds.has(r.id)), ...repeats].reduce((s, r) => s + r.amount - r.fee, 0),
    ),
  };
}

/** The remark of a request's latest move (the provider's reason of a refusal). */
async function lastRemarkOf(db: Db, id: number): Promise<string | null> {
  const [last] = await db
    .select({ remark: payoutRequestHistory.remark })
    .from(payoutRequestHistory)
    .where(eq(payoutRequestHistory.requestId, id))
    .orderBy(desc(payoutRequestHistory.id))
    .limit(1);
  return last?.remark ?? null;
}

/** Per request, who made its latest move into `status` (null: the system); absent when none did. */
async function lastMoveInto(db: Db, ids: number[], status: PayoutStatus): Promise<Map<number, number | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ requestId: payoutRequestHistory.requestId, actorId: payoutRequestHistory.actorId })
    .from(payoutRequestHistory)
    .where(and(inArray(payoutRequestHistory.requestId, ids), eq(payoutRequestHistory.status, status)))
    .orderBy(desc(payoutRequestHistory.id));
  const latest = new Map<number, number | null>();
  for (const r of rows) if (!latest.has(r.requestId)) latest.set(r.requestId, r.actorId);
  return latest;
}
