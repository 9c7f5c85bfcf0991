import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChatIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import SearchIcon from '@mui/icons-material/ManageSearch';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import CartIcon from '@mui/icons-material/ShoppingCartOutlined';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import { PATHS, STORAGE_KEYS, type UserData } from '@parlance/shared';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useConfig } from '../../app/current-user';
import { AppLink } from '../../ui/AppLink';
import { useCartCount } from '../cart-count';
import { badgeCount, CHAT_PATH, isPaymentPath } from '../navigation';
import { readStored, writeStored } from '../storage';
import { useLogoutWithToast } from '../use-logout';
import { NavMenu } from './NavMenu';

/** Cart, chat and the admin gear: the right side of the header for a signed-in user. */
export function SignedInActions({ user }: { user: UserData }) {
  const { pathname } = useLocation();
  const { data: config } = useConfig();
  const showCart = user.type !== 'translator' && !isPaymentPath(pathname);
  const showChat = config?.isShowBlendTalkFeature !== false;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0, sm: 0.5 } }}>
      {showCart && <CartButton />}
      {showChat && <ChatButton unread={user.statistics.unreadMessages} />}
      {user.isAdmin && <AdminGear />}
    </Box>
  );
}

function CartButton() {
  const count = useCartCount(true);
  const [dismissed, setDismissed] = useState(() => readStored(STORAGE_KEYS.cartTooltipDismissed) === 'true');
  const dismiss = () => {
    writeStored(STORAGE_KEYS.cartTooltipDismissed, 'true');
    setDismissed(true);
  };
  const label = count === 0 ? 'Shopping cart, empty' : `Shopping cart, ${count} ${count === 1 ? 'order' : 'orders'}`;
  return (
    <Tooltip
      arrow
      // the tip describes the button; the button keeps its own name
      describeChild
      open={count === 0 && !dismissed}
      placement="bottom-end"
      slotProps={{
        tooltip: { sx: { p: 1.5, maxWidth: 260, fontSize: 13 } },
        // above the page, below drawers and dialogs
        popper: { sx: { zIndex: (t) => t.zIndex.appBar + 1 } },
      }}
      title={
        <Box>
          <Typography sx={{ fontSize: 13, fontWeight: 600, mb: 0.5 }}>Your cart is empty</Typography>
          <Typography sx={{ fontSize: 13, mb: 1 }}>Orders you save before paying wait for you here.</Typography>
          <Button size="small" variant="contained" color="inherit" onClick={dismiss} sx={{ color: 'text.primary' }}>
            Got it
          </Button>
        </Box>
      }
    >
      <IconButton component={AppLink} href={PATHS.shoppingCart} aria-label={label}>
        <Badge badgeContent={count} color="secondary" invisible={count === 0}>
          <CartIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}

function ChatButton({ unread }: { unread: number }) {
  return (
    <IconButton
      component={AppLink}
      href={CHAT_PATH}
      aria-label={unread > 0 ? `Team chat, ${unread} unread` : 'Team chat'}
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
      )}
    </>
  );
}
