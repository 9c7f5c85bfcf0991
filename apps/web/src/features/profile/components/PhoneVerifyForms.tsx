import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Field } from '../../../ui/Field';
import { toast } from '../../../ui/toast';
import { useZodForm } from '../../../ui/zod-form';
import {
  accountDetailsQuery,
  fieldErrorsOf,
  messageOf,
  phoneStatusQuery,
  startPhoneVerify,
  tryPhoneVerify,
} from '../api';
import { sendSmsVerification } from '../extras-api';

/** What GET /ajax/phoneverify/status answers. */
interface PhoneStatus {
  phone: string;
  verified: boolean;
  pending: string | null;
}

const loadSchema = () => import('../form-schemas').then((m) => m.startPhoneVerifyInputSchema);

/** The number to send a code to, and the code once one is on its way; failures show the server's message. */
export function PhoneVerifyForms({ status }: { status: PhoneStatus }) {
  const client = useQueryClient();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const phoneForm = useZodForm(loadSchema, { defaultValues: { phone: status.pending ?? status.phone ?? '' } });
  const phoneError = phoneForm.formState.errors.phone?.message;

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

  const send = phoneForm.handleSubmit(({ phone }) => run(() => startPhoneVerify(phone)));
  const verify = (event: FormEvent) => {
    event.preventDefault();
    void run(
      () => tryPhoneVerify(status.pending ?? phoneForm.getValues('phone'), code.trim()),
      () => setCode(''),
    );
  };

  return (
    <Stack spacing={2}>
      {status.verified && !status.pending && <Alert severity="success">{status.phone} is verified.</Alert>}
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
            {...phoneForm.register('phone')}
            error={!!phoneError}
            helperText={phoneError}
          />
          <Button type="submit" variant="outlined" disabled={busy || phoneForm.formState.isSubmitting}>
            Send code
          </Button>
        </Stack>
      </form>
      {status.pending && (
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
              onClick={() => void run(() => sendSmsVerification(status.pending ?? undefined))}
            >
              Send a new code
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
