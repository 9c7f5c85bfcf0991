import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { formatWords } from '../../../../ui/format';
import { useStatistics } from '../../dashboard-api';
import { DashCard, Figure } from './DashCard';

const StatsChart = lazy(() => import('./StatsChart'));

/** Projects and words by month, the rating and the answers within 24 hours (GET /api/2/dashboard/statistics). */
export function StatisticsCard() {
  const { data, isPending, isError } = useStatistics();
  return (
    <DashCard title="Statistics" id="dash-statistics" loading={isPending} failed={isError} span={2}>
      {data && (
        <>
          <Box
            sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' }, mb: 2 }}
          >
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
              <Suspense fallback={<Skeleton variant="rounded" height={220} />}>
                <StatsChart months={data.months} />
              </Suspense>
            </Box>
          )}
        </>
      )}
    </DashCard>
  );
}
