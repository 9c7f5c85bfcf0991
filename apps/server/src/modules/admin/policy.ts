import { TEXTS } from '@parlance/shared';
import type { UserRow } from '../../platform/session';

// Who may be acted as. Admin rights themselves are checked by requireAdmin.

/** Why `admin` may not act as `target`, or null when it may. */
export function whyCannotActAs(admin: UserRow, target: UserRow): string | null {
  if (target.id === admin.id) return TEXTS.cannotActAsSelf;
  if (target.isAdmin || target.type === 'admin') return TEXTS.cannotActAsAdmin;
  return null;
}
