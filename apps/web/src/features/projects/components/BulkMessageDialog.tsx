import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { bulkMessageSchema, PROJECT_LIMITS, PROJECT_TEXTS } from '@parlance/shared';
import { checkForm } from '../../../ui/form-check';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from '../../../ui/toast';
import { messageOf, sendBulkMessage, useRefreshProjects } from '../api';

interface BulkMessageDialogProps {
  open: boolean;
  projectIds: number[];
  onClose: () => void;
  onSent: () => void;
}

/** One message to the translators of several projects at once (at least 2: spec 1 §5). */
export function BulkMessageDialog({ open, projectIds, onClose, onSent }: BulkMessageDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      {open && <BulkMessageForm titleId={titleId} projectIds={projectIds} onClose={onClose} onSent={onSent} />}
    </Dialog>
  );
}

function BulkMessageForm({
  titleId,
  projectIds,
  onClose,
  onSent,
}: Omit<BulkMessageDialogProps, 'open'> & { titleId: string }) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refresh = useRefreshProjects();
  const send = useMutation({ mutationFn: (m: string) => sendBulkMessage(projectIds, m), onSettled: refresh });
  const tooFew = !bulkMessageSchema.shape.projectIds.safeParse(projectIds).success;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (tooFew) return;
    const checked = checkForm(bulkMessageSchema, { projectIds, message });
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    send.mutate(checked.value.message, {
      onSuccess: (r) => {
        toast(r.sent === 1 ? PROJECT_TEXTS.messageSent : `${PROJECT_TEXTS.messageSent} to ${r.sent} projects`, {
          variant: 'success',
        });
        onSent();
      },
    });
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Message the translators">
      <DialogTitle id={titleId}>Message the translators</DialogTitle>
      <DialogContent>
        {tooFew ? (
          <Alert severity="warning">{PROJECT_TEXTS.bulkMessageNeedsTwo}</Alert>
        ) : (
          <>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              Your message goes to the discussion of each of the {projectIds.length} selected projects (
              {projectIds.map((id) => `#${id}`).join(', ')}).
            </Typography>
            <TextField
              label="Message"
              multiline
              minRows={4}
              fullWidth
              autoFocus
              value={message}
              onChange={(e) => {
                setMessage(e.target.value);
                setError(null);
              }}
              error={!!error}
              helperText={error ?? ' '}
              slotProps={{ htmlInput: { maxLength: PROJECT_LIMITS.messageMaxLength } }}
            />
          </>
        )}
        {send.isError && <Alert severity="error">{messageOf(send.error)}</Alert>}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={send.isPending}>
          {tooFew ? 'Close' : 'Cancel'}
        </Button>
        {!tooFew && (
          <Button type="submit" variant="contained" loading={send.isPending}>
            Send message
          </Button>
        )}
      </DialogActions>
    </form>
  );
}
