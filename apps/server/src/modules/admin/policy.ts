import { isStaff, TEXTS } from '@parlance/shared';
import { allowIf, defineRules } from '../../platform/permissions';
import type { UserRow } from '../../platform/session';

// The back office's rules for `can()`. The staff permission itself (users.act) is the route's
// access; what remains is whom: never oneself, never another staff account.

declare module '../../platform/permissions' {
  interface Actions {
    'user.act-as': UserRow;
  }
}

defineRules({
  'user.act-as': (actor, target) => {
    const admin = actor.admin ?? actor.user;
    if (target.id === admin.id) return allowIf(false, 403, TEXTS.cannotActAsSelf);
    return allowIf(!isStaff(target), 403, TEXTS.cannotActAsAdmin);
  },
});
