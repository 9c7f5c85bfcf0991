// Prints the PostgreSQL plans of the customer's project list (page and COUNT) for a few filter and
// sort combinations, to check that they use projects_customer_idx / projects_customer_status_idx.
// Run after bench-projects-seed.ts: DATABASE_URL=... tsx scripts/bench-projects-explain.ts
import { count, eq, type SQL, sql } from 'drizzle-orm';
import { customerProjectsQuerySchema } from '@parlance/shared';
import { openDatabase } from '../src/db/client';
import { projects, users } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/db/seed/demo';
import { NEWEST_FIRST } from '../src/modules/project-lists/list-query';
import {
  customerProjectsOrder,
  customerProjectsWhere,
  openJobsWhere,
  reviewJobsWhere,
  translatorProjectsWhere,
} from '../src/modules/project-lists/service';

const CASES = [
  'page=1',
  'status=COMPLETED&page=3&perPage=25',
  'status=IN_PROGRESS&sort=deadline&order=asc&page=2&perPage=25',
  'status=READY&tag=tag-3',
  'search=project 4242',
  'targetLanguage=french&expertise=legal&sort=price&order=desc',
];

const database = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR ?? null,
});
try {
  const db = database.db;
  const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS[0].email));
  for (const q of CASES) {
    const query = customerProjectsQuerySchema.parse(Object.fromEntries(new URLSearchParams(q)));
    const where = customerProjectsWhere(customer.id, query);
    const page = db
      .select({ id: projects.id })
      .from(projects)
      .where(where)
      .orderBy(...customerProjectsOrder(query))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .toSQL();
    const total = db.select({ n: count() }).from(projects).where(where).toSQL();
    for (const [label, stmt] of [
      ['page', page],
      ['count', total],
    ] as const) {
      const plan = await db.execute(sql.raw(`EXPLAIN (ANALYZE, COSTS OFF) ${inline(stmt.sql, stmt.params)}`));
      console.log(`\n-- ${q} (${label})`);
      for (const row of plan.rows as Record<string, string>[]) console.log(Object.values(row)[0]);
    }
  }
  // the translator side: open jobs and the translator's own projects (demo translator)
  const [translator] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS[1].email));
  const translatorCases: [string, SQL][] = [
    ['job/open', openJobsWhere(translator.id, new Date())],
    ['account/project/qa', reviewJobsWhere(translator.id, 'qa', new Date())],
    ['translator-projects', translatorProjectsWhere(translator.id, {})],
    ['translator-projects?scope=active', translatorProjectsWhere(translator.id, { scope: 'active' })],
  ];
  for (const [label, where] of translatorCases) {
    const page = db
      .select({ id: projects.id })
      .from(projects)
      .where(where)
      .orderBy(...NEWEST_FIRST)
      .limit(10)
      .toSQL();
    const plan = await db.execute(sql.raw(`EXPLAIN (ANALYZE, COSTS OFF) ${inline(page.sql, page.params)}`));
    console.log(`\n-- ${label} (page)`);
    for (const row of plan.rows as Record<string, string>[]) console.log(Object.values(row)[0]);
  }
} finally {
  await database.close();
}

/** The statement with its parameters written in (EXPLAIN takes no parameters here). */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_m, n: string) => {
    const v = params[Number(n) - 1];
    return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  });
}
