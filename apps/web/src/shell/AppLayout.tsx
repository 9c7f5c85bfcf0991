import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { LazyPart } from './LazyPart';
import { LIMITS, PATHS, STORAGE_KEYS, TEXTS, type UserData } from '@parlance/shared';
import { toast } from '../ui/toast';
import { Suspense, useEffect, useRef } from 'react';
import { lazy } from '../ui/lazy';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../app/current-user';
import { StatusPage } from '../ui/StatusPage';
import { ErrorBoundary } from './ErrorBoundary';
import { Footer } from './Footer';
import { RESERVED_FOOT } from './admin-tools/size';
import { Header, HEADER_HEIGHT } from './header/Header';
import { LoadingBar } from './LoadingBar';
import { isPaymentPath } from './navigation';
import { decideRoute } from './route-guard';
import { routeHandleFor } from './route-handle';
import { removeStored } from './storage';
import { isSigningOut, setSigningOut } from './signing-out';
import { type SidebarState, useSidebar } from './use-sidebar';
import { hasPermission } from '../app/permissions';

// Heavy or rarely needed parts load on demand, so that a guest's first page stays small.
// The docked sidebar does not load the phone drawer (MUI Drawer and Modal); the drawer loads when opened.
const Sidebar = lazy(() => import('./sidebar/Sidebar').then((m) => ({ default: m.Sidebar })));
const SidebarDrawer = lazy(() => import('./sidebar/SidebarDrawer').then((m) => ({ default: m.SidebarDrawer })));
const PasswordBanner = lazy(() => import('./PasswordBanner').then((m) => ({ default: m.PasswordBanner })));
const NotFoundPage = lazy(() => import('./NotFoundPage'));
const AdminTools = lazy(() => import('./admin-tools/AdminTools').then((m) => ({ default: m.AdminTools })));

/** The frame of every page: header, sidebar, the page itself (guarded), footer. */
export function AppLayout() {
  const location = useLocation();
  const handle = routeHandleFor(location.pathname);
  const userQuery = useCurrentUser();
  const user = userQuery.data;
  const sidebar = useSidebar(handle.sidebarCollapsed === true);

  useUserLoadFailureToast(userQuery.isError);
  useScrollOnPageChange(location.pathname, location.hash);
  usePaymentFlagCleanup(location.pathname);
  useDocumentTitle(handle.title);
  const { setDrawerOpen } = sidebar;
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer whenever the page changes
  useEffect(() => setDrawerOpen(false), [location.key, setDrawerOpen]);

  // a sign-out ends when its page is shown (use-logout.ts)
  useEffect(() => {
    if (location.pathname === PATHS.auth) setSigningOut(false);
  }, [location.pathname]);

  const decision = decideRoute({
    pathname: location.pathname,
    search: location.search,
    hash: location.hash,
    user,
    userFailed: userQuery.isError,
    signingOut: isSigningOut(),
  });
  if (decision.kind === 'signIn') return <Navigate to={decision.to} replace />;

  const bare = handle.bare === true;
  const withSidebar =
    !bare && handle.sidebar !== false && !!user && !location.pathname.includes('/admin/blend-talk/user');
  const busy = userQuery.isPending || decision.kind === 'wait';

  let page = <Outlet />;
  if (decision.kind === 'wait') page = <Box sx={{ flex: 1 }} />;
  if (decision.kind === 'failed') page = <UserLoadFailed onRetry={() => userQuery.refetch()} />;
  if (decision.kind === 'notFound') page = <NotFoundPage />;

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      {busy && <LoadingBar />}
      {!bare && (
        <Header
          user={user ?? null}
          userKnown={!userQuery.isPending}
          showHamburger={withSidebar && !sidebar.docked && !isPaymentPath(location.pathname)}
          onHamburger={() => sidebar.setDrawerOpen(!sidebar.drawerOpen)}
        />
      )}
      <Box sx={{ flex: 1, display: 'flex', minWidth: 0 }}>
        {withSidebar && user && <SidebarSlot user={user} state={sidebar} />}
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          {user && !user.hasPassword && !bare && (
            <LazyPart>
              <PasswordBanner />
            </LazyPart>
          )}
          <Box
            component="main"
            id="main"
            tabIndex={-1}
            // at least the screen's height under the header: the footer starts below the fold, so a
            // page arriving in parts never pushes it down in view (a layout shift)
            sx={{
              flex: 1,
              display: 'flex',
              flexDirection: 'column',
              outline: 0,
              minHeight: bare ? undefined : `calc(100vh - ${HEADER_HEIGHT}px)`,
            }}
          >
            <ErrorBoundary resetKey={location.pathname}>
              <Suspense fallback={<LoadingBar />}>{page}</Suspense>
            </ErrorBoundary>
          </Box>
          {!bare && <Footer reserveFoot={hasPermission(user, 'backoffice.read') ? RESERVED_FOOT : 0} />}
        </Box>
      </Box>
      {hasPermission(user, 'backoffice.read') && (
        <LazyPart>
          <AdminTools />
        </LazyPart>
      )}
    </Box>
  );
}

