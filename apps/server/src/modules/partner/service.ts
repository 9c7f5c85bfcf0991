import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gte, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import { PARTNER_LIMITS, type PartnerQuery, type PartnerReport } from '@parlance/shared';
import type { Db, Tx } from '../../db/client';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  partnerCommissions,
  projects,
  referralCodes,
  referrals,
  users,
} from '../../db/schema';
import { dayAfter, dayStart } from '../../platform/days';

// The partner / affiliate program (ADR 0082).
// A user's referral link is PUBLIC_URL/auth?mode=signup&ref=CODE (the sign-up form); a sign-up carrying the code (form field `ref`)
// is attributed to the code's owner in the sign-up's transaction. The report over a date range:
// sign-ups in the range, the project spend in the range of everyone the partner referred (payments
// less refunds, read from the ledger), and the commission (a configured percent of that spend,
// rounded down). The commission is credited when a project's payment clears (commission.ts, ADR
// 0096): the report shows what was credited in the range and what is pending on work in progress.

// no 0/O, 1/I/L: a code read aloud or typed from paper still works
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function newCode(): string {
  let code = '';
  for (let i = 0; i < PARTNER_LIMITS.codeLength; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** The user's referral code, made on first use (a clash of random codes just tries again). */
export async function referralCodeOf(db: Db | Tx, userId: number): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [mine] = await db
      .select({ code: referralCodes.code })
      .from(referralCodes)
      .where(eq(referralCodes.userId, userId));
    if (mine) return mine.code;
    await db.insert(referralCodes).values({ userId, code: newCode() }).onConflictDoNothing();
  }
  throw new Error('could not make a referral code');
}

/** A code as typed in a link: trimmed, upper case; anything else is no code. */
export function cleanReferralCode(raw: string | undefined): string | null {
  const code = (raw ?? '').trim().toUpperCase();
  return /^[A-Z0-9]{4,16}$/.test(code) ? code : null;
}

/**
 * Attributes a new user to the owner of the code, inside the sign-up's transaction. An unknown code
 * is ignored: a stale or mistyped link must not stop anyone from signing up.
 */
export async function attributeSignup(
  tx: Tx,
  referredId: number,
  rawCode: string | undefined,
  now: Date,
): Promise<number | null> {
  const code = cleanReferralCode(rawCode);
  if (!code) return null;
  const [owner] = await tx
    .select({ userId: referralCodes.userId })
    .from(referralCodes)
    .where(eq(referralCodes.code, code));
  if (!owner || owner.userId === referredId) return null;
  await tx.insert(referrals).values({ referredId, referrerId: owner.userId, createdAt: now }).onConflictDoNothing();
  return owner.userId;
}

function rangeOf(q: Pick<PartnerQuery, 'startDate' | 'endDate'>): { from: Date; toExclusive: Date } {
  return { from: dayStart(q.startDate), toExclusive: dayAfter(q.endDate) };
}

/** "Maria Lopez" -> "Maria L.": the partner sees who joined, not their full identity. */
export function shortName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return 'New user';
  if (parts.length === 1) return parts[0];
  return `${parts[0]} ${parts[parts.length - 1][0].toUpperCase()}.`;
}

/**
 * Spend per referred user in the range: the order payments (debits of their credits account) less
 * refunds. Read over ledger_entries' (account_id, created_at) index per referred account.
 */
function spendQuery(db: Db, referrerId: number, from: Date, toExclusive: Date, onlyUsers?: number[]) {
  return db
    .select({
      userId: referrals.referredId,
      spend: sql<string>`coalesce(-sum(${ledgerEntries.amount}), 0)`,
    })
    .from(referrals)
    .innerJoin(
      ledgerAccounts,
      and(eq(ledgerAccounts.ownerId, referrals.referredId), eq(ledgerAccounts.kind, 'customer_credits')),
    )
    .innerJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(referrals.referrerId, referrerId),
        onlyUsers ? inArray(referrals.referredId, onlyUsers) : undefined,
        gte(ledgerEntries.createdAt, from),
        lt(ledgerEntries.createdAt, toExclusive),
        inArray(ledgerTransactions.kind, ['order_payment', 'refund']),
      ),
    )
    .groupBy(referrals.referredId);
}

export async function partnerReport(
  db: Db,
  user: { id: number },
  q: PartnerQuery,
  opts: { publicUrl: string; commissionPercent: number },
): Promise<PartnerReport> {
  const code = await referralCodeOf(db, user.id);
  const { from, toExclusive } = rangeOf(q);
  const basisPoints = Math.round(opts.commissionPercent * 100);
  const [[signups], spends, page, [total], [paid], [pending]] = await Promise.all([
    db
      .select({ n: count() })
      .from(referrals)
      .where(
        and(eq(referrals.referrerId, user.id), gte(referrals.createdAt, from), lt(referrals.createdAt, toExclusive)),
      ),
    spendQuery(db, user.id, from, toExclusive),
    db
      .select({ id: users.id, name: users.name, type: users.type, joinedAt: referrals.createdAt })
      .from(referrals)
      .innerJoin(users, eq(users.id, referrals.referredId))
      .where(eq(referrals.referrerId, user.id))
      .orderBy(desc(referrals.createdAt), desc(referrals.referredId))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(referrals).where(eq(referrals.referrerId, user.id)),
    // credited in the range (partner_commissions' (partner_id, created_at) index)
    db
      .select({ credits: sql<string>`coalesce(sum(${partnerCommissions.commissionCredits}), 0)` })
      .from(partnerCommissions)
      .where(
        and(
          eq(partnerCommissions.partnerId, user.id),
          eq(partnerCommissions.status, 'credited'),
          gte(partnerCommissions.createdAt, from),
          lt(partnerCommissions.createdAt, toExclusive),
        ),
      ),
    // pending now: the paid projects of referred customers that have not cleared (or wait to be credited)
    db
      .select({
        credits: sql<string>`coalesce(sum((${projects.priceCredits} * ${basisPoints}) / 10000), 0)`,
      })
      .from(referrals)
      .innerJoin(projects, eq(projects.customerId, referrals.referredId))
      .leftJoin(partnerCommissions, eq(partnerCommissions.projectId, projects.id))
      .where(
        and(
          eq(referrals.referrerId, user.id),
          notInArray(projects.status, ['CANCELLED']),
          isNull(partnerCommissions.projectId),
        ),
      ),
  ]);
  const spendOf = new Map(spends.map((s) => [s.userId, Math.max(0, Number(s.spend))]));
  const spend = [...spendOf.values()].reduce((a, b) => a + b, 0);
  return {
    code,
    link: `${opts.publicUrl}/auth?mode=signup&ref=${code}`,
    commissionPercent: opts.commissionPercent,
    signups: signups?.n ?? 0,
    spend,
    commission: Math.floor((spend * basisPoints) / 10_000),
    commissionPaid: Number(paid?.credits ?? 0),
    commissionPending: Number(pending?.credits ?? 0),
    referred: {
      data: page.map((r) => ({
        name: shortName(r.name),
        type: r.type === 'translator' ? ('translator' as const) : ('customer' as const),
        joinedAt: new Date(r.joinedAt).toISOString(),
        spend: spendOf.get(r.id) ?? 0,
      })),
      totalCount: total?.n ?? 0,
    },
  };
}
