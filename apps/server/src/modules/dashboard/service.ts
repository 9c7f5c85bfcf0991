import { and, count, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import {
  ANSWERS_WINDOW_DAYS,
  DASHBOARD_CONVERTED_SHOWN,
  DASHBOARD_PENDING_PAGE_SIZE,
  DASHBOARD_STATISTICS_MONTHS,
  type DashboardAdditionalData,
  type DashboardBalance,
  type DashboardStatementQuery,
  type DashboardStatistics,
  PROJECT_LIMITS,
  RECRUITMENT_MAX_OPEN_JOBS,
  type RecruitmentCheck,
} from '@parlance/shared';
import type { Db } from '../../db/client';
import {
  payoutRequests,
  projectReviews,
  projects,
  translatorLanguagePairs,
  translatorProfiles,
  users,
} from '../../db/schema';
import { balanceOfOwner } from '../../platform/ledger';
import { loadStatement } from '../statements/service';
import { levelingStateOf } from './leveling';

// The translator dashboard (spec 2 sections 2, 3 and 7): every figure from the database as it is
// now — projects, ratings, reviews, discussion messages and the ledger.

const DAY_MS = 24 * 60 * 60 * 1000;
const FAR_PAST = '2000-01-01';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** The first day (UTC) of the month `back` months before `now`'s. */
function monthStart(now: Date, back: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
}

/** GET /api/2/dashboard/statistics */
export async function dashboardStatistics(db: Db, translatorId: number, now: Date): Promise<DashboardStatistics> {
  const from = monthStart(now, DASHBOARD_STATISTICS_MONTHS - 1);
  const answersSince = new Date(now.getTime() - ANSWERS_WINDOW_DAYS * DAY_MS).toISOString();
  const [monthly, totals, rating, answers] = await Promise.all([
    db.execute(sql`
      SELECT to_char(date_trunc('month', p.completed_at AT TIME ZONE 'UTC'), 'YYYY-MM') AS month,
        count(*)::int AS projects, coalesce(sum(p.word_count), 0)::int AS words
      FROM projects p
      WHERE p.translator_id = ${translatorId} AND p.completed_at >= ${from.toISOString()}::timestamptz
        AND p.status = 'COMPLETED'
      GROUP BY 1`),
    db
      .select({ n: count(), words: sql<number>`coalesce(sum(${projects.wordCount}), 0)::int` })
      .from(projects)
      .where(
        and(eq(projects.translatorId, translatorId), isNotNull(projects.completedAt), eq(projects.status, 'COMPLETED')),
      ),
    db
      .select({ avg: sql<number | null>`avg(${projects.rating})::float8`, n: count() })
      .from(projects)
      .where(and(eq(projects.translatorId, translatorId), isNotNull(projects.rating))),
    // each customer message on the translator's projects: answered by them within 24 hours?
    db.execute(sql`
      SELECT count(*)::int AS total,
        (count(*) FILTER (WHERE EXISTS (
          SELECT 1 FROM project_messages a
          WHERE a.project_id = m.project_id AND a.author_id = ${translatorId}
            AND a.created_at > m.created_at AND a.created_at <= m.created_at + interval '24 hours')))::int AS answered
      FROM project_messages m JOIN projects p ON p.id = m.project_id
      WHERE p.translator_id = ${translatorId} AND m.author_id = p.customer_id
        AND m.created_at >= ${answersSince}::timestamptz
        AND m.created_at <= ${new Date(now.getTime() - 0).toISOString()}::timestamptz`),
  ]);
  const byMonth = new Map(rowsOf<{ month: string; projects: number; words: number }>(monthly).map((r) => [r.month, r]));
  const months = Array.from({ length: DASHBOARD_STATISTICS_MONTHS }, (_, i) => {
    const key = isoDay(monthStart(now, DASHBOARD_STATISTICS_MONTHS - 1 - i)).slice(0, 7);
    const found = byMonth.get(key);
    return { month: key, projects: found?.projects ?? 0, words: found?.words ?? 0 };
  });
  const [a] = rowsOf<{ total: number; answered: number }>(answers);
  const total = a?.total ?? 0;
  const answered = a?.answered ?? 0;
  return {
    months,
    totalProjects: totals[0]?.n ?? 0,
    totalWords: Number(totals[0]?.words ?? 0),
    rating: {
      average: rating[0]?.avg === null || rating[0]?.avg === undefined ? null : Math.round(rating[0].avg * 100) / 100,
      count: rating[0]?.n ?? 0,
    },
    answers24h: { answered, total, percent: total > 0 ? Math.round((answered * 1000) / total) / 10 : null },
  };
}

/** GET /api/2/dashboard/statement: the available-earnings account's lines (the statement module's query). */
export async function dashboardStatement(db: Db, translatorId: number, q: DashboardStatementQuery, now: Date) {
  const found = await loadStatement(db, translatorId, 'translator_available', {
    date_from: q.action_date_from || FAR_PAST,
    date_to: q.action_date_to || isoDay(new Date(now.getTime() + DAY_MS)),
    action_type: q.action_type,
    source_lang: '',
    target_lang: '',
    tag_id: '',
    cpage: q.page,
    limit: q.limit,
    sortBy: 'date',
    sortDirection: 'desc',
  });
  return { data: found.rows, totalCount: found.totalCount, page: q.page, limit: q.limit, balance: found.balance };
}

function presentConverted(r: typeof payoutRequests.$inferSelect) {
  return {
    id: r.id,
    uuid: `payout-${r.id}`,
    status: r.status,
    amount: r.amount,
    fee: r.fee,
    method: r.method,
    requestedAt: r.createdAt.toISOString(),
    paidAt: r.paidAt?.toISOString() ?? null,
  };
}

/** Sum of the translator's paid payouts (converted credits). */
async function convertedTotal(db: Db, translatorId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string | null>`sum(${payoutRequests.amount})` })
    .from(payoutRequests)
    .where(and(eq(payoutRequests.userId, translatorId), eq(payoutRequests.status, 'paid')));
  return Number(row?.sum ?? 0);
}

