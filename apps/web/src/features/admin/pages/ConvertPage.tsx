import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { Field } from '../../../ui/Field';
import { SelectField } from '../../../ui/SelectField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  CONVERT_ALL_CAP,
  CONVERT_BULK_STATUSES,
  CONVERT_PER_PAGE_OPTIONS,
  CONVERT_NEEDS_ACTION,
  CONVERT_NEEDS_ACTION_LABEL,
  CONVERT_TEXTS,
  type ConvertBulkStatus,
  type ConvertPerPage,
  type ConvertRow,
  type ConvertSort,
  PAYOUT_AMOUNT_LABELS,
  PAYOUT_METHOD_LABELS,
  PAYOUT_METHODS,
  PAYOUT_STATUS_LABELS,
  PAYOUT_STATUSES,
} from '@parlance/shared';
import { Fragment, Suspense, useMemo, useState } from 'react';
import { lazy } from '../../../ui/lazy';
import { messageOf } from '../../../app/http';
import { formatDate, formatDateTime } from '../../../ui/format';
import { PayoutStatusChip } from '../../../ui/PayoutStatusChip';
import { toast } from '../../../ui/toast';
import { usePermission } from '../../../app/current-user';
import { AdminPageLayout } from '../components/AdminPageLayout';
import { EmptyState } from '../../../ui/EmptyState';
import { PayeesWaiting } from '../components/PayeesWaiting';
import {
  type ConvertFilter,
  convertCsvUrl,
  defaultConvertFilter,
  BANK_FILE_URL,
  useConvertRequests,
  useUpdateConversion,
} from '../convert-api';
import { useDebouncedValue } from '../../../ui/use-debounced-value';
import { useSingleFlight } from '../../../ui/use-single-flight';
import { startDownload } from '../../../ui/download';
import { PayoutRailsNote } from '../../../ui/PayoutRailsNote';
import { QueryState } from '../../../ui/QueryState';
import { formatUsdAmount } from '../../../ui/money';
import { TablePager } from '../../../ui/TablePager';

// The payout confirmation (and MUI's dialog with it) loads when first opened, not with the page.
const PayoutDialog = lazy(() => import('../components/PayoutDialog').then((m) => ({ default: m.PayoutDialog })));

// /convert: every translator's payout (convert) request. Finance staff select rows and set a status
// in bulk, or pay the pending ones out (sent to the payout provider) after typing "payout"; the
// table downloads as CSV for the chosen time range. Other staff read it.

const BULK_LABELS: Record<ConvertBulkStatus, string> = {
  rejected: 'Rejected (credits return)',
  on_hold: 'On hold',
  paid: 'Paid (settled by hand)',
  failed: 'Failed (credits return)',
};

const ALL_VISIBLE = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;
const SHRINK = { inputLabel: { shrink: true } } as const;

