// Seeds a database for the editor benchmark (npm run bench, BENCH_ONLY=editor): migrations and the
// demo accounts, then
//   job       a paid order of the demo customer whose source is one generated .txt document of
//             BENCH_EDITOR_SEGMENTS (10,000) sentences, one a line (every tenth repeats an earlier one),
//             taken by the demo translator (IN_PROGRESS): the editor splits it when first opened;
//   memory    the customer's translation memory for the pair: BENCH_EDITOR_MEMORY (20,000) units, a
//             third of them a word away from a sentence of the document (fuzzy matches), the rest
//             other sentences of the same vocabulary;
//   terms     300 terms of the vocabulary for the pair.
// Writes BENCH_EDITOR_OUT (JSON: the project id) and prints one JSON line of timings. Reads
// DATABASE_URL or DATA_DIR like the server.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, runMigrations } from '../src/db/client';
import { projects, purchaseOrderFiles, purchaseOrders, users } from '../src/db/schema';
import { DEMO_ACCOUNTS, isNewDatabase, seedDemoData } from '../src/db/seed/demo';
import { hashRequest } from '../src/platform/ledger';
import { localDiskStorage } from '../src/platform/storage';
import { computeCart } from '../src/modules/cart/cart';
import { giveCredits } from '../src/modules/cart/cart-test-helpers';
import { payCartWithCredits } from '../src/modules/cart/pay-with-credits';

const SEGMENTS = Number(process.env.BENCH_EDITOR_SEGMENTS || 10_000);
const MEMORY = Number(process.env.BENCH_EDITOR_MEMORY || 20_000);
const OUT = process.env.BENCH_EDITOR_OUT;
const DATA_DIR = process.env.DATA_DIR;
if (!OUT) throw new Error('BENCH_EDITOR_OUT is not set');
if (!DATA_DIR) throw new Error('DATA_DIR is not set (the source file is stored under it)');

const NOUNS = [
  'invoice',
  'payment',
  'delivery',
  'customer',
  'order',
  'account',
  'translation',
  'project',
  'balance',
  'report',
  'review',
  'deadline',
  'service',
  'contract',
  'shipment',
  'warehouse',
  'supplier',
  'budget',
  'meeting',
  'schedule',
  'document',
  'release',
  'update',
  'feature',
  'license',
  'manual',
  'policy',
];
const VERBS = ['covers', 'changes', 'follows', 'includes', 'replaces', 'confirms', 'delays', 'updates', 'shows'];
const ADJECTIVES = ['new', 'annual', 'monthly', 'final', 'signed', 'open', 'urgent', 'revised', 'shared', 'short'];

/** A deterministic sentence of about twelve words for index i. */
function sentence(i: number): string {
  const n = (k: number) => NOUNS[(i * k + k) % NOUNS.length];
  const a = (k: number) => ADJECTIVES[(i * k + 3) % ADJECTIVES.length];
  const v = VERBS[(i * 7) % VERBS.length];
  return `The ${a(3)} ${n(5)} ${i} ${v} the ${a(11)} ${n(13)} of the ${n(17)} before the ${n(19)}.`;
}