/** GET /api/2/dashboard/balance: the balances and a page of the payouts, newest first. */
export async function dashboardBalance(
  db: Db,
  translatorId: number,
  paging: { page: number; limit: number },
): Promise<DashboardBalance> {
  const where = and(eq(payoutRequests.userId, translatorId), sql`${payoutRequests.status} <> 'cancelled'`);
  const [available, pending, payoutPending, converted, rows, [total]] = await Promise.all([
    balanceOfOwner(db, translatorId, 'translator_available'),
    balanceOfOwner(db, translatorId, 'translator_pending'),
    balanceOfOwner(db, translatorId, 'translator_payout_pending'),
    convertedTotal(db, translatorId),
    db
      .select()
      .from(payoutRequests)
      .where(where)
      .orderBy(desc(payoutRequests.createdAt), desc(payoutRequests.id))
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit),
    db.select({ n: count() }).from(payoutRequests).where(where),
  ]);
  return {
    available,
    pending,
    payoutPending,
    converted,
    data: rows.map(presentConverted),
    totalCount: total?.n ?? 0,
  };
}

/** Earnings posted and not yet released, of the translator as translator or editor. */
function pendingWhere(translatorId: number) {
  return and(
    or(eq(projects.translatorId, translatorId), eq(projects.editorId, translatorId)),
    isNotNull(projects.earningsPostedAt),
    isNull(projects.earningsReleasedAt),
  );
}

async function pendingEarnings(db: Db, translatorId: number, page: number) {
  const amount = sql<number>`(CASE WHEN ${projects.translatorId} = ${translatorId} THEN ${projects.translatorEarningsCredits} ELSE 0 END
    + CASE WHEN ${projects.editorId} = ${translatorId} THEN ${projects.editorEarningsCredits} ELSE 0 END)::int`;
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: projects.id,
        name: projects.name,
        status: projects.status,
        postedAt: projects.earningsPostedAt,
        amount,
      })
      .from(projects)
      .where(pendingWhere(translatorId))
      .orderBy(projects.earningsPostedAt, projects.id)
      .limit(DASHBOARD_PENDING_PAGE_SIZE)
      .offset((page - 1) * DASHBOARD_PENDING_PAGE_SIZE),
    db
      .select({
        n: count(),
        parked: sql<number>`coalesce(sum(${amount}) FILTER (WHERE ${projects.status} <> 'COMPLETED'), 0)::int`,
      })
      .from(projects)
      .where(pendingWhere(translatorId)),
  ]);
  return {
    rows: rows.map((r) => ({
      projectId: r.id,
      name: r.name,
      amount: Number(r.amount),
      // only a COMPLETED project's earnings are released by the scheduler; others wait (parked)
      freesAt:
        r.status === 'COMPLETED' && r.postedAt
          ? new Date(r.postedAt.getTime() + PROJECT_LIMITS.earningsHoldMs).toISOString()
          : null,
    })),
    count: totals?.n ?? 0,
    parked: Number(totals?.parked ?? 0),
  };
}

