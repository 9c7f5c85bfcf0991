import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  DEMO_PROJECT_TEXTS,
  PATHS,
  PROJECT_LIMITS,
  PROJECT_SORT_FIELDS,
  PROJECT_STATUS_FILTERS,
  PROJECT_TEXTS,
  type ProjectList,
  type ProjectRow,
  type ProjectStatusFilter,
} from '@parlance/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { lazy } from '../../../ui/lazy';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../../app/current-user';
import { useRealtime } from '../../../app/realtime';
import { AppLink } from '../../../ui/AppLink';
import { TextLink } from '../../../ui/TextLink';
import { formatCredits } from '../../../ui/money';
import { PageContainer } from '../../../ui/PageContainer';
import { type ListQuery, useBalance, useCustomerProjects } from '../api';
import { CustomerProjectsTable, type SortField } from '../components/CustomerProjectsTable';
import type { RowAction } from '../components/row-action';
import { type Filters, hasFilters, NO_FILTERS, ProjectFilters } from '../components/ProjectFilters';
import { projectKeys } from '../keys';
import { OnDemand } from '../../../ui/OnDemand';
import { TablePager } from '../../../ui/TablePager';

// The dialogs load when first opened (not part of the list's first load).
const BulkMessageDialog = lazy(() =>
  import('../components/BulkMessageDialog').then((m) => ({ default: m.BulkMessageDialog })),
);
const CancelProjectsDialog = lazy(() =>
  import('../components/CancelProjectsDialog').then((m) => ({ default: m.CancelProjectsDialog })),
);
const DownloadDialog = lazy(() => import('../components/DownloadDialog').then((m) => ({ default: m.DownloadDialog })));
const RatingDialog = lazy(() => import('../components/RatingDialog').then((m) => ({ default: m.RatingDialog })));
const TagsDialog = lazy(() => import('../components/TagsDialog').then((m) => ({ default: m.TagsDialog })));

// The customer's My Projects (spec 1 §2, §5, §8): /my-projects, /my-projects/customer/ and
// /my-projects/{status}. Filters, paging and sorting live in the address, so a reload keeps them.

const PER_PAGE = PROJECT_LIMITS.rowsPerPageOptions;

/** /my-projects/in-progress, /my-projects/pending ...: a status filter named by the path. */
function statusOfSegment(segment: string | undefined): ProjectStatusFilter | null {
  const s = (segment ?? '').toUpperCase().replaceAll('-', '_');
  return (PROJECT_STATUS_FILTERS as readonly string[]).includes(s) ? (s as ProjectStatusFilter) : null;
}

function readStatus(v: string | null): ProjectStatusFilter | null {
  return v && (PROJECT_STATUS_FILTERS as readonly string[]).includes(v) ? (v as ProjectStatusFilter) : null;
}

interface View {
  filters: Filters;
  page: number;
  perPage: number;
  sort: SortField;
  order: 'asc' | 'desc';
}

function readView(params: URLSearchParams, segment: string | undefined): View {
  const perPage = Number(params.get('perPage'));
  const sort = params.get('sort') as SortField | null;
  return {
    filters: {
      id: (params.get('id') ?? '').replace(/\D/g, ''),
      status: readStatus(params.get('status')) ?? statusOfSegment(segment) ?? 'ALL',
      tag: params.get('tag') ?? '',
      sourceLanguage: params.get('sourceLanguage') ?? '',
      targetLanguage: params.get('targetLanguage') ?? '',
      expertise: params.get('expertise') ?? '',
    },
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
    perPage: (PER_PAGE as readonly number[]).includes(perPage) ? perPage : PER_PAGE[0],
    sort: sort && PROJECT_SORT_FIELDS.includes(sort) ? sort : 'id',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
  };
}

function writeView(v: View): URLSearchParams {
  const p = new URLSearchParams();
  const f = v.filters;
  if (f.id) p.set('id', f.id);
  if (f.status !== 'ALL') p.set('status', f.status);
  if (f.tag) p.set('tag', f.tag);
  if (f.sourceLanguage) p.set('sourceLanguage', f.sourceLanguage);
  if (f.targetLanguage) p.set('targetLanguage', f.targetLanguage);
  if (f.expertise) p.set('expertise', f.expertise);
  if (v.page > 1) p.set('page', String(v.page));
  if (v.perPage !== PER_PAGE[0]) p.set('perPage', String(v.perPage));
  if (v.sort !== 'id') p.set('sort', v.sort);
  if (v.order !== 'desc') p.set('order', v.order);
  return p;
}

