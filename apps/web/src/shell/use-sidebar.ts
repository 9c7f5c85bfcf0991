import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { STORAGE_KEYS } from '@parlance/shared';
import { useCallback, useState } from 'react';
import { readStored, writeStored } from './storage';

// Sidebar state (spec 1 section 2): on laptops and up it is docked, expanded (280) or collapsed to
// icons (88), remembered in localStorage and expanded by default; below that it is a drawer that
// starts closed and opens from the hamburger.

export interface SidebarState {
  docked: boolean;
  expanded: boolean;
  toggleExpanded: () => void;
  drawerOpen: boolean;
  setDrawerOpen: (open: boolean) => void;
}

export function useSidebar(): SidebarState {
  const theme = useTheme();
  const docked = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const [expanded, setExpanded] = useState(() => readStored(STORAGE_KEYS.sidebarOpen) !== 'false');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const toggleExpanded = useCallback(() => {
    setExpanded((was) => {
      writeStored(STORAGE_KEYS.sidebarOpen, String(!was));
      return !was;
    });
  }, []);
  return { docked, expanded, toggleExpanded, drawerOpen, setDrawerOpen };
}
