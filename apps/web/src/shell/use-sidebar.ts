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

export function useSidebar(collapsedPage = false): SidebarState {
  const theme = useTheme();
  const docked = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const [stored, setStored] = useState(() => readStored(STORAGE_KEYS.sidebarOpen) !== 'false');
  // a page that needs the width (the editor) starts collapsed; opening it there is not remembered
  // for the other pages, which keep the stored choice
  const [onCollapsedPage, setOnCollapsedPage] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const toggleStored = useCallback(() => {
    setStored((was) => {
      writeStored(STORAGE_KEYS.sidebarOpen, String(!was));
      return !was;
    });
  }, []);
  const togglePage = useCallback(() => setOnCollapsedPage((was) => !was), []);
  const expanded = collapsedPage ? onCollapsedPage : stored;
  return { docked, expanded, toggleExpanded: collapsedPage ? togglePage : toggleStored, drawerOpen, setDrawerOpen };
}
