import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { Field } from '../../../ui/Field';
import { SelectField } from '../../../ui/SelectField';
import { useQuery } from '@tanstack/react-query';
import { type BillingInfo, billingInfoInputSchema, PROFILE_TEXTS } from '@parlance/shared';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '../../../ui/toast';
import { billingQuery, fieldErrorsOf, messageOf, useCountries, useSaveBilling } from '../api';
import { showServerErrors, textField } from './form-field';
import { SectionCard, SectionState } from './SectionCard';

type BillingValues = z.input<typeof billingInfoInputSchema>;
const FIELDS = [
  'firstName',
  'lastName',
  'vat_id',
  'zipCode',
  'phone',
  'Country',
  'Company',
  'address',
  'city',
] as const;

export function BillingSection({ userId }: { userId: number }) {
  const billing = useQuery(billingQuery(userId));
  return (
    <SectionCard title="Billing Address" intro="What your invoices are made out to; the country decides the VAT.">
      <SectionState loading={billing.isPending} error={billing.error} />
      {billing.data && <BillingForm userId={userId} billing={billing.data} />}
    </SectionCard>
  );
}

function BillingForm({ userId, billing }: { userId: number; billing: BillingInfo }) {
  const countries = useCountries();
  const save = useSaveBilling(userId);
  const [commonError, setCommonError] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, formState } = useForm<BillingValues>({
    resolver: zodResolver(billingInfoInputSchema),
    mode: 'onTouched',
    defaultValues: { ...billing, Country: billing.Country ?? '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setCommonError(null);
    try {
      await save.mutateAsync(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v ?? '')])));
      toast(PROFILE_TEXTS.billingSaved, { variant: 'success' });
    } catch (err) {
      if (!showServerErrors(fieldErrorsOf(err), setError, FIELDS))
        setCommonError(messageOf(err, 'Could not save your billing address.'));
    }
  });

  const half = { xs: 12, sm: 6 } as const;
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Billing address">
      {commonError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {commonError}
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={half}>
          <Field {...textField(register, errors, 'firstName')} label="First name" autoComplete="given-name" />
        </Grid>
        <Grid size={half}>
          <Field {...textField(register, errors, 'lastName')} label="Last name" autoComplete="family-name" />
        </Grid>
        <Grid size={half}>
          <Field {...textField(register, errors, 'Company')} label="Company" autoComplete="organization" />
        </Grid>
        <Grid size={half}>
          <Field {...textField(register, errors, 'vat_id')} label="VAT ID" />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <Field {...textField(register, errors, 'address')} label="Address" autoComplete="street-address" />
        </Grid>
        <Grid size={half}>
          <Field {...textField(register, errors, 'city')} label="City" autoComplete="address-level2" />
        </Grid>
        <Grid size={half}>
          <Field {...textField(register, errors, 'zipCode')} label="ZIP code" autoComplete="postal-code" />
        </Grid>
        <Grid size={half}>
          <Controller
            control={control}
            name="Country"
            render={({ field, fieldState }) => (
              <SelectField
                {...field}
                id="profile-billing-country"
                fullWidth
                required
                label="Country"
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
              >
                {(countries.data ?? []).map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </SelectField>
            )}
          />
        </Grid>
        <Grid size={half}>
          <Field {...textField(register, errors, 'phone')} label="Phone" type="tel" autoComplete="tel" />
        </Grid>
      </Grid>
      <Button type="submit" variant="contained" disabled={isSubmitting} sx={{ mt: 3 }}>
        {isSubmitting ? 'Saving…' : 'Save'}
      </Button>
    </form>
  );
}
