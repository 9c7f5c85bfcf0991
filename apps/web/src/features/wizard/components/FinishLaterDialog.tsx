import DialogContentText from '@mui/material/DialogContentText';
import { Field } from '../../../ui/Field';
import { ORDER_TEXTS } from '@parlance/shared';
import { useState } from 'react';
import { toast } from '../../../ui/toast';
import { fieldErrorsOf, finishLater, messageOf } from '../api';
import { FormDialog } from '../../../ui/FormDialog';

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

  async function send() {
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
    <FormDialog
      open={open}
      maxWidth="xs"
      title="Finish later"
      submitLabel="Send link"
      busy={busy}
      error={failure}
      onSubmit={send}
      onClose={onClose}
    >
      <DialogContentText sx={{ mb: 2 }}>
        Your order is saved. We will e-mail you a link that brings you back to this step.
      </DialogContentText>
      <Field
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
    </FormDialog>
  );
}
