import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { TEXTS } from '@parlance/shared';
import { HttpError } from '../../../app/http';
import { Field } from '../../../ui/Field';
import { useZodForm } from '../../../ui/zod-form';
import { fieldErrorsOf, messageOf, useRequestResetToken } from '../api';
import { useCheckAfterEdit } from '../check-after-edit';
import { SubmitButton } from './SubmitButton';

const loadSchema = () => import('../form-schemas').then((m) => m.resetLinkFormSchema);

/** Asks for a reset link by e-mail. A chunk of its own, with react-hook-form. */
export function ResetLinkForm({ initialEmail, onSent }: { initialEmail: string; onSent: (email: string) => void }) {
  const requestToken = useRequestResetToken();
  const { register, handleSubmit, setError, trigger, formState } = useZodForm(loadSchema, {
    defaultValues: { email: initialEmail },
  });
  const checks = useCheckAfterEdit(trigger);
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await requestToken.mutateAsync(email);
      onSent(email);
    } catch (err) {
      // The spec's message when the server returns errors; limits and outages keep their own text.
      const recordsError =
        Object.keys(fieldErrorsOf(err)).length > 0 || (err instanceof HttpError && err.status === 404);
      const message = recordsError ? TEXTS.emailNotInRecords : messageOf(err, TEXTS.emailNotInRecords);
      setError('email', { type: 'server', message }, { shouldFocus: true });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Reset your password">
      <Stack spacing={2.5}>
        <Field
          fullWidth
          {...register('email', checks('email'))}
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          error={!!errors.email}
          helperText={errors.email?.message}
        />
        <SubmitButton loading={isSubmitting}>Send reset link</SubmitButton>
      </Stack>
    </Box>
  );
}
