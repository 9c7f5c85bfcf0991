import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { type AccountDetails, PROFILE_TEXTS } from '@parlance/shared';
import { useState } from 'react';
import { useRefreshUser } from '../../../app/current-user';
import { Field } from '../../../ui/Field';
import { SelectField } from '../../../ui/SelectField';
import { toast } from '../../../ui/toast';
import { useZodForm } from '../../../ui/zod-form';
import { fieldErrorsOf, messageOf, useCountries, useSaveAccountDetails } from '../api';
import { showServerErrors } from './form-field';

const FIELDS = ['fullName', 'address', 'city', 'userCountry', 'userIndustry', 'phone', 'company'] as const;
type AccountField = (typeof FIELDS)[number];
const loadSchema = () => import('../form-schemas').then((m) => m.accountInfoInputSchema);

/** Name and contact details: each field checked when left, then on every change. */
export function AccountForm({ details }: { details: AccountDetails }) {
  const countries = useCountries();
  const save = useSaveAccountDetails();
  const refreshUser = useRefreshUser();
  const [commonError, setCommonError] = useState<string | null>(null);
  const { register, handleSubmit, watch, setError, formState } = useZodForm(loadSchema, {
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
  const country = watch('userCountry');
  /** A text field's props: the form's value, checks and element, its message or hint below. */
  const textField = (name: AccountField, helperText?: string) => ({
    ...register(name),
    id: `profile-${name}`,
    error: !!errors[name],
    helperText: errors[name]?.message ?? helperText,
    fullWidth: true,
  });

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
          <Field {...textField('fullName')} label="Full name" autoComplete="name" required />
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
          <Field {...textField('company')} label="Company" autoComplete="organization" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field {...textField('userIndustry')} label="Industry" />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <Field {...textField('address')} label="Address" autoComplete="street-address" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field {...textField('city')} label="City" autoComplete="address-level2" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectField
            {...register('userCountry')}
            id="profile-userCountry"
            fullWidth
            required
            label="Country"
            error={!!errors.userCountry}
            helperText={errors.userCountry?.message ?? (countries.isError ? 'Could not load the countries' : undefined)}
          >
            {(countries.data ?? []).map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
            {!countries.data && country && <option value={country}>{country}</option>}
          </SelectField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field
            {...textField('phone', 'Digits, hyphens, parentheses and spaces')}
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
