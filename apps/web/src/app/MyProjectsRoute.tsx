import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { LoadingBar } from '../shell/LoadingBar';
import { useCurrentUser } from './current-user';

const CustomerProjectsPage = lazy(() => import('../features/projects/pages/CustomerProjectsPage'));
const TranslatorProjectsPage = lazy(() => import('../features/translator/pages/TranslatorProjectsPage'));
const AdminProjectsPage = lazy(() => import('../features/admin/pages/AdminProjectsPage'));

/**
 * /my-projects and its sub-paths (spec 1 §2): /my-projects/customer/ is the customer's list,
 * /my-projects/translator (and a translator's /my-projects/{tab}) the translator's tabs; plain
 * /my-projects follows the user's type (an admin's is every project on the platform). Each side is
 * its own chunk.
 */
export default function MyProjectsRoute() {
  const { data: user } = useCurrentUser();
  const segment = useLocation().pathname.split('/')[2] ?? '';
  const translatorView = segment === 'translator' || (segment !== 'customer' && user?.type === 'translator');
  const adminView = segment === '' && user?.type === 'admin';
  return (
    <Suspense fallback={<LoadingBar />}>
      {adminView ? <AdminProjectsPage /> : translatorView ? <TranslatorProjectsPage /> : <CustomerProjectsPage />}
    </Suspense>
  );
}
