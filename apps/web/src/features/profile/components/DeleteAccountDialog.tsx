import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { DELETE_TEXTS } from '@parlance/shared';
import { type FormEvent, useState } from 'react';
import { useRefreshUser } from '../../../app/current-user';
import { resetCsrfToken } from '../../../app/http';
import { checkCredentials, deleteAccount, deleteReasonsQuery, fieldErrorsOf, messageOf } from '../api';

// Account deletion (spec 2 section 4): confirm, a reason (other than 'other' goes on to the
// password step; 'other' asks for the reason's words first), the password, done. Loaded when the
// card's button is first pointed at or pressed (DeleteAccountCard): the dialog, its radios and
// MUI's Modal are not part of the profile's first load.

type Step = 'confirm' | 'reason' | 'other' | 'password' | 'done';

export function DeleteDialog({ onClose }: { onClose: () => void }) {
  const reasons = useQuery(deleteReasonsQuery);
  const refreshUser = useRefreshUser();
  const [step, setStep] = useState<Step>('confirm');
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const finish = async () => {
    resetCsrfToken();
    await refreshUser();
    window.location.assign('/auth');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (step === 'confirm') return setStep('reason');
    if (step === 'reason') {
      if (!reason) return setError(DELETE_TEXTS.reasonRequired);
      return setStep(reason === 'other' ? 'other' : 'password');
    }
    if (step === 'other') {
      if (!comment.trim()) return setError(DELETE_TEXTS.otherRequired);
      return setStep('password');
    }
    if (step === 'password') {
      if (!password) return setError(DELETE_TEXTS.passwordRequired);
      setBusy(true);
      try {
        await checkCredentials(password);
        await deleteAccount({ reason, comment: comment.trim(), password });
        setStep('done');
      } catch (err) {
        setError(fieldErrorsOf(err).password ?? messageOf(err, 'Could not delete the account.'));
      } finally {
        setBusy(false);
      }
    }
  };

  const titles: Record<Step, string> = {
    confirm: 'Delete your account?',
    reason: 'Why are you leaving?',
    other: 'Tell us the reason',
    password: 'Confirm with your password',
    done: 'Account deleted',
  };

  return (
    <Dialog
      open
      onClose={step === 'done' ? () => void finish() : onClose}
      aria-labelledby="delete-title"
      fullWidth
      maxWidth="sm"
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id="delete-title">{titles[step]}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          {step === 'confirm' && (
            <Typography>
              Your name, addresses, files, keys and settings are erased and you are signed out everywhere. Credits left
              on the account are lost. This cannot be undone.
            </Typography>
          )}
          {step === 'reason' && (
            <RadioGroup aria-label="Reason" value={reason} onChange={(e) => setReason(e.target.value)}>
              {(reasons.data ?? []).map((r) => (
                <FormControlLabel key={r.id} value={r.id} control={<Radio />} label={r.name} />
              ))}
            </RadioGroup>
          )}
          {step === 'other' && (
            <Field
              id="delete-comment"
              label="Reason"
              multiline
              minRows={3}
              fullWidth
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
          )}
          {step === 'password' && (
            <Field
              id="delete-password"
              label="Password"
              type="password"
              autoComplete="current-password"
              fullWidth
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              sx={{ mt: 1 }}
            />
          )}
          {step === 'done' && <Alert severity="success">{DELETE_TEXTS.deleted}</Alert>}
        </DialogContent>
        <DialogActions>
          {step === 'done' ? (
            <Button variant="contained" onClick={() => void finish()}>
              Close
            </Button>
          ) : (
            <>
              <Button onClick={onClose}>Cancel</Button>
              <Button
                type="submit"
                variant="contained"
                color={step === 'password' ? 'error' : 'primary'}
                disabled={busy}
              >
                {step === 'password' ? 'Delete my account' : 'Continue'}
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
