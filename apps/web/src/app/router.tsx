import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ROUTES } from '@parlance/shared';
import { AppLayout } from '../shell/AppLayout';
import { RouteError } from '../shell/RouteError';

// One lazily loaded chunk per page. Paths come from the shared route table, which also says who
// may open each page (the guard in AppLayout enforces it).
type PageModule = () => Promise<{ default: ComponentType }>;

const PAGES: Record<string, PageModule> = {
  '/auth': () => import('../features/auth/pages/AuthPage'),
  '/auth/resetPassword': () => import('../features/auth/pages/ResetPasswordPage'),
  '/incorrect-account': () => import('../shell/IncorrectAccountPage'),
  '/cpanel': () => import('../features/home/pages/CpanelPage'),
  '/dashboard': () => import('../features/home/pages/DashboardPage'),
  '/admin': () => import('../features/admin/pages/AdminSearchPage'),
  '/admin/outbox': () => import('../features/admin/pages/OutboxPage'),
};

const planned: PageModule = () => import('../shell/PlannedPage');

const pageRoutes: RouteObject[] = ROUTES.map((r) => {
  const load = PAGES[r.path] ?? planned;
  return {
    path: r.path,
    lazy: async () => ({ Component: (await load()).default }),
  };
});

export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('../shell/HomeRedirect')).default }) },
      ...pageRoutes,
      { path: '*', lazy: async () => ({ Component: (await import('../shell/NotFoundPage')).default }) },
    ],
  },
]);
