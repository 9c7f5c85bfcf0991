import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { keepFieldFocus } from './keep-field-focus';

/**
 * The one full-width submit button of the sign-in and sign-up forms. Pressing it keeps the focus in
 * the field being typed in (keep-field-focus.ts), so a field's message does not jump under the
 * pointer before the click lands.
 */
export function SubmitButton({
  loading,
  disabled,
  children,
}: {
  loading: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      onMouseDown={keepFieldFocus}
      loading={loading}
      disabled={disabled}
    >
      {children}
    </Button>
  );
}
