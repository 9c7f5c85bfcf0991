import { Field, type FieldProps } from '../../../ui/Field';

/**
 * The second step of signing in (the sign-in form, a password link): the app's 6-digit code or one
 * of the recovery codes, in one field.
 */
export function SecondFactorField({ error, ...props }: Omit<FieldProps, 'error' | 'label'> & { error?: string }) {
  return (
    <Field
      fullWidth
      {...props}
      label="Authentication code"
      autoComplete="one-time-code"
      error={!!error}
      helperText={error ?? '6 digits, or one of your recovery codes'}
      slotProps={{ htmlInput: { maxLength: 20, autoCapitalize: 'off', spellCheck: false } }}
    />
  );
}
