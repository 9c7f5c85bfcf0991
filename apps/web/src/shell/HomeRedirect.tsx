import { homePathFor } from '@parlance/shared';
import { Navigate } from 'react-router';
import { useCurrentUser } from '../app/current-user';

/** `/`: translators to /dashboard, other signed-in users to /cpanel, guests to /auth. */
export default function HomeRedirect() {
  const { data: user, isPending, isError } = useCurrentUser();
  // The layout shows progress while loading and a toast on failure.
  if (isPending || isError) return null;
  return <Navigate to={homePathFor(user?.type ?? null)} replace />;
}
