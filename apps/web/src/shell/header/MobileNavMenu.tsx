import { TEXTS, type UserData } from '@parlance/shared';
import { headerNavFor } from '../navigation';
import { useOpenSupport } from '../support';
import { useLogoutWithToast } from '../use-logout';
import { type NavMenuEntry, NavMenu } from './NavMenu';
import { hasPermission } from '../../app/permissions';

/**
 * Event the admin floating tools listen to, so that the mobile menu can open them. The same name as
 * OPEN_ADMIN_TOOLS_EVENT in admin-tools/AdminTools.tsx: not imported from there, so that this menu
 * does not pull the admin tools' code into every phone's navigation.
 */
export const OPEN_ADMIN_TOOLS_EVENT = 'parlance:open-admin-tools';

/** The navigation on phones and small tablets: the role's links, plus admin actions and Logout. */
export function MobileNavMenu({
  user,
  anchorEl,
  onClose,
}: {
  user: UserData | null;
  anchorEl: HTMLElement;
  onClose: () => void;
}) {
  const openSupport = useOpenSupport();
  const logout = useLogoutWithToast();
  const entries: NavMenuEntry[] = headerNavFor(user).flatMap((item) =>
    (item.children ?? [item]).map((entry) =>
      entry.target && 'to' in entry.target
        ? { label: entry.label, href: entry.target.to }
        : { label: entry.label, onClick: openSupport },
    ),
  );
  if (hasPermission(user, 'backoffice.read')) {
    entries.push({
      label: TEXTS.openAdminActions,
      dividerBefore: true,
      onClick: () => window.dispatchEvent(new CustomEvent(OPEN_ADMIN_TOOLS_EVENT)),
    });
  }
  if (user) {
    entries.push({
      label: 'Logout',
      dividerBefore: !hasPermission(user, 'backoffice.read'),
      onClick: logout.run,
      pending: logout.pending,
      keepOpen: true,
    });
  }
  return <NavMenu anchorEl={anchorEl} onClose={onClose} entries={entries} label="Navigation" />;
}
