import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import { LM_ACL_GROUP, LM_TILES, type LmTileKey } from '@parlance/shared';
import { lazy } from 'react';
import { Route, Routes, useParams } from 'react-router';
import { authTokenQuery } from '../../../app/auth-token';
import { useCurrentUser } from '../../../app/current-user';
import { LoadingBar } from '../../../shell/LoadingBar';
import LmDashboardPage from './LmDashboardPage';
import LmProjectsPage from './LmProjectsPage';

const NotFoundPage = lazy(() => import('../../../shell/NotFoundPage'));

/**
 * /lm_dashboard and /lm_dashboard/{type}/projects: for super-admins and the language-manager acl
 * group; other staff see the not-found page (the route table already keeps out customers and
 * translators). The server checks the same on every call.
 */
export default function LmDashboardRoute() {
  const user = useCurrentUser().data;
  const token = useQuery({ ...authTokenQuery, enabled: !!user && !user.isAdmin });
  if (!user) return null;
  if (!user.isAdmin) {
    if (token.isPending) return <LoadingBar />;
    if (!token.data?.acl_groups.includes(LM_ACL_GROUP)) return <NotFoundPage />;
  }
  return (
    <Routes>
      <Route index element={<LmDashboardPage />} />
      <Route path=":type/projects" element={<TilePage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

function TilePage() {
  const { type } = useParams();
  const tile = LM_TILES.find((t) => t.key === type);
  if (!tile) return <NotFoundPage />;
  return (
    <Box sx={{ display: 'contents' }}>
      <LmProjectsPage key={tile.key} tileKey={tile.key as LmTileKey} />
    </Box>
  );
}