const MEDALS = {
  topRated: 'Top rated: an average rating of 4.5 or more over 5 ratings or more',
  onTime: 'Always on time: 95% or more of deliveries on time',
  wordsmith: 'Wordsmith: 50,000 words completed',
  veteran: 'Veteran: a member for a year or more',
} as const;

/** GET /api/2/dashboard/additional-data: the Dashboard entity (spec 2 section 3). */
export async function dashboardAdditionalData(
  db: Db,
  translatorId: number,
  now: Date,
  pendingPage: number,
): Promise<DashboardAdditionalData> {
  const [[user], [profile], leveling, stats, reviewRows, reviewerRows, myProjects, pending, available, converted] =
    await Promise.all([
      db.select({ name: users.name, createdAt: users.createdAt }).from(users).where(eq(users.id, translatorId)),
      db.select().from(translatorProfiles).where(eq(translatorProfiles.userId, translatorId)),
      levelingStateOf(db, translatorId, now),
      dashboardStatistics(db, translatorId, now),
      db
        .select({
          kind: projectReviews.kind,
          avg: sql<number | null>`avg(${projectReviews.score})::float8`,
          n: count(),
        })
        .from(projectReviews)
        .where(and(eq(projectReviews.translatorId, translatorId), inArray(projectReviews.kind, ['qa', 'll'])))
        .groupBy(projectReviews.kind),
      db
        .select({ kind: projects.kind, n: count() })
        .from(projects)
        .where(
          and(
            eq(projects.translatorId, translatorId),
            inArray(projects.kind, ['qa', 'll']),
            eq(projects.status, 'COMPLETED'),
          ),
        )
        .groupBy(projects.kind),
      db
        .select({ status: projects.status, n: count() })
        .from(projects)
        .where(
          and(
            eq(projects.translatorId, translatorId),
            inArray(projects.status, ['IN_PROGRESS', 'DELAYED', 'READY', 'IN_REVIEW', 'COMPLETED']),
          ),
        )
        .groupBy(projects.status),
      pendingEarnings(db, translatorId, pendingPage),
      balanceOfOwner(db, translatorId, 'translator_available'),
      db
        .select()
        .from(payoutRequests)
        .where(and(eq(payoutRequests.userId, translatorId), eq(payoutRequests.status, 'paid')))
        .orderBy(desc(payoutRequests.paidAt), desc(payoutRequests.id))
        .limit(DASHBOARD_CONVERTED_SHOWN),
    ]);
  const pendingBalance = await balanceOfOwner(db, translatorId, 'translator_pending');
  const statement = await dashboardStatement(
    db,
    translatorId,
    { limit: 10, page: 1, action_type: '', action_date_from: '', action_date_to: '' },
    now,
  );
  const today = isoDay(now);
  const vacationFrom = profile?.vacationFrom ?? null;
  const vacationTo = profile?.vacationTo ?? null;
  const onVacation = !!vacationFrom && vacationFrom <= today && (!vacationTo || vacationTo >= today);
  const active = profile?.active ?? true;
  const status = !active ? 'inactive' : onVacation ? 'vacation' : 'active';
  const review = (kind: 'qa' | 'll') => reviewRows.find((r) => r.kind === kind);
  const avgOf = (kind: 'qa' | 'll') => {
    const r = review(kind);
    return r?.avg === null || r?.avg === undefined ? null : Math.round(r.avg);
  };
  const countOf = (status: string) => myProjects.find((r) => r.status === status)?.n ?? 0;
  const memberSince = user?.createdAt ?? now;
  const medals: { id: string; label: string }[] = [];
  if ((stats.rating.average ?? 0) >= 4.5 && stats.rating.count >= 5)
    medals.push({ id: 'top-rated', label: MEDALS.topRated });
  const onTime = leveling.params.find((p) => p.key === 'onTime')?.value ?? null;
  if (onTime !== null && onTime >= 95) medals.push({ id: 'on-time', label: MEDALS.onTime });
  if (stats.totalWords >= 50_000) medals.push({ id: 'wordsmith', label: MEDALS.wordsmith });
  if (now.getTime() - memberSince.getTime() >= 365 * DAY_MS) medals.push({ id: 'veteran', label: MEDALS.veteran });
  const recruitment = await recruitmentCheck(db, translatorId, now);

  return {
    general: { name: user?.name ?? '', level: leveling.level, completedProjects: stats.totalProjects },
    leveling,
    quality: {
      qaAverage: avgOf('qa'),
      llAverage: avgOf('ll'),
      reviews: (review('qa')?.n ?? 0) + (review('ll')?.n ?? 0),
    },
    reviewer: {
      qaJobsDone: reviewerRows.find((r) => r.kind === 'qa')?.n ?? 0,
      llJobsDone: reviewerRows.find((r) => r.kind === 'll')?.n ?? 0,
    },
    translator_id: translatorId,
    translator_status: status,
    translator_info: {
      inactive: !active,
      member_since: memberSince.toISOString(),
      last_updated: profile?.updatedAt?.toISOString() ?? null,
      medals,
      rating: stats.rating.average,
      status,
      isRecruitment: recruitment.available,
    },
    my_projects: {
      inProgress: countOf('IN_PROGRESS') + countOf('DELAYED'),
      awaitingApproval: countOf('READY') + countOf('IN_REVIEW'),
      completed: countOf('COMPLETED'),
    },
    vacation: !!vacationFrom && !!vacationTo && vacationTo >= today,
    vacation_date_from: vacationFrom,
    vacation_date_to: vacationTo,
    balance: available,
    pending: pending.rows,
    pendingTotal: pendingBalance - pending.parked,
    pendingPages: Math.max(1, Math.ceil(pending.count / DASHBOARD_PENDING_PAGE_SIZE)),
    converted: converted.map(presentConverted),
    parkedCredits: pending.parked,
    statement: statement.data,
  };
}

