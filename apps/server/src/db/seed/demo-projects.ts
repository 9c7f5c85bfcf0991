import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import {
  myTeamMembers,
  projectEvents,
  projectReviews,
  projects,
  purchaseOrders,
  translatorExpertises,
  translatorLanguagePairs,
  translatorProfiles,
  users,
} from '../schema';
import { computeCart } from '../../modules/cart/cart';
import { payCartWithCredits } from '../../modules/cart/pay-with-credits';
import { type DeliveredFile, saveDelivery } from '../../modules/projects/deliver';
import {
  approveProject,
  cancelProject,
  disputeProject,
  type MoveContext,
  postMessage,
  rateProject,
  setTags,
  takeJob,
} from '../../modules/projects/moves';
import { markDelayed, releaseEarnings } from '../../modules/projects/timed-moves';
import { getOrCreateAccount, hashRequest, platformAccount, postTransaction } from '../../platform/ledger';
import { createLocalBus } from '../../platform/realtime';
import type { UserRow } from '../../platform/session';
import type { Storage } from '../../platform/storage';

// Demo content of the project lifecycle (new databases only, through the real services): the demo
// translator's skills, profile and place in the demo customer's My Team, and the demo customer's
// projects in every status a screen shows, paid through the cart and moved through the same
// functions the API calls, so the ledger, timeline and realtime rows are all real.

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export const DEMO_TRANSLATOR_PAIRS: [string, string][] = [
  ['american-english', 'french'],
  ['american-english', 'german'],
  ['american-english', 'spanish'],
  ['french', 'american-english'],
];

interface DemoOrder {
  key: string;
  name: string;
  target: string;
  words: number;
  expertise?: string;
  brief: string;
}

const ORDERS: DemoOrder[] = [
  { key: 'press', name: 'Press release', target: 'german', words: 1200, brief: 'Formal tone; keep quotes verbatim.' },
  { key: 'manual', name: 'User manual', target: 'french', words: 4000, brief: 'Use the attached glossary terms.' },
  { key: 'guide', name: 'Brand guide', target: 'german', words: 1000, brief: 'Keep the slogans in English.' },
  { key: 'landing', name: 'Landing page', target: 'spanish', words: 800, brief: 'Friendly, short sentences.' },
  { key: 'report', name: 'Annual report', target: 'german', words: 2500, brief: 'Numbers in German format.' },
  {
    key: 'terms',
    name: 'Terms of service',
    target: 'french',
    words: 1500,
    expertise: 'legal',
    brief: 'Legal register; mark unclear clauses.',
  },
  { key: 'sheet', name: 'Product sheet', target: 'german', words: 600, brief: 'Units in metric.' },
  { key: 'old', name: 'Old brochure', target: 'spanish', words: 900, brief: 'No longer needed.' },
  { key: 'news', name: 'Newsletter', target: 'italian', words: 700, brief: 'Casual tone.' },
  { key: 'faq', name: 'FAQ page', target: 'french', words: 500, brief: 'Short answers.' },
];

async function userByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

async function demoFile(storage: Storage, name: string, text: string): Promise<DeliveredFile> {
  const stored = await storage.put(Readable.from([Buffer.from(text)]), { maxBytes: 1024 * 1024 });
  return { storageId: stored.id, fileName: name, mime: 'text/plain', size: stored.size };
}

