import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import {
  CREDIT_ACTION_LABELS,
  type CreditActionType,
  creditsInCurrency,
  creditsToUsd,
  hundredthsToDecimal,
  type StatementQuery,
} from '@parlance/shared';
import type { Db } from '../../db/client';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  projects,
  projectTags,
  type UserAccountKind,
} from '../../db/schema';
import { findAccount } from '../../platform/ledger';
import type { StatementRow } from '@parlance/shared';
import { dayAfter, dayStart } from '../../platform/days';
import { BASE_CURRENCY, dayOf, ratesOnDays } from '../rates/service';

// A statement: the entries of one ledger account in a date range, with the balance after each.
// The balance after a row is the running sum of ALL the account's entries up to it (a window over
// the account, ordered as the ledger wrote them), so it reconciles to the account balance whatever
// the filters hide. By date (how a statement opens) the page is read off the index and its balances
// come from one suffix sum and a running sum over the page's span (datedStatement); only the sort by
// amount, whose page is scattered over the history, takes the window over the account.

type ProjectFilters = Pick<StatementQuery, 'source_lang' | 'target_lang' | 'tag_id'>;

/**
 * The filters on the line's projects (source and target language, the customer's tag). A line's
 * projects: the one in its metadata (earnings, refunds) or those of the purchase orders a payment
 * paid (metadata.purchaseOrderIds). EXISTS over the projects' primary key and purchase-order index
 * and project_tags' (project_id, tag) key; a line without a project matches none. A tag matches only
 * the owner's own projects (tags are the customer's labels; a translator's lines never match one).
 */
function projectFilters(line: { projectId: SQL; poIds: SQL }, ownerId: number, q: ProjectFilters): SQL[] {
  const poIds = sql`(case when jsonb_typeof(${line.poIds}) = 'array' then ${line.poIds} else '[]'::jsonb end)`;
  const ofLine = sql`(${projects.id} = ${line.projectId} or ${projects.purchaseOrderId} in (select (jsonb_array_elements_text(${poIds}))::int))`;
  const out: SQL[] = [];
  if (q.source_lang || q.target_lang) {
    const langs: SQL[] = [ofLine];
    if (q.source_lang) langs.push(eq(projects.sourceLanguage, q.source_lang));
    if (q.target_lang) langs.push(eq(projects.targetLanguage, q.target_lang));
    out.push(sql`exists (select 1 from ${projects} where ${and(...langs)})`);
  }
  if (q.tag_id) {
    out.push(
      sql`exists (select 1 from ${projects} inner join ${projectTags} on ${projectTags.projectId} = ${projects.id} where ${ofLine} and ${projectTags.tag} = ${q.tag_id} and ${projects.customerId} = ${ownerId})`,
    );
  }
  return out;
}

const lineOfTransaction = {
  projectId: sql`(${ledgerTransactions.metadata}->>'projectId')::int`,
  poIds: sql`(${ledgerTransactions.metadata}->'purchaseOrderIds')`,
};
const lineOfCte = { projectId: sql`"lines"."project_id"`, poIds: sql`"lines"."po_ids"` };

/** GET /api/2/account/tags: the tags on the customer's projects, in order (a translator has none). */
export async function accountTags(db: Db, ownerId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ tag: projectTags.tag })
    .from(projectTags)
    .innerJoin(projects, eq(projects.id, projectTags.projectId))
    .where(eq(projects.customerId, ownerId))
    .orderBy(asc(projectTags.tag))
    .limit(1000);
  return rows.map((r) => r.tag);
}

function rangeOf(q: Pick<StatementQuery, 'date_from' | 'date_to'>): { from: Date; toExclusive: Date } {
  return { from: dayStart(q.date_from), toExclusive: dayAfter(q.date_to) };
}

/**
 * The statement of one account. `currency` is the owner's: each row's `currencyBalance` is its
 * balance at the rate of the row's own day (ADR 0095), so a statement reads the same whenever it is
 * opened or exported.
 */
export async function loadStatement(
  db: Db,
  ownerId: number,
  kind: UserAccountKind,
  q: StatementQuery,
  currency: string = BASE_CURRENCY,
): Promise<{ rows: StatementRow[]; totalCount: number; balance: number; currency: string }> {
  const account = await findAccount(db, ownerId, kind);
  if (!account) return { rows: [], totalCount: 0, balance: 0, currency };
  const { from, toExclusive } = rangeOf(q);
  const type = q.action_type === '' || q.action_type === 'all' ? null : q.action_type;
  const found =
    q.sortBy !== 'amount'
      ? await datedStatement(db, account.id, ownerId, q, type, from, toExclusive)
      : await amountStatement(db, account, ownerId, q, type, from, toExclusive);
  return { ...found, rows: await inCurrency(db, found.rows, currency), currency };
}

