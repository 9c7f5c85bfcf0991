import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useQuery } from '@tanstack/react-query';
import {
  formatDuration,
  LM_LIMITS,
  LM_LIST_TYPES,
  LM_TEXTS,
  LM_TILE_LIST_PARAMS,
  LM_TILES,
  type LmTileKey,
} from '@parlance/shared';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { expertisesQuery } from '../../../app/reference-data';
import { ProjectBadges } from '../../../ui/ProjectBadges';
import { type ListParams, useProjectList } from '../api';
import { DateFilterButton } from '../components/DateFilterButton';
import { LanguageName } from '../components/LanguageName';
import { Pager } from '../components/Pager';
import { useFilterState } from '../filters';

type Sort = ListParams['sort'];
const SORTS: readonly Sort[] = ['id', 'word_count', 'expertise', 'date_submition'];
const TYPE_LABELS: Record<ListParams['type'], string> = {
  editing: 'Editing',
  myteam: 'MyTeam',
  translation: 'Translation',
  all: 'All',
};

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric' });

/** The projects behind one tile (spec 3 section 2, "Language-manager project table"). */
export default function LmProjectsPage({ tileKey }: { tileKey: LmTileKey }) {
  const tile = LM_TILES.find((t) => t.key === tileKey) ?? LM_TILES[0];
  const { state, update, filters } = useFilterState();
  const [search, setSearch] = useSearchParams();
  const expertises = useQuery(expertisesQuery).data ?? [];

  const type = (LM_LIST_TYPES as readonly string[]).includes(search.get('type') ?? '')
    ? (search.get('type') as ListParams['type'])
    : 'all';
  const sort = SORTS.includes(search.get('sort') as Sort) ? (search.get('sort') as Sort) : 'date_submition';
  const order = search.get('order') === 'asc' ? 'asc' : 'desc';
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const list = useProjectList(filters, { tileParams: LM_TILE_LIST_PARAMS[tile.key], type, sort, order, page });

  const set = (changes: Record<string, string>) => {
    const q = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) v ? q.set(k, v) : q.delete(k);
    setSearch(q, { replace: changes.page === undefined });
  };
  const sortBy = (column: Sort) =>
    set({ sort: column, order: sort === column && order === 'asc' ? 'desc' : 'asc', page: '' });
  const sortable = (column: Sort, label: string) => (
    <TableSortLabel active={sort === column} direction={sort === column ? order : 'asc'} onClick={() => sortBy(column)}>
      {label}
    </TableSortLabel>
  );
  const expertiseName = (slug: string | null) => (slug ? (expertises.find((e) => e.slug === slug)?.name ?? slug) : '—');
  const dashboardSearch = new URLSearchParams(search);
  for (const k of ['type', 'sort', 'order', 'page']) dashboardSearch.delete(k);
  const back = `/lm_dashboard${dashboardSearch.size ? `?${dashboardSearch}` : ''}`;

  return (
    <Box sx={{ width: '100%', maxWidth: 1200, mx: 'auto', px: { xs: 2, sm: 3, md: 4 }, py: { xs: 3, md: 4 } }}>
      <Button component={RouterLink} to={back} startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
        {LM_TEXTS.title}
      </Button>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700, fontSize: { xs: 24, md: 30 }, mb: 2 }}>
        {tile.title}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={type}
          aria-label="Project type"
          onChange={(_, value: ListParams['type'] | null) =>
            value && set({ type: value === 'all' ? '' : value, page: '' })
          }
          sx={{ flexWrap: 'wrap' }}
        >
          {(['editing', 'myteam', 'translation', 'all'] as const).map((t) => (
            <ToggleButton key={t} value={t} sx={{ textTransform: 'none', px: 2 }}>
              {TYPE_LABELS[t]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <DateFilterButton key={state.date.preset} value={state.date} onChange={(date) => update({ date })} />
        {list.data && (
          <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' } }} aria-live="polite">
            {list.data.totalCount.toLocaleString('en-US')} {list.data.totalCount === 1 ? 'project' : 'projects'}
          </Typography>
        )}
      </Box>
      {list.isPending ? (
        <Skeleton variant="rounded" height={320} aria-label="Loading" />
      ) : list.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => list.refetch()}>
              Try again
            </Button>
          }
        >
          {list.error.message}
        </Alert>
      ) : list.data.data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
          <Typography color="text.secondary">{LM_TEXTS.empty}</Typography>
        </Paper>
      ) : (
        <Paper variant="outlined" sx={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          <TableContainer tabIndex={0} role="region" aria-label={`${tile.title}, scrollable`}>
            <Table size="small" aria-label={tile.title} sx={{ '& th, & td': { px: 1 } }}>
              <TableHead>
                <TableRow>
                  <TableCell sortDirection={sort === 'id' ? order : false}>{sortable('id', 'ID')}</TableCell>
                  <TableCell>Source Language</TableCell>
                  <TableCell>Target Language</TableCell>
                  <TableCell align="right" sortDirection={sort === 'word_count' ? order : false}>
                    {sortable('word_count', 'Word Count')}
                  </TableCell>
                  <TableCell sortDirection={sort === 'expertise' ? order : false}>
                    {sortable('expertise', 'Expertise')}
                  </TableCell>
                  <TableCell sortDirection={sort === 'date_submition' ? order : false}>
                    {sortable('date_submition', 'Date of submition')}
                  </TableCell>
                  <TableCell align="right" title="Days:hours:minutes since the project was submitted">
                    Age (d:h:m)
                  </TableCell>
                  <TableCell>Allocated translators</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.data.map((p) => (
                  <TableRow key={p.id} hover>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <Link href={`/project/${p.id}`} target="_blank" rel="noopener" sx={{ mr: 0.75 }}>
                        {p.id}
                      </Link>
                      <ProjectBadges badges={p.badges} />
                    </TableCell>
                    <TableCell>
                      <LanguageName language={p.source_language} />
                    </TableCell>
                    <TableCell>
                      <LanguageName language={p.target_language} />
                    </TableCell>
                    <TableCell align="right">{p.word_count.toLocaleString('en-US')}</TableCell>
                    <TableCell>{expertiseName(p.expertise)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateText(p.date_submition)}</TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatDuration(Date.now() - new Date(p.date_submition).getTime(), 'dhm')}
                    </TableCell>
                    <TableCell sx={{ minWidth: 120, overflowWrap: 'anywhere' }}>
                      {p.allocation.length === 0
                        ? '—'
                        : p.allocation.map((a) => `${a.name}${a.role === 'editor' ? ' (editor)' : ''}`).join(', ')}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Pager
            page={page}
            totalCount={list.data.totalCount}
            pageSize={LM_LIMITS.pageSize}
            onPage={(n) => set({ page: n === 1 ? '' : String(n) })}
          />
        </Paper>
      )}
    </Box>
  );
}
