import type { FastifyRequest } from 'fastify';
import { isStaff, type Permission, STAFF_TEXTS, TEXTS } from '@parlance/shared';
import { AppError, forbidden, notFound, unauthorized } from './errors';
import type { AuthContext, UserRow } from './session';

// Every authorization decision has one of two homes:
//  - who may call a route at all: the route's own `config.access` (platform/access.ts);
//  - what a person may do with an object: `can(actor, action, subject)` below, with each area's
//    rules beside its code (modules/<area>/policy.ts registers them with `defineRules`).
// The actions a client is shown (a project's `actions`, a list row's, the back office's tabs) are
// computed from the same rules, never a second time.
//
// Staff permissions come from the acl groups of packages/shared staff.ts, loaded with the session
// (`AuthContext.permissions`), and are always those of the real person behind the request: the
// admin while acting as someone. Outsiders (customers, translators) get 404 from the back office,
// staff without the permission 403; nothing changes in either case.

/** The real person behind the request: the admin while acting as someone, otherwise the user. */
export function realPerson(actor: AuthContext): UserRow {
  return actor.admin ?? actor.user;
}

/** The real person as themselves: a staff member's own moves while acting as someone else. */
export function asThemselves(actor: AuthContext): AuthContext {
  return actor.admin ? { ...actor, user: actor.admin, admin: null } : actor;
}

/** The staff member behind a staff route (its access was checked before): the real person. */
export function staffMember(request: FastifyRequest): UserRow {
  if (!request.auth) throw unauthorized();
  return realPerson(request.auth);
}

/** Does the person behind the request hold this staff permission? */
export function holds(actor: AuthContext | null, permission: Permission): boolean {
  return actor?.permissions.has(permission) ?? false;
}

/** A staff account using the back office as itself (not acting as a customer or translator). */
export function isStaffViewer(actor: AuthContext): boolean {
  return actor.admin === null && isStaff(actor.user);
}

/**
 * A second permission inside a route (the route's own access is checked before validation):
 * guests 401, outsiders 404, staff without it 403.
 */
export function requirePermission(request: FastifyRequest, permission: Permission): AuthContext {
  const actor = request.auth;
  if (!actor) throw unauthorized();
  if (actor.permissions.size === 0) throw notFound();
  if (!actor.permissions.has(permission)) throw forbidden(STAFF_TEXTS.forbidden);
  return actor;
}

// ---- the one entry for every object decision: can(actor, action, subject) ----
//
// Each area writes its rules beside its code and registers them with `defineRules`; the action
// names and their subjects are declared by augmenting `Actions`, so `can`/`authorize` are typed
// per action. A rule answers a Verdict; `authorize` turns a refusal into the answer the house
// gives: outsiders 404, a role that never does it 403, a wrong state 409.

/** What a rule answers: allowed, or why not. */
export type Verdict = { ok: true } | { ok: false; status: 403 | 404 | 409; message?: string };

export const ALLOW: Verdict = { ok: true };
export const refuse = (status: 403 | 404 | 409, message?: string): Verdict => ({ ok: false, status, message });
/** A yes-or-no rule's answer: allowed, or the given refusal. */
export const allowIf = (ok: boolean, status: 403 | 404 | 409 = 403, message?: string): Verdict =>
  ok ? ALLOW : refuse(status, message);

/** Action name -> the subject its rule reads. Areas add their actions by declaration merging. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by each area's rules file
export interface Actions {}

export type Action = keyof Actions & string;
type Rule<A extends Action> = (actor: AuthContext, subject: Actions[A]) => Verdict;
type GuestRule<A extends Action> = (actor: AuthContext | null, subject: Actions[A]) => Verdict;

/** Every rule; `guests` marks the few that also judge a guest (a window-shopper's own order). */
const RULES = new Map<string, { rule: (actor: AuthContext | null, subject: unknown) => Verdict; guests: boolean }>();

function register(rules: Record<string, (actor: AuthContext, subject: never) => Verdict>, guests: boolean) {
  for (const [action, rule] of Object.entries(rules)) {
    if (RULES.has(action)) throw new Error(`permissions: a second rule for ${action}`);
    RULES.set(action, { rule: rule as (actor: AuthContext | null, subject: unknown) => Verdict, guests });
  }
}

/** Registers an area's rules for signed-in people (once per action; a second rule is a programming error). */
export function defineRules<A extends Action>(rules: { [K in A]: Rule<K> }): void {
  register(rules as Record<string, (actor: AuthContext, subject: never) => Verdict>, false);
}

/** Registers rules that also judge guests (the actor is null for a guest). */
export function defineGuestRules<A extends Action>(rules: { [K in A]: GuestRule<K> }): void {
  register(rules as Record<string, (actor: AuthContext, subject: never) => Verdict>, true);
}

/** The names of every registered action (for the tests that walk them). */
export function registeredActions(): string[] {
  return [...RULES.keys()].sort();
}

/** The rule's verdict; an action nobody registered is refused (fail closed), and guests are outsiders. */
export function verdictOf<A extends Action>(actor: AuthContext | null, action: A, subject: Actions[A]): Verdict {
  const entry = RULES.get(action);
  if (!entry) return refuse(403);
  if (!actor && !entry.guests) return refuse(404);
  return entry.rule(actor, subject);
}

/** May this person do this with this subject now? */
export function can<A extends Action>(actor: AuthContext | null, action: A, subject: Actions[A]): boolean {
  return verdictOf(actor, action, subject).ok;
}

/** Throws the house's answer for a refusal: 404 (with the area's text), 403 or 409. */
export function authorize<A extends Action>(actor: AuthContext | null, action: A, subject: Actions[A]): void {
  const v = verdictOf(actor, action, subject);
  if (v.ok) return;
  if (v.status === 404) throw notFound(v.message);
  if (v.status === 403) throw forbidden(v.message);
  throw new AppError(409, v.message ?? TEXTS.forbidden);
}