/** The demo translator's skills, profile, and a place in the demo customer's My Team. */
async function seedTranslator(db: Db, translator: UserRow, customer: UserRow): Promise<void> {
  await db
    .insert(translatorLanguagePairs)
    .values(
      DEMO_TRANSLATOR_PAIRS.map(([sourceLanguage, targetLanguage]) => ({
        userId: translator.id,
        sourceLanguage,
        targetLanguage,
        nativeLanguage: targetLanguage === 'american-english' ? null : 'french',
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(translatorExpertises)
    .values(['general', 'marketing', 'legal', 'technical'].map((expertise) => ({ userId: translator.id, expertise })))
    .onConflictDoNothing();
  await db
    .insert(translatorProfiles)
    .values({ userId: translator.id, level: 2, isEditor: true, isCertified: true, active: true })
    .onConflictDoNothing();
  await db.insert(myTeamMembers).values({ customerId: customer.id, translatorId: translator.id }).onConflictDoNothing();
  await db.update(users).set({ myTeamStatus: true }).where(eq(users.id, translator.id));
}

/** Pays ORDERS through the cart (the credits they cost granted first); answers project ids by order key. */
async function payDemoOrders(db: Db, customer: UserRow, paidAt: Date): Promise<Map<string, number>> {
  const keys = new Map<string, string>();
  for (const o of ORDERS) {
    const key = randomBytes(16).toString('hex');
    keys.set(key, o.key);
    await db.insert(purchaseOrders).values({
      key,
      customerId: customer.id,
      status: 'cart',
      projectType: 'translation',
      name: o.name,
      sourceLanguage: 'american-english',
      targetLanguages: [o.target],
      expertise: o.expertise ?? 'general',
      wordCount: o.words,
      wordCountSource: 'manual',
      entryType: 'paste',
      materialsOption: 'count',
      brief: o.brief,
      createdAt: paidAt,
    });
  }
  const cart = await computeCart(db, customer.id, paidAt);
  // the demo customer keeps the balance the ordering demo left: these projects are paid by a grant
  await postTransaction(db, {
    kind: 'grant',
    description: 'Demo project credits',
    idempotencyKey: `demo:project-credits:${customer.id}`,
    entries: [
      { account: await getOrCreateAccount(db, customer.id, 'customer_credits'), amount: cart.totalCredits },
      { account: await platformAccount(db, 'platform_promotions'), amount: -cart.totalCredits },
    ],
  });
  await payCartWithCredits(db, {
    userId: customer.id,
    ck: cart.ck,
    idempotencyKey: 'demo:project-orders',
    requestHash: hashRequest({ demo: 'project-orders', ck: cart.ck }),
    now: paidAt,
  });
  const rows = await db
    .select({ id: projects.id, key: purchaseOrders.key })
    .from(projects)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, projects.purchaseOrderId))
    .where(inArray(purchaseOrders.key, [...keys.keys()]));
  return new Map(rows.map((r) => [keys.get(r.key) ?? '', r.id]));
}

/** Jobs of the platform itself (QA, LL, model training, bonus): no customer money, so no ledger. */
async function seedInternalJobs(db: Db, owner: UserRow, translator: UserRow, at: Date): Promise<void> {
  const jobs = [
    { name: 'QA review: Annual report', kind: 'qa' as const, status: 'IN_PROGRESS' as const, taken: true },
    { name: 'QA review: website batch', kind: 'qa' as const, status: 'PENDING' as const, taken: false },
    { name: 'LL review: legal batch', kind: 'll' as const, status: 'IN_PROGRESS' as const, taken: true },
    {
      name: 'Model training: support replies',
      kind: 'model-training' as const,
      status: 'IN_PROGRESS' as const,
      taken: true,
    },
    { name: 'Bonus: glossary clean-up', kind: 'bonus' as const, status: 'COMPLETED' as const, taken: true },
  ];
  for (const job of jobs) {
    const [row] = await db
      .insert(projects)
      .values({
        customerId: owner.id,
        name: job.name,
        kind: job.kind,
        status: job.status,
        type: 'human-review',
        sourceLanguage: 'american-english',
        targetLanguage: 'french',
        expertise: 'general',
        wordCount: 1000,
        brief: 'An internal job of the Parlance quality team.',
        translatorId: job.taken ? translator.id : null,
        takenAt: job.taken ? at : null,
        deadline: job.taken ? new Date(at.getTime() + 3 * DAY) : null,
        completedAt: job.status === 'COMPLETED' ? at : null,
        openToAllAt: at,
        statusChangedAt: at,
        createdAt: at,
      })
      .returning();
    await db.insert(projectEvents).values({
      projectId: row.id,
      fromStatus: null,
      toStatus: row.status,
      action: 'created',
      actorId: owner.id,
      createdAt: at,
    });
  }
}

async function step<T>(db: Db, ctx: Omit<MoveContext, 'tx'>, fn: (ctx: MoveContext) => Promise<T>): Promise<T> {
  return db.transaction((tx: Tx) => fn({ ...ctx, tx }));
}

export interface DemoProjectsOptions {
  storage: Storage;
  customerEmail: string;
  translatorEmail: string;
  adminEmail: string;
  publicUrl?: string;
  now?: Date;
}

/**
 * The demo projects: PENDING (open to the demo translator, and one for another pair), IN_PROGRESS
 * (with a message thread), DELAYED, READY (with a delivered file), COMPLETED (one rated 5 with a QA
 * review, one rated 2 with reasons), DISPUTED, CANCELLED (refunded); earnings pending and available.
 */
export async function seedProjectsDemo(db: Db, opts: DemoProjectsOptions): Promise<void> {
  const customer = await userByEmail(db, opts.customerEmail);
  const translator = await userByEmail(db, opts.translatorEmail);
  const admin = await userByEmail(db, opts.adminEmail);
  if (!customer || !translator || !admin) return;
  const now = opts.now ?? new Date();
  const publicUrl = opts.publicUrl ?? 'http://localhost:3000';
  const start = new Date(now.getTime() - 10 * DAY);
  const at = (ms: number) => new Date(start.getTime() + ms);
  const as = (user: UserRow, when: Date) => ({ user, now: when, publicUrl });

  await seedTranslator(db, translator, customer);
  const ids = await payDemoOrders(db, customer, start);
  const id = (key: string) => {
    const found = ids.get(key);
    if (!found) throw new Error(`demo project ${key} was not created`);
    return found;
  };
  const file = (name: string) => demoFile(opts.storage, name, `${name}\n\nDemo translation delivered by Tomas.\n`);

  // taken long ago: past its deadline (DELAYED by the scheduler below)
  await step(db, as(translator, at(HOUR)), (c) => takeJob(c, id('guide')));
  // delivered 2 days ago: Translation Received
  await step(db, as(translator, at(HOUR)), (c) => takeJob(c, id('landing')));
  const landing = [await file('landing-page-es.txt')];
  await step(db, as(translator, new Date(now.getTime() - 2 * DAY)), (c) =>
    saveDelivery(c, id('landing'), 'deliver', landing),
  );
  // approved a week ago: earnings already available; rated 5, with a QA review
  await step(db, as(translator, at(HOUR)), (c) => takeJob(c, id('report')));
  const report = [await file('annual-report-de.txt')];
  await step(db, as(translator, at(2 * DAY)), (c) => saveDelivery(c, id('report'), 'deliver', report));
  await step(db, as(customer, at(3 * DAY)), (c) => approveProject(c, id('report')));
  await step(db, as(customer, at(3 * DAY + HOUR)), (c) =>
    rateProject(c, id('report'), { rating: 5, reasons: [], comment: 'Excellent, on time.' }),
  );
  await db.insert(projectReviews).values([
    {
      projectId: id('report'),
      reviewerId: admin.id,
      translatorId: translator.id,
      kind: 'qa',
      score: 940,
      errors: [
        { category: 'Accuracy', severity: 'minor', count: 2 },
        { category: 'Terminology', severity: 'major', count: 1 },
      ],
      comment: 'Solid work; one glossary term missed.',
      createdAt: at(4 * DAY),
    },
    {
      projectId: id('report'),
      reviewerId: admin.id,
      translatorId: translator.id,
      kind: 'll',
      score: 910,
      errors: [{ category: 'Style', severity: 'minor', count: 3 }],
      comment: 'Reads naturally.',
      createdAt: at(4 * DAY),
    },
  ]);
  // approved yesterday: earnings pending; rated 2 with reasons
  await step(db, as(translator, at(HOUR)), (c) => takeJob(c, id('terms')));
  const terms = [await file('terms-of-service-fr.txt')];
  await step(db, as(translator, new Date(now.getTime() - 2 * DAY)), (c) =>
    saveDelivery(c, id('terms'), 'deliver', terms),
  );
  await step(db, as(customer, new Date(now.getTime() - DAY)), (c) => approveProject(c, id('terms')));
  await step(db, as(customer, new Date(now.getTime() - DAY)), (c) =>
    rateProject(c, id('terms'), {
      rating: 2,
      reasons: ['overly_literal', 'delivery_not_on_time'],
      comment: 'Too literal in places and a day late.',
    }),
  );
  // disputed
  await step(db, as(translator, at(HOUR)), (c) => takeJob(c, id('sheet')));
  const sheet = [await file('product-sheet-de.txt')];
  await step(db, as(translator, new Date(now.getTime() - 3 * DAY)), (c) =>
    saveDelivery(c, id('sheet'), 'deliver', sheet),
  );
  await step(db, as(customer, new Date(now.getTime() - 2 * DAY)), (c) =>
    disputeProject(c, id('sheet'), 'The technical data table was left untranslated.'),
  );
  // cancelled before anybody started: refunded
  await step(db, as(customer, at(2 * HOUR)), (c) => cancelProject(c, id('old')));
  // in progress, taken an hour ago, with a message thread
  await step(db, as(translator, new Date(now.getTime() - HOUR)), (c) => takeJob(c, id('press')));
  await step(db, as(translator, new Date(now.getTime() - HOUR)), (c) => takeJob(c, id('manual')));
  await step(db, as(customer, new Date(now.getTime() - 50 * 60 * 1000)), (c) =>
    postMessage(c, id('manual'), 'Hi Tomas, please follow the glossary for product names.'),
  );
  await step(db, as(translator, new Date(now.getTime() - 40 * 60 * 1000)), (c) =>
    postMessage(c, id('manual'), 'Will do. Should the UI labels stay in English?'),
  );
  await step(db, as(customer, new Date(now.getTime() - 30 * 60 * 1000)), (c) =>
    postMessage(c, id('manual'), 'Yes, keep the UI labels in English.'),
  );
  // tags
  const tag = (key: string, tags: string[]) => step(db, as(customer, now), (c) => setTags(c, id(key), tags));
  await tag('manual', ['docs', 'q3']);
  await tag('press', ['marketing', 'q3']);
  await tag('report', ['finance']);
  await tag('landing', ['marketing', 'web']);
  await tag('terms', ['legal']);

  await seedInternalJobs(db, admin, translator, at(5 * DAY));

  // the timed moves as the scheduler makes them: a delay, released earnings
  const timed = { db, bus: createLocalBus(), mailer: { send: async () => {} }, publicUrl };
  await markDelayed(timed, now);
  await releaseEarnings(timed, now);
}
