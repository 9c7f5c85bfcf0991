import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import type { UserData } from '@parlance/shared';
import { useLocation } from 'react-router';
import { useAclGroups } from '../../app/auth-token';
import { useConfig } from '../../app/current-user';
import { AppLink } from '../../ui/AppLink';
import { Hint } from '../../ui/Hint';
import { type SideItem, type SideSection, sidebarMenuFor } from './sidebar-menu';
import { useOpenSupport } from '../support';
import { SIDE_ICONS } from './icons';
import { useLiveUnreadCount } from './use-live-unread';
import { UserBar } from './UserBar';

interface SidebarProps {
  user: UserData;
  /** 280 wide with labels, or 88 wide with icons only */
  expanded: boolean;
  /** docked beside the page: the collapse/expand toggle at the bottom */
  onToggleExpanded?: () => void;
}

/**
 * The sidebar's content: docked beside the page (laptop and up), or inside the phone drawer
 * (SidebarDrawer, which alone loads MUI's Drawer and Modal).
 */
export function Sidebar({ user, expanded, onToggleExpanded }: SidebarProps) {
  useLiveUnreadCount();
  return <SidebarContent user={user} expanded={expanded} onToggleExpanded={onToggleExpanded} />;
}

function SidebarContent({
  user,
  expanded,
  onToggleExpanded,
}: {
  user: UserData;
  expanded: boolean;
  onToggleExpanded?: () => void;
}) {
  const aclGroups = useAclGroups(true);
  const { data: config } = useConfig();
  const sections = sidebarMenuFor({ user, aclGroups, chatEnabled: config?.isShowBlendTalkFeature !== false });
  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
      <UserBar user={user} expanded={expanded} />
      <Divider />
      <Box
        component="nav"
        aria-label="Sidebar"
        sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden', py: 1, scrollbarWidth: 'thin' }}
      >
        {sections.map((section, i) => (
          <MenuSection key={section.title ?? `section-${i}`} section={section} expanded={expanded} first={i === 0} />
        ))}
      </Box>
      {onToggleExpanded && (
        <>
          <Divider />
          <ListItemButton
            onClick={onToggleExpanded}
            aria-label={expanded ? 'Collapse sidebar' : 'Expand sidebar'}
            sx={{ flexGrow: 0, py: 1.25, justifyContent: expanded ? 'flex-start' : 'center', px: expanded ? 2.5 : 0 }}
          >
            {expanded ? <ChevronLeftIcon color="action" /> : <ChevronRightIcon color="action" />}
            {expanded && (
              <Typography variant="body2" color="text.secondary" sx={{ ml: 1.5 }}>
                Collapse
              </Typography>
            )}
          </ListItemButton>
        </>
      )}
    </Box>
  );
}

function MenuSection({ section, expanded, first }: { section: SideSection; expanded: boolean; first: boolean }) {
  const headingId = section.title ? `sidebar-${section.title.replace(/\W+/g, '-').toLowerCase()}` : undefined;
  return (
    <Box component="section" aria-labelledby={expanded ? headingId : undefined}>
      {!first && !section.title && <Divider sx={{ my: 1, mx: expanded ? 2 : 1.5 }} />}
      {section.title &&
        (expanded ? (
          <Typography
            id={headingId}
            variant="overline"
            color="text.secondary"
            sx={{ display: 'block', px: 3, pt: first ? 0.5 : 1.5, pb: 0.25, lineHeight: 2, fontWeight: 600 }}
          >
            {section.title}
          </Typography>
        ) : (
          !first && <Divider sx={{ my: 1, mx: 1.5 }} />
        ))}
      <List disablePadding>
        {section.items.map((item) => (
          // a list holds list items: each link sits in its own li (axe rule `list`)
          <Box component="li" key={item.label} sx={{ display: 'block' }}>
            <MenuItemRow item={item} expanded={expanded} />
          </Box>
        ))}
      </List>
    </Box>
  );
}

function isCurrent(to: string, pathname: string, hash: string): boolean {
  const [pathAndQuery, itemHash = ''] = to.split('#');
  const path = pathAndQuery.split('?')[0].replace(/\/+$/, '') || '/';
  const here = pathname.replace(/\/+$/, '') || '/';
  if (itemHash) return here === path && hash === `#${itemHash}`;
  return here === path;
}

function MenuItemRow({ item, expanded }: { item: SideItem; expanded: boolean }) {
  const { pathname, hash } = useLocation();
  const openSupport = useOpenSupport();
  const Icon = SIDE_ICONS[item.icon];
  const target = item.target;
  const current = 'to' in target && isCurrent(target.to, pathname, hash);
  const linkProps = 'to' in target ? { component: AppLink, href: target.to } : { onClick: openSupport };
  const row = (
    <ListItemButton
      {...linkProps}
      selected={current}
      aria-current={current ? 'page' : undefined}
      aria-label={expanded ? undefined : item.label}
      sx={{
        mx: 1.5,
        my: 0.125,
        borderRadius: 1.5,
        minHeight: 40,
        px: expanded ? 1.5 : 0,
        justifyContent: expanded ? 'flex-start' : 'center',
        '&.Mui-selected': { color: 'primary.main', '& .MuiListItemIcon-root': { color: 'primary.main' } },
      }}
    >
      <ListItemIcon sx={{ minWidth: expanded ? 40 : 0, justifyContent: 'center' }}>
        <Icon fontSize="small" />
      </ListItemIcon>
      {expanded && (
        <ListItemText
          primary={item.label}
          slotProps={{ primary: { sx: { fontSize: 14.5, fontWeight: current ? 600 : 500 }, noWrap: true } }}
        />
      )}
      {expanded && item.status && (
        <Typography
          component="span"
          variant="caption"
          sx={{
            ml: 1,
            px: 1,
            borderRadius: 1,
            fontWeight: 600,
            bgcolor: item.status === 'On' ? 'success.light' : 'action.hover',
            color: item.status === 'On' ? 'success.contrastText' : 'text.secondary',
          }}
        >
          {item.status}
        </Typography>
      )}
    </ListItemButton>
  );
  if (expanded) return row;
  return <Hint title={item.status ? `${item.label} (${item.status})` : item.label}>{row}</Hint>;
}