/**
 * GET /api/2/recruitment/check: may the translator be offered new work now? Active, not on vacation
 * today, at least one language pair, and fewer than RECRUITMENT_MAX_OPEN_JOBS translation jobs in progress.
 */
export async function recruitmentCheck(db: Db, translatorId: number, now: Date): Promise<RecruitmentCheck> {
  const today = isoDay(now);
  const [[profile], [pairs], [open]] = await Promise.all([
    db.select().from(translatorProfiles).where(eq(translatorProfiles.userId, translatorId)),
    db.select({ n: count() }).from(translatorLanguagePairs).where(eq(translatorLanguagePairs.userId, translatorId)),
    db
      .select({ n: count() })
      .from(projects)
      .where(
        and(
          or(eq(projects.translatorId, translatorId), eq(projects.editorId, translatorId)),
          inArray(projects.status, ['IN_PROGRESS', 'DELAYED']),
          // translation work; the platform's QA, LL and training jobs do not fill a translator's week
          inArray(projects.kind, ['classic', 'bundle', 'bonus']),
        ),
      ),
  ]);
  const reasons: string[] = [];
  if (profile && !profile.active) reasons.push('You are marked inactive');
  const from = profile?.vacationFrom ?? null;
  const to = profile?.vacationTo ?? null;
  if (from && from <= today && (!to || to >= today)) reasons.push('You are on vacation');
  if ((pairs?.n ?? 0) === 0) reasons.push('Add a language pair to your profile');
  const openJobs = open?.n ?? 0;
  if (openJobs >= RECRUITMENT_MAX_OPEN_JOBS)
    reasons.push(`You have ${openJobs} jobs in progress (at most ${RECRUITMENT_MAX_OPEN_JOBS})`);
  return { available: reasons.length === 0, reasons, openJobs, maxOpenJobs: RECRUITMENT_MAX_OPEN_JOBS };
}
