import type { ComponentType } from 'react';
import { type Lazy, lazy } from '../ui/lazy';
import { Route, Routes } from 'react-router';
import { ROUTES } from '@parlance/shared';
import { AppLayout } from '../shell/AppLayout';
import { SHELL_ROUTES } from '../shell/extra-routes';
import { registerDataPreloads } from './data-preload';
import { registerRoutePreloads } from './route-preload';

// One lazily loaded chunk per page. Paths come from the shared route table, which also says who
// may open each page (the guard in AppLayout enforces it). Declarative routes: the data router
// would double React Router's share of the first load (ADR 0019).
type Page = Lazy<ComponentType> & { load: (path: string) => Promise<unknown> };

/** A lazily loaded page that a link can start loading early (route-preload.ts). */
function page(load: () => Promise<{ default: ComponentType }>): Page {
  const component = lazy(load);
  return Object.assign(component, { load: component.preload });
}

// one chunk for both wizard addresses: the first load of /auth is within a few bytes of its budget
const WizardPage = page(() => import('../features/wizard/pages/WizardPage'));

// one chunk for the customer's partner page and the translator's affiliate program
const PartnerPage = page(() => import('../features/partner/pages/PartnerPage'));

// one chunk for /my-projects (staff: every project) and its customer and translator sub-paths;
// preloading it preloads the side the address shows as well
const MyProjectsChunk = lazy(() => import('./MyProjectsRoute'));
const MyProjectsRoute = Object.assign(MyProjectsChunk, {
  load: (path: string) => MyProjectsChunk.preload().then((m) => m.preloadSide(path)),
});

// one chunk for the customer's and the translator's statement
const StatementPage = page(() => import('../features/statements/pages/StatementPage'));

const PAGES: Record<string, Page> = {
  '/auth': page(() => import('../features/auth/pages/AuthPage')),
  '/auth/resetPassword': page(() => import('../features/auth/pages/ResetPasswordPage')),
  '/incorrect-account': page(() => import('../shell/IncorrectAccountPage')),
  '/certificate/:number': page(() => import('../features/certificates/pages/CertificatePage')),
  '/unsubscribe': page(() => import('../features/mail/pages/UnsubscribePage')),
  '/cpanel': page(() => import('../features/home/pages/CpanelPage')),
  '/dashboard': page(() => import('../features/home/pages/DashboardPage')),
  '/admin': page(() => import('../features/admin/pages/AdminSearchPage')),
  '/admin/outbox': page(() => import('../features/admin/pages/OutboxPage')),
  '/admin/payments': page(() => import('../features/admin/pages/PaymentsPage')),
  '/convert': page(() => import('../features/admin/pages/ConvertPage')),
  '/admin/acl': page(() => import('../features/admin/pages/AclPage')),
  '/admin/probation': page(() => import('../features/admin/pages/ProbationPage')),
  '/admin/features-new': page(() => import('../features/admin/pages/FeaturesPage')),
  '/admin/exchange-rates': page(() => import('../features/admin/pages/RatesPage')),
  '/admin/moderation': page(() => import('../features/admin/pages/ModerationPage')),
  '/admin/vocabulary': page(() => import('../features/admin/pages/VocabularyPage')),
  '/admin/account-managers/:id': page(() => import('../features/admin/pages/AccountManagerPage')),
  '/admin/:id': page(() => import('../features/admin/pages/BackofficeUserPage')),
  '/terms': page(() => import('../shell/TermsPage')),
  '/api-docs': page(() => import('../features/api-docs/pages/ApiDocsPage')),
  '/oauth/authorize': page(() => import('../features/oauth/pages/OauthAuthorizePage')),
  '/privacy': page(() => import('../shell/PrivacyPage')),
  '/help-center': page(() => import('../shell/HelpCenterPage')),
  '/quote': page(() => import('../features/quote/pages/QuotePage')),
  '/shopping-cart': page(() => import('../features/cart/pages/ShoppingCartPage')),
  '/payment/*': page(() => import('../features/payment/pages/PaymentPage')),
  '/my-projects': MyProjectsRoute,
  '/my-projects/*': MyProjectsRoute,
  '/project/demo': page(() => import('../features/projects/pages/DemoProjectPage')),
  '/project/:id': page(() => import('../features/projects/pages/ProjectPage')),
  '/ui-editor': page(() => import('../features/workbench/pages/WorkbenchJobsPage')),
  '/ui-editor/:projectId': page(() => import('../features/workbench/pages/WorkbenchPage')),
  '/quality-report/:kind': page(() => import('../features/projects/pages/QualityReportPage')),
  '/open-project-freelance-translator/*': page(() => import('../features/translator/pages/OpenProjectsPage')),
  '/myteam': page(() => import('../features/translator/pages/MyTeamCustomersPage')),
  '/my-team': page(() => import('../features/translator/pages/MyTeamCustomersPage')),
  '/voice': page(() => import('../features/voice/pages/VoicesPage')),
  '/profile/*': page(() => import('../features/profile/pages/ProfilePage')),
  '/profile-legacy/show/*': page(() => import('../features/profile/pages/PublicProfilePage')),
  '/member/invoices': page(() => import('../features/invoices/pages/InvoicesPage')),
  '/mbox': page(() => import('../features/messages/pages/MessagesPage')),
  '/balance': page(() => import('../features/payouts/pages/BalancePage')),
  '/customer-statement': StatementPage,
  '/statement': StatementPage,
  '/partner': PartnerPage,
  '/affiliate-program': PartnerPage,
  '/client-alerts': page(() => import('../features/admin/pages/ClientAlertsPage')),

  '/blend-talk/chat/*': page(() => import('../features/chat/pages/ChatPage')),
  '/admin/blend-talk/*': page(() => import('../features/chat/pages/AdminChatPage')),
  '/lm_dashboard/*': page(() => import('../features/lm-dashboard/pages/LmDashboardRoute')),
  '/wizard': WizardPage,
  '/wizard/2/entry': WizardPage,
};
registerRoutePreloads(Object.entries(PAGES).map(([path, p]) => [path, p.load]));
// the editor's job (the page's first call, GET /api/2/workbench/projects/{id}) beside its chunk
registerDataPreloads([
  [
    '/ui-editor/:projectId',
    ({ projectId }) => (/^[1-9]\d{0,9}$/.test(projectId ?? '') ? `/api/2/workbench/projects/${projectId}` : null),
  ],
]);

const HomeRedirect = lazy(() => import('../shell/HomeRedirect'));
const NotFoundPage = lazy(() => import('../shell/NotFoundPage'));

const PATHS = [...ROUTES.map((r) => r.path), ...SHELL_ROUTES.map((r) => r.path)];

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<HomeRedirect />} />
        {PATHS.map((path) => {
          // a route of the table with no screen of its own (the rest of /admin/*) is not found
          const Page = PAGES[path] ?? NotFoundPage;
          return <Route key={path} path={path} element={<Page />} />;
        })}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
