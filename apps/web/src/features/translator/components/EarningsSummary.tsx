import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { PROJECT_LIMITS } from '@parlance/shared';
import { formatCredits, formatMoney } from '../../../ui/money';
import { useEarnings } from '../api';

const USD = { symbol: '$', rate: 1 };
const HOLD_HOURS = PROJECT_LIMITS.earningsHoldMs / 3_600_000;

/** The translator's pending and available credits (GET /api/2/account/earnings); silent on failure. */
export function EarningsSummary() {
  const earnings = useEarnings();
  if (earnings.isError) return null;
  return (
    <Box
      component="section"
      aria-label="Earnings"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 3 }}
    >
      <Figure
        label="Pending credits"
        hint={`Earned on completed projects; available ${HOLD_HOURS} hours after completion.`}
        credits={earnings.data?.pendingCredits}
        testId="earnings-pending"
      />
      <Figure
        label="Available credits"
        hint="Yours to convert and pay out."
        credits={earnings.data?.availableCredits}
        testId="earnings-available"
      />
    </Box>
  );
}

function Figure(props: { label: string; hint: string; credits: number | undefined; testId: string }) {
  const { label, hint, credits, testId } = props;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      {credits === undefined ? (
        <Skeleton variant="text" width={160} height={36} />
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
          <Typography data-testid={testId} sx={{ fontSize: 24, fontWeight: 700 }}>
            {formatCredits(credits)}
          </Typography>
          <Typography color="text.secondary">{formatMoney(credits, USD)}</Typography>
        </Box>
      )}
      <Typography variant="caption" color="text.secondary">
        {hint}
      </Typography>
    </Paper>
  );
}
