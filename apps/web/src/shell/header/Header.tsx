import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import MenuIcon from '@mui/icons-material/Menu';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { PATHS, type UserData } from '@parlance/shared';
import { useState } from 'react';
import { lazy } from '../../ui/lazy';
import { Link, useLocation } from 'react-router';
import { AppLink } from '../../ui/AppLink';
import { Logo } from '../../ui/Logo';
import { headerNavFor, REGISTER } from '../navigation';
import { HeaderNav } from './HeaderNav';

import { LazyPart } from '../LazyPart';

const SignedInActions = lazy(() => import('./SignedInActions').then((m) => ({ default: m.SignedInActions })));
const MobileNavMenu = lazy(() => import('./MobileNavMenu').then((m) => ({ default: m.MobileNavMenu })));

export const HEADER_HEIGHT = 64;

interface HeaderProps {
  /** null for a guest */
  user: UserData | null;
  /** false while the user is loading: the navigation waits rather than showing the wrong role's */
  userKnown: boolean;
  showHamburger: boolean;
  onHamburger: () => void;
}

export function Header({ user, userKnown, showHamburger, onHamburger }: HeaderProps) {
  const { pathname } = useLocation();
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const items = userKnown ? headerNavFor(user) : [];
  const onAuthPage = pathname === PATHS.auth || pathname.startsWith(`${PATHS.auth}/`);

  return (
    <Box
      component="header"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: (t) => t.zIndex.appBar,
        height: HEADER_HEIGHT,
        flexShrink: 0,
        display: 'flex',
        alignItems: 'center',
        gap: { xs: 0.5, sm: 1 },
        px: { xs: 1, sm: 2, lg: 3 },
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {showHamburger && (
        <IconButton aria-label="Open menu" onClick={onHamburger} sx={{ mr: 0.5 }}>
          <MenuIcon />
        </IconButton>
      )}
      <Box
        component={Link}
        to={PATHS.root}
        aria-label="Parlance home"
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          mr: { xs: 0.5, md: 3 },
          borderRadius: 1,
          px: 0.5,
          py: 0.5,
          textDecoration: 'none',
        }}
      >
        <Logo />
      </Box>
      {!mobile && <HeaderNav items={items} />}
      <Box sx={{ flex: 1 }} />
      {user && (
        <LazyPart>
          <SignedInActions user={user} />
        </LazyPart>
      )}
      {userKnown && !user && !onAuthPage && <SignInButtons phone={phone} />}
      {mobile && userKnown && <MobileNavButton user={user} />}
    </Box>
  );
}

function SignInButtons({ phone }: { phone: boolean }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <Button component={AppLink} href={PATHS.auth} variant={phone ? 'contained' : 'text'}>
        Sign in
      </Button>
      {!phone && (
        <Button component={AppLink} href={REGISTER} variant="contained">
          Register
        </Button>
      )}
    </Box>
  );
}

function MobileNavButton({ user }: { user: UserData | null }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        aria-label="Open navigation"
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      {anchor && (
        <LazyPart>
          <MobileNavMenu user={user} anchorEl={anchor} onClose={() => setAnchor(null)} />
        </LazyPart>
      )}
    </>
  );
}