function toQuery(v: View): ListQuery {
  const f = v.filters;
  return {
    page: v.page,
    perPage: v.perPage,
    sort: v.sort,
    order: v.order,
    id: f.id ? Number(f.id) : undefined,
    status: f.status,
    tag: f.tag || undefined,
    sourceLanguage: f.sourceLanguage || undefined,
    targetLanguage: f.targetLanguage || undefined,
    expertise: f.expertise || undefined,
  };
}

export default function CustomerProjectsPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  // the status is the last part of the path: /my-projects/ready and /my-projects/customer/ready
  const segment = location.pathname.split('/').filter(Boolean).at(-1);
  const view = useMemo(() => readView(params, segment), [params, segment]);
  const list = useCustomerProjects(toQuery(view));
  const { data: user } = useCurrentUser();
  const balance = useBalance(user?.type === 'customer');
  const client = useQueryClient();
  // a project that changes status elsewhere (taken, delivered) shows here without a reload
  useRealtime((event) => {
    if (event.type === 'project.updated') void client.invalidateQueries({ queryKey: projectKeys.customerLists() });
  });

  const [selected, setSelected] = useState<Map<number, ProjectRow>>(new Map());
  const [tagsFor, setTagsFor] = useState<ProjectRow | null>(null);
  const [rateFor, setRateFor] = useState<ProjectRow | null>(null);
  const [downloadOf, setDownloadOf] = useState<ProjectRow[] | null>(null);
  const [cancelOf, setCancelOf] = useState<ProjectRow[] | null>(null);
  const [messaging, setMessaging] = useState(false);

  const go = useCallback(
    (next: View) => {
      // a status named by the path moves into the query once the filters change
      const path = statusOfSegment(segment) ? '/my-projects/customer/' : location.pathname;
      const qs = writeView(next).toString();
      navigate(`${path}${qs ? `?${qs}` : ''}`, { replace: true });
    },
    [navigate, segment, location.pathname],
  );
  const setFilters = useCallback(
    (filters: Filters) => {
      setSelected(new Map());
      go({ ...view, filters, page: 1 });
    },
    [go, view],
  );

  // Stable handlers: the table is memoized, so a change elsewhere on the page (the balance, the
  // cart count, a dialog) does not draw every row again.
  const select = useCallback((rows: ProjectRow[], on: boolean) => {
    setSelected((prev) => {
      const next = new Map(prev);
      for (const r of rows) {
        if (on) next.set(r.id, r);
        else next.delete(r.id);
      }
      return next;
    });
  }, []);

  const onAction = useCallback((action: RowAction, row: ProjectRow) => {
    if (action === 'tags') setTagsFor(row);
    if (action === 'rate') setRateFor(row);
    if (action === 'download') setDownloadOf([row]);
    if (action === 'cancel') setCancelOf([row]);
  }, []);

  const onSort = useCallback(
    (field: SortField) =>
      go({
        ...view,
        page: 1,
        sort: field,
        order: view.sort === field && view.order === 'desc' ? 'asc' : 'desc',
      }),
    [go, view],
  );

  // a failed call is silent (spec 1 §8): the last answer stays on screen, the loading bar stops
  const lastAnswer = useRef<ProjectList | undefined>(undefined);
  if (list.data) lastAnswer.current = list.data;
  // The rows render in a deferred pass, which React slices into short tasks: the answer's arrival
  // does not block the page for the whole table's rendering. Until then the skeleton stays.
  const shown = useDeferredValue(list.data ?? lastAnswer.current);
  const rendering = !shown && list.data !== undefined;
  const rows = shown?.data ?? [];
  const total = shown?.totalCount ?? 0;
  const picked = [...selected.values()];
  const filtered = hasFilters(view.filters);

  return (
    <PageContainer
      title="My projects"
      subtitle={
        // the line is there from the start (the list below does not move when the balance arrives)
        balance.data !== undefined ? (
          <>
            Credit balance: <strong data-testid="credit-balance">{formatCredits(balance.data)}</strong>
          </>
        ) : balance.isError || user?.type !== 'customer' ? undefined : (
          <Skeleton variant="text" width={180} aria-label="Loading the credit balance" />
        )
      }
    >
      <ProjectFilters value={view.filters} onChange={setFilters} />
      <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
        {!(shown && rows.length === 0 && picked.length === 0) && (
          <BulkBar
            count={picked.length}
            onMessage={() => setMessaging(true)}
            onDownload={() => setDownloadOf(picked)}
            onCancel={() => setCancelOf(picked)}
            onClear={() => setSelected(new Map())}
          />
        )}
        {list.isFetching && !list.isPending && (
          <LinearProgress aria-label="Loading projects" sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
        )}
        {(list.isPending || rendering) && !shown ? (
          <Box role="status" aria-busy="true" aria-label="Loading projects" sx={{ p: 2 }}>
            {[0, 1, 2, 3, 4].map((n) => (
              <Skeleton key={n} height={44} />
            ))}
          </Box>
        ) : rows.length === 0 && shown ? (
          <EmptyState filtered={filtered} onClear={() => setFilters(NO_FILTERS)} />
        ) : (
          <>
            <CustomerProjectsTable
              rows={rows}
              sort={view.sort}
              order={view.order}
              onSort={onSort}
              selected={selected}
              onSelect={select}
              onAction={onAction}
            />
            <TablePager
              component="div"
              count={shown?.totalCountIsLowerBound ? -1 : total}
              labelDisplayedRows={({ from, to }) =>
                `${from}–${to} of ${shown?.totalCountIsLowerBound ? `more than ${total.toLocaleString('en-US')}` : total}`
              }
              page={Math.min(view.page - 1, Math.max(0, Math.ceil(total / view.perPage) - 1))}
              rowsPerPage={view.perPage}
              rowsPerPageOptions={[...PER_PAGE]}
              onPageChange={(_e, p) => go({ ...view, page: p + 1 })}
              onRowsPerPageChange={(e) => go({ ...view, page: 1, perPage: Number(e.target.value) })}
            />
          </>
        )}
      </Paper>

      <OnDemand when={tagsFor !== null}>
        <TagsDialog project={tagsFor} onClose={() => setTagsFor(null)} />
      </OnDemand>
      <OnDemand when={rateFor !== null}>
        <RatingDialog project={rateFor} onClose={() => setRateFor(null)} />
      </OnDemand>
      <OnDemand when={downloadOf !== null}>
        <DownloadDialog projects={downloadOf} onClose={() => setDownloadOf(null)} />
      </OnDemand>
      <OnDemand when={messaging}>
        <BulkMessageDialog
          open={messaging}
          projectIds={picked.map((p) => p.id)}
          onClose={() => setMessaging(false)}
          onSent={() => {
            setMessaging(false);
            setSelected(new Map());
          }}
        />
      </OnDemand>
      <OnDemand when={cancelOf !== null}>
        <CancelProjectsDialog
          projects={cancelOf}
          onClose={() => setCancelOf(null)}
          onDone={() => {
            setCancelOf(null);
            setSelected(new Map());
          }}
        />
      </OnDemand>
    </PageContainer>
  );
}

