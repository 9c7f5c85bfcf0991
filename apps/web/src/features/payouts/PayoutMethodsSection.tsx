import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { Field } from '../../ui/Field';
import { SelectField } from '../../ui/SelectField';
import Typography from '@mui/material/Typography';
import {
  PAYEE_STATUS_LABELS,
  PAYOUT_METHOD_LABELS,
  PAYOUT_METHOD_TEXTS,
  PAYOUT_METHODS,
  type PayeeStatus,
  type PayoutMethod,
  type PayoutMethodOnFile,
} from '@parlance/shared';
import { type FormEvent, useState } from 'react';
import { fieldErrorsOf, messageOf } from '../../app/http';
import { toast } from '../../ui/toast';
import { useRemovePayoutMethod, useSavePayoutMethod } from './api';

// /balance, "Payout methods": the accounts a translator is paid to. PayPal and bank wire work at
// once; a Payoneer account waits for approval by the finance team.

const ACCOUNT_LABELS: Record<PayoutMethod, string> = {
  paypal: 'PayPal e-mail',
  payoneer: 'Payoneer e-mail',
  wire: 'IBAN',
};

const STATUS_COLORS: Record<PayeeStatus, 'success' | 'warning' | 'error'> = {
  active: 'success',
  pending: 'warning',
  declined: 'error',
};

export function PayoutMethodsSection({ methods }: { methods: PayoutMethodOnFile[] }) {
  const save = useSavePayoutMethod();
  const remove = useRemovePayoutMethod();
  const [method, setMethod] = useState<PayoutMethod>('paypal');
  const [account, setAccount] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { checkPayoutMethod } = await import('./payout-method-check');
    const checked = checkPayoutMethod(method, account);
    if (!checked.ok) {
      setError(checked.errors.account ?? checked.error);
      return;
    }
    setError(null);
    save.mutate(checked.value, {
      onSuccess: (saved) => {
        setAccount('');
        toast(
          saved.status === 'pending'
            ? `${PAYOUT_METHOD_TEXTS.saved}: your Payoneer account waits for approval.`
            : `${PAYOUT_METHOD_TEXTS.saved}.`,
          { variant: 'success' },
        );
      },
      onError: (err) => setError(fieldErrorsOf(err).account ?? messageOf(err)),
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="payout-methods">
      <Typography id="payout-methods" variant="h6" component="h2" sx={{ mb: 1 }}>
        Payout methods
      </Typography>
      {methods.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Add the account you want to be paid to. PayPal and bank wire can be used at once; a Payoneer account is
          checked by our finance team first.
        </Typography>
      ) : (
        <Box component="ul" aria-label="Your payout methods" sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}>
          {methods.map((m) => (
            <Stack
              component="li"
              key={m.method}
              direction="row"
              sx={{
                alignItems: 'center',
                gap: 1.5,
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
                flexWrap: 'wrap',
              }}
            >
              <Box sx={{ minWidth: 0, flex: '1 1 200px' }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {PAYOUT_METHOD_LABELS[m.method]}
                </Typography>
                <Typography variant="body2" color="text.secondary" noWrap title={m.account}>
                  {m.account}
                </Typography>
              </Box>
              <Chip size="small" color={STATUS_COLORS[m.status]} label={PAYEE_STATUS_LABELS[m.status]} />
              <Button
                size="small"
                color="error"
                onClick={() =>
                  remove.mutate(m.method, {
                    onSuccess: () => toast(`${PAYOUT_METHOD_LABELS[m.method]} removed.`, { variant: 'success' }),
                    onError: (err) => toast(messageOf(err), { variant: 'error' }),
                  })
                }
                disabled={remove.isPending}
                aria-label={`Remove ${PAYOUT_METHOD_LABELS[m.method]}`}
              >
                Remove
              </Button>
            </Stack>
          ))}
        </Box>
      )}
      <Box component="form" onSubmit={submit} noValidate aria-label="Add a payout method">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <SelectField
            size="small"
            label="Method"
            value={method}
            onChange={(e) => {
              setMethod(e.target.value as PayoutMethod);
              setError(null);
            }}
            sx={{ minWidth: 160 }}
          >
            {PAYOUT_METHODS.map((m) => (
              <option key={m} value={m}>
                {PAYOUT_METHOD_LABELS[m]}
              </option>
            ))}
          </SelectField>
          <Field
            size="small"
            label={ACCOUNT_LABELS[method]}
            value={account}
            onChange={(e) => setAccount(e.target.value)}
            error={!!error}
            helperText={
              error ?? (methods.some((m) => m.method === method) ? 'Replaces the account on file for this method' : ' ')
            }
            sx={{ flex: 1 }}
            autoComplete="off"
          />
          <Button type="submit" variant="outlined" disabled={save.isPending}>
            Save method
          </Button>
        </Stack>
      </Box>
      {methods.some((m) => m.status === 'declined') && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          Your Payoneer account was declined. Add another method, or contact support.
        </Alert>
      )}
    </Paper>
  );
}
