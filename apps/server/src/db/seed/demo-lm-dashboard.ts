import { eq } from 'drizzle-orm';
import { LM_ACL_GROUP, RATING_REASONS } from '@parlance/shared';
import type { Db } from '../client';
import {
  aclGroups,
  myTeamMembers,
  projectReviews,
  projects,
  translatorLanguagePairs,
  translatorProfiles,
  userAclGroups,
  users,
} from '../schema';

// Demo data of the language-manager dashboard: the language manager's account, eight clients and ten
// translators in pairs the demo translator does not work in (so his Open Projects stay as they
// are), and about 300 projects spread over pairs, statuses and ages so that every tile shows a figure
// and every tile's table has at least two pages of 30. The projects are written directly, without
// payments: their price is 0 and no credits move (nobody signs in as these clients).

export const DEMO_LM = { email: 'lm@parlance.test', name: 'Lena Manager' };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const PAIRS: [string, string][] = [
  ['american-english', 'italian'],
  ['american-english', 'japanese'],
  ['german', 'american-english'],
  ['american-english', 'dutch'],
  ['american-english', 'brazilian-portuguese'],
  ['spanish', 'american-english'],
  ['american-english', 'polish'],
];
const TYPES = ['translation', 'translation-editing', 'proofreading', 'translation', 'enterprise-quality', 'mtpe-full'];
const EXPERTISES = ['general', 'legal', 'medical', 'marketing', 'technical', 'it-software', 'financial'];
const CLIENTS = [
  ['Northwind Traders', 'ops@northwind.example'],
  ['Globex Publishing', 'content@globex.example'],
  ['Initech Software', 'l10n@initech.example'],
  ['Umbrella Health', 'docs@umbrella.example'],
  ['Soylent Foods', 'marketing@soylent.example'],
  ['Hooli Games', 'loc@hooli.example'],
  ['Vandelay Imports', 'art@vandelay.example'],
  ['Stark Legal', 'contracts@starklegal.example'],
] as const;
const TRANSLATORS: { name: string; pairs: number[]; editor?: boolean; away?: boolean }[] = [
  { name: 'Giulia Rossi', pairs: [0], editor: true },
  { name: 'Marco Bianchi', pairs: [0] },
  { name: 'Hiro Tanaka', pairs: [1], away: true },
  { name: 'Klaus Weber', pairs: [2], editor: true },
  { name: 'Anke de Vries', pairs: [3] },
  { name: 'Joana Silva', pairs: [4], editor: true },
  { name: 'Pedro Costa', pairs: [4] },
  { name: 'Lucia Garcia', pairs: [5] },
  { name: 'Piotr Nowak', pairs: [6] },
  { name: 'Sem Jansen', pairs: [3], away: true },
];

type Tile = 'waiting' | 'delayed' | 'expired' | 'inProgress' | 'lowQuality' | 'lowQa' | 'lowLl' | 'done';
/** How many projects of each kind: over 30 for every tile (two pages of its table). */
// (finished work first, so that each client's first project is an old one and only the two newest
// clients' waiting projects are pilots)
const COUNTS: Record<Tile, number> = {
  done: 40,
  lowQuality: 33,
  lowQa: 34,
  lowLl: 32,
  inProgress: 40,
  expired: 32,
  delayed: 34,
  waiting: 72,
};

