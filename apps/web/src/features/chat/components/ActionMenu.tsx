import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { ReactNode } from 'react';

// The chat's small action menus (add chat, a chat's pin, the pinned bar, a message's actions), loaded
// the first time one of them opens (on-demand.ts): Menu brings Popover, Modal and MenuItem, about
// 13 kB gzipped that the chat does not need to show itself.

export interface MenuAction {
  /** React's key, when two actions could have one label */
  key?: string;
  label: string;
  onClick: () => void;
}

interface Props {
  anchorEl: HTMLElement | null;
  onClose: () => void;
  /** shown above the actions (the message's reactions) */
  header?: ReactNode;
  actions: MenuAction[];
}

export default function ActionMenu({ anchorEl, onClose, header, actions }: Props) {
  return (
    <Menu anchorEl={anchorEl} open={!!anchorEl} onClose={onClose}>
      {header}
      {actions.map((a) => (
        <MenuItem key={a.key ?? a.label} onClick={a.onClick}>
          {a.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
