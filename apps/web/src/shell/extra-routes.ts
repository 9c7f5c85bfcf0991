import type { RouteDef } from '@parlance/shared';
import { API_DOCS, HELP_CENTER, OAUTH_AUTHORIZE, PRIVACY, TERMS } from './navigation';

// Pages the shell links to that the shared route table does not list: the public text pages, the
// API documentation and the OAuth consent page. The router registers them; the guard reads them.

export interface ShellRouteDef extends RouteDef {
  title: string;
}

export const SHELL_ROUTES: readonly ShellRouteDef[] = [
  { path: TERMS, access: 'public', title: 'Terms of service' },
  { path: PRIVACY, access: 'public', title: 'Privacy policy' },
  { path: HELP_CENTER, access: 'public', title: 'Help Center' },
  { path: API_DOCS, access: 'public', title: 'API Documentation' },
  // an application asks to act for a customer: guests sign in first; others read the server's refusal
  { path: OAUTH_AUTHORIZE, access: ['customer', 'translator', 'admin'], title: 'Authorize an application' },
];

export function findShellRoute(pathname: string): ShellRouteDef | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SHELL_ROUTES.find((r) => r.path === clean);
}