/** Docked: its width is reserved here at once, so the page does not move when the menu arrives. */
function SidebarSlot({ user, state }: { user: UserData; state: SidebarState }) {
  if (!state.docked) {
    return state.drawerOpen ? (
      <LazyPart>
        <SidebarDrawer user={user} open onClose={() => state.setDrawerOpen(false)} />
      </LazyPart>
    ) : null;
  }
  const width = state.expanded ? LIMITS.sidebarOpenWidth : LIMITS.sidebarCollapsedWidth;
  return (
    <Box
      sx={{
        width,
        flexShrink: 0,
        transition: (t) => t.transitions.create('width', { duration: t.transitions.duration.shorter }),
      }}
    >
      <Box
        sx={{
          position: 'sticky',
          top: HEADER_HEIGHT,
          height: `calc(100vh - ${HEADER_HEIGHT}px)`,
          width,
          bgcolor: 'background.paper',
          borderRight: 1,
          borderColor: 'divider',
          transition: (t) => t.transitions.create('width', { duration: t.transitions.duration.shorter }),
        }}
      >
        <LazyPart>
          <Sidebar user={user} expanded={state.expanded} onToggleExpanded={state.toggleExpanded} />
        </LazyPart>
      </Box>
    </Box>
  );
}

function SkipLink() {
  return (
    <Box
      component="a"
      href="#main"
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (t) => t.zIndex.tooltip,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        '&:focus': { top: 8 },
      }}
    >
      Skip to content
    </Box>
  );
}

function UserLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <StatusPage
      title="We could not load your account"
      actions={
        <Button variant="contained" onClick={onRetry}>
          {TEXTS.retry}
        </Button>
      }
    >
      Check your connection and try again.
    </StatusPage>
  );
}

function useUserLoadFailureToast(failed: boolean) {
  useEffect(() => {
    if (failed) toast(TEXTS.failedToLoadData, { variant: 'error', preventDuplicate: true });
  }, [failed]);
}

/** Every page change starts at the top; a #section link scrolls to its section instead. */
function useScrollOnPageChange(pathname: string, hash: string) {
  const previous = useRef(pathname);
  useEffect(() => {
    const samePage = previous.current === pathname;
    previous.current = pathname;
    if (hash) {
      const id = decodeURIComponent(hash.slice(1));
      requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView({ block: 'start' }));
      return;
    }
    if (!samePage) window.scrollTo(0, 0);
  }, [pathname, hash]);
}

/** The successful-purchase flag lives only until the visitor leaves /payment/thankyou/. */
function usePaymentFlagCleanup(pathname: string) {
  useEffect(() => {
    if (!pathname.startsWith('/payment/thankyou')) removeStored(STORAGE_KEYS.paymentSuccess);
  }, [pathname]);
}

function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · Parlance` : 'Parlance';
  }, [title]);
}