type Rows<T> = { rows: T[] };
const started = process.hrtime.bigint();
const seconds = () => Math.round(Number(process.hrtime.bigint() - started) / 1e8) / 10;
const database = await openDatabase({ url: process.env.DATABASE_URL || undefined, dataDir: DATA_DIR });
try {
  await runMigrations(database);
  const db = database.db;
  if (await isNewDatabase(db)) await seedDemoData(db);
  const emailOf = (type: string) => DEMO_ACCOUNTS.find((a) => a.type === type)?.email ?? '';
  const [customer] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, emailOf('customer')));
  const [translator] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, emailOf('translator')));

  // the document: one sentence a line; every tenth line repeats the line ten before it
  const lines: string[] = [];
  for (let i = 0; i < SEGMENTS; i++) lines.push(i % 10 === 9 ? lines[i - 9] : sentence(i));
  const bytes = Buffer.from(`${lines.join('\n')}\n`);
  const storage = localDiskStorage(DATA_DIR);
  const stored = await storage.put(Readable.from([bytes]), { maxBytes: 100_000_000 });
  const words = lines.reduce((n, l) => n + l.split(' ').length, 0);

  await giveCredits(db, customer.id, 100_000_000);
  const [po] = await db
    .insert(purchaseOrders)
    .values({
      key: createHash('sha256').update(`bench-editor-${Date.now()}`).digest('hex').slice(0, 32),
      customerId: customer.id,
      status: 'cart',
      name: 'Editor bench: product manual',
      sourceLanguage: 'american-english',
      targetLanguages: ['spanish'],
      expertise: 'general',
      wordCount: words,
    })
    .returning();
  await db.insert(purchaseOrderFiles).values({
    purchaseOrderId: po.id,
    storageId: stored.id,
    fileName: 'product-manual.txt',
    mime: 'text/plain',
    sizeBytes: stored.size,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    words,
    context: 'source',
  });
  const now = new Date();
  const cart = await computeCart(db, customer.id, now);
  const paid = await payCartWithCredits(db, {
    userId: customer.id,
    ck: cart.ck,
    idempotencyKey: `bench-editor-${Date.now()}`,
    requestHash: hashRequest({ bench: 'editor', ck: cart.ck }),
    now,
  });
  const projectId = paid.body.projects[0].id;
  // taken by the demo translator, as POST /api/2/job/{id}/take leaves it
  await db
    .update(projects)
    .set({
      translatorId: translator.id,
      status: 'IN_PROGRESS',
      takenAt: now,
      statusChangedAt: now,
      deadline: new Date(now.getTime() + 14 * 86_400_000),
    })
    .where(eq(projects.id, projectId));
  const jobSeconds = seconds();

  // the customer's memory: a third a word away from a document sentence, the rest other sentences
  const imported = (await db.execute(sql`
    INSERT INTO tm_imports (user_id, file_name, unit_count, languages, created_at)
    VALUES (${customer.id}, 'bench-memory.tmx', ${MEMORY}, ARRAY['en-US', 'es-ES']::text[], now())
    RETURNING id`)) as unknown as Rows<{ id: number }>;
  const importId = Number(imported.rows[0].id);
  let batch: { u: number; l: string; p: string }[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await db.execute(sql`
      INSERT INTO tm_segments (import_id, user_id, unit_no, lang, content, plain, norm)
      SELECT ${importId}::int, ${customer.id}::int, r.u, r.l, r.p, r.p, left(lower(r.p), 200)
      FROM json_to_recordset(${JSON.stringify(batch)}::json) AS r(u int, l text, p text)`);
    batch = [];
  };
  for (let u = 1; u <= MEMORY; u++) {
    const near = u % 3 === 0 && u / 3 < SEGMENTS;
    const source = near ? sentence(u / 3).replace('the ', 'a ') : sentence(SEGMENTS + u);
    batch.push({ u, l: 'en-US', p: source }, { u, l: 'es-ES', p: `ES ${source}` });
    if (batch.length >= 4000) await flush();
  }
  await flush();
  const memorySeconds = seconds() - jobSeconds;

  const termSet = (await db.execute(sql`
    INSERT INTO terminology_sets (user_id, source_lang_id, target_lang_id, file_name, format, term_count, created_at)
    VALUES (${customer.id}, (SELECT id FROM languages WHERE slug = 'american-english'),
            (SELECT id FROM languages WHERE slug = 'spanish'), 'bench-terms.csv', 'csv', 300, now())
    RETURNING id`)) as unknown as Rows<{ id: number }>;
  const terms = Array.from({ length: 300 }, (_, i) => ({
    p: i + 1,
    s: i < NOUNS.length ? NOUNS[i] : `${ADJECTIVES[i % ADJECTIVES.length]} ${NOUNS[i % NOUNS.length]} ${i}`,
    t: `término ${i + 1}`,
  }));
  await db.execute(sql`
    INSERT INTO terminology_terms (set_id, position, source, target, note)
    SELECT ${Number(termSet.rows[0].id)}::int, r.p, r.s, r.t, ''
    FROM json_to_recordset(${JSON.stringify(terms)}::json) AS r(p int, s text, t text)`);
  await db.execute(sql`ANALYZE`);

  writeFileSync(OUT, JSON.stringify({ projectId, segments: SEGMENTS, memoryUnits: MEMORY, words }));
  console.log(
    JSON.stringify({
      projectId,
      segments: SEGMENTS,
      memoryUnits: MEMORY,
      jobSeconds,
      memorySeconds: Math.round(memorySeconds * 10) / 10,
      seconds: seconds(),
    }),
  );
} finally {
  await database.close();
}
