import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { FormEventHandler, ReactNode } from 'react';

/**
 * The frame of the account forms (sign-up, completing an account, new password): a form the browser
 * does not validate (the shared rules do), its fields stacked, and the error that belongs to no
 * field above them, announced.
 */
export function AuthForm({
  label,
  onSubmit,
  error,
  spacing = 2.25,
  children,
}: {
  label?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  error?: string | null;
  spacing?: number;
  children: ReactNode;
}) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={label}>
      <Stack spacing={spacing}>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        {children}
      </Stack>
    </Box>
  );
}
