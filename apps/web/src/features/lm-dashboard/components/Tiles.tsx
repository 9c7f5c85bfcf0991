import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { LM_TEXTS, LM_TILES, type LmTile } from '@parlance/shared';
import { type ReactNode, Suspense, useEffect } from 'react';
import { lazy } from '../../../ui/lazy';
import { Link } from 'react-router';
import { type DashboardFilters, useAvailable, useTile } from '../api';

// The bars (recharts, 110 kB gzipped) are not part of the page's first load: their code
// is fetched when the tiles mount, beside the tiles' data, and drawn into the space kept for them.
const loadPairBars = () => import('./PairBars');
const PairBars = lazy(loadPairBars);

type TileDef = (typeof LM_TILES)[number];

const GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
} as const;

/** Every tile of the main screen (spec 3 section 2). */
export function Tiles({ filters, search }: { filters: DashboardFilters; search: string }) {
  useEffect(() => {
    loadPairBars();
  }, []);
  return (
    <Box sx={GRID}>
      {LM_TILES.map((tile) => (
        <ProjectTile key={tile.key} tile={tile} filters={filters} search={search} />
      ))}
      <AvailableTiles filters={filters} />
    </Box>
  );
}

function ProjectTile({ tile, filters, search }: { tile: TileDef; filters: DashboardFilters; search: string }) {
  const query = useTile(tile.call, filters);
  const to = `/lm_dashboard/${tile.key}/projects${search ? `?${search}` : ''}`;
  return (
    <Card variant="outlined" sx={{ display: 'flex' }}>
      <CardActionArea component={Link} to={to} sx={{ p: 2, display: 'block', alignSelf: 'stretch' }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {tile.title}
        </Typography>
        {query.isPending ? (
          <Skeleton variant="rounded" height={56} aria-label="Loading" />
        ) : query.isError ? (
          <Alert severity="error" variant="outlined">
            {query.error.message}
          </Alert>
        ) : (
          <TileBody tile={tile} data={query.data} />
        )}
      </CardActionArea>
    </Card>
  );
}

function TileBody({ tile, data }: { tile: TileDef; data: LmTile }) {
  const sub: string[] = [];
  if (tile.key === 'waiting' || tile.key === 'delayed_projects') {
    sub.push(`${LM_TEXTS.myTeam}: ${data.myTeam}`, `${LM_TEXTS.editing}: ${data.editing}`);
  }
  if (tile.key === 'low_quality') sub.push(LM_TEXTS.last7Days);
  if (tile.key === 'low_qa' || tile.key === 'low_ll') sub.push(LM_TEXTS.outOf1000);
  const withChart = tile.key === 'inprogress' || tile.key === 'waiting' || tile.key === 'delayed_projects';
  return (
    <>
      <Figure value={data.total} label={withChart ? LM_TEXTS.total : undefined} />
      {sub.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {sub.join(' · ')}
        </Typography>
      )}
      {withChart && <PairChart bars={data.chart} />}
    </>
  );
}

function PairChart({ bars }: { bars: LmTile['chart'] }) {
  if (bars.length === 0) return null;
  return (
    <Box
      sx={{ height: 8 + bars.length * 26, mt: 1.5 }}
      role="img"
      aria-label={`By language pair: ${bars.map((b) => `${b.label} ${b.count}`).join(', ')}`}
    >
      <Suspense fallback={null}>
        <PairBars bars={bars} />
      </Suspense>
    </Box>
  );
}

function AvailableTiles({ filters }: { filters: DashboardFilters }) {
  const query = useAvailable(filters);
  const body = (render: (d: NonNullable<typeof query.data>) => ReactNode) =>
    query.isPending ? (
      <Skeleton variant="rounded" height={56} aria-label="Loading" />
    ) : query.isError ? (
      <Alert severity="error" variant="outlined">
        {query.error.message}
      </Alert>
    ) : (
      render(query.data)
    );
  return (
    <>
      <Frame title={LM_TEXTS.availableTranslators}>
        {body((d) => (
          <>
            <Figure value={d.total} />
            <Typography variant="body2" color="text.secondary">
              {d.editors} {d.editors === 1 ? 'editor' : 'editors'} ·{' '}
              {LM_TEXTS.availableOutOf(d.allTranslators, d.topReviewers, d.onVacation)}
            </Typography>
          </>
        ))}
      </Frame>
      <Frame title={LM_TEXTS.waitingPilot}>
        {body((d) => (
          <Figure value={d.waitingPilot} />
        ))}
      </Frame>
      <Frame title={LM_TEXTS.llWaiting}>
        {body((d) => (
          <Figure value={d.llWaiting} />
        ))}
      </Frame>
      <Frame title={LM_TEXTS.llDone}>
        {body((d) => (
          <Figure value={d.llDone} label={LM_TEXTS.llDoneRange} />
        ))}
      </Frame>
    </>
  );
}

/** A tile that does not open a table. */
function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ p: 2, bgcolor: 'action.hover' }}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Card>
  );
}

function Figure({ value, label }: { value: number; label?: string }) {
  return (
    <Typography sx={{ fontSize: 34, fontWeight: 700, lineHeight: 1.2 }}>
      {value.toLocaleString('en-US')}
      {label && (
        <Typography component="span" color="text.secondary" sx={{ fontSize: 14, fontWeight: 400, ml: 1 }}>
          {label}
        </Typography>
      )}
    </Typography>
  );
}
