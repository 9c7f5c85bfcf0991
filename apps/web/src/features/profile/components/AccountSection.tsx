import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { Field } from '../../../ui/Field';
import { SelectField } from '../../../ui/SelectField';
import { useQuery } from '@tanstack/react-query';
import { type AccountDetails, type AccountInfoInput, accountInfoInputSchema, PROFILE_TEXTS } from '@parlance/shared';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useRefreshUser } from '../../../app/current-user';
import { toast } from '../../../ui/toast';
import { accountDetailsQuery, fieldErrorsOf, messageOf, useCountries, useSaveAccountDetails } from '../api';
import { showServerErrors, textField } from './form-field';
import { SectionCard, SectionState } from './SectionCard';

const FIELDS = ['fullName', 'address', 'city', 'userCountry', 'userIndustry', 'phone', 'company'] as const;

export function AccountSection() {
  const details = useQuery(accountDetailsQuery);
  return (
    <SectionCard title="Account Information" intro="Your name and contact details, as they appear on your projects.">
      <SectionState loading={details.isPending} error={details.error} />
      {details.data && <AccountForm details={details.data} />}
    </SectionCard>
  );
}

function AccountForm({ details }: { details: AccountDetails }) {
  const countries = useCountries();
  const save = useSaveAccountDetails();
  const refreshUser = useRefreshUser();
  const [commonError, setCommonError] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, formState } = useForm<AccountInfoInput>({
    resolver: zodResolver(accountInfoInputSchema),
    mode: 'onTouched',
    defaultValues: {
      fullName: details.fullName,
      address: details.address,
      city: details.city,
      userCountry: details.userCountry ?? '',
      userIndustry: details.userIndustry,
      phone: details.phone,
      company: details.company,
    },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setCommonError(null);
    try {
      await save.mutateAsync(values);
      await refreshUser();
      toast(PROFILE_TEXTS.accountSaved, { variant: 'success' });
    } catch (err) {
      if (!showServerErrors(fieldErrorsOf(err), setError, FIELDS))
        setCommonError(messageOf(err, 'Could not save your account information.'));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Account information">
      {commonError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {commonError}
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field {...textField(register, errors, 'fullName')} label="Full name" autoComplete="name" required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field
            id="profile-email"
            label="Email"
            value={details.email}
            fullWidth
            slotProps={{ input: { readOnly: true } }}
            helperText="Your sign-in address. Add more addresses under Mailing Preferences."
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field {...textField(register, errors, 'company')} label="Company" autoComplete="organization" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field {...textField(register, errors, 'userIndustry')} label="Industry" />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <Field {...textField(register, errors, 'address')} label="Address" autoComplete="street-address" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field {...textField(register, errors, 'city')} label="City" autoComplete="address-level2" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={control}
            name="userCountry"
            render={({ field, fieldState }) => (
              <SelectField
                {...field}
                id="profile-userCountry"
                fullWidth
                required
                label="Country"
                error={!!fieldState.error}
                helperText={
                  fieldState.error?.message ?? (countries.isError ? 'Could not load the countries' : undefined)
                }
              >
                {(countries.data ?? []).map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
                {!countries.data && field.value && <option value={field.value}>{field.value}</option>}
              </SelectField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field
            {...textField(register, errors, 'phone', 'Digits, hyphens, parentheses and spaces')}
            label="Phone"
            type="tel"
            autoComplete="tel"
          />
        </Grid>
      </Grid>
      <Button type="submit" variant="contained" disabled={isSubmitting} sx={{ mt: 3 }}>
        {isSubmitting ? 'Saving…' : 'Save'}
      </Button>
    </form>
  );
}
