import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import {
  PROJECT_STATUS_LABELS,
  type ProjectStatus,
  WORKBENCH_LIMITS,
  type WorkbenchJobRow,
  type WorkbenchRole,
} from '@parlance/shared';
import { useState } from 'react';
import { AppLink } from '../../../ui/AppLink';
import { EmptyState } from '../../../ui/EmptyState';
import { PageContainer } from '../../../ui/PageContainer';
import { QueryState } from '../../../ui/QueryState';
import { formatDate, formatWords } from '../../../ui/format';
import { useWorkbenchJobs } from '../api';

// /ui-editor: the jobs the signed-in person can open in the editor, each with its progress.

const ROLE_WORDS: Record<WorkbenchRole, string> = {
  translator: 'You translate',
  editor: 'You edit',
  reviewer: 'You review',
  customer: 'Your order',
  staff: 'Read only',
};

export default function WorkbenchJobsPage() {
  const [page, setPage] = useState(1);
  const jobs = useWorkbenchJobs(page);
  const pages = jobs.data ? Math.max(1, Math.ceil(jobs.data.totalCount / WORKBENCH_LIMITS.jobsPageSize)) : 1;
  return (
    <PageContainer
      title="Editor"
      subtitle="Translate in the browser: source and target side by side, with the customer's memory and terms."
    >
      <QueryState
        query={jobs}
        isEmpty={(list) => list.totalCount === 0}
        empty={
          <EmptyState
            icon={<EditNoteOutlined fontSize="large" aria-hidden />}
            title="No job to open in the editor yet"
            hint="The editor shows a job's files as segments, with memory matches, terms and quality checks, and delivers the translated files in their original format. A job appears here once you take it (or, as a customer, once its translation is delivered from the editor); open it from here or with “Open in editor” on its project page."
          />
        }
      >
        {(list) =>
          list ? (
            <Box component="ul" aria-label="Jobs in the editor" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {list.data.map((job) => (
                <JobRow key={job.id} job={job} />
              ))}
            </Box>
          ) : (
            <LinearProgress aria-label="Loading jobs" sx={{ m: 2 }} />
          )
        }
      </QueryState>
      {pages > 1 && (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, mt: 1.5 }}>
          <Button disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <Typography variant="body2">
            Page {page} of {pages}
          </Typography>
          <Button disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </Box>
      )}
    </PageContainer>
  );
}

function JobRow({ job }: { job: WorkbenchJobRow }) {
  const percent = job.words > 0 ? Math.floor((job.confirmedWords / job.words) * 100) : 0;
  const words = `${formatWords(job.confirmedWords)} of ${formatWords(job.words)} words confirmed (${percent}%)`;
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
          #{job.id} · {job.sourceLang.name} → {job.targetLang.name} · {ROLE_WORDS[job.role]}
          {job.editable ? '' : ' (read only)'} · {PROJECT_STATUS_LABELS[job.status as ProjectStatus] ?? job.status}
          {job.deadline ? ` · due ${formatDate(job.deadline)}` : ''}
        </Typography>
      </Box>
      <Box sx={{ flex: '1 1 220px' }}>
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label={`Progress of ${job.name}`}
          aria-valuetext={words}
        />
        <Typography variant="caption" color="text.secondary">
          {job.opened ? words : `${formatWords(job.words)} words, not opened yet`}
        </Typography>
      </Box>
      <Button
        component={AppLink}
        href={`/ui-editor/${job.id}`}
        variant="outlined"
        aria-label={`Open ${job.name} in the editor`}
      >
        Open
      </Button>
    </Box>
  );
}
