import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  PAYOUT_METHOD_LABELS,
  PAYOUT_METHOD_TEXTS,
  PAYOUT_METHODS,
  type PayoutMethod,
  type PayoutMethodOnFile,
} from '@parlance/shared';
import { fieldErrorsOf, messageOf } from '../../app/http';
import { Field } from '../../ui/Field';
import { SelectField } from '../../ui/SelectField';
import { toast } from '../../ui/toast';
import { useZodForm } from '../../ui/zod-form';
import { useSavePayoutMethod } from './api';

const loadSchema = () => import('./form-schemas').then((m) => m.payoutMethodInputSchema);

const ACCOUNT_LABELS: Record<PayoutMethod, string> = {
  paypal: 'PayPal e-mail',
  payoneer: 'Payoneer e-mail',
  wire: 'IBAN',
};

/** Adds (or replaces) the account of one payout method. */
export function AddPayoutMethodForm({ methods }: { methods: PayoutMethodOnFile[] }) {
  const save = useSavePayoutMethod();
  const { register, handleSubmit, watch, setError, clearErrors, resetField, formState } = useZodForm(loadSchema, {
    defaultValues: { method: 'paypal', account: '' },
  });
  const method = (watch('method') ?? 'paypal') as PayoutMethod;
  const { errors } = formState;
  const error = errors.account?.message ?? errors.root?.message;

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      resetField('account');
      toast(
        saved.status === 'pending'
          ? `${PAYOUT_METHOD_TEXTS.saved}: your Payoneer account waits for approval.`
          : `${PAYOUT_METHOD_TEXTS.saved}.`,
        { variant: 'success' },
      );
    } catch (err) {
      setError('account', { type: 'server', message: fieldErrorsOf(err).account ?? messageOf(err) });
    }
  });

  const methodField = register('method', { onChange: () => clearErrors() });
  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Add a payout method">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <SelectField size="small" label="Method" {...methodField} sx={{ minWidth: 160 }}>
          {PAYOUT_METHODS.map((m) => (
            <option key={m} value={m}>
              {PAYOUT_METHOD_LABELS[m]}
            </option>
          ))}
        </SelectField>
        <Field
          size="small"
          label={ACCOUNT_LABELS[method]}
          {...register('account')}
          error={!!error}
          helperText={
            error ?? (methods.some((m) => m.method === method) ? 'Replaces the account on file for this method' : ' ')
          }
          sx={{ flex: 1 }}
          autoComplete="off"
        />
        <Button type="submit" variant="outlined" disabled={formState.isSubmitting}>
          Save method
        </Button>
      </Stack>
    </Box>
  );
}
