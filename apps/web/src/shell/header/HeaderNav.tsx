import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useState } from 'react';
import { lazy } from '../../ui/lazy';
import { useLocation } from 'react-router';
import { AppLink } from '../../ui/AppLink';
import type { HeaderNavItem } from '../navigation';
import { useOpenSupport } from '../support';

import { LazyPart } from '../LazyPart';

const NavMenu = lazy(() => import('./NavMenu').then((m) => ({ default: m.NavMenu })));

/** The role's navigation as a row of buttons (tablet and up). */
export function HeaderNav({ items }: { items: readonly HeaderNavItem[] }) {
  return (
    <Box
      component="nav"
      aria-label="Main"
      sx={{ display: 'flex', alignItems: 'stretch', alignSelf: 'stretch', gap: 0.5 }}
    >
      {items.map((item) => (
        <HeaderNavEntry key={item.label} item={item} />
      ))}
    </Box>
  );
}

const navButtonSx = {
  color: 'text.primary',
  fontWeight: 500,
  fontSize: 15,
  px: 1.5,
  borderRadius: 0,
  position: 'relative',
  '&.active': { color: 'primary.main' },
  '&.active::after': {
    content: '""',
    position: 'absolute',
    left: 12,
    right: 12,
    bottom: 0,
    height: 3,
    borderRadius: '3px 3px 0 0',
    bgcolor: 'primary.main',
  },
} as const;

function isActive(to: string, pathname: string): boolean {
  const path = to.split(/[?#]/)[0].replace(/\/+$/, '');
  return path.length > 0 && (pathname === path || pathname.startsWith(`${path}/`));
}

function HeaderNavEntry({ item }: { item: HeaderNavItem }) {
  const { pathname } = useLocation();
  const openSupport = useOpenSupport();
  if (item.children) return <HeaderDropdown item={item} />;
  const target = item.target;
  if (target && 'to' in target) {
    return (
      <Button
        component={AppLink}
        href={target.to}
        className={isActive(target.to, pathname) ? 'active' : undefined}
        aria-current={isActive(target.to, pathname) ? 'page' : undefined}
        sx={navButtonSx}
      >
        {item.label}
      </Button>
    );
  }
  return (
    <Button onClick={openSupport} sx={navButtonSx}>
      {item.label}
    </Button>
  );
}

function HeaderDropdown({ item }: { item: HeaderNavItem }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const entries = (item.children ?? []).flatMap((child) =>
    child.target && 'to' in child.target ? [{ label: child.label, href: child.target.to }] : [],
  );
  return (
    <>
      <Button
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        endIcon={<ExpandMoreIcon sx={{ transition: 'transform .2s', transform: anchor ? 'rotate(180deg)' : 'none' }} />}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={navButtonSx}
      >
        {item.label}
      </Button>
      {anchor && (
        <LazyPart>
          <NavMenu anchorEl={anchor} onClose={() => setAnchor(null)} entries={entries} label={item.label} />
        </LazyPart>
      )}
    </>
  );
}
