import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { usePermission } from '../../../app/current-user';
import { Field } from '../../../ui/Field';
import { messageOf } from '../../../app/http';
import { useStaffTwoFactorReset } from '../backoffice-api';

/**
 * /admin/{id}: turn off two-step login for a customer or translator who lost the phone and the
 * recovery codes. Only with users.act; the reason (how the person's identity was checked) goes
 * into the audit row. The server ends every session of the user and tells them by mail.
 */
export function TwoStepResetPanel({ uid, enabled }: { uid: number; enabled: boolean }) {
  const canAct = usePermission('users.act');
  const reset = useStaffTwoFactorReset(uid);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  if (!canAct) return null;

  const submit = () => {
    if (reason.trim().length < 3) return setError('Say how you checked that this is the account owner');
    setError(null);
    reset.mutate(reason.trim(), {
      onSuccess: () => setDone(true),
      onError: (err) => setError(messageOf(err, 'Could not turn off two-step login.')),
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-labelledby="two-step-reset-title">
      <Typography id="two-step-reset-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        Two-step login
      </Typography>
      {done ? (
        <Alert severity="success">Two-step login is off. The user was signed out everywhere and told by e-mail.</Alert>
      ) : !enabled ? (
        <Typography color="text.secondary">Off for this user.</Typography>
      ) : (
        <Stack spacing={1.5}>
          <Typography>
            On. If the user lost the phone and the recovery codes, check that it is them, then turn it off: they are
            signed out everywhere and told by e-mail.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <Field
              label="How you checked it is them"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={!!error}
              helperText={error ?? ' '}
              sx={{ minWidth: { sm: 360 } }}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
            <Button
              variant="contained"
              color="warning"
              onClick={submit}
              loading={reset.isPending}
              sx={{ mt: { sm: 1 } }}
            >
              Turn off two-step login
            </Button>
          </Stack>
        </Stack>
      )}
    </Paper>
  );
}
