import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { ORDER_TEXTS } from '@parlance/shared';
import { useState } from 'react';
import { toast } from '../../../ui/toast';
import { fieldErrorsOf, finishLater, messageOf } from '../api';

interface FinishLaterDialogProps {
  open: boolean;
  pid: string;
  step: string;
  defaultEmail: string;
  onClose: () => void;
}

/** Mails a link that reopens this order at this step (POST /api/2/po/finish-later). */
export function FinishLaterDialog({ open, pid, step, defaultEmail, onClose }: FinishLaterDialogProps) {
  const [email, setEmail] = useState(defaultEmail);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    setFailure(null);
    if (!email.trim()) {
      setError(ORDER_TEXTS.wizardEmailRequired);
      return;
    }
    setBusy(true);
    try {
      const sent = await finishLater(pid, email.trim(), step);
      toast(`We sent a link to ${sent.email}. Open it to continue your order.`, { variant: 'success' });
      onClose();
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (fields.email) setError(fields.email);
      else setFailure(messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="finish-later-title">
      <form noValidate onSubmit={send}>
        <DialogTitle id="finish-later-title">Finish later</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Your order is saved. We will e-mail you a link that brings you back to this step.
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            type="email"
            label="Email"
            autoComplete="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(null);
            }}
            error={!!error}
            helperText={error}
          />
          {failure && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            Send link
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
