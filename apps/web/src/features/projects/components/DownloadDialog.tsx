import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { type DownloadOption, PROJECT_TEXTS, type ProjectStatus } from '@parlance/shared';
import { useId, useState } from 'react';
import { downloadUrl, startDownload } from '../api';
import { allFinished } from '../downloadable';

interface DownloadDialogProps {
  /** the projects to download; null closes the dialog */
  projects: { id: number; status: ProjectStatus }[] | null;
  onClose: () => void;
}

/** Download of one or more projects as one zip: all documents or the translations only. */
export function DownloadDialog({ projects, onClose }: DownloadDialogProps) {
  const titleId = useId();
  const [option, setOption] = useState<DownloadOption>('all');
  const finished = projects ? allFinished(projects) : false;

  function download() {
    if (!projects || !finished) return;
    startDownload(
      downloadUrl(
        projects.map((p) => p.id),
        option,
      ),
    );
    onClose();
  }

  return (
    <Dialog open={projects !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Download</DialogTitle>
      <DialogContent>
        {finished ? (
          <RadioGroup
            aria-label="What to download"
            value={option}
            onChange={(e) => setOption(e.target.value as DownloadOption)}
          >
            <FormControlLabel value="all" control={<Radio />} label="All documents" />
            <FormControlLabel value="translated" control={<Radio />} label="Translated only" />
          </RadioGroup>
        ) : (
          <Alert severity="info">{PROJECT_TEXTS.downloadOnlyFinished}</Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{finished ? 'Cancel' : 'Close'}</Button>
        {finished && (
          <Button variant="contained" onClick={download}>
            Download zip
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
