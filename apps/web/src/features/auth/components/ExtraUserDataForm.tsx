import type { Country, UserData } from '@parlance/shared';
import { useEffect, useState } from 'react';
import type { Path } from 'react-hook-form';
import { fieldErrorsOf, messageOf, useUpdateRegisterInfo } from '../api';
import { CountrySelect } from './CountrySelect';
import { Field } from '../../../ui/Field';
import { SubmitButton } from './SubmitButton';
import { muiRegister } from './mui-register';
import { useZodForm } from '../../../ui/zod-form';
import { AuthForm } from './AuthForm';

// The auth dialog's extraUserData mode: a signed-in user whose account lacks a name or a country
// completes it before going on.

const loadSchema = () => import('../form-schemas').then((m) => m.extraUserDataFormSchema);
type ExtraValues = { fullName: string; country: string; company: string; phone: string };

const SERVER_FIELDS: Record<string, Path<ExtraValues>> = {
  full_name: 'fullName',
  user_country: 'country',
  company_name: 'company',
  phone: 'phone',
};

export function ExtraUserDataForm({
  user,
  countries,
  countryByIp,
  onBusyChange,
  onDone,
}: {
  user: UserData;
  countries: Country[] | undefined;
  countryByIp: string | null;
  onBusyChange: (busy: boolean) => void;
  onDone: () => Promise<void>;
}) {
  const [commonError, setCommonError] = useState<string | null>(null);
  const update = useUpdateRegisterInfo();
  const { register, handleSubmit, setError, formState } = useZodForm(loadSchema, {
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: {
      fullName: user.name,
      country: user.country ?? countryByIp ?? 'US',
      company: user.billingAddress.Company,
      phone: user.phone ?? '',
    },
  });
  const { errors, isSubmitting } = formState;

  useEffect(() => onBusyChange(isSubmitting), [isSubmitting, onBusyChange]);

  const onSubmit = handleSubmit(async (v) => {
    setCommonError(null);
    try {
      await update.mutateAsync({
        full_name: v.fullName.trim(),
        user_country: v.country,
        company_name: v.company.trim() || null,
        phone: v.phone.trim() || null,
      });
      await onDone();
    } catch (err) {
      const fields = fieldErrorsOf(err);
      let shown = false;
      for (const [key, message] of Object.entries(fields)) {
        const name = SERVER_FIELDS[key];
        if (!name || !message) continue;
        setError(name, { type: 'server', message }, { shouldFocus: !shown });
        shown = true;
      }
      if (!shown) setCommonError(messageOf(err, 'Could not save your details. Please try again.'));
    }
  });

  return (
    <AuthForm label="Complete your account" onSubmit={onSubmit} error={commonError}>
      <Field
        fullWidth
        {...muiRegister(register, 'fullName')}
        label="Full name"
        autoComplete="name"
        autoFocus
        error={!!errors.fullName}
        helperText={errors.fullName?.message ?? 'First and last name, in Latin letters'}
      />
      <CountrySelect
        {...muiRegister(register, 'country')}
        countries={countries}
        error={!!errors.country}
        helperText={errors.country?.message}
      />
      <Field
        fullWidth
        {...muiRegister(register, 'company')}
        label="Company"
        autoComplete="organization"
        error={!!errors.company}
        helperText={errors.company?.message ?? 'Optional'}
      />
      <Field
        fullWidth
        {...muiRegister(register, 'phone')}
        label="Phone"
        type="tel"
        autoComplete="tel"
        error={!!errors.phone}
        helperText={errors.phone?.message ?? 'Optional: digits, spaces, hyphens and parentheses'}
      />
      <SubmitButton loading={isSubmitting}>Continue</SubmitButton>
    </AuthForm>
  );
}
