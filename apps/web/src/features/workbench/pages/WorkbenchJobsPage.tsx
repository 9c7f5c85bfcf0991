import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import type { WorkbenchJobListItem, WorkbenchRole } from '@parlance/shared';
import { AppLink } from '../../../ui/AppLink';
import { EmptyState } from '../../../ui/EmptyState';
import { PageContainer } from '../../../ui/PageContainer';
import { QueryState } from '../../../ui/QueryState';
import { formatDate } from '../../../ui/format';
import { useWorkbenchJobs } from '../api';
import { percentOf, progressWords } from '../components/progress';

// /ui-editor: the jobs the signed-in person can open in the editor, each with its progress.

const ROLE_WORDS: Record<WorkbenchRole, string> = {
  translator: 'You translate',
  editor: 'You edit',
  reviewer: 'You review',
  customer: 'Your order',
  staff: 'Read only',
};

export default function WorkbenchJobsPage() {
  const jobs = useWorkbenchJobs();
  return (
    <PageContainer
      title="Editor"
      subtitle="Translate in the browser: source and target side by side, with the customer's memory and terms."
    >
      <QueryState
        query={jobs}
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState
            icon={<EditNoteOutlined fontSize="large" aria-hidden />}
            title="No job to open in the editor yet"
            hint="The editor shows a job's files as segments, with memory matches, terms and quality checks, and delivers the translated files in their original format. A job appears here once you take it (or, as a customer, once its translation is delivered); open it from here or with “Open in editor” on its project page."
          />
        }
      >
        {(list) =>
          list ? (
            <Box component="ul" aria-label="Jobs in the editor" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {list.map((job) => (
                <JobRow key={job.projectId} job={job} />
              ))}
            </Box>
          ) : (
            <LinearProgress aria-label="Loading jobs" sx={{ m: 2 }} />
          )
        }
      </QueryState>
    </PageContainer>
  );
}

function JobRow({ job }: { job: WorkbenchJobListItem }) {
  const percent = percentOf(job.progress);
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
        p: 2,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-child': { borderBottom: 0 },
      }}
    >
      <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {job.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {job.sourceLang.name} → {job.targetLang.name} · {ROLE_WORDS[job.role]} · {job.status}
          {job.deadline ? ` · due ${formatDate(job.deadline)}` : ''}
        </Typography>
      </Box>
      <Paper variant="outlined" sx={{ flex: '1 1 220px', p: 1, border: 0 }}>
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label={`Progress of ${job.name}`}
          aria-valuetext={progressWords(job.progress)}
        />
        <Typography variant="caption" color="text.secondary">
          {progressWords(job.progress)}
        </Typography>
      </Paper>
      <Button component={AppLink} href={`/ui-editor/${job.projectId}`} variant="outlined">
        Open {job.name.length > 40 ? 'job' : job.name}
      </Button>
    </Box>
  );
}
