import Drawer from '@mui/material/Drawer';
import { LIMITS, type UserData } from '@parlance/shared';
import { Sidebar } from './Sidebar';

/** The sidebar over the page below laptop width: loaded when the hamburger first opens it. */
export function SidebarDrawer({ user, open, onClose }: { user: UserData; open: boolean; onClose: () => void }) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      // the drawer's paper is a modal dialog: it needs a name (axe rule aria-dialog-name)
      slotProps={{ paper: { 'aria-label': 'Menu', sx: { width: LIMITS.sidebarOpenWidth, maxWidth: '85vw' } } }}
    >
      <Sidebar user={user} expanded />
    </Drawer>
  );
}