export default function ConvertPage() {
  const [filter, setFilter] = useState<ConvertFilter>(() => defaultConvertFilter());
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, 400);
  const effective = useMemo(() => ({ ...filter, search }), [filter, search]);
  const requests = useConvertRequests(effective);
  const canWrite = usePermission('payouts.write');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [bulkStatus, setBulkStatus] = useState<ConvertBulkStatus | ''>('');
  const [paying, setPaying] = useState(false);
  const update = useUpdateConversion();
  const once = useSingleFlight();

  const rows = requests.data?.data ?? null;
  const selectedRows = (rows ?? []).filter((r) => selected.has(r.action_id));

  function change(next: Partial<ConvertFilter>) {
    setFilter((f) => ({ ...f, ...next, page: next.page ?? 1 }));
    setSelected(new Set());
  }

  function sortBy(sort: ConvertSort) {
    change({ sort, order: filter.sort === sort && filter.order === 'desc' ? 'asc' : 'desc' });
  }

  function needSelection(): boolean {
    if (selected.size > 0) return true;
    toast(CONVERT_TEXTS.selectOne, { variant: 'warning' });
    return false;
  }

  function applyStatus() {
    if (!needSelection()) return;
    if (!bulkStatus) {
      toast('Choose the status to set', { variant: 'warning' });
      return;
    }
    const status = bulkStatus;
    once(async () => {
      try {
        const result = await update.mutateAsync({ req: [...selected], status });
        const moved = result.updated.length;
        toast(
          `${moved} request${moved === 1 ? '' : 's'} set to ${PAYOUT_STATUS_LABELS[status].toLowerCase()}` +
            (result.skipped.length ? `; ${result.skipped.length} not changed: ${result.skipped[0].reason}` : '.'),
          { variant: result.skipped.length ? 'warning' : 'success' },
        );
        setSelected(new Set());
      } catch (err) {
        toast(messageOf(err), { variant: 'error' });
      }
    });
  }

  function downloadCsv() {
    const url = convertCsvUrl(effective);
    if (!url) {
      toast(CONVERT_TEXTS.rangeFirst, { variant: 'warning' });
      return;
    }
    startDownload(url);
  }

  const perPage = filter.perPage === 'all' ? CONVERT_ALL_CAP : Number(filter.perPage);

  return (
    <AdminPageLayout>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 600, mb: 0.5 }}>
        Payout requests
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Translators convert their available credits into money here. Pay out the pending ones to send them on: PayPal
        payouts settle as paid, held or failed by themselves; bank wires go into the bank file, and you mark them paid
        once the bank has sent them.
      </Typography>
      <PayoutRailsNote rails={requests.data?.rails} title="How each method is paid" />

      <PayeesWaiting canWrite={canWrite} />

      <Box
        component="form"
        aria-label="Filter payout requests"
        onSubmit={(e) => e.preventDefault()}
        sx={{
          display: 'grid',
          gap: 2,
          mb: 2,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, minmax(0, 1fr))' },
        }}
      >
        <SelectField
          size="small"
          label="Status"
          value={filter.status}
          onChange={(e) => change({ status: e.target.value as ConvertFilter['status'] })}
          slotProps={ALL_VISIBLE}
        >
          <option value={CONVERT_NEEDS_ACTION}>{CONVERT_NEEDS_ACTION_LABEL}</option>
          <option value="">All statuses</option>
          {PAYOUT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {PAYOUT_STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <SelectField
          size="small"
          label="Method"
          value={filter.method}
          onChange={(e) => change({ method: e.target.value as ConvertFilter['method'] })}
          slotProps={ALL_VISIBLE}
        >
          <option value="">All methods</option>
          {PAYOUT_METHODS.map((m) => (
            <option key={m} value={m}>
              {PAYOUT_METHOD_LABELS[m]}
            </option>
          ))}
        </SelectField>
        <Field
          size="small"
          type="date"
          label="Target from"
          value={filter.from}
          onChange={(e) => change({ from: e.target.value })}
          slotProps={SHRINK}
        />
        <Field
          size="small"
          type="date"
          label="Target to"
          value={filter.to}
          onChange={(e) => change({ to: e.target.value })}
          slotProps={SHRINK}
        />
        <Field
          size="small"
          label="E-mail or translator id"
          value={searchText}
          onChange={(e) => {
            setSearchText(e.target.value);
            change({});
          }}
          sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
        />
      </Box>

      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 1.5, mb: 2, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
        aria-label="Selected requests"
      >
        <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 90 }} aria-live="polite">
          {selected.size} selected
        </Typography>
        {canWrite && (
          <>
            <SelectField
              size="small"
              label="Set status"
              value={bulkStatus}
              onChange={(e) => setBulkStatus(e.target.value as ConvertBulkStatus)}
              sx={{ minWidth: 220 }}
              slotProps={ALL_VISIBLE}
            >
              <option value="" disabled>
                Choose a status
              </option>
              {CONVERT_BULK_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {BULK_LABELS[s]}
                </option>
              ))}
            </SelectField>
            <Button variant="outlined" onClick={applyStatus} loading={update.isPending}>
              Update status
            </Button>
            <Button
              variant="contained"
              startIcon={<PaymentsOutlined />}
              onClick={() => needSelection() && setPaying(true)}
            >
              Pay out
            </Button>
          </>
        )}
        <Box sx={{ flexGrow: 1, display: { xs: 'none', sm: 'block' } }} />
        <Button startIcon={<DownloadOutlined />} onClick={downloadCsv}>
          Download CSV
        </Button>
        <Button startIcon={<DownloadOutlined />} onClick={() => startDownload(BANK_FILE_URL)}>
          Bank file
        </Button>
      </Stack>

      <QueryState
        query={requests}
        isEmpty={(d) => d.totalCount === 0}
        empty={
          <EmptyState
            icon={<PaymentsOutlined sx={{ fontSize: 40, color: 'action.active' }} />}
            title="No payout requests match these filters"
            hint="Widen the target-date range, or choose another status or method."
          />
        }
      >
        {(data) => (
          <>
            <ConvertTable
              rows={rows}
              filter={filter}
              onSort={sortBy}
              selected={selected}
              onSelect={setSelected}
              selectable={canWrite}
            />
            <TablePager
              component="div"
              count={data?.totalCount ?? 0}
              page={filter.page - 1}
              onPageChange={(_, next) => change({ page: next + 1 })}
              rowsPerPage={perPage}
              rowsPerPageOptions={CONVERT_PER_PAGE_OPTIONS.map((o) =>
                o === 'all' ? { label: 'All', value: CONVERT_ALL_CAP } : { label: o, value: Number(o) },
              )}
              onRowsPerPageChange={(e) => {
                const value = Number(e.target.value);
                change({ perPage: (value === CONVERT_ALL_CAP ? 'all' : String(value)) as ConvertPerPage });
              }}
              labelRowsPerPage="Rows per page"
            />
          </>
        )}
      </QueryState>
      {paying && (
        <Suspense fallback={null}>
          <PayoutDialog
            open={paying}
            rows={selectedRows}
            onClose={() => setPaying(false)}
            onDone={() => {
              setPaying(false);
              setSelected(new Set());
            }}
          />
        </Suspense>
      )}
    </AdminPageLayout>
  );
}