export async function seedLmDashboardDemo(db: Db, passwordHash: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [lm] = await tx
      .insert(users)
      .values({
        type: 'admin',
        isAdmin: false,
        email: DEMO_LM.email,
        name: DEMO_LM.name,
        company: 'Parlance',
        passwordHash,
        country: 'US',
        termsAcceptedAt: now,
        policyAcceptedAt: now,
      })
      .returning();
    const [group] = await tx.select().from(aclGroups).where(eq(aclGroups.name, LM_ACL_GROUP));
    if (group) await tx.insert(userAclGroups).values({ userId: lm.id, groupId: group.id });

    const clients = await tx
      .insert(users)
      .values(
        CLIENTS.map(([name, email]) => ({ type: 'customer' as const, name, email, company: name, country: 'US' })),
      )
      .returning({ id: users.id });
    const translators = await tx
      .insert(users)
      .values(
        TRANSLATORS.map((tr, i) => ({
          type: 'translator' as const,
          name: tr.name,
          email: `${tr.name.toLowerCase().replace(/[^a-z]+/g, '.')}.${i}@translators.example`,
          country: 'US',
        })),
      )
      .returning({ id: users.id });
    const today = now.toISOString().slice(0, 10);
    const inAMonth = new Date(now.getTime() + 30 * DAY).toISOString().slice(0, 10);
    await tx.insert(translatorProfiles).values(
      TRANSLATORS.map((tr, i) => ({
        userId: translators[i].id,
        isEditor: tr.editor ?? false,
        level: 1 + (i % 5),
        vacationFrom: tr.away ? today : null,
        vacationTo: tr.away ? inAMonth : null,
      })),
    );
    await tx.insert(translatorLanguagePairs).values(
      TRANSLATORS.flatMap((tr, i) =>
        tr.pairs.map((p) => ({
          userId: translators[i].id,
          sourceLanguage: PAIRS[p][0],
          targetLanguage: PAIRS[p][1],
          nativeLanguage: PAIRS[p][1],
        })),
      ),
    );
    // the first three clients have My Team translators: their projects go to the team first
    await tx.insert(myTeamMembers).values([
      { customerId: clients[0].id, translatorId: translators[0].id },
      { customerId: clients[1].id, translatorId: translators[3].id },
      { customerId: clients[2].id, translatorId: translators[5].id },
    ]);
    const translatorOf = (pair: number, n: number) => {
      const able = TRANSLATORS.map((tr, i) => ({ tr, i })).filter(({ tr }) => tr.pairs.includes(pair));
      return able.length ? translators[able[n % able.length].i].id : translators[0].id;
    };

    let serial = 0;
    const rows: (typeof projects.$inferInsert)[] = [];
    const reviews: { index: number; kind: 'qa' | 'll' | 'cqr'; score: number; ageMs: number }[] = [];
    for (const [tile, count] of Object.entries(COUNTS) as [Tile, number][]) {
      for (let n = 0; n < count; n++) {
        serial += 1;
        // half of the waiting work is English -> Italian: its table has two pages even when filtered
        const pairIndex = tile === 'waiting' && n % 2 === 0 ? 0 : (n * 3 + serial) % PAIRS.length;
        const [source, target] = PAIRS[pairIndex];
        // clients 6 and 7 only ever order the first waiting projects (their pilots)
        const client = tile === 'waiting' && n < 2 ? clients[6 + n].id : clients[(serial + n) % 6].id;
        const myTeam = clients.slice(0, 3).some((c) => c.id === client);
        const ageMs = ageOf(tile, n);
        const createdAt = new Date(now.getTime() - ageMs);
        const wordCount = 250 + ((serial * 733) % 9750);
        const row: typeof projects.$inferInsert = {
          customerId: client,
          name: `${TILE_NAMES[tile]} ${n + 1}`,
          type: TYPES[serial % TYPES.length],
          kind: 'classic',
          sourceLanguage: source,
          targetLanguage: target,
          expertise: EXPERTISES[(serial * 5) % EXPERTISES.length],
          wordCount,
          exclusive: serial % 7 === 0 ? 1 : 0,
          needProofreading: serial % 9 === 0,
          createdAt,
          statusChangedAt: createdAt,
          openToAllAt: myTeam ? new Date(createdAt.getTime() + 2 * HOUR) : createdAt,
          deadline: new Date(createdAt.getTime() + (tile === 'expired' ? 2 * DAY : 10 * DAY)),
        };
        if (tile === 'expired') row.deadline = new Date(now.getTime() - (1 + n) * HOUR);
        if (tile === 'inProgress') {
          const translatorId = translatorOf(pairIndex, n);
          Object.assign(row, {
            status: n % 4 === 3 ? 'IN_REVIEW' : 'IN_PROGRESS',
            translatorId,
            takenAt: new Date(createdAt.getTime() + HOUR),
            deadline: new Date(now.getTime() + (2 + (n % 5)) * DAY),
          });
          if (n % 4 === 3) {
            const editor = TRANSLATORS.findIndex((tr, i) => tr.editor && translators[i].id !== translatorId);
            Object.assign(row, { editorId: translators[editor].id, deliveredAt: new Date(now.getTime() - HOUR) });
          }
        }
        if (['lowQuality', 'lowQa', 'lowLl', 'done'].includes(tile)) {
          const deliveredAt = new Date(createdAt.getTime() + 3 * DAY);
          Object.assign(row, {
            status: 'COMPLETED',
            translatorId: translatorOf(pairIndex, n),
            takenAt: new Date(createdAt.getTime() + HOUR),
            deliveredAt,
            completedAt: new Date(deliveredAt.getTime() + DAY),
            deadline: new Date(createdAt.getTime() + 4 * DAY),
          });
        }
        if (tile === 'lowQuality') {
          if (n % 3 === 2) {
            reviews.push({ index: rows.length, kind: 'cqr', score: 520 + n * 7, ageMs: (1 + (n % 6)) * DAY });
          } else {
            Object.assign(row, {
              rating: 1 + (n % 3),
              ratingReasons: [RATING_REASONS[n % RATING_REASONS.length].value],
              ratingComment: 'The terminology did not match our glossary.',
              ratedAt: new Date(now.getTime() - (1 + (n % 6)) * DAY),
            });
          }
        }
        if (tile === 'done') Object.assign(row, { rating: 4 + (n % 2), ratedAt: new Date(now.getTime() - 2 * DAY) });
        if (tile === 'lowQa') reviews.push({ index: rows.length, kind: 'qa', score: 610 + n * 5, ageMs: 2 * DAY });
        if (tile === 'lowLl') reviews.push({ index: rows.length, kind: 'll', score: 540 + n * 7, ageMs: 3 * DAY });
        if (tile === 'done' && n % 2 === 0) {
          reviews.push({ index: rows.length, kind: n % 4 === 0 ? 'qa' : 'll', score: 920 + (n % 8) * 9, ageMs: DAY });
        }
        rows.push(row);
      }
    }
    const inserted = await tx
      .insert(projects)
      .values(rows)
      .returning({ id: projects.id, translatorId: projects.translatorId });
    await tx.insert(projectReviews).values(
      reviews.map((r) => ({
        projectId: inserted[r.index].id,
        translatorId: inserted[r.index].translatorId,
        reviewerId: translators[(r.index + 1) % translators.length].id,
        kind: r.kind,
        score: r.score,
        errors: [{ category: 'Terminology', severity: r.score < 800 ? 'major' : 'minor', count: 3 }],
        comment: r.score < 800 ? 'Several terms differ from the glossary.' : 'Good work.',
        createdAt: new Date(now.getTime() - r.ageMs),
      })),
    );
  });
}

const TILE_NAMES: Record<Tile, string> = {
  waiting: 'Product sheet',
  delayed: 'User manual',
  expired: 'Press release',
  inProgress: 'Website copy',
  lowQuality: 'Contract',
  lowQa: 'App strings',
  lowLl: 'Brochure',
  done: 'Newsletter',
};

/** The age of the n-th project of a tile: inside the tile's window, spread over it. */
function ageOf(tile: Tile, n: number): number {
  switch (tile) {
    case 'waiting':
      return 8 * HOUR + 15 * 60_000 + ((n * 27) % 15) * HOUR + (n % 4) * 600_000;
    case 'delayed':
      return 25 * HOUR + (n % 9) * 7 * HOUR;
    case 'expired':
      return (3 + (n % 12)) * DAY;
    case 'inProgress':
      return (1 + (n % 10)) * DAY + n * HOUR;
    default:
      return (6 + (n % 20)) * DAY + n * HOUR;
  }
}
