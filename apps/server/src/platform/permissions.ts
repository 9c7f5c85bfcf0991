import { asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isStaff, type Permission, permissionsOf, STAFF_TEXTS, TEXTS } from '@parlance/shared';
import type { Db, Tx } from '../db/client';
import { aclGroups, userAclGroups } from '../db/schema';
import { AppError, forbidden, notFound, unauthorized } from './errors';
import type { UserRow } from './session';

// Staff permissions (issue 14): ONE entry, `holds(staff, permission)`, over the acl groups of
// packages/shared staff.ts. The person checked is always the real one behind the request (the admin
// while acting as someone). Outsiders (customers, translators) get 404 from the back office, staff
// without the permission 403; nothing changes in either case.

/**
 * The permission each admin route needs beyond reading the back office. Every route marked 'admin'
 * in ROUTE_ACCESS has a line here (permissions.test.ts walks them all); a missing line lets only
 * super-admins in (fail closed).
 */
export const ROUTE_PERMISSIONS: Record<string, Permission> = {
  // back office (read)
  'POST /adminService/isProjectExist': 'backoffice.read',
  'POST /adminService/searchUser': 'backoffice.read',
  'GET /adminService/getUserDescription': 'backoffice.read',
  'GET /api/2/admin/backoffice': 'backoffice.read',
  'GET /api/2/admin/projects': 'backoffice.read',
  // team chat (issue 15): admins delete, restore and moderate messages; staff look customers up
  'DELETE /chat/api/messages/:id': 'moderation.write',
  'PATCH /chat/api/messages/:id/restore': 'moderation.write',
  'PATCH /chat/api/messages/:id/moderation': 'moderation.write',
  'GET /chat/api/admin/user-contacts/:userId': 'backoffice.read',
  'GET /chat/api/admin/users': 'backoffice.read',
  'GET /api/2/account/acl-list': 'backoffice.read',
  'GET /api/2/admin/outbox': 'backoffice.read',
  'GET /api/2/admin/audit': 'backoffice.read',
  'GET /api/2/admin/payments': 'backoffice.read',
  'GET /api/2/admin/convert/requests': 'backoffice.read',
  'GET /api/2/admin/convert/requests/downloads/csv': 'backoffice.read',
  'POST /api/2/admin/creditsConvert/updateConversion': 'payouts.write',
  'POST /adminService/payout_update': 'payouts.write',
  'POST /api/2/admin/payoneer/translator/:id/change-status': 'payouts.write',
  'GET /api/2/admin/payoneer/payees': 'backoffice.read',
  'GET /service/getCreditList': 'backoffice.read',
  'GET /api/2/credit_action/action/reason': 'backoffice.read',
  'GET /api/2/credit_action/parkedCredits': 'backoffice.read',
  'GET /api/2/admin/account-managers/:id/customers': 'backoffice.read',
  'GET /api/2/admin/chat/getUsers': 'backoffice.read',
  'GET /api/2/admin/users/:id/account-manager': 'backoffice.read',
  'POST /api/2/admin/users/:id/account-manager': 'users.act',
  'GET /api/2/admin/probation/params': 'backoffice.read',
  'GET /api/2/admin/leveling/contests': 'backoffice.read',
  'GET /api/2/adminsetting/alert/notification': 'backoffice.read',
  // support
  'GET /manage/act': 'users.act',
  'GET /api/2/tools/:currency/SetCurrency': 'users.act',
  'POST /api/2/admin/country/set-locale': 'users.act',
  'POST /api/2/admin/country/reset-locale': 'users.act',
  'POST /api/2/admin/messages': 'users.act',
  'POST /api/2/admin/projects/:id/review-jobs': 'projects.write',
  'POST /api/2/admin/projects/:id/hold': 'projects.write',
  'POST /api/2/admin/projects/:id/release': 'projects.write',
  'POST /api/2/admin/projects/:id/reassign': 'projects.write',
  'POST /api/2/admin/projects/:id/resolve': 'projects.write',
  // finance
  'POST /api/2/account/customers': 'credits.write',
  'POST /api/2/admin/payments/:key/received': 'credits.write',
  'POST /api/2/admin/payments/:key/cancel': 'credits.write',
  'POST /ajax/creditActions/add': 'credits.write',
  'POST /ajax/creditActions/:id/edit': 'credits.write',
  'POST /ajax/creditActions/:id/stop': 'credits.write',
  'POST /api/2/credit_action/buy_credit/invoice': 'credits.write',
  // language management
  'POST /api/2/admin/probation/params': 'languages.write',
  'POST /api/2/admin/leveling/contests/:id': 'languages.write',
  // settings and roles
  'POST /api/2/site/ui-feature/config/set': 'settings.write',
  'POST /api/2/adminsetting/alert/notification': 'settings.write',
  'POST /api/2/account/acl-list/members': 'roles.write',
  'DELETE /api/2/account/acl-list/members': 'roles.write',
};

