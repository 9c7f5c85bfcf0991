import { Suspense } from 'react';
import { lazy } from '../ui/lazy';
import { useLocation } from 'react-router';
import type { UserData } from '@parlance/shared';
import { LoadingBar } from '../shell/LoadingBar';
import { userQuery, useCurrentUser } from './current-user';
import { queryClient } from './Providers';

const LOADS = {
  customer: () => import('../features/projects/pages/CustomerProjectsPage'),
  translator: () => import('../features/translator/pages/TranslatorProjectsPage'),
  admin: () => import('../features/admin/pages/AdminProjectsPage'),
};
const PAGES = {
  customer: lazy(LOADS.customer),
  translator: lazy(LOADS.translator),
  admin: lazy(LOADS.admin),
};

/** Which side of /my-projects an address shows to this user. */
function sideOf(pathname: string, user: UserData | null | undefined): keyof typeof LOADS {
  const segment = pathname.split('/')[2] ?? '';
  if (segment === '' && user?.type === 'admin') return 'admin';
  return segment === 'translator' || (segment !== 'customer' && user?.type === 'translator')
    ? 'translator'
    : 'customer';
}

/**
 * Starts loading the page this address will show, with this chunk (route-preload.ts): the page is
 * not discovered only after this chunk has arrived and rendered.
 */
export function preloadSide(pathname: string): Promise<unknown> {
  return PAGES[sideOf(pathname, queryClient.getQueryData(userQuery.queryKey))].preload();
}

/**
 * /my-projects and its sub-paths (spec 1 §2): /my-projects/customer/ is the customer's list,
 * /my-projects/translator (and a translator's /my-projects/{tab}) the translator's tabs; plain
 * /my-projects follows the user's type (an admin's is every project on the platform). Each side is
 * its own chunk.
 */
export default function MyProjectsRoute() {
  const { data: user } = useCurrentUser();
  const Page = PAGES[sideOf(useLocation().pathname, user)];
  return (
    <Suspense fallback={<LoadingBar />}>
      <Page />
    </Suspense>
  );
}
