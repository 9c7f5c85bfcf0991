import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { PROJECT_LIMITS, PROJECT_TEXTS, type ProjectDetail } from '@parlance/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { toast } from '../../../ui/toast';
import { deliverFiles, messageOf, projectQuery } from '../api';
import { formatBytes } from '../../../ui/format';
import { projectKeys } from '../keys';

interface DeliverDialogProps {
  open: boolean;
  project: ProjectDetail;
  onClose: () => void;
}

/** The translator's (or editor's) delivery: one or more files, uploaded with progress. */
export function DeliverDialog({ open, project, onClose }: DeliverDialogProps) {
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const client = useQueryClient();
  const deliver = useMutation({
    mutationFn: (list: File[]) => deliverFiles(project.id, list, setProgress),
    onSuccess: (detail) => {
      client.setQueryData(projectQuery(project.id).queryKey, detail);
      void client.invalidateQueries({ queryKey: projectKeys.all });
      toast(PROJECT_TEXTS.delivered, { variant: 'success' });
      setFiles([]);
      onClose();
    },
    onError: (err) => setError(messageOf(err)),
  });

  function pick(list: FileList | null) {
    const added = [...(list ?? [])];
    if (added.some((f) => f.size > PROJECT_LIMITS.deliveryMaxBytes)) {
      setError(PROJECT_TEXTS.fileTooBig);
      return;
    }
    setFiles((prev) => [...prev, ...added.filter((f) => !prev.some((p) => p.name === f.name && p.size === f.size))]);
    setError(null);
    if (inputRef.current) inputRef.current.value = '';
  }

  function submit() {
    if (files.length === 0) {
      setError(PROJECT_TEXTS.deliveryNeedsFile);
      return;
    }
    setProgress(0);
    deliver.mutate(files);
  }

  const busy = deliver.isPending;
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        {project.viewerRole === 'editor' ? 'Deliver the edited files' : 'Deliver the translation'}
      </DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Upload the translated files of “{project.name}”. The customer is told as soon as you submit.
        </Typography>
        <Button component="label" variant="outlined" disabled={busy}>
          Choose files
          <input
            ref={inputRef}
            type="file"
            multiple
            hidden
            aria-label="Choose files"
            onChange={(e) => pick(e.target.files)}
          />
        </Button>
        {files.length > 0 && (
          <Box component="ul" aria-label="Files to deliver" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }}>
            {files.map((f) => (
              <Box
                component="li"
                key={`${f.name}-${f.size}`}
                sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5, borderTop: 1, borderColor: 'divider' }}
              >
                <Typography variant="body2" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
                  {f.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {formatBytes(f.size)}
                </Typography>
                <IconButton
                  size="small"
                  aria-label={`Remove ${f.name}`}
                  disabled={busy}
                  onClick={() => setFiles((prev) => prev.filter((p) => p !== f))}
                >
                  <span aria-hidden>✕</span>
                </IconButton>
              </Box>
            ))}
          </Box>
        )}
        {busy && (
          <Box sx={{ mt: 2 }}>
            <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label="Upload progress" />
            <Typography variant="caption" color="text.secondary">
              Uploading… {Math.round(progress * 100)}%
            </Typography>
          </Box>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} loading={busy}>
          Submit delivery
        </Button>
      </DialogActions>
    </Dialog>
  );
}