/** The names of a user's acl groups. */
export async function aclGroupsOf(db: Db | Tx, userId: number): Promise<string[]> {
  const rows = await db
    .select({ name: aclGroups.name })
    .from(userAclGroups)
    .innerJoin(aclGroups, eq(aclGroups.id, userAclGroups.groupId))
    .where(eq(userAclGroups.userId, userId))
    .orderBy(asc(aclGroups.name));
  return rows.map((r) => r.name);
}

export interface Staff {
  user: UserRow;
  permissions: ReadonlySet<Permission>;
}

/** Does this staff member hold the permission? */
export function holds(staff: Staff, permission: Permission): boolean {
  return staff.permissions.has(permission);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the real person's staff permissions, loaded once per request by `staffOf` */
    staffCache?: Staff | null;
  }
}

/** The real person behind the request as staff, or null for customers and translators (and guests). */
export async function staffOf(db: Db, request: FastifyRequest): Promise<Staff | null> {
  if (request.staffCache !== undefined) return request.staffCache;
  const auth = request.auth;
  const real = auth ? (auth.admin ?? auth.user) : null;
  let staff: Staff | null = null;
  if (real && isStaff(real)) {
    const groups = real.isAdmin ? [] : await aclGroupsOf(db, real.id);
    staff = { user: real, permissions: new Set(permissionsOf(real, groups)) };
  }
  request.staffCache = staff;
  return staff;
}

/** Route guard: the staff member with the permission; guests 401, outsiders 404, other staff 403. */
export async function requirePermission(db: Db, request: FastifyRequest, permission: Permission): Promise<Staff> {
  if (!request.auth) throw unauthorized();
  const staff = await staffOf(db, request);
  if (!staff) throw notFound();
  if (!holds(staff, permission)) throw forbidden(STAFF_TEXTS.forbidden);
  return staff;
}

/** The permission a route in the 'admin' block of ROUTE_ACCESS needs (roles.write when unlisted). */
export function routePermission(route: string): Permission {
  return ROUTE_PERMISSIONS[route] ?? 'roles.write';
}

// ---- the one entry for every area: can(user, action, subject) ----
//
// Each area writes its rules beside its code (modules/projects/permissions.ts for projects) and
// registers them with `defineRules`; the action names and their subjects are declared by augmenting
// `Actions`, so `can`/`authorize` are typed per action. A rule answers a Verdict; `authorize` turns
// a refusal into the answer the house gives: outsiders 404, a role that never does it 403, a wrong
// state 409. Staff permissions (`holds`, above) need the acl groups read per request, so the admin
// routes check them with `requirePermission` before an area's rule runs.

/** What a rule answers: allowed, or why not. */
export type Verdict = { ok: true } | { ok: false; status: 403 | 404 | 409; message?: string };

export const ALLOW: Verdict = { ok: true };
export const refuse = (status: 403 | 404 | 409, message?: string): Verdict => ({ ok: false, status, message });

/** Action name -> the subject its rule reads. Areas add their actions by declaration merging. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by each area's rules file
export interface Actions {}

export type Action = keyof Actions & string;
type Rule<A extends Action> = (user: UserRow, subject: Actions[A]) => Verdict;

const RULES = new Map<string, (user: UserRow, subject: unknown) => Verdict>();

/** Registers an area's rules (once per action; a second rule for one action is a programming error). */
export function defineRules<A extends Action>(rules: { [K in A]: Rule<K> }): void {
  for (const [action, rule] of Object.entries(rules) as [string, (u: UserRow, s: unknown) => Verdict][]) {
    if (RULES.has(action)) throw new Error(`permissions: a second rule for ${action}`);
    RULES.set(action, rule);
  }
}

/** The rule's verdict; an action nobody registered is refused (fail closed). */
export function verdictOf<A extends Action>(user: UserRow, action: A, subject: Actions[A]): Verdict {
  const rule = RULES.get(action);
  return rule ? rule(user, subject) : refuse(403);
}

/** May this user do this with this subject now? */
export function can<A extends Action>(user: UserRow, action: A, subject: Actions[A]): boolean {
  return verdictOf(user, action, subject).ok;
}

/** Throws the house's answer for a refusal: 404 (with the area's text), 403 or 409. */
export function authorize<A extends Action>(user: UserRow, action: A, subject: Actions[A]): void {
  const v = verdictOf(user, action, subject);
  if (v.ok) return;
  if (v.status === 404) throw notFound(v.message);
  if (v.status === 403) throw forbidden(v.message);
  throw new AppError(409, v.message ?? TEXTS.forbidden);
}
