import { findRoute } from '@parlance/shared';
import { findShellRoute } from './extra-routes';

/** What the shell needs to know about the page at an address. */
export interface RouteHandle {
  /** the page's name: document title and the heading of pages still to come */
  title?: string;
  /** no header, sidebar or footer */
  bare?: boolean;
  /** false: header and footer but no sidebar (the /auth pages) */
  sidebar?: boolean;
  /** the docked sidebar starts collapsed to icons: the page needs the width (the editor) */
  sidebarCollapsed?: boolean;
}

/** Names of the pages of the shared route table (document title; heading of pages still to come). */
const TITLES: Record<string, string> = {
  '/auth': 'Sign in',
  '/auth/resetPassword': 'Reset password',
  '/incorrect-account': 'Incorrect account',
  '/cpanel': 'Control panel',
  '/dashboard': 'Dashboard',
  '/admin': 'Admin search',
  '/admin/outbox': 'Outbox',
  '/admin/*': 'Admin',
  '/my-projects': 'My projects',
  '/my-projects/*': 'My projects',
  '/open-project-freelance-translator/*': 'Open projects',
  '/project/:id': 'Project',
  '/myteam': 'MyTeam',
  '/my-team': 'MyTeam',
  '/voice': 'Voices',
  '/shopping-cart': 'Shopping cart',
  '/wizard': 'Order a translation',
  '/wizard/2/entry': 'Order a translation',
  '/quote': 'Instant price quote',
  '/payment/*': 'Payment',
  '/profile/*': 'Profile',
  '/member/invoices': 'Invoices',
  '/customer-statement': 'Statements',
  '/statement': 'Statements',
  '/balance': 'My Balance',
  '/mbox': 'Messages',
  '/convert': 'Credit conversion',
  '/partner': 'Partners & Integrations',
  '/affiliate-program': 'Affiliate program',
  '/client-alerts': 'Client alerts',
  '/blend-talk/chat/*': 'Team Chat',
  '/lm_dashboard/*': 'Language-manager dashboard',
};

/** The sign-in pages show the header but no sidebar. */
const NO_SIDEBAR = new Set(['/auth', '/auth/resetPassword']);

/** The shell's facts about the page at this pathname (read from the shared route table). */
export function routeHandleFor(pathname: string): RouteHandle {
  // the editor's two columns of text need the width of a 1280 px laptop
  if (/^\/ui-editor\/[^/]+\/?$/.test(pathname)) return { sidebarCollapsed: true };
  const route = findRoute(pathname);
  if (route) return { title: TITLES[route.path], ...(NO_SIDEBAR.has(route.path) ? { sidebar: false } : {}) };
  const shellRoute = findShellRoute(pathname);
  if (shellRoute) return { title: shellRoute.title };
  if (pathname === '/') return {};
  return { title: 'Page not found' };
}
