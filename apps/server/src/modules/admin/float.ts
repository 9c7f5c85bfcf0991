import type { AdminFloat, AdminFloatAction, Permission } from '@parlance/shared';
import type { AuthContext } from '../../platform/session';
import { realPerson } from '../../platform/permissions';

// The admin floating tools (spec 1 section 2, POST /{legacy}admin/float): whom they act on and which
// of their actions the person may use. Each action names the permission its own call declares, so
// the panel never offers what the server would refuse.

const NEEDS: Record<Exclude<AdminFloatAction, 'restoreAdmin'>, Permission> = {
  goToProject: 'backoffice.read', // POST /adminService/isProjectExist
  actAs: 'users.act', // GET /manage/act
  userDetails: 'backoffice.read', // GET /adminService/getUserDescription
  changeCurrency: 'users.act', // GET /api/2/tools/{currency}/SetCurrency
  changeCountry: 'users.act', // POST /api/2/admin/country/set-locale and reset-locale
  adminSearch: 'backoffice.read',
  outbox: 'outbox.read',
};

/** While acting, the panel is about the acted-as user: the back office's own pages wait until admin rights are restored. */
const ONLY_AS_ONESELF: ReadonlySet<AdminFloatAction> = new Set(['adminSearch', 'outbox']);

export function adminFloat(auth: AuthContext): AdminFloat {
  const acting = auth.admin !== null;
  const staff = realPerson(auth);
  const actions: AdminFloatAction[] = [];
  if (acting) actions.push('restoreAdmin');
  for (const [action, permission] of Object.entries(NEEDS) as [
    Exclude<AdminFloatAction, 'restoreAdmin'>,
    Permission,
  ][]) {
    if (!auth.permissions.has(permission)) continue;
    if (acting && ONLY_AS_ONESELF.has(action)) continue;
    actions.push(action);
  }
  return {
    appliesTo: { id: auth.user.id, name: auth.user.name, email: auth.user.email, type: auth.user.type },
    staff: { id: staff.id, name: staff.name },
    acting,
    actions,
  };
}
