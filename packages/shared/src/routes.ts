import type { UserType } from './constants';
import type { Permission } from './staff';

// The one route table of the web app: path pattern and who may open it.
// 'guest' pages are public; a signed-in user is allowed when its type is listed. A staff page also
// names the permission it needs: the server answers its calls only to staff holding it, so staff
// without it get the not-found page rather than a page of refusals.
export type RouteAccess = 'public' | 'guest-only' | readonly UserType[];

export interface RouteDef {
  path: string;
  access: RouteAccess;
  /** staff (type admin) must also hold this permission (staff.ts) */
  permission?: Permission;
}

const ALL: readonly UserType[] = ['customer', 'translator', 'admin'];
const CUSTOMER_ADMIN: readonly UserType[] = ['customer', 'admin'];
const TRANSLATOR_ADMIN: readonly UserType[] = ['translator', 'admin'];
const ADMIN: readonly UserType[] = ['admin'];
// pages whose calls the server answers only to customers, or only to translators (staff get 403)
const CUSTOMER: readonly UserType[] = ['customer'];
const TRANSLATOR: readonly UserType[] = ['translator'];
const CUSTOMER_TRANSLATOR: readonly UserType[] = ['customer', 'translator'];

export const PATHS = {
  root: '/',
  auth: '/auth',
  resetPassword: '/auth/resetPassword',
  cpanel: '/cpanel',
  dashboard: '/dashboard',
  admin: '/admin',
  adminOutbox: '/admin/outbox',
  adminPayments: '/admin/payments',
  adminAcl: '/admin/acl',
  adminProbation: '/admin/probation',
  adminFeatures: '/admin/features-new',
  adminRates: '/admin/exchange-rates',
  adminModeration: '/admin/moderation',
  adminVocabulary: '/admin/vocabulary',
  myProjects: '/my-projects',
  openProjects: '/open-project-freelance-translator',
  project: '/project/:id',
  projectDemo: '/project/demo',
  myTeam: '/myteam',
  voice: '/voice',
  shoppingCart: '/shopping-cart',
  wizard: '/wizard',
  wizardEntry: '/wizard/2/entry',
  profile: '/profile',
  invoices: '/member/invoices',
  customerStatement: '/customer-statement',
  statement: '/statement',
  balance: '/balance',
  mbox: '/mbox',
  convert: '/convert',
  partner: '/partner',
  affiliateProgram: '/affiliate-program',
  clientAlerts: '/client-alerts',
  chat: '/blend-talk/chat',
  lmDashboard: '/lm_dashboard',
  incorrectAccount: '/incorrect-account',
  certificate: '/certificate/:number',
  unsubscribe: '/unsubscribe',
  editor: '/ui-editor',
  editorJob: '/ui-editor/:projectId',
} as const;