/** The rows with `currencyBalance` in `currency` at the rate of each row's day. */
async function inCurrency(db: Db, rows: StatementRow[], currency: string): Promise<StatementRow[]> {
  if (currency === BASE_CURRENCY || rows.length === 0) return rows;
  const rates = await ratesOnDays(
    db,
    currency,
    rows.map((r) => dayOf(new Date(r.date))),
  );
  return rows.map((r) => {
    const rate = rates.get(dayOf(new Date(r.date)));
    return rate === undefined ? r : { ...r, currencyBalance: hundredthsToDecimal(creditsInCurrency(r.balance, rate)) };
  });
}

/** The statement sorted by amount: a window over the account's history up to the range's end. */
async function amountStatement(
  db: Db,
  account: { id: number; balance: number },
  ownerId: number,
  q: StatementQuery,
  type: CreditActionType | null,
  from: Date,
  toExclusive: Date,
): Promise<{ rows: StatementRow[]; totalCount: number; balance: number }> {
  const lines = db.$with('lines').as(
    db
      .select({
        id: ledgerEntries.id,
        amount: ledgerEntries.amount,
        createdAt: ledgerEntries.createdAt,
        kind: ledgerTransactions.kind,
        description: ledgerTransactions.description,
        projectId: sql<number | null>`(${ledgerTransactions.metadata}->>'projectId')::int`.as('project_id'),
        poIds: sql<unknown>`(${ledgerTransactions.metadata}->'purchaseOrderIds')`.as('po_ids'),
        balanceAfter:
          sql<string>`sum(${ledgerEntries.amount}) over (order by ${ledgerEntries.createdAt}, ${ledgerEntries.id})`.as(
            'balance_after',
          ),
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(and(eq(ledgerEntries.accountId, account.id), lt(ledgerEntries.createdAt, toExclusive))),
  );
  const shown: SQL[] = [gte(lines.createdAt, from), ...projectFilters(lineOfCte, ownerId, q)];
  if (type) shown.push(eq(lines.kind, type));
  const dir = q.sortDirection === 'asc' ? asc : desc;
  const order = q.sortBy === 'amount' ? [dir(lines.amount), dir(lines.id)] : [dir(lines.createdAt), dir(lines.id)];

  const counted: SQL[] = [
    eq(ledgerEntries.accountId, account.id),
    gte(ledgerEntries.createdAt, from),
    lt(ledgerEntries.createdAt, toExclusive),
    ...projectFilters(lineOfTransaction, ownerId, q),
  ];
  if (type) counted.push(eq(ledgerTransactions.kind, type));

  const [page, [total]] = await Promise.all([
    db
      .with(lines)
      .select({
        id: lines.id,
        amount: lines.amount,
        createdAt: lines.createdAt,
        kind: lines.kind,
        description: lines.description,
        projectId: lines.projectId,
        balanceAfter: lines.balanceAfter,
        wordCount: projects.wordCount,
      })
      .from(lines)
      .leftJoin(projects, eq(projects.id, lines.projectId))
      .where(and(...shown))
      .orderBy(...order)
      .limit(q.limit)
      .offset((q.cpage - 1) * q.limit),
    db
      .select({ n: count() })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(and(...counted)),
  ]);

  const rows = page.map((r) => presentRow({ ...r, balance: Number(r.balanceAfter) }));
  return { rows, totalCount: total?.n ?? 0, balance: account.balance };
}

function presentRow(r: {
  id: number;
  amount: number;
  createdAt: Date | string;
  kind: string;
  description: string;
  projectId: number | null;
  wordCount: number | null;
  balance: number;
}): StatementRow {
  const actionType = r.kind as CreditActionType;
  return {
    id: r.id,
    date: new Date(r.createdAt).toISOString(),
    actionType,
    actionLabel: CREDIT_ACTION_LABELS[actionType],
    description: r.description,
    amount: r.amount,
    balance: r.balance,
    estimatedValue: creditsToUsd(r.amount),
    currencyBalance: creditsToUsd(r.balance),
    wordcount: r.wordCount ?? null,
    projectId: r.projectId ?? null,
  };
}

/**
 * The statement by date (how it opens, filtered or not), without a window over the account's whole
 * history. The page is read off the (account_id, created_at, id) index with its filters. Its newest
 * line's balance is the account's balance less every entry after it (one indexed sum, read in the
 * same statement as the balance, so both are of one moment). Every other line's balance is that less
 * the entries between it and the newest line, filtered or not: one running sum over the span of
 * the page only. A page costs its rows, the entries newer than it and the entries it spans.
 */
async function datedStatement(
  db: Db,
  accountId: number,
  ownerId: number,
  q: StatementQuery,
  type: CreditActionType | null,
  from: Date,
  toExclusive: Date,
): Promise<{ rows: StatementRow[]; totalCount: number; totalCountIsLowerBound?: true; balance: number }> {
  const shown: SQL[] = [
    eq(ledgerEntries.accountId, accountId),
    gte(ledgerEntries.createdAt, from),
    lt(ledgerEntries.createdAt, toExclusive),
    ...projectFilters(lineOfTransaction, ownerId, q),
  ];
  if (type) shown.push(eq(ledgerTransactions.kind, type));
  const dir = q.sortDirection === 'asc' ? asc : desc;
  const projectId = sql<number | null>`(${ledgerTransactions.metadata}->>'projectId')::int`;
  const [page, total] = await Promise.all([
    db
      .select({
        id: ledgerEntries.id,
        amount: ledgerEntries.amount,
        createdAt: ledgerEntries.createdAt,
        kind: ledgerTransactions.kind,
        description: ledgerTransactions.description,
        projectId,
        wordCount: projects.wordCount,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .leftJoin(projects, eq(projects.id, projectId))
      .where(and(...shown))
      .orderBy(dir(ledgerEntries.createdAt), dir(ledgerEntries.id))
      .limit(q.limit)
      .offset((q.cpage - 1) * q.limit),
    countCapped(db, shown, type !== null || shown.length > 3),
  ]);
  const newestFirst = q.sortDirection === 'asc' ? [...page].reverse() : page;
  const newest = newestFirst[0];
  const oldest = newestFirst[newestFirst.length - 1];
  const [acc] = await db
    .select({
      balance: ledgerAccounts.balance,
      after: newest
        ? sql<string>`${ledgerAccounts.balance} - coalesce((select sum(e.amount) from ${ledgerEntries} e, ${ledgerEntries} n where n.id = ${newest.id} and e.account_id = ${accountId} and (e.created_at, e.id) > (n.created_at, n.id)), 0)`
        : sql<string>`${ledgerAccounts.balance}`,
    })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId));
  const afterNewest = Number(acc?.after ?? 0);
  // for each line of the page: the entries between it and the newest line (the newest's own amount
  // included, its own excluded), summed over the page's span of the account
  const between = new Map<number, number>();
  if (newest && oldest && newest.id !== oldest.id) {
    const ids = sql.join(
      page.map((r) => sql`${r.id}`),
      sql`, `,
    );
    const span = (await db.execute(sql`
      WITH span AS (
        SELECT e.id, sum(e.amount) OVER (ORDER BY e.created_at DESC, e.id DESC
          ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS newer
        FROM ${ledgerEntries} e, ${ledgerEntries} hi, ${ledgerEntries} lo
        WHERE hi.id = ${newest.id} AND lo.id = ${oldest.id} AND e.account_id = ${accountId}
          AND (e.created_at, e.id) <= (hi.created_at, hi.id) AND (e.created_at, e.id) >= (lo.created_at, lo.id)
      )
      SELECT id, newer::text AS newer FROM span WHERE id IN (${ids})
    `)) as unknown as { rows: { id: number; newer: string | null }[] };
    for (const r of span.rows) between.set(Number(r.id), Number(r.newer ?? 0));
  }
  const rows = page.map((r) => presentRow({ ...r, balance: afterNewest - (between.get(r.id) ?? 0) }));
  return {
    rows,
    totalCount: total.n,
    ...(total.isLowerBound ? { totalCountIsLowerBound: true } : {}),
    balance: Number(acc?.balance ?? 0),
  };
}

/** Beyond this many lines a statement answers "more than" instead of counting on (as the lists do). */
export const STATEMENT_COUNT_CAP = 10_000;

/**
 * The lines counted up to STATEMENT_COUNT_CAP: never more than that many index entries read (an exact
 * count of a long history was most of a statement's cost). The transactions are joined only when a
 * filter reads them.
 */
async function countCapped(db: Db, where: SQL[], joined: boolean): Promise<{ n: number; isLowerBound: boolean }> {
  const base = db.select({ one: sql`1` }).from(ledgerEntries);
  const capped = (
    joined ? base.innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId)) : base
  )
    .where(and(...where))
    .limit(STATEMENT_COUNT_CAP + 1)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::integer` }).from(capped);
  const n = Number(row?.n ?? 0);
  return n > STATEMENT_COUNT_CAP ? { n: STATEMENT_COUNT_CAP, isLowerBound: true } : { n, isLowerBound: false };
}
