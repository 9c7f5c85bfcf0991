import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { ROUTES } from '@parlance/shared';
import { AppLayout } from '../shell/AppLayout';
import { SHELL_ROUTES } from '../shell/extra-routes';

// One lazily loaded chunk per page. Paths come from the shared route table, which also says who
// may open each page (the guard in AppLayout enforces it). Declarative routes: the data router
// would double React Router's share of the first load (ADR 0019).
type Page = LazyExoticComponent<ComponentType>;

// one chunk for both wizard addresses: the first load of /auth is within a few bytes of its budget
const WizardPage = lazy(() => import('../features/wizard/pages/WizardPage'));

// one chunk for the customer's partner page and the translator's affiliate program
const PartnerPage = lazy(() => import('../features/partner/pages/PartnerPage'));

// one chunk for /my-projects (staff: every project) and its customer and translator sub-paths
const MyProjectsRoute = lazy(() => import('./MyProjectsRoute'));

// one chunk for the customer's and the translator's statement
const StatementPage = lazy(() => import('../features/statements/pages/StatementPage'));

const PAGES: Record<string, Page> = {
  '/auth': lazy(() => import('../features/auth/pages/AuthPage')),
  '/auth/resetPassword': lazy(() => import('../features/auth/pages/ResetPasswordPage')),
  '/incorrect-account': lazy(() => import('../shell/IncorrectAccountPage')),
  '/cpanel': lazy(() => import('../features/home/pages/CpanelPage')),
  '/dashboard': lazy(() => import('../features/home/pages/DashboardPage')),
  '/admin': lazy(() => import('../features/admin/pages/AdminSearchPage')),
  '/admin/outbox': lazy(() => import('../features/admin/pages/OutboxPage')),
  '/admin/payments': lazy(() => import('../features/admin/pages/PaymentsPage')),
  '/convert': lazy(() => import('../features/admin/pages/ConvertPage')),
  '/admin/acl': lazy(() => import('../features/admin/pages/AclPage')),
  '/admin/probation': lazy(() => import('../features/admin/pages/ProbationPage')),
  '/admin/features-new': lazy(() => import('../features/admin/pages/FeaturesPage')),
  '/admin/moderation': lazy(() => import('../features/admin/pages/ModerationPage')),
  '/admin/vocabulary': lazy(() => import('../features/admin/pages/VocabularyPage')),
  '/admin/account-managers/:id': lazy(() => import('../features/admin/pages/AccountManagerPage')),
  '/admin/:id': lazy(() => import('../features/admin/pages/BackofficeUserPage')),
  '/terms': lazy(() => import('../shell/TermsPage')),
  '/api-docs': lazy(() => import('../features/api-docs/pages/ApiDocsPage')),
  '/privacy': lazy(() => import('../shell/PrivacyPage')),
  '/help-center': lazy(() => import('../shell/HelpCenterPage')),
  '/quote': lazy(() => import('../features/quote/pages/QuotePage')),
  '/shopping-cart': lazy(() => import('../features/cart/pages/ShoppingCartPage')),
  '/payment/*': lazy(() => import('../features/payment/pages/PaymentPage')),
  '/my-projects': MyProjectsRoute,
  '/my-projects/*': MyProjectsRoute,
  '/project/:id': lazy(() => import('../features/projects/pages/ProjectPage')),
  '/quality-report/:kind': lazy(() => import('../features/projects/pages/QualityReportPage')),
  '/open-project-freelance-translator/*': lazy(() => import('../features/translator/pages/OpenProjectsPage')),
  '/myteam': lazy(() => import('../features/translator/pages/MyTeamCustomersPage')),
  '/my-team': lazy(() => import('../features/translator/pages/MyTeamCustomersPage')),
  '/voice': lazy(() => import('../features/voice/pages/VoicesPage')),
  '/profile/*': lazy(() => import('../features/profile/pages/ProfilePage')),
  '/profile-legacy/show/*': lazy(() => import('../features/profile/pages/PublicProfilePage')),
  '/member/invoices': lazy(() => import('../features/invoices/pages/InvoicesPage')),
  '/mbox': lazy(() => import('../features/messages/pages/MessagesPage')),
  '/balance': lazy(() => import('../features/payouts/pages/BalancePage')),
  '/customer-statement': StatementPage,
  '/statement': StatementPage,
  '/partner': PartnerPage,
  '/affiliate-program': PartnerPage,
  '/client-alerts': lazy(() => import('../features/admin/pages/ClientAlertsPage')),

  '/blend-talk/chat/*': lazy(() => import('../features/chat/pages/ChatPage')),
  '/admin/blend-talk/*': lazy(() => import('../features/chat/pages/AdminChatPage')),
  '/lm_dashboard/*': lazy(() => import('../features/lm-dashboard/pages/LmDashboardRoute')),
  '/wizard': WizardPage,
  '/wizard/2/entry': WizardPage,
};

const PlannedPage = lazy(() => import('../shell/PlannedPage'));
const HomeRedirect = lazy(() => import('../shell/HomeRedirect'));
const NotFoundPage = lazy(() => import('../shell/NotFoundPage'));

const PATHS = [...ROUTES.map((r) => r.path), ...SHELL_ROUTES.map((r) => r.path)];

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<HomeRedirect />} />
        {PATHS.map((path) => {
          const Page = PAGES[path] ?? PlannedPage;
          return <Route key={path} path={path} element={<Page />} />;
        })}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
