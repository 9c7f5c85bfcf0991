import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ChatIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import SearchIcon from '@mui/icons-material/ManageSearch';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import CartIcon from '@mui/icons-material/ShoppingCartOutlined';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import { PATHS, STORAGE_KEYS, type UserData } from '@parlance/shared';
import { lazy, useState } from 'react';
import { useLocation } from 'react-router';
import { useConfig } from '../../app/current-user';
import { AppLink } from '../../ui/AppLink';
import { useCartCount } from '../cart-count';
import { useChatUnread } from '../chat-unread';
import { badgeCount, CHAT_PATH, isPaymentPath } from '../navigation';
import { readStored, writeStored } from '../storage';
import { useLogoutWithToast } from '../use-logout';
import { LazyPart } from '../LazyPart';

// the admin menu (MUI Menu, Popover, Modal) loads when first opened
const NavMenu = lazy(() => import('./NavMenu').then((m) => ({ default: m.NavMenu })));

/** Cart, chat and the admin gear: the right side of the header for a signed-in user. */
export function SignedInActions({ user }: { user: UserData }) {
  const { pathname } = useLocation();
  const { data: config } = useConfig();
  const showCart = user.type !== 'translator' && !isPaymentPath(pathname);
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
      {user.isAdmin && <AdminGear />}
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
  return (
    <Box sx={{ display: 'flex', alignItems: 'center' }}>
      {showHint && (
        <ClickAwayListener onClickAway={dismiss}>
          <Box
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
        </ClickAwayListener>
      )}
      <IconButton component={AppLink} href={PATHS.shoppingCart} aria-label={label}>
        <Badge badgeContent={count} color="secondary" invisible={count === 0}>
          <CartIcon />
        </Badge>
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
      <Badge badgeContent={badgeCount(unread)} color="error" invisible={unread === 0}>
        <ChatIcon />
      </Badge>
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
        <SettingsIcon />
      </IconButton>
      {anchor && (
        <LazyPart>
          <NavMenu
            anchorEl={anchor}
            onClose={() => setAnchor(null)}
            label="Admin menu"
            entries={[
              { label: 'Admin Search', href: PATHS.admin, icon: <SearchIcon fontSize="small" /> },
              { label: 'Control Panel', href: PATHS.cpanel, icon: <DashboardIcon fontSize="small" /> },
              {
                label: 'Log out',
                icon: <LogoutIcon fontSize="small" />,
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