function ConvertTable({
  rows,
  filter,
  onSort,
  selected,
  onSelect,
  selectable,
}: {
  rows: ConvertRow[] | null;
  filter: ConvertFilter;
  onSort: (s: ConvertSort) => void;
  selected: Set<number>;
  onSelect: (s: Set<number>) => void;
  selectable: boolean;
}) {
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('lg'));
  const [open, setOpen] = useState<number | null>(null);
  const columns = (compact ? 2 : 6) + (selectable ? 1 : 0);
  const allOnPage = rows !== null && rows.length > 0 && rows.every((r) => selected.has(r.action_id));

  function toggle(id: number) {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  }

  const sortable = (sort: ConvertSort, label: string) => (
    <TableSortLabel
      active={filter.sort === sort}
      direction={filter.sort === sort ? filter.order : 'desc'}
      onClick={() => onSort(sort)}
    >
      {label}
    </TableSortLabel>
  );

  return (
    <Table size="small" aria-label="Payout requests" aria-busy={rows === null} sx={{ tableLayout: 'fixed' }}>
      <TableHead>
        <TableRow>
          {selectable && (
            <TableCell padding="checkbox" sx={{ width: 48 }}>
              <Checkbox
                checked={allOnPage}
                indeterminate={!allOnPage && selected.size > 0}
                onChange={() => onSelect(allOnPage ? new Set() : new Set((rows ?? []).map((r) => r.action_id)))}
                slotProps={{ input: { 'aria-label': 'Select every request on this page' } }}
              />
            </TableCell>
          )}
          {compact ? (
            <TableCell>{sortable('request_date', 'Request')}</TableCell>
          ) : (
            <>
              <TableCell sx={{ width: 120 }}>{sortable('request_date', 'Requested')}</TableCell>
              <TableCell>{sortable('user_email', 'Translator')}</TableCell>
              <TableCell sx={{ width: 170 }} align="right">
                {sortable('convert_amount', PAYOUT_AMOUNT_LABELS.net)}
              </TableCell>
              <TableCell sx={{ width: 120 }}>{sortable('target_date', 'Target')}</TableCell>
              <TableCell sx={{ width: 140 }}>{sortable('status', 'Status')}</TableCell>
            </>
          )}
          <TableCell sx={{ width: 52 }}>
            <Box component="span" sx={visuallyHidden}>
              History
            </Box>
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows === null
          ? [0, 1, 2, 3, 4].map((i) => (
              <TableRow key={i}>
                <TableCell colSpan={columns}>
                  <Skeleton height={24} />
                </TableCell>
              </TableRow>
            ))
          : rows.map((r) => (
              <Fragment key={r.action_id}>
                <TableRow data-testid={`convert-${r.action_id}`} selected={selected.has(r.action_id)} hover>
                  {selectable && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected.has(r.action_id)}
                        onChange={() => toggle(r.action_id)}
                        slotProps={{ input: { 'aria-label': `Select request #${r.action_id} of ${r.user_name}` } }}
                      />
                    </TableCell>
                  )}
                  {compact ? (
                    <TableCell>
                      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
                        <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 0 }} noWrap title={r.user_email}>
                          #{r.action_id} · {r.user_name}
                        </Typography>
                        <PayoutStatusChip status={r.status} />
                      </Stack>
                      <Typography variant="body2">
                        {PAYOUT_AMOUNT_LABELS.net} {formatUsdAmount(r.convert_amount)} by{' '}
                        {PAYOUT_METHOD_LABELS[r.method]}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" component="div">
                        {PAYOUT_AMOUNT_LABELS.gross.toLowerCase()} {formatUsdAmount(r.total)} ·{' '}
                        {PAYOUT_AMOUNT_LABELS.fee.toLowerCase()} {formatUsdAmount(r.fee_amount)}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        Requested {formatDate(r.request_date)} · target {formatDate(r.target_date)}
                      </Typography>
                    </TableCell>
                  ) : (
                    <>
                      <TableCell>
                        <Typography variant="body2">#{r.action_id}</Typography>
                        <Typography variant="caption" color="text.secondary">
                          {formatDate(r.request_date)}
                        </Typography>
                      </TableCell>
                      <TableCell>
                        <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={r.user_name}>
                          {r.user_name}
                        </Typography>
                        <Typography variant="body2" color="text.secondary" noWrap title={r.user_email}>
                          {r.user_email}
                          {r.country ? ` · ${r.country}` : ''}
                        </Typography>
                      </TableCell>
                      <TableCell align="right">
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {formatUsdAmount(r.convert_amount)}
                        </Typography>
                        <Typography
                          variant="caption"
                          color="text.secondary"
                          component="div"
                          sx={{ whiteSpace: 'nowrap' }}
                        >
                          {PAYOUT_AMOUNT_LABELS.gross.toLowerCase()} {formatUsdAmount(r.total)} ·{' '}
                          {PAYOUT_AMOUNT_LABELS.fee.toLowerCase()} {formatUsdAmount(r.fee_amount)}
                        </Typography>
                        <Typography variant="caption" color="text.secondary" component="div">
                          {PAYOUT_METHOD_LABELS[r.method]}
                        </Typography>
                      </TableCell>
                      <TableCell>{formatDate(r.target_date)}</TableCell>
                      <TableCell>
                        <PayoutStatusChip status={r.status} />
                        {r.txn_id && (
                          <Typography
                            variant="caption"
                            color="text.secondary"
                            component="div"
                            noWrap
                            title={`Provider reference ${r.txn_id}`}
                            sx={{ fontFamily: 'monospace', mt: 0.5 }}
                          >
                            {r.txn_id}
                          </Typography>
                        )}
                      </TableCell>
                    </>
                  )}
                  <TableCell>
                    <IconButton
                      size="small"
                      aria-expanded={open === r.action_id}
                      aria-label={`History of request #${r.action_id}`}
                      onClick={() => setOpen(open === r.action_id ? null : r.action_id)}
                    >
                      {open === r.action_id ? <ExpandLess /> : <ExpandMore />}
                    </IconButton>
                  </TableCell>
                </TableRow>
                <TableRow>
                  <TableCell colSpan={columns} sx={{ py: 0, borderBottom: open === r.action_id ? undefined : 0 }}>
                    <Collapse in={open === r.action_id} unmountOnExit>
                      <HistoryList row={r} />
                    </Collapse>
                  </TableCell>
                </TableRow>
              </Fragment>
            ))}
      </TableBody>
    </Table>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const INITIATORS = { translator: 'the translator', admin: 'an admin', system: 'the provider' } as const;

