import Box from '@mui/material/Box';
import { LM_TILES, type LmTileKey } from '@parlance/shared';
import { lazy } from '../../../ui/lazy';
import { Route, Routes, useParams } from 'react-router';
import LmDashboardPage from './LmDashboardPage';
import LmProjectsPage from './LmProjectsPage';

const NotFoundPage = lazy(() => import('../../../shell/NotFoundPage'));

/**
 * /lm_dashboard and /lm_dashboard/{type}/projects: for staff holding languages.write (the route
 * table's guard shows everyone else the not-found page; the server checks it on every call).
 */
export default function LmDashboardRoute() {
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
