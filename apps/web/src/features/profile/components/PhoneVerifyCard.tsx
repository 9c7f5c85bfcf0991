import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Field } from '../../../ui/Field';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../ui/toast';
import {
  accountDetailsQuery,
  fieldErrorsOf,
  messageOf,
  phoneStatusQuery,
  startPhoneVerify,
  tryPhoneVerify,
} from '../api';
import { sendSmsVerification } from '../extras-api';
import { SectionCard, SectionState } from './SectionCard';

// SMS verification (spec 2 section 4: start, code sent, verify); failures show the server's message.

export function PhoneVerifyCard() {
  const status = useQuery(phoneStatusQuery);
  const client = useQueryClient();
  const [phone, setPhone] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const number = phone ?? status.data?.pending ?? status.data?.phone ?? '';

  const run = async (work: () => Promise<{ message: string }>, after?: () => void) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await work();
      toast(answer.message, { variant: 'success' });
      after?.();
      await client.invalidateQueries({ queryKey: phoneStatusQuery.queryKey });
      await client.invalidateQueries({ queryKey: accountDetailsQuery.queryKey });
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setError(fields.phone ?? fields.code ?? messageOf(err, 'Something went wrong.'));
    } finally {
      setBusy(false);
    }
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    // the call's schema, loaded with zod at the first send (not on the profile's first load)
    let checkPhoneToVerify: typeof import('../account-checks').checkPhoneToVerify;
    try {
      ({ checkPhoneToVerify } = await import('../account-checks'));
    } catch (err) {
      return setError(messageOf(err, 'Something went wrong.'));
    }
    const checked = checkPhoneToVerify(number);
    if (!checked.ok) return setError(checked.error);
    void run(() => startPhoneVerify(checked.value.phone));
  };
  const verify = (event: FormEvent) => {
    event.preventDefault();
    void run(
      () => tryPhoneVerify(status.data?.pending ?? number, code.trim()),
      () => setCode(''),
    );
  };

  return (
    <SectionCard title="SMS verification" intro="Verify your phone number with a code we send by text message.">
      <SectionState loading={status.isPending} error={status.error} />
      {status.data && (
        <Stack spacing={2}>
          {status.data.verified && !status.data.pending && (
            <Alert severity="success">{status.data.phone} is verified.</Alert>
          )}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <form noValidate onSubmit={send} aria-label="Send a code">
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <Field
                id="verify-phone"
                label="Phone to verify"
                type="tel"
                value={number}
                onChange={(e) => setPhone(e.target.value)}
              />
              <Button type="submit" variant="outlined" disabled={busy}>
                Send code
              </Button>
            </Stack>
          </form>
          {status.data.pending && (
            <form noValidate onSubmit={verify} aria-label="Verify the code">
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
                <Field
                  id="verify-code"
                  label="Code from the SMS"
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  autoComplete="one-time-code"
                  slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
                />
                <Button type="submit" variant="contained" disabled={busy}>
                  Verify
                </Button>
                <Button
                  variant="text"
                  disabled={busy}
                  onClick={() => void run(() => sendSmsVerification(status.data?.pending ?? undefined))}
                >
                  Send a new code
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
