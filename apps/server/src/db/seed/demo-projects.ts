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
import { authContextOf, type UserRow } from '../../platform/session';
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
  // translated by the second demo translator: work the demo translator may review (QA and LL jobs)
  { key: 'catalog', name: 'Spring catalog', target: 'french', words: 1000, brief: 'Keep product codes as they are.' },
  { key: 'blog', name: 'Blog post', target: 'german', words: 800, brief: 'Conversational tone.' },
];

/** Paid 3 hours before the demo is made: still open, or taken an hour ago (deadlines ahead). */
const RECENT_ORDERS = ['news', 'faq', 'press', 'manual'];

/** A second translator (no password: it cannot sign in) whose completed work the demo QA/LL jobs review. */
export const DEMO_REVIEWED_TRANSLATOR = { email: 'rosa.reyes@parlance.test', name: 'Rosa Reyes' } as const;

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
}

/** Pays ORDERS through the cart (the credits they cost granted first); answers project ids by order key. */
async function payDemoOrders(
  db: Db,
  customer: UserRow,
  paidAt: Date,
  orders: typeof ORDERS,
  batch: string,
): Promise<Map<string, number>> {
  const keys = new Map<string, string>();
  for (const o of orders) {
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
    idempotencyKey: `demo:project-credits:${customer.id}:${batch}`,
    occurredAt: paidAt,
    entries: [
      { account: await getOrCreateAccount(db, customer.id, 'customer_credits'), amount: cart.totalCredits },
      { account: await platformAccount(db, 'platform_promotions'), amount: -cart.totalCredits },
    ],
  });
  await payCartWithCredits(db, {
    userId: customer.id,
    ck: cart.ck,
    idempotencyKey: `demo:project-orders:${batch}`,
    requestHash: hashRequest({ demo: `project-orders:${batch}`, ck: cart.ck }),
    now: paidAt,
  });
  const rows = await db
    .select({ id: projects.id, key: purchaseOrders.key })
    .from(projects)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, projects.purchaseOrderId))
    .where(inArray(purchaseOrders.key, [...keys.keys()]));
  return new Map(rows.map((r) => [keys.get(r.key) ?? '', r.id]));
}

async function seedReviewedTranslator(db: Db): Promise<UserRow> {
  const [rosa] = await db
    .insert(users)
    .values({
      email: DEMO_REVIEWED_TRANSLATOR.email,
      name: DEMO_REVIEWED_TRANSLATOR.name,
      type: 'translator',
      company: '',
      country: 'ES',
    })
    .returning();
  await db.insert(translatorLanguagePairs).values([
    { userId: rosa.id, sourceLanguage: 'american-english', targetLanguage: 'french' },
    { userId: rosa.id, sourceLanguage: 'american-english', targetLanguage: 'german' },
  ]);
  await db.insert(translatorProfiles).values({ userId: rosa.id, level: 1, active: true });
  return rosa;
}

interface ReviewedProject {
  id: number;
  name: string;
  sourceLanguage: string | null;
  targetLanguage: string | null;
  expertise: string | null;
  wordCount: number;
}

/**
 * Jobs of the platform itself (QA, LL, model training, bonus): no customer money, so no ledger.
 * The QA and LL jobs review `reviewed` (the second demo translator's work), with its languages.
 */
async function seedInternalJobs(
  db: Db,
  owner: UserRow,
  translator: UserRow,
  reviewed: ReviewedProject,
  at: Date,
): Promise<void> {
  // the platform (the admin) owns the demo jobs, so that the demo customer's lists stay as they were
  const review = {
    reviewedProjectId: reviewed.id,
    sourceLanguage: reviewed.sourceLanguage ?? 'american-english',
    targetLanguage: reviewed.targetLanguage ?? 'french',
    expertise: reviewed.expertise ?? 'general',
    wordCount: reviewed.wordCount,
  };
  const jobs: {
    name: string;
    kind: 'qa' | 'll' | 'model-training' | 'bonus';
    status: 'IN_PROGRESS' | 'COMPLETED';
    taken: boolean;
    review?: typeof review;
  }[] = [
    { name: `QA review: ${reviewed.name}`, kind: 'qa', status: 'IN_PROGRESS', taken: true, review },
    { name: `LL review: ${reviewed.name}`, kind: 'll', status: 'IN_PROGRESS', taken: true, review },
    { name: 'Model training: support replies', kind: 'model-training', status: 'IN_PROGRESS', taken: true },
    { name: 'Bonus: glossary clean-up', kind: 'bonus', status: 'COMPLETED', taken: true },
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
        deadline: job.taken && !job.review ? new Date(at.getTime() + 3 * DAY) : null,
        completedAt: job.status === 'COMPLETED' ? at : null,
        openToAllAt: at,
        statusChangedAt: at,
        createdAt: at,
        ...(job.review ?? {}),
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
  // the demo's people act on their own; the super-admin seeds its moves with every permission
  const as = (user: UserRow, when: Date) => ({
    actor: authContextOf(user, 'session'),
    user,
    now: when,
    publicUrl,
    storage: opts.storage,
  });

  await seedTranslator(db, translator, customer);
  // the open and just-taken ones are paid 3 hours ago: a demo made today offers them before their deadlines
  const isOpen = (o: DemoOrder) => RECENT_ORDERS.includes(o.key);
  const ids = new Map([
    ...(await payDemoOrders(
      db,
      customer,
      start,
      ORDERS.filter((o) => !isOpen(o)),
      'worked',
    )),
    ...(await payDemoOrders(db, customer, new Date(now.getTime() - 3 * HOUR), ORDERS.filter(isOpen), 'open')),
  ]);
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

  // the second translator's completed work: the demo translator reviews 'catalog' (QA and LL jobs);
  // 'blog' has no review job yet, for an admin's "Create QA job"
  const rosa = await seedReviewedTranslator(db);
  for (const key of ['catalog', 'blog']) {
    await step(db, as(rosa, at(2 * HOUR)), (c) => takeJob(c, id(key)));
    const delivered = [await demoFile(opts.storage, `${key}-by-rosa.txt`, `${key}\n\nDemo translation by Rosa.\n`)];
    await step(db, as(rosa, at(2 * DAY)), (c) => saveDelivery(c, id(key), 'deliver', delivered));
    await step(db, as(customer, at(3 * DAY)), (c) => approveProject(c, id(key)));
  }
  const [catalog] = await db
    .select()
    .from(projects)
    .where(eq(projects.id, id('catalog')));

  await seedInternalJobs(db, admin, translator, catalog, at(5 * DAY));

  // the timed moves as the scheduler makes them: a delay, released earnings
  const timed = {
    db,
    bus: createLocalBus(),
    mailer: { send: async () => {} },
    logger: console,
    publicUrl,
    storage: opts.storage,
  };
  await markDelayed(timed, now);
  await releaseEarnings(timed, now);
}
