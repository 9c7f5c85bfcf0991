import { type AdminProjectsQuery, DISPLAY_STATUS_LABELS, displayStatusOf, type ProjectRow } from '@parlance/shared';
import { and, asc, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { projects } from '../../db/schema';
import { pageOfProjects } from './list-query';
import type { AuthContext } from '../../platform/session';
import { actionsFor, knownRole } from '../projects/policy';
import type { ListRow } from './list-query';
import { presentCustomerRow } from './present';
import { likeLiteral, type ProjectListAnswer } from './service';
import { dayAfter, dayStart } from '../../platform/days';

// The admin's list of every project on the platform: filters by customer,
// translator, status, languages and order dates; paged and counted on the server.

const SORT = {
  createdAt: projects.createdAt,
  deadline: projects.deadline,
  price: projects.priceCredits,
  status: projects.status,
} as const;

/** `column` is the user with this id, or one whose name or e-mail contains the text. */
function personSql(column: typeof projects.customerId | typeof projects.translatorId, text: string): SQL {
  if (/^\d{1,15}$/.test(text)) return eq(column, Number(text));
  const pattern = `%${likeLiteral(text)}%`;
  return sql`${column} IN (SELECT u.id FROM users u WHERE u.name ILIKE ${pattern} OR u.email ILIKE ${pattern})`;
}

export function adminProjectsWhere(q: AdminProjectsQuery): SQL {
  const conditions: SQL[] = [sql`true`];
  if (q.status) conditions.push(eq(projects.status, q.status));
  if (q.customer) conditions.push(personSql(projects.customerId, q.customer));
  if (q.translator) conditions.push(personSql(projects.translatorId, q.translator));
  if (q.sourceLanguage) conditions.push(eq(projects.sourceLanguage, q.sourceLanguage));
  if (q.targetLanguage) conditions.push(eq(projects.targetLanguage, q.targetLanguage));
  if (q.dateFrom) conditions.push(gte(projects.createdAt, dayStart(q.dateFrom)));
  if (q.dateTo) conditions.push(lt(projects.createdAt, dayAfter(q.dateTo)));
  return and(...conditions) as SQL;
}

function order(q: AdminProjectsQuery): SQL[] {
  const dir = q.order === 'asc' ? asc : desc;
  if (q.sort === 'id') return [dir(projects.id)];
  return [sql`${SORT[q.sort]} ${sql.raw(q.order === 'asc' ? 'ASC' : 'DESC')} NULLS LAST`, dir(projects.id)];
}

/** A row as staff see it: the customer's price, both people's names, and the staff member's own actions. */
function presentAdminRow(row: ListRow, actor: AuthContext): ProjectRow {
  const role = knownRole(actor, row) ?? 'staff';
  return {
    ...presentCustomerRow(row, [], actor),
    actions: actionsFor(actor, { project: row, role }),
    statusLabel: DISPLAY_STATUS_LABELS[displayStatusOf(row)],
  };
}

export async function listAdminProjects(db: Db, actor: AuthContext, q: AdminProjectsQuery): Promise<ProjectListAnswer> {
  const page = await pageOfProjects(db, adminProjectsWhere(q), order(q), q);
  return {
    data: page.rows.map((row) => presentAdminRow(row, actor)),
    totalCount: page.totalCount,
    ...(page.totalCountIsLowerBound ? { totalCountIsLowerBound: true } : {}),
  };
}
