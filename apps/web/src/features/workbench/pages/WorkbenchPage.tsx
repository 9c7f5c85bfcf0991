import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { TEXTS } from '@parlance/shared';
import { useState } from 'react';
import { useParams } from 'react-router';
import { messageOf } from '../../../app/http';
import { AppLink } from '../../../ui/AppLink';
import type { XliffImportResult } from '@parlance/shared';
import { useWorkbenchJob } from '../api';
import { Workbench } from '../components/Workbench';

// /ui-editor/{projectId}: one job in the editor. The job (with every segment) loads once; the
// editor keeps its own copy from then on, and starts afresh after an XLIFF import.

export default function WorkbenchPage() {
  const projectId = Number(useParams().projectId);
  const job = useWorkbenchJob(projectId);
  const [opened, setOpened] = useState(0);
  const [imported, setImported] = useState<XliffImportResult | null>(null);

  if (job.error && !job.data) {
    return (
      <Box sx={{ p: { xs: 2, md: 4 }, maxWidth: 720, mx: 'auto' }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => job.refetch()}>
              {TEXTS.retry}
            </Button>
          }
        >
          {messageOf(job.error)}
        </Alert>
        <Button component={AppLink} href="/ui-editor" sx={{ mt: 2 }}>
          Back to the editor's jobs
        </Button>
      </Box>
    );
  }
  if (!job.data) return <LinearProgress aria-label="Opening the job" />;
  return (
    <Workbench
      key={`${job.data.project.id}-${opened}`}
      job={job.data}
      importedBefore={imported}
      onReload={(result) => {
        setImported(result ?? null);
        void job.refetch().then(() => setOpened((n) => n + 1));
      }}
    />
  );
}
