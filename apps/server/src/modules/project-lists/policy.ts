import type { AuthContext, UserRow } from '../../platform/session';

// Who may read which project list. Lists only ever hold the asker's own rows (the queries filter
// by the asker), so the policy is about roles: a customer's lists are not a translator's and the
// other way round (403).

/** Customer lists (My Projects, tags, My Team): customers, and admins, who may order too. */
export function canReadCustomerLists(user: Pick<UserRow, 'type'>): boolean {
  return user.type === 'customer' || user.type === 'admin';
}

/** Translator lists (My Projects tabs, open jobs, availability). */
export function canReadTranslatorLists(user: Pick<UserRow, 'type'>): boolean {
  return user.type === 'translator';
}

/** A translator's My Team customers: that translator, or an admin (also while acting as someone). */
export function canReadMyTeamCustomers(auth: AuthContext, translatorId: number): boolean {
  const real = auth.admin ?? auth.user;
  if (real.isAdmin) return true;
  return auth.user.type === 'translator' && auth.user.id === translatorId;
}
