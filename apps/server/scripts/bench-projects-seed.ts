// Seeds a database for the project-list benchmark (npm run bench): migrations, the demo accounts when
// the database is new, then BENCH_PROJECTS (100,000) projects of the demo customer written by one
// INSERT ... SELECT generate_series (statuses, languages, expertises, deadlines and prices spread
// over the rows; every tenth project tagged), and ANALYZE. Reads DATABASE_URL or DATA_DIR like the
// server. Prints one JSON line: { customerId, projects, tagged, seconds }.
import { eq, sql } from 'drizzle-orm';
import { openDatabase, runMigrations } from '../src/db/client';
import { users } from '../src/db/schema';
import { DEMO_ACCOUNTS, isNewDatabase, seedDemoData } from '../src/db/seed/demo';

const COUNT = Number(process.env.BENCH_PROJECTS || 100_000);
const started = process.hrtime.bigint();
const database = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR ?? null,
});
try {
  await runMigrations(database);
  const db = database.db;
  if (await isNewDatabase(db)) await seedDemoData(db);
  const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS[0].email));
  if (!customer) throw new Error('no demo customer');
  await db.execute(sql`
    INSERT INTO projects (customer_id, name, status, type, kind, source_language, target_language, expertise,
      word_count, price_credits, deadline, created_at, status_changed_at)
    SELECT ${customer.id},
      'Bench project ' || i,
      (ARRAY['COMPLETED','COMPLETED','COMPLETED','READY','IN_PROGRESS','IN_PROGRESS','PENDING','CANCELLED','DELAYED','IN_REVIEW'])[1 + i % 10],
      (ARRAY['translation','translation-editing','proofreading','machine-translation'])[1 + i % 4],
      'classic',
      'american-english',
      (ARRAY['spanish','french','german','italian','japanese'])[1 + (i / 10) % 5],
      (ARRAY['general','legal','medical'])[1 + (i / 7) % 3],
      100 + (i * 37) % 20000,
      1000 + (i * 131) % 50000,
      now() + make_interval(mins => (i * 17) % 100000),
      now() - make_interval(secs => ${COUNT} - i),
      now()
    FROM generate_series(1, ${COUNT}) AS s(i)`);
  await db.execute(sql`
    INSERT INTO project_tags (project_id, tag)
    SELECT id, 'tag-' || (id % 20) FROM projects WHERE customer_id = ${customer.id} AND id % 10 = 0`);
  await db.execute(sql`ANALYZE projects`);
  await db.execute(sql`ANALYZE project_tags`);
  // index-only COUNTs need the visibility map that autovacuum would build later
  await db.execute(sql`VACUUM projects`);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(
    JSON.stringify({
      customerId: customer.id,
      projects: COUNT,
      tagged: Math.floor(COUNT / 10),
      seconds: Math.round(seconds * 10) / 10,
    }),
  );
} finally {
  await database.close();
}
