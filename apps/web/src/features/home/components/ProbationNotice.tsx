import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { PROBATION_TEXTS } from '@parlance/shared';
import { useQuery } from '@tanstack/react-query';
import { probationQuery } from '../api';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/** The translator's probation state on the dashboard: shown only while on probation; silent on failure. */
export function ProbationNotice() {
  const { data } = useQuery(probationQuery);
  if (!data?.onProbation) return null;
  const range =
    data.params.max_wordcount === null
      ? `from ${data.params.min_wordcount.toLocaleString('en-US')} words`
      : `of ${data.params.min_wordcount.toLocaleString('en-US')} to ${data.params.max_wordcount.toLocaleString('en-US')} words`;
  return (
    <Alert severity="info" sx={{ mb: 3 }} aria-label="Probation">
      <AlertTitle>{PROBATION_TEXTS.onProbation}</AlertTitle>
      {PROBATION_TEXTS.explain
        .replace('{projects}', String(data.projectsNeeded))
        .replace('{rating}', String(data.minRating))
        .replace('{date}', day.format(new Date(data.endsAt)))}{' '}
      You have completed {data.completedProjects} of {data.projectsNeeded}. Projects offered now: {range}
      {data.params.project_types.length > 0 ? `, types ${data.params.project_types.join(', ')}` : ''}.
    </Alert>
  );
}
