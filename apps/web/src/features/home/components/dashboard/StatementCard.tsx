import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DASHBOARD_STATEMENT_DEFAULT_LIMIT, PATHS, type StatementRow, STATEMENT_LIMITS } from '@parlance/shared';
import { memo, useState } from 'react';
import { formatShortDate } from '../../../../ui/format';
import { type ListColumn, ResponsiveTable } from '../../../../ui/ResponsiveTable';
import { TextLink } from '../../../../ui/TextLink';
import { useDashboardStatement } from '../../dashboard-api';
import { DashCard, usd } from './DashCard';
import { TablePager } from '../../../../ui/TablePager';
import { useDeferredAnswer } from '../../../../ui/use-deferred-answer';

const COLUMNS: ListColumn<StatementRow>[] = [
  {
    key: 'date',
    header: 'Date',
    sx: { whiteSpace: 'nowrap', color: 'text.secondary' },
    cell: (r) => formatShortDate(r.date),
  },
  {
    key: 'action',
    header: 'Action',
    card: 'title',
    cell: (r) => (
      <>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {r.actionLabel}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {r.description}
        </Typography>
      </>
    ),
  },
  {
    key: 'amount',
    header: 'Amount',
    align: 'right',
    cell: (r) => (
      <Box component="span" sx={{ whiteSpace: 'nowrap', color: r.amount < 0 ? 'error.dark' : 'success.dark' }}>
        {r.amount > 0 ? '+' : ''}
        {usd(r.amount)}
      </Box>
    ),
  },
  { key: 'balance', header: 'Balance', align: 'right', sx: { whiteSpace: 'nowrap' }, cell: (r) => usd(r.balance) },
];

/** The available-earnings statement, paged on the server (25 a page by default). */
export const StatementCard = memo(function StatementCard() {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DASHBOARD_STATEMENT_DEFAULT_LIMIT);
  const { data, isPending, isError } = useDeferredAnswer(useDashboardStatement(page, limit));
  return (
    <DashCard
      title="Statement"
      id="dash-statement"
      loading={isPending}
      failed={isError}
      span={2}
      action={<TextLink href={PATHS.statement}>Filter and export</TextLink>}
    >
      {data &&
        (data.totalCount === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No statement lines yet: earnings show here once they become available.
          </Typography>
        ) : (
          <>
            <ResponsiveTable
              rows={data.data}
              columns={COLUMNS}
              rowKey={(r) => r.id}
              label="Statement"
              size="small"
              rowProps={() => ({ 'data-testid': 'dash-statement-row' })}
            />
            <TablePager
              component="div"
              count={data.totalCount}
              page={page - 1}
              rowsPerPage={limit}
              rowsPerPageOptions={[...STATEMENT_LIMITS.pageSizeOptions]}
              onPageChange={(_e, p) => setPage(p + 1)}
              onRowsPerPageChange={(e) => {
                setLimit(Number(e.target.value));
                setPage(1);
              }}
            />
          </>
        ))}
    </DashCard>
  );
});
