import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { alpha, type SxProps, type Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { UserData } from '@parlance/shared';
import { useLocation } from 'react-router';
import { useAclGroups } from '../../app/auth-token';
import { useConfig } from '../../app/current-user';
import { AppLink } from '../../ui/AppLink';
import { Hint } from '../../ui/Hint';
import { type SideItem, type SideSection, sidebarMenuFor } from './sidebar-menu';
import { useOpenSupport } from '../support';
import { ShellIcon } from '../shell-icons';
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
 * (SidebarDrawer, which alone loads MUI's Drawer and Modal). Its rows are ButtonBase (in the entry
 * already) styled as MUI's ListItemButton, its rules plain hr, its icons one set of path data
 * (../shell-icons): MUI's List, ListItemButton/Icon/Text, Divider and ~40 icon chunks were ~10 kB
 * gzipped of every signed-in first load.
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
      <Rule />
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
          <Rule />
          <ButtonBase
            onClick={onToggleExpanded}
            aria-label={expanded ? 'Collapse sidebar' : 'Expand sidebar'}
            sx={[
              rowSx,
              { flexGrow: 0, py: 1.25, justifyContent: expanded ? 'flex-start' : 'center', px: expanded ? 2.5 : 0 },
            ]}
          >
            <ShellIcon name={expanded ? 'collapse' : 'expand'} color="action" />
            {expanded && (
              <Typography variant="body2" color="text.secondary" sx={{ ml: 1.5 }}>
                Collapse
              </Typography>
            )}
          </ButtonBase>
        </>
      )}
    </Box>
  );
}

function MenuSection({ section, expanded, first }: { section: SideSection; expanded: boolean; first: boolean }) {
  const headingId = section.title ? `sidebar-${section.title.replace(/\W+/g, '-').toLowerCase()}` : undefined;
  return (
    <Box component="section" aria-labelledby={expanded ? headingId : undefined}>
      {!first && !section.title && <Rule sx={{ my: 1, mx: expanded ? 2 : 1.5 }} />}
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
          !first && <Rule sx={{ my: 1, mx: 1.5 }} />
        ))}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, position: 'relative' }}>
        {section.items.map((item) => (
          // a list holds list items: each link sits in its own li (axe rule `list`)
          <Box component="li" key={item.label} sx={{ display: 'block', px: 1.5 }}>
            <MenuItemRow item={item} expanded={expanded} />
          </Box>
        ))}
      </Box>
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
  const target = item.target;
  const current = 'to' in target && isCurrent(target.to, pathname, hash);
  const linkProps = 'to' in target ? { component: AppLink, href: target.to } : { onClick: openSupport };
  const row = (
    <ButtonBase
      {...linkProps}
      className={current ? 'Mui-selected' : undefined}
      aria-current={current ? 'page' : undefined}
      aria-label={expanded ? undefined : item.label}
      sx={[
        rowSx,
        {
          my: 0.125,
          borderRadius: 1.5,
          minHeight: 40,
          py: 1,
          px: expanded ? 1.5 : 0,
          justifyContent: expanded ? 'flex-start' : 'center',
          display: 'flex',
        },
      ]}
    >
      <Box
        component="span"
        className="side-icon"
        sx={{ display: 'inline-flex', flexShrink: 0, minWidth: expanded ? 40 : 0, justifyContent: 'center' }}
      >
        <ShellIcon name={item.icon} fontSize="small" />
      </Box>
      {expanded && (
        <Box
          component="span"
          sx={{
            flex: '1 1 auto',
            minWidth: 0,
            my: 0.5,
            fontSize: 14.5,
            lineHeight: 1.5,
            fontWeight: current ? 600 : 500,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {item.label}
        </Box>
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
    </ButtonBase>
  );
  if (expanded) return row;
  return <Hint title={item.status ? `${item.label} (${item.status})` : item.label}>{row}</Hint>;
}

/** MUI's ListItemButton look: hover, keyboard focus and the current page tinted with the primary. */
const rowSx = (theme: Theme) => ({
  display: 'flex',
  width: '100%',
  textAlign: 'left',
  textDecoration: 'none',
  color: 'text.primary',
  transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
  '& .side-icon': { color: 'action.active' },
  '&:hover': { bgcolor: 'action.hover', '@media (hover: none)': { bgcolor: 'transparent' } },
  '&.Mui-focusVisible': { bgcolor: 'action.focus' },
  '&.Mui-selected': {
    color: 'primary.main',
    bgcolor: alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity),
    '& .side-icon': { color: 'primary.main' },
    '&:hover': {
      bgcolor: alpha(
        theme.palette.primary.main,
        theme.palette.action.selectedOpacity + theme.palette.action.hoverOpacity,
      ),
    },
    '&.Mui-focusVisible': {
      bgcolor: alpha(
        theme.palette.primary.main,
        theme.palette.action.selectedOpacity + theme.palette.action.focusOpacity,
      ),
    },
  },
});

/** A thin rule, as MUI's Divider draws it. */
function Rule({ sx }: { sx?: SxProps<Theme> }) {
  return (
    <Box
      component="hr"
      sx={[
        { m: 0, flexShrink: 0, border: 0, borderBottomWidth: 'thin', borderStyle: 'solid', borderColor: 'divider' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
