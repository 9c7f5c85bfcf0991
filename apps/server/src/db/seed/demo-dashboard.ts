import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { projectEvents, projectReviews, projects, users } from '../schema';
import { postEarnings, postEarningsRelease } from '../../modules/projects/money';
import { recomputeLevels } from '../../modules/dashboard/leveling';
import { translatorEarnings } from '../../modules/projects/work-rules';

// Demo history of the translator dashboard: six months of completed work of the demo translator for
// a second client (Contoso, who cannot sign in, so the demo customer's lists stay as they are),
// with ratings, QA and LL reviews and one late delivery, then the level the scheduler would compute.
// The projects are written directly (the orders are history); their earnings move through the
// ledger like any project's (platform revenue -> pending -> available). Everything is older than
// 30 days, so the language-manager tiles of recent work are unchanged. Deterministic: fixed
// offsets from `now`, no randomness.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const DEMO_HISTORY_CLIENT = { email: 'orders@contoso.example', name: 'Contoso Ltd' } as const;

interface HistoryItem {
  name: string;
  target: 'french' | 'german' | 'spanish';
  words: number;
  /** completed this many days ago */
  daysAgo: number;
  rating: number | null;
  late?: boolean;
  qa?: number;
  ll?: number;
}

const HISTORY: HistoryItem[] = [
  { name: 'Product catalogue autumn', target: 'french', words: 2200, daysAgo: 170, rating: 5, qa: 910 },
  { name: 'Onboarding e-mails', target: 'german', words: 900, daysAgo: 160, rating: 4 },
  { name: 'Privacy policy', target: 'spanish', words: 1800, daysAgo: 140, rating: 5, ll: 880 },
  { name: 'Support macros', target: 'french', words: 700, daysAgo: 128, rating: 4, late: true },
  { name: 'Investor letter', target: 'german', words: 1300, daysAgo: 110, rating: 5, qa: 870 },
  { name: 'App store listing', target: 'spanish', words: 600, daysAgo: 96, rating: 5 },
  { name: 'Safety data sheet', target: 'german', words: 2600, daysAgo: 84, rating: 4, qa: 820 },
  { name: 'Webinar script', target: 'french', words: 1500, daysAgo: 71, rating: 5 },
  { name: 'Help center articles', target: 'spanish', words: 2400, daysAgo: 58, rating: 5, ll: 905 },
  { name: 'Packaging texts', target: 'french', words: 500, daysAgo: 47, rating: 4 },
  { name: 'Case study', target: 'german', words: 1100, daysAgo: 39, rating: 5, qa: 930 },
  { name: 'Trade fair flyer', target: 'spanish', words: 800, daysAgo: 33, rating: 5 },
];

/** Credits a project of `words` words cost the client (the demo's flat 8 credits a word). */
const priceOf = (words: number) => words * 8;

export async function seedDashboardDemo(
  db: Db,
  opts: { translatorEmail: string; adminEmail: string; now?: Date },
): Promise<void> {
  const now = opts.now ?? new Date();
  const [translator] = await db.select().from(users).where(eq(users.email, opts.translatorEmail));
  const [admin] = await db.select().from(users).where(eq(users.email, opts.adminEmail));
  if (!translator || !admin) return;
  // a translator for half a year and more
  await db
    .update(users)
    .set({ createdAt: new Date(now.getTime() - 200 * DAY) })
    .where(eq(users.id, translator.id));
  const [client] = await db
    .insert(users)
    .values({
      email: DEMO_HISTORY_CLIENT.email,
      name: DEMO_HISTORY_CLIENT.name,
      type: 'customer',
      company: DEMO_HISTORY_CLIENT.name,
      country: 'US',
      createdAt: new Date(now.getTime() - 220 * DAY),
    })
    .returning();

  for (const item of HISTORY) {
    const completedAt = new Date(now.getTime() - item.daysAgo * DAY);
    const takenAt = new Date(completedAt.getTime() - 4 * DAY);
    const deadline = new Date(takenAt.getTime() + 2 * DAY);
    const deliveredAt = item.late ? new Date(deadline.getTime() + 9 * HOUR) : new Date(deadline.getTime() - 6 * HOUR);
    const price = priceOf(item.words);
    const [row] = await db
      .insert(projects)
      .values({
        customerId: client.id,
        name: item.name,
        status: 'COMPLETED',
        sourceLanguage: 'american-english',
        targetLanguage: item.target,
        expertise: 'general',
        wordCount: item.words,
        priceCredits: price,
        translatorEarningsCredits: translatorEarnings(price, 2),
        translatorId: translator.id,
        takenAt,
        deadline,
        deliveredAt,
        completedAt,
        earningsPostedAt: completedAt,
        earningsReleasedAt: new Date(completedAt.getTime() + 3 * DAY),
        rating: item.rating,
        ratedAt: item.rating === null ? null : new Date(completedAt.getTime() + HOUR),
        openToAllAt: new Date(takenAt.getTime() - DAY),
        statusChangedAt: completedAt,
        createdAt: new Date(takenAt.getTime() - DAY),
      })
      .returning();
    await db.insert(projectEvents).values([
      { projectId: row.id, fromStatus: null, toStatus: 'PENDING', action: 'created', createdAt: row.createdAt },
      {
        projectId: row.id,
        fromStatus: 'PENDING',
        toStatus: 'IN_PROGRESS',
        action: 'take',
        actorId: translator.id,
        createdAt: takenAt,
      },
      {
        projectId: row.id,
        fromStatus: 'IN_PROGRESS',
        toStatus: 'READY',
        action: 'deliver',
        actorId: translator.id,
        createdAt: deliveredAt,
      },
      { projectId: row.id, fromStatus: 'READY', toStatus: 'COMPLETED', action: 'approve', createdAt: completedAt },
    ]);
    await db.transaction(async (tx) => {
      await postEarnings(tx, row, null);
      await postEarningsRelease(tx, row);
    });
    const reviews = [
      ...(item.qa ? [{ kind: 'qa' as const, score: item.qa }] : []),
      ...(item.ll ? [{ kind: 'll' as const, score: item.ll }] : []),
    ];
    for (const r of reviews) {
      await db.insert(projectReviews).values({
        projectId: row.id,
        reviewerId: admin.id,
        translatorId: translator.id,
        kind: r.kind,
        score: r.score,
        errors: [{ category: 'Terminology', severity: 'minor', count: Math.round((1000 - r.score) / 40) }],
        comment: 'Reviewed by the Parlance quality team.',
        createdAt: new Date(completedAt.getTime() + 2 * DAY),
      });
    }
  }
  // the level as the scheduler computes it (ADR 0083)
  await recomputeLevels(db, now);
}
