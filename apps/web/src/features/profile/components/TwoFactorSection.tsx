import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PROFILE_TEXTS } from '@parlance/shared';
import qrcode from 'qrcode-generator';
import { type FormEvent, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useRefreshUser } from '../../../app/current-user';
import { toast } from '../../../ui/toast';
import { messageOf, twoFactorSetupQuery, useTwoFactor } from '../api';
import { SectionCard, SectionState } from './SectionCard';

function qrDataUrl(text: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  return qr.createDataURL(5, 4);
}

/** The code field and its submit; the server's message is shown when the code is refused. */
function CodeForm({ action, label, onDone }: { action: 'enable' | 'disable'; label: string; onDone: () => void }) {
  const mutation = useTwoFactor(action);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const clean = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(clean)) {
      setError('Enter the 6-digit code from your authenticator app');
      return;
    }
    setError(null);
    try {
      await mutation.mutateAsync(clean);
      onDone();
    } catch (err) {
      setError(messageOf(err, 'The code was not accepted.'));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={label}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Field
          id={`tfa-code-${action}`}
          label="6-digit code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={!!error}
          helperText={error ?? ' '}
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
        />
        <Button type="submit" variant="contained" disabled={mutation.isPending} sx={{ mt: { sm: 1 } }}>
          {label}
        </Button>
      </Stack>
    </Box>
  );
}

export function TwoFactorEnableSection() {
  const setup = useQuery(twoFactorSetupQuery);
  const client = useQueryClient();
  const refreshUser = useRefreshUser();
  const navigate = useNavigate();
  const qr = useMemo(() => (setup.data ? qrDataUrl(setup.data.uri) : null), [setup.data]);

  const done = async () => {
    client.removeQueries({ queryKey: twoFactorSetupQuery.queryKey });
    await refreshUser();
    toast(PROFILE_TEXTS.twoFactorOn, { variant: 'success' });
    navigate({ hash: '#tfa_disable' }, { replace: true });
  };

  return (
    <SectionCard
      title="2-Step Login"
      intro="Sign in with your password and a code from an authenticator app (Google Authenticator, 1Password, Authy…)."
    >
      <SectionState loading={setup.isPending} error={setup.error} />
      {setup.data && qr && (
        <Stack spacing={2}>
          <Typography>1. Scan this QR code with the app, or type the key below.</Typography>
          <Box
            component="img"
            src={qr}
            alt="QR code to add Parlance to your authenticator app"
            sx={{ width: 180, height: 180, imageRendering: 'pixelated' }}
          />
          <Typography component="div">
            Key:{' '}
            <Box component="code" data-testid="tfa-secret" sx={{ fontSize: 15, wordBreak: 'break-all' }}>
              {setup.data.secret}
            </Box>
          </Typography>
          <Typography>2. Enter the code the app shows.</Typography>
          <CodeForm action="enable" label="Turn on 2-step login" onDone={() => void done()} />
        </Stack>
      )}
    </SectionCard>
  );
}

export function TwoFactorDisableSection() {
  const refreshUser = useRefreshUser();
  const navigate = useNavigate();
  const done = async () => {
    await refreshUser();
    toast(PROFILE_TEXTS.twoFactorOff, { variant: 'success' });
    navigate({ hash: '#tfa_enable' }, { replace: true });
  };
  return (
    <SectionCard
      title="2-Step Login"
      intro="2-step login is on: signing in asks for a code from your authenticator app."
    >
      <Alert severity="success" sx={{ mb: 2 }}>
        Your account is protected by 2-step login.
      </Alert>
      <Typography sx={{ mb: 2 }}>To turn it off (or to move it to a new phone), enter a current code.</Typography>
      <CodeForm action="disable" label="Turn off 2-step login" onDone={() => void done()} />
    </SectionCard>
  );
}
