import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PATHS, type DashboardAdditionalData } from '@parlance/shared';
import { memo, useState } from 'react';
import { formatDate, formatShortDate } from '../../../../ui/format';
import { PayoutStatusChip } from '../../../../ui/PayoutStatusChip';
import { TextLink } from '../../../../ui/TextLink';
import { useDashboardBalance } from '../../dashboard-api';
import { DashCard, Figure, usd } from './DashCard';
import { useDeferredAnswer } from '../../../../ui/use-deferred-answer';

/** Available, pending, in payout and converted credits, and the latest payouts (GET /api/2/dashboard/balance). */
export const BalanceCard = memo(function BalanceCard() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useDeferredAnswer(useDashboardBalance(page, 5));
  const pages = data ? Math.max(1, Math.ceil(data.totalCount / 5)) : 1;
  return (
    <DashCard
      title="Balance"
      id="dash-balance"
      loading={isPending}
      failed={isError}
      action={<TextLink href={PATHS.balance}>Request a payout</TextLink>}
    >
      {data && (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(2, 1fr)', mb: 2 }}>
            <Figure label="Available" value={usd(data.available)} />
            <Figure label="Pending" value={usd(data.pending)} />
            <Figure label="In payout" value={usd(data.payoutPending)} />
            <Figure label="Converted (paid out)" value={usd(data.converted)} />
          </Box>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            Payouts
          </Typography>
          {data.data.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              No payouts yet.
            </Typography>
          ) : (
            <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Payouts">
              {data.data.map((p) => (
                <Box
                  component="li"
                  key={p.id}
                  sx={{
                    display: 'flex',
                    justifyContent: 'space-between',
                    alignItems: 'center',
                    gap: 1,
                    flexWrap: 'wrap',
                  }}
                >
                  <Box>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {usd(p.amount)}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {p.paidAt ? `paid ${formatShortDate(p.paidAt)}` : `asked ${formatShortDate(p.requestedAt)}`} ·{' '}
                      {p.method}
                    </Typography>
                  </Box>
                  <PayoutStatusChip status={p.status} />
                </Box>
              ))}
            </Stack>
          )}
          {pages > 1 && (
            <Pagination
              size="small"
              count={pages}
              page={page}
              onChange={(_e, p) => setPage(p)}
              sx={{ mt: 1 }}
              getItemAriaLabel={(type, p) => (type === 'page' ? `Payouts page ${p}` : `Go to ${type} page`)}
            />
          )}
        </>
      )}
    </DashCard>
  );
});

/** Earnings in their holding period with the date each frees, and parked credits (from additional-data). */
export function PendingCard({
  data,
  loading,
  failed,
  page,
  onPage,
}: {
  data: DashboardAdditionalData | undefined;
  loading: boolean;
  failed: boolean;
  page: number;
  onPage: (page: number) => void;
}) {
  return (
    <DashCard title="Pending credits" id="dash-pending" loading={loading} failed={failed}>
      {data && (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(2, 1fr)', mb: 2 }}>
            <Figure label="Pending" value={usd(data.pendingTotal)} hint="frees on the dates below" />
            <Figure label="Parked" value={usd(data.parkedCredits)} hint="held with a disputed or held project" />
          </Box>
          {data.pending.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              No pending earnings: everything you earned is available.
            </Typography>
          ) : (
            <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Pending earnings">
              {data.pending.map((p) => (
                <Box
                  component="li"
                  key={p.projectId}
                  sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
                >
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {p.name}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {p.freesAt ? `frees ${formatDate(p.freesAt)}` : 'parked until the project is settled'}
                    </Typography>
                  </Box>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {usd(p.amount)}
                  </Typography>
                </Box>
              ))}
            </Stack>
          )}
          {data.pendingPages > 1 && (
            <Pagination
              size="small"
              count={data.pendingPages}
              page={page}
              onChange={(_e, p) => onPage(p)}
              sx={{ mt: 1 }}
              getItemAriaLabel={(type, p) => (type === 'page' ? `Pending page ${p}` : `Go to ${type} page`)}
            />
          )}
          {data.converted.length > 0 && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1.5 }}>
              Last converted: {usd(data.converted[0].amount)} on {formatDate(data.converted[0].paidAt)}
            </Typography>
          )}
        </>
      )}
    </DashCard>
  );
}
