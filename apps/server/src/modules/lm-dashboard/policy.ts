import { isStaff, permissionsOf } from '@parlance/shared';
import type { UserRow } from '../../platform/session';

/**
 * Who opens the language-manager dashboard: staff holding the languages.write permission
 * (super-admins, the language-manager and admin acl groups; packages/shared staff.ts). Customers
 * and translators do not know it exists (404); other staff are told they lack the right (403).
 */
export function lmDashboardAccess(
  user: Pick<UserRow, 'type' | 'isAdmin'>,
  aclGroups: readonly string[],
): 'allowed' | 'notFound' | 'forbidden' {
  if (!isStaff(user)) return 'notFound';
  return permissionsOf(user, aclGroups).includes('languages.write') ? 'allowed' : 'forbidden';
}