function HistoryList({ row }: { row: ConvertRow }) {
  return (
    <Box sx={{ py: 1.5 }}>
      <Box
        component="dl"
        sx={{
          m: 0,
          mb: 1.5,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, auto)' },
          justifyContent: 'start',
          columnGap: 4,
          rowGap: 1,
          '& dt': { typography: 'caption', color: 'text.secondary' },
          '& dd': { m: 0, typography: 'body2' },
        }}
      >
        <div>
          <dt>{PAYOUT_AMOUNT_LABELS.gross} (with fee)</dt>
          <dd>{formatUsdAmount(row.total)}</dd>
        </div>
        <div>
          <dt>Available balance</dt>
          <dd>{formatUsdAmount(row.balance)}</dd>
        </div>
        <div>
          <dt>Earned in all</dt>
          <dd>{formatUsdAmount(row.sum_earned_credits)}</dd>
        </div>
        <div>
          <dt>Last project completed</dt>
          <dd>{row.last_project_date ? formatDate(row.last_project_date) : 'none yet'}</dd>
        </div>
        {row.paypal_email && (
          <div>
            <dt>PayPal account</dt>
            <dd>{row.paypal_email}</dd>
          </div>
        )}
        {row.invoice && (
          <div>
            <dt>Self-billing invoice</dt>
            <dd>{row.invoice}</dd>
          </div>
        )}
      </Box>

      <Box component="ol" sx={{ m: 0, pl: 2.5 }} aria-label={`History of request #${row.action_id}`}>
        {row.history.map((h) => (
          <Typography component="li" variant="body2" key={`${h.created_at}-${h.status}`} sx={{ mb: 0.5 }}>
            {formatDateTime(h.created_at)}: {PAYOUT_STATUS_LABELS[h.status]} by {INITIATORS[h.initiator_type]}
            {h.remark ? ` (${h.remark})` : ''}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