export const ROUTES: readonly RouteDef[] = [
  { path: '/auth', access: 'public' },
  { path: '/auth/resetPassword', access: 'public' },
  { path: '/incorrect-account', access: 'public' },
  // anybody checks a certificate of translation accuracy by its number (ADR 0090)
  { path: '/certificate/:number', access: 'public' },
  // the confirm page of a mail's one-click unsubscribe link: the signed token is the proof (ADR 0097)
  { path: '/unsubscribe', access: 'public' },
  { path: '/cpanel', access: ALL },
  { path: '/dashboard', access: TRANSLATOR_ADMIN },
  { path: '/admin', access: ADMIN, permission: 'backoffice.read' },
  { path: '/admin/outbox', access: ADMIN, permission: 'outbox.read' },
  { path: '/admin/payments', access: ADMIN, permission: 'backoffice.read' },
  { path: '/admin/acl', access: ADMIN, permission: 'backoffice.read' },
  { path: '/admin/probation', access: ADMIN, permission: 'backoffice.read' },
  { path: '/admin/features-new', access: ADMIN, permission: 'backoffice.read' },
  { path: '/admin/exchange-rates', access: ADMIN, permission: 'backoffice.read' },
  { path: '/admin/moderation', access: ADMIN, permission: 'moderation.write' },
  { path: '/admin/vocabulary', access: ADMIN, permission: 'moderation.write' },
  { path: '/admin/account-managers/:id', access: ADMIN, permission: 'backoffice.read' },
  { path: '/admin/blend-talk/*', access: ADMIN, permission: 'backoffice.read' },
  { path: '/admin/:id', access: ADMIN, permission: 'backoffice.read' },
  { path: '/admin/*', access: ADMIN, permission: 'backoffice.read' },
  // plain /my-projects follows the user's type (staff: every project); its sub-paths are the
  // customer's list and the translator's tabs
  { path: '/my-projects', access: ALL },
  { path: '/my-projects/*', access: CUSTOMER_TRANSLATOR },
  // staff are told the list is a translator's (the page makes no call for them)
  { path: '/open-project-freelance-translator/*', access: TRANSLATOR_ADMIN },
  // the guided sample project, for people who have not ordered yet (ADR 0099); before /project/:id
  { path: '/project/demo', access: 'public' },
  { path: '/project/:id', access: ALL },
  { path: '/quality-report/:kind', access: ALL },
  // the translator's workbench: the asker's jobs, and one job's segments (the server says who opens what)
  { path: '/ui-editor', access: ALL },
  { path: '/ui-editor/:projectId', access: ALL },
  { path: '/myteam', access: CUSTOMER_TRANSLATOR },
  { path: '/my-team', access: CUSTOMER_TRANSLATOR },
  { path: '/voice', access: CUSTOMER },
  { path: '/shopping-cart', access: CUSTOMER },
  { path: '/wizard', access: 'public' },
  { path: '/wizard/2/entry', access: 'public' },
  { path: '/quote', access: 'public' },
  { path: '/payment/*', access: CUSTOMER_ADMIN },
  { path: '/profile/*', access: ALL },
  // /profile/show redirects here (spec 1 section 2): the public profile, one's own or /<user id>
  { path: '/profile-legacy/show/*', access: ALL },
  { path: '/member/invoices', access: CUSTOMER_ADMIN },
  { path: '/customer-statement', access: CUSTOMER_ADMIN },
  { path: '/statement', access: TRANSLATOR_ADMIN },
  { path: '/balance', access: TRANSLATOR },
  { path: '/mbox', access: ALL },
  { path: '/convert', access: ADMIN, permission: 'backoffice.read' },
  { path: '/partner', access: CUSTOMER_ADMIN },
  { path: '/affiliate-program', access: TRANSLATOR_ADMIN },
  { path: '/client-alerts', access: ADMIN, permission: 'backoffice.read' },
  { path: '/blend-talk/chat/*', access: ALL },
  { path: '/lm_dashboard/*', access: ADMIN, permission: 'languages.write' },
];

/** Where a signed-in user of this type lands on `/` (spec 1 section 2). */
export function homePathFor(type: UserType | null): string {
  if (type === null) return PATHS.auth;
  return type === 'translator' ? PATHS.dashboard : PATHS.cpanel;
}

/** The route definition that matches a concrete pathname, or undefined. */
export function findRoute(pathname: string): RouteDef | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROUTES.find((r) => matchPattern(r.path, clean));
}

function matchPattern(pattern: string, pathname: string): boolean {
  const p = pattern.split('/');
  const s = pathname.split('/');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '*') return true;
    if (s[i] === undefined) return false;
    if (p[i].startsWith(':')) {
      if (s[i] === '') return false;
      continue;
    }
    if (p[i] !== s[i]) return false;
  }
  return s.length === p.length;
}

/**
 * May a user of this type (null for guests) open this route? Staff (type admin) must also hold the
 * route's permission: `permissions` are the signed-in person's (UserData.permissions).
 */
export function canOpen(route: RouteDef, type: UserType | null, permissions: readonly Permission[] = []): boolean {
  if (route.access === 'public') return true;
  if (route.access === 'guest-only') return type === null;
  if (type === null || !route.access.includes(type)) return false;
  return type !== 'admin' || route.permission === undefined || permissions.includes(route.permission);
}
