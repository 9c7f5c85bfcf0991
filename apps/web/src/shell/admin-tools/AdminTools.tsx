import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Fab from '@mui/material/Fab';
import { TEXTS } from '@parlance/shared';
import { useEffect, useState } from 'react';
import { isActing, useCurrentUser } from '../../app/current-user';
import { AdminToolsPanel } from './AdminToolsPanel';
import { BUTTON_SIZE } from './position';
import { useDraggablePosition } from './use-draggable-position';
import { hasPermission } from '../../app/permissions';

/** The event the mobile menu's 'Open admin actions' dispatches on window. */
export const OPEN_ADMIN_TOOLS_EVENT = 'parlance:open-admin-tools';

/**
 * The admin's floating tools (spec 1 section 2): a round button the admin can drag anywhere, which
 * opens the admin actions. The shell renders it for staff who read the back office, also while acting.
 */
export function AdminTools() {
  const { data: user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const { position, dragging, consumeDragClick, handlers } = useDraggablePosition();
  const acting = isActing(user);

  useEffect(() => {
    const onOpen = () => setOpen(true);
    window.addEventListener(OPEN_ADMIN_TOOLS_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_ADMIN_TOOLS_EVENT, onOpen);
  }, []);

  if (!user || !hasPermission(user, 'backoffice.read')) return null;
  return (
    <>
      <Fab
        color={acting ? 'warning' : 'primary'}
        aria-label={TEXTS.openAdminActions}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="admin-tools-button"
        {...handlers}
        onClick={() => {
          if (consumeDragClick()) return;
          setOpen(true);
        }}
        sx={{
          position: 'fixed',
          left: position.x,
          top: position.y,
          width: BUTTON_SIZE,
          height: BUTTON_SIZE,
          zIndex: (theme) => theme.zIndex.speedDial,
          touchAction: 'none',
          userSelect: 'none',
          cursor: dragging ? 'grabbing' : 'grab',
          boxShadow: dragging ? 12 : 6,
          transition: dragging ? 'none' : undefined,
        }}
      >
        <AdminPanelSettings />
      </Fab>
      <AdminToolsPanel open={open} onClose={() => setOpen(false)} user={user} />
    </>
  );
}
