// Seeds a database for the language-manager dashboard benchmark (npm run bench): migrations, the demo
// accounts and the language manager, then BENCH_LM_PROJECTS (1,000,000) projects of 2,000 clients in
// 8 language pairs over the last year, written by INSERT ... SELECT generate_series: 70% completed (a
// rating on each, a QA or LL review on every tenth), 12% waiting for a translator (most of them past
// their deadline, i.e. expired), the rest started, ready or cancelled; 200 translators with pairs;
// then ANALYZE and VACUUM. Reads DATABASE_URL or DATA_DIR like the server. Prints one JSON line.
import { sql } from 'drizzle-orm';
import { openDatabase, runMigrations } from '../src/db/client';
import { DEMO_PASSWORD, isNewDatabase, seedDemoData } from '../src/db/seed/demo';
import { seedLmDashboardDemo } from '../src/db/seed/demo-lm-dashboard';
import { hashPassword } from '../src/platform/passwords';

const COUNT = Number(process.env.BENCH_LM_PROJECTS || 1_000_000);
const CLIENTS = 2000;
const started = process.hrtime.bigint();
const database = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR ?? null,
});
try {
  await runMigrations(database);
  const db = database.db;
  if (await isNewDatabase(db)) {
    await seedDemoData(db);
    await seedLmDashboardDemo(db, await hashPassword(DEMO_PASSWORD, 'owasp'));
  }
  await db.execute(sql`
    INSERT INTO users (type, email, name)
    SELECT 'customer', 'bench-client-' || i || '@example.test', 'Bench client ' || i
    FROM generate_series(1, ${CLIENTS}) AS s(i)`);
  await db.execute(sql`
    INSERT INTO users (type, email, name)
    SELECT 'translator', 'bench-translator-' || i || '@example.test', 'Bench translator ' || i
    FROM generate_series(1, 200) AS s(i)`);
  await db.execute(sql`
    INSERT INTO translator_language_pairs (user_id, source_language, target_language)
    SELECT u.id, (ARRAY['american-english','american-english','american-english','german','american-english','spanish','american-english','american-english'])[1 + u.id % 8],
      (ARRAY['french','german','spanish','american-english','italian','american-english','japanese','dutch'])[1 + u.id % 8]
    FROM users u WHERE u.email LIKE 'bench-translator-%'`);
  const [{ first, translator }] = (
    (await db.execute(
      sql`SELECT (SELECT min(id) FROM users WHERE email LIKE 'bench-client-%')::int AS first,
        (SELECT min(id) FROM users WHERE email LIKE 'bench-translator-%')::int AS translator`,
    )) as unknown as { rows: { first: number; translator: number }[] }
  ).rows;
  // i = 1..COUNT; statuses by i % 100, ages spread over a year (newest last)
  await db.execute(sql`
    INSERT INTO projects (customer_id, name, status, type, kind, source_language, target_language, expertise,
      word_count, need_proofreading, exclusive, deadline, open_to_all_at, translator_id, taken_at, delivered_at,
      completed_at, rating, rated_at, created_at, status_changed_at)
    SELECT ${first} + i % ${CLIENTS},
      'Bench project ' || i,
      st,
      (ARRAY['translation','translation-editing','proofreading','machine-translation'])[1 + i % 4],
      'classic',
      (ARRAY['american-english','american-english','american-english','german','american-english','spanish','american-english','american-english'])[1 + (i / 3) % 8],
      (ARRAY['french','german','spanish','american-english','italian','american-english','japanese','dutch'])[1 + (i / 3) % 8],
      (ARRAY['general','legal','medical','marketing'])[1 + (i / 7) % 4],
      100 + (i * 37) % 20000,
      i % 9 = 0,
      CASE WHEN i % 13 = 0 THEN 1 ELSE 0 END,
      -- started work is due in the future (the scheduler would otherwise mark it delayed while measuring)
      CASE WHEN st IN ('IN_PROGRESS', 'IN_REVIEW') THEN now() + interval '3 days' ELSE created + interval '7 days' END,
      CASE WHEN i % 5 = 0 THEN created + interval '2 hours' ELSE created END,
      CASE WHEN st = 'PENDING' THEN NULL ELSE ${translator}::int + i % 200 END,
      CASE WHEN st = 'PENDING' THEN NULL ELSE created + interval '1 hour' END,
      CASE WHEN st = 'COMPLETED' THEN created + interval '3 days' END,
      CASE WHEN st = 'COMPLETED' THEN created + interval '4 days' END,
      CASE WHEN st = 'COMPLETED' THEN 1 + i % 5 END,
      CASE WHEN st = 'COMPLETED' THEN created + interval '5 days' END,
      created,
      -- READY work became READY now (not auto-completed while measuring)
      CASE WHEN st = 'READY' THEN now() ELSE created END
    FROM (
      SELECT i,
        now() - make_interval(secs => (${COUNT} - i) * (31536000.0 / ${COUNT})) AS created,
        CASE
          WHEN i % 100 < 70 THEN 'COMPLETED'
          WHEN i % 100 < 82 THEN 'PENDING'
          WHEN i % 100 < 90 THEN 'IN_PROGRESS'
          WHEN i % 100 < 92 THEN 'IN_REVIEW'
          WHEN i % 100 < 95 THEN 'READY'
          ELSE 'CANCELLED'
        END AS st
      FROM generate_series(1, ${COUNT}) AS s(i)
    ) g`);
  // the reviews in one statement with the score trigger off, then the lowest scores in one UPDATE
  // (what the trigger of migration 0011 keeps row by row)
  await db.execute(sql`ALTER TABLE project_reviews DISABLE TRIGGER project_reviews_keep_scores`);
  await db.execute(sql`
    INSERT INTO project_reviews (project_id, kind, score, created_at)
    SELECT id, CASE WHEN id % 20 = 0 THEN 'qa' ELSE 'll' END, 500 + (id * 7) % 500, completed_at
    FROM projects WHERE status = 'COMPLETED' AND name LIKE 'Bench project %' AND id % 10 = 0`);
  await db.execute(sql`ALTER TABLE project_reviews ENABLE TRIGGER project_reviews_keep_scores`);
  await db.execute(sql`
    UPDATE projects p SET qa_score = r.qa, ll_score = r.ll
    FROM (
      SELECT project_id, min(score) FILTER (WHERE kind = 'qa') AS qa, min(score) FILTER (WHERE kind = 'll') AS ll
      FROM project_reviews GROUP BY project_id
    ) r
    WHERE p.id = r.project_id`);
  for (const table of ['projects', 'project_reviews', 'users', 'translator_language_pairs']) {
    await db.execute(sql.raw(`ANALYZE ${table}`));
    // index-only scans need the visibility map that autovacuum would build later
    await db.execute(sql.raw(`VACUUM ${table}`));
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(JSON.stringify({ projects: COUNT, clients: CLIENTS, seconds: Math.round(seconds * 10) / 10 }));
} finally {
  await database.close();
}
