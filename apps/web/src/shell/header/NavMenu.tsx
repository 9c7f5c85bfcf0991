import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem, { type MenuItemProps } from '@mui/material/MenuItem';
import type { ReactNode } from 'react';
import { AppLink } from '../../ui/AppLink';

export interface NavMenuEntry {
  label: string;
  /** a link, or else an action */
  href?: string;
  onClick?: () => void;
  icon?: ReactNode;
  /** shows a spinner and blocks the entry */
  pending?: boolean;
  /** a line above this entry */
  dividerBefore?: boolean;
  /** the menu stays open after the click (an action whose result shows in place) */
  keepOpen?: boolean;
}

interface NavMenuProps {
  anchorEl: HTMLElement;
  onClose: () => void;
  entries: readonly NavMenuEntry[];
  /** accessible name of the menu */
  label: string;
}

/** The header's drop-down menus (Translators, admin gear, mobile navigation). */
export function NavMenu({ anchorEl, onClose, entries, label }: NavMenuProps) {
  return (
    <Menu
      open
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ list: { 'aria-label': label, dense: false }, paper: { sx: { minWidth: 220, mt: 0.5 } } }}
    >
      {entries.flatMap((entry) =>
        entry.dividerBefore
          ? [
              <Divider key={`${entry.label}-divider`} />,
              <NavMenuItem key={entry.label} entry={entry} onClose={onClose} />,
            ]
          : [<NavMenuItem key={entry.label} entry={entry} onClose={onClose} />],
      )}
    </Menu>
  );
}

/** MenuList hands autoFocus and tabIndex to its children: they are passed on to the MenuItem. */
function NavMenuItem({
  entry,
  onClose,
  ...menuListProps
}: { entry: NavMenuEntry; onClose: () => void } & Pick<MenuItemProps, 'autoFocus' | 'tabIndex'>) {
  const icon = entry.pending ? <CircularProgress size={18} /> : entry.icon;
  const content = (
    <>
      {icon && <ListItemIcon>{icon}</ListItemIcon>}
      <ListItemText>{entry.label}</ListItemText>
    </>
  );
  if (entry.href) {
    return (
      <MenuItem {...menuListProps} component={AppLink} href={entry.href} onClick={onClose}>
        {content}
      </MenuItem>
    );
  }
  return (
    <MenuItem
      {...menuListProps}
      disabled={entry.pending}
      onClick={() => {
        entry.onClick?.();
        if (!entry.keepOpen) onClose();
      }}
    >
      {content}
    </MenuItem>
  );
}
