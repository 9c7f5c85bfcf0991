import { MODERATION_ACL_GROUP } from '@parlance/shared';
import type { UserRow } from '../../platform/session';

/**
 * Who moderates messages and edits the vocabulary: super-admins, and staff (admin accounts) in the
 * moderation acl group. Customers and translators do not know it exists (404); other staff are told
 * they lack the right (403).
 */
export function moderationAccess(
  user: Pick<UserRow, 'type' | 'isAdmin'>,
  aclGroups: readonly string[],
): 'allowed' | 'notFound' | 'forbidden' {
  if (user.isAdmin) return 'allowed';
  if (user.type !== 'admin') return 'notFound';
  return aclGroups.includes(MODERATION_ACL_GROUP) ? 'allowed' : 'forbidden';
}