interface BulkBarProps {
  count: number;
  onMessage: () => void;
  onDownload: () => void;
  onCancel: () => void;
  onClear: () => void;
}

/** The actions on the selected rows. */
function BulkBar({ count, onMessage, onDownload, onCancel, onClear }: BulkBarProps) {
  return (
    <Box
      role="toolbar"
      aria-label="Selected projects"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        px: 2,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: count ? 'action.selected' : 'transparent',
      }}
    >
      <Typography variant="body2" sx={{ mr: 'auto', color: count ? 'text.primary' : 'text.secondary' }}>
        {count ? `${count} selected` : 'Select projects to message their translators, download or cancel them'}
      </Typography>
      <Button size="small" onClick={onMessage} disabled={!count}>
        Message translators
      </Button>
      <Button size="small" onClick={onDownload} disabled={!count}>
        Download
      </Button>
      <Button size="small" color="error" onClick={onCancel} disabled={!count}>
        Cancel projects
      </Button>
      {count > 0 && (
        <Button size="small" color="inherit" onClick={onClear}>
          Clear selection
        </Button>
      )}
    </Box>
  );
}

function EmptyState({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <Typography variant="h6" component="p" sx={{ mb: 2 }}>
        {filtered ? PROJECT_TEXTS.noProjectsMatchFilters : PROJECT_TEXTS.nothingFound}
      </Typography>
      {filtered ? (
        <Button variant="outlined" onClick={onClear}>
          Clear filters
        </Button>
      ) : (
        <>
          <Button variant="contained" component={AppLink} href="/wizard">
            Translate now
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            Not sure how it works? <TextLink href={PATHS.projectDemo}>{DEMO_PROJECT_TEXTS.linkText}</TextLink>
          </Typography>
        </>
      )}
    </Box>
  );
}
