import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { SelectField } from '../../../ui/SelectField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CREDIT_ACTION_LABELS, type CreditActionType } from '@parlance/shared';
import { useMemo, useState } from 'react';
import { formatDateTime } from '../../../ui/format';
import { formatCredits } from '../../../ui/money';
import { type ListColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { type BalanceHistoryRow, balanceHistoryQuery, type HistoryFilter, messageOf } from '../api';
import { TablePager } from '../../../ui/TablePager';

// The movements of the account's credits (GET /api/2/account/balance/history?since, bearer):
// transfers to and from sub-accounts, auto-transfers, payments and purchases, newest first, paged
// on the server.

const PERIODS = [
  { id: '30', label: 'Last 30 days', days: 30 },
  { id: '365', label: 'Last 12 months', days: 365 },
  { id: 'all', label: 'All time', days: null },
] as const;

function sinceFor(period: (typeof PERIODS)[number]): string {
  if (period.days === null) return '2000-01-01';
  const d = new Date(Date.now() - period.days * 24 * 60 * 60 * 1000);
  return d.toISOString().slice(0, 10);
}

const COLUMNS: ListColumn<BalanceHistoryRow>[] = [
  { key: 'description', header: 'Movement', card: 'title', cell: (r) => r.description },
  { key: 'date', header: 'Date', cell: (r) => formatDateTime(r.date), sx: { whiteSpace: 'nowrap' } },
  { key: 'kind', header: 'Kind', cell: (r) => CREDIT_ACTION_LABELS[r.kind as CreditActionType] ?? r.kind },
  {
    key: 'amount',
    header: 'Credits',
    align: 'right',
    sx: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
    cell: (r) => (
      <Box component="span" sx={{ color: r.amount < 0 ? 'error.main' : 'success.main', fontWeight: 600 }}>
        {r.amount < 0 ? `−${formatCredits(-r.amount)}` : `+${formatCredits(r.amount)}`}
      </Box>
    ),
  },
];

export function BalanceHistoryCard() {
  const client = useQueryClient();
  const [periodId, setPeriodId] = useState<(typeof PERIODS)[number]['id']>('365');
  const [paging, setPaging] = useState({ page: 1, perPage: 10 });
  const period = PERIODS.find((p) => p.id === periodId) ?? PERIODS[1];
  const since = useMemo(() => sinceFor(period), [period]);
  const filter: HistoryFilter = { since, ...paging };
  const history = useQuery(balanceHistoryQuery(client, filter));
  const rows = history.data?.data;

  return (
    <Paper variant="outlined" component="section" aria-labelledby="balance-history-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between', mb: 2 }}>
        <div>
          <Typography id="balance-history-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            Credit history
          </Typography>
          <Typography color="text.secondary">
            Transfers between your accounts, payments and purchases.
            {history.data && ` Balance now: ${formatCredits(history.data.balance)}.`}
          </Typography>
        </div>
        <SelectField
          size="small"
          label="Period"
          value={periodId}
          onChange={(e) => {
            setPeriodId(e.target.value as typeof periodId);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          sx={{ minWidth: 180 }}
        >
          {PERIODS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </SelectField>
      </Box>
      {history.isError && !rows ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void history.refetch()}>
              Try again
            </Button>
          }
        >
          The credit history could not be loaded: {messageOf(history.error)}
        </Alert>
      ) : (
        <ResponsiveTable
          rows={rows ?? []}
          columns={COLUMNS}
          rowKey={(r) => r.id}
          label="Credit history"
          loading={history.isPending}
          minWidth={560}
        />
      )}
      {rows && rows.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          No movements in this period.
        </Typography>
      )}
      {history.data && history.data.totalCount > 0 && (
        <TablePager
          component="div"
          count={history.data.totalCount}
          page={paging.page - 1}
          rowsPerPage={paging.perPage}
          rowsPerPageOptions={[10, 25, 50]}
          onPageChange={(_, page) => setPaging({ ...paging, page: page + 1 })}
          onRowsPerPageChange={(e) => setPaging({ page: 1, perPage: Number(e.target.value) })}
          labelRowsPerPage="Rows:"
        />
      )}
    </Paper>
  );
}
