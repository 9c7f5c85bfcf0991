import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { PATHS, STORAGE_KEYS, type UserData } from '@parlance/shared';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { lazy } from '../../ui/lazy';
import { useLocation } from 'react-router';
import { useConfig } from '../../app/current-user';
import { AppLink } from '../../ui/AppLink';
import { useCartCount } from '../cart-count';
import { useChatUnread } from '../chat-unread';
import { badgeCount, CHAT_PATH, isPaymentPath } from '../navigation';
import { readStored, writeStored } from '../storage';
import { useLogoutWithToast } from '../use-logout';
import { LazyPart } from '../LazyPart';
import { ShellIcon } from '../shell-icons';
import { hasPermission } from '../../app/permissions';

// the admin menu (MUI Menu, Popover, Modal) loads when first opened
const NavMenu = lazy(() => import('./NavMenu').then((m) => ({ default: m.NavMenu })));

/** Cart, chat and the admin gear: the right side of the header for a signed-in user. */
export function SignedInActions({ user }: { user: UserData }) {
  const { pathname } = useLocation();
  const { data: config } = useConfig();
  // the cart's calls are a customer's (an admin acting as one included): staff have no cart
  const showCart = user.type === 'customer' && !isPaymentPath(pathname);
  const showChat = config?.isShowBlendTalkFeature !== false;
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: { xs: 0, sm: 0.5 },
        // an admin's header has one icon more: at 375 px they fit with a little less padding
        '& .MuiIconButton-root': { p: { xs: 0.75, sm: 1 } },
      }}
    >
      {showCart && <CartButton />}
      {showChat && <ChatButton />}
      {hasPermission(user, 'backoffice.read') && <AdminGear />}
    </Box>
  );
}

/**
 * The cart, and once for a new customer the hint "Your cart is empty": it sits in the header beside
 * the cart (it covers no page, form or dialog), on wide screens only, and any click elsewhere or
 * "Got it" closes it for good.
 */
function CartButton() {
  const count = useCartCount(true);
  const [dismissed, setDismissed] = useState(() => readStored(STORAGE_KEYS.cartTooltipDismissed) === 'true');
  const dismiss = () => {
    writeStored(STORAGE_KEYS.cartTooltipDismissed, 'true');
    setDismissed(true);
  };
  // the visible badge number is part of the name (axe rule label-content-name-mismatch)
  const label = count === 0 ? 'Shopping cart, empty' : `Shopping cart, ${count} ${count === 1 ? 'order' : 'orders'}`;
  const showHint = count === 0 && !dismissed;
  const hintRef = useRef<HTMLElement>(null);
  // a click anywhere else closes the hint for good (as MUI's ClickAwayListener did, without its 1 kB)
  useEffect(() => {
    if (!showHint) return;
    const away = (e: MouseEvent) => {
      if (!hintRef.current?.contains(e.target as Node)) dismiss();
    };
    document.addEventListener('click', away);
    return () => document.removeEventListener('click', away);
  });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center' }}>
      {showHint && (
        <Box
          ref={hintRef}
          role="note"
          aria-label="Cart hint"
          sx={{
            display: { xs: 'none', md: 'flex' },
            alignItems: 'center',
            gap: 1,
            mr: 0.5,
            pl: 1.5,
            pr: 0.5,
            py: 0.25,
            borderRadius: 4,
            bgcolor: 'action.hover',
          }}
        >
          <Typography sx={{ fontSize: 13 }}>
            <Box component="strong">Your cart is empty.</Box> Orders you save before paying wait here.
          </Typography>
          <Button size="small" onClick={dismiss}>
            Got it
          </Button>
        </Box>
      )}
      <IconButton component={AppLink} href={PATHS.shoppingCart} aria-label={label}>
        <CountBadge count={count} color="secondary">
          <ShellIcon name="cart" />
        </CountBadge>
      </IconButton>
    </Box>
  );
}

function ChatButton() {
  const unread = useChatUnread(true);
  return (
    <IconButton
      component={AppLink}
      href={CHAT_PATH}
      aria-label={unread > 0 ? `Team chat, ${badgeCount(unread)} unread` : 'Team chat'}
    >
      <CountBadge count={unread === 0 ? 0 : badgeCount(unread)} color="error">
        <ShellIcon name="chatBubble" />
      </CountBadge>
    </IconButton>
  );
}

function AdminGear() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const logout = useLogoutWithToast();
  return (
    <>
      <IconButton
        aria-label="Admin menu"
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <ShellIcon name="settings" />
      </IconButton>
      {anchor && (
        <LazyPart>
          <NavMenu
            anchorEl={anchor}
            onClose={() => setAnchor(null)}
            label="Admin menu"
            entries={[
              { label: 'Admin Search', href: PATHS.admin, icon: <ShellIcon name="search" fontSize="small" /> },
              { label: 'Control Panel', href: PATHS.cpanel, icon: <ShellIcon name="dashboard" fontSize="small" /> },
              {
                label: 'Log out',
                icon: <ShellIcon name="logout" fontSize="small" />,
                onClick: logout.run,
                pending: logout.pending,
                keepOpen: true,
                dividerBefore: true,
              },
            ]}
          />
        </LazyPart>
      )}
    </>
  );
}

/**
 * A number on the top right corner of an icon, as MUI's Badge draws it (standard variant), hidden
 * at 0: the header needs no more of Badge (2 kB of every signed-in first load).
 */
function CountBadge({
  count,
  color,
  children,
}: {
  count: number | string;
  color: 'secondary' | 'error';
  children: ReactNode;
}) {
  return (
    <Box component="span" sx={{ position: 'relative', display: 'inline-flex', verticalAlign: 'middle', flexShrink: 0 }}>
      {children}
      {count !== 0 && (
        <Box
          component="span"
          sx={(t) => ({
            position: 'absolute',
            top: 0,
            right: 0,
            transform: 'scale(1) translate(50%, -50%)',
            transformOrigin: '100% 0%',
            zIndex: 1,
            display: 'flex',
            flexWrap: 'wrap',
            justifyContent: 'center',
            alignContent: 'center',
            alignItems: 'center',
            boxSizing: 'border-box',
            minWidth: 20,
            height: 20,
            px: 0.75,
            borderRadius: '10px',
            fontFamily: t.typography.fontFamily,
            fontWeight: t.typography.fontWeightMedium,
            fontSize: t.typography.pxToRem(12),
            lineHeight: 1,
            bgcolor: `${color}.main`,
            color: `${color}.contrastText`,
          })}
        >
          {count}
        </Box>
      )}
    </Box>
  );
}
