import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Field } from '../../../ui/Field';
import { PROFILE_TEXTS, type UpdatePasswordInput, updatePasswordInputSchema } from '@parlance/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../ui/toast';
import { fieldErrorsOf, messageOf, useUpdatePassword } from '../api';
import { showServerErrors, textField } from './form-field';
import { SectionCard } from './SectionCard';

const FIELDS = ['old_password', 'password', 'password_verify'] as const;
const EMPTY: UpdatePasswordInput = { old_password: '', password: '', password_verify: '' };

export function PasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const update = useUpdatePassword();
  const [commonError, setCommonError] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<UpdatePasswordInput>({
    resolver: zodResolver(updatePasswordInputSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setCommonError(null);
    try {
      await update.mutateAsync(values);
      reset(EMPTY);
      toast(PROFILE_TEXTS.passwordUpdated, { variant: 'success' });
    } catch (err) {
      if (!showServerErrors(fieldErrorsOf(err), setError, FIELDS))
        setCommonError(messageOf(err, 'Could not update your password.'));
    }
  });

  return (
    <SectionCard
      title="Password Update"
      intro="At least 6 characters with an uppercase and a lowercase letter, a digit and a special character, no spaces. Your other sessions are signed out."
    >
      {!hasPassword ? (
        <Alert severity="info">Your account has no password yet. Use the link in the banner to set one.</Alert>
      ) : (
        <form noValidate onSubmit={onSubmit} aria-label="Password update">
          <Stack spacing={2} sx={{ maxWidth: 420 }}>
            {commonError && (
              <Alert severity="error" role="alert">
                {commonError}
              </Alert>
            )}
            <Field
              {...textField(register, errors, 'old_password')}
              label="Current password"
              type="password"
              autoComplete="current-password"
            />
            <Field
              {...textField(register, errors, 'password')}
              label="New password"
              type="password"
              autoComplete="new-password"
            />
            <Field
              {...textField(register, errors, 'password_verify')}
              label="Repeat new password"
              type="password"
              autoComplete="new-password"
            />
            <div>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {isSubmitting ? 'Updating…' : 'Update password'}
              </Button>
            </div>
          </Stack>
        </form>
      )}
    </SectionCard>
  );
}
