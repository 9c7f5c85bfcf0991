import { memo } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatWords } from '../../../../ui/format';
import { useStatistics } from '../../dashboard-api';
import { DashCard, Figure } from './DashCard';
import StatsChart from './StatsChart';
import { useDeferredAnswer } from '../../../../ui/use-deferred-answer';

const FIGURES = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' },
  mb: 2,
} as const;
const CHART_HEIGHT = 220;

/** The card's content while it loads, at its size: four figures, the chart's heading and the chart. */
function StatisticsSkeleton() {
  return (
    <div>
      <Box sx={FIGURES}>
        {[0, 1, 2, 3].map((n) => (
          <div key={n}>
            <Skeleton variant="text" width="70%" sx={{ fontSize: '0.75rem' }} />
            <Skeleton variant="text" width="50%" sx={{ fontSize: '1.25rem' }} />
            <Skeleton variant="text" width="80%" sx={{ fontSize: '0.75rem' }} />
          </div>
        ))}
      </Box>
      <Skeleton variant="text" width={200} sx={{ mb: 1 }} />
      <Skeleton variant="rounded" height={CHART_HEIGHT} />
    </div>
  );
}

/** Projects and words by month, the rating and the answers within 24 hours (GET /api/2/dashboard/statistics). */
export const StatisticsCard = memo(function StatisticsCard() {
  const { data, isPending, isError } = useDeferredAnswer(useStatistics());
  return (
    <DashCard
      title="Statistics"
      id="dash-statistics"
      loading={isPending}
      failed={isError}
      span={2}
      skeleton={<StatisticsSkeleton />}
    >
      {data && (
        <>
          <Box sx={FIGURES}>
            <Figure label="Projects completed" value={data.totalProjects} hint="all time" />
            <Figure label="Words translated" value={formatWords(data.totalWords)} hint="all time" />
            <Figure
              label="Rating"
              value={data.rating.average === null ? '—' : `${data.rating.average.toFixed(2)} / 5`}
              hint={`${data.rating.count} rating${data.rating.count === 1 ? '' : 's'}, all time`}
            />
            <Figure
              label="Answers within 24 hours"
              value={data.answers24h.percent === null ? '—' : `${data.answers24h.percent}%`}
              hint={`${data.answers24h.answered} of ${data.answers24h.total} customer messages, 90 days`}
            />
          </Box>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            Projects and words by month
          </Typography>
          {data.totalProjects === 0 && data.months.every((m) => m.projects === 0) ? (
            <Typography variant="body2" color="text.secondary">
              No completed projects in the last 12 months yet.
            </Typography>
          ) : (
            <Box role="img" aria-label="Chart of completed projects and words by month" data-testid="dash-chart">
              <StatsChart months={data.months} />
            </Box>
          )}
        </>
      )}
    </DashCard>
  );
});
