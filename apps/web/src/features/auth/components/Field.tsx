import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { type ReactNode, useId } from 'react';

// An outlined text field built from its parts. MUI's TextField imports Select (and with it Menu,
// Popover and Modal) whether or not it is a select; /auth is the first page many visitors load, so
// its fields do without.

export interface FieldProps extends Omit<OutlinedInputProps, 'label' | 'error'> {
  label: string;
  helperText?: ReactNode;
  error?: boolean;
  /** keep the label above the input even when it is empty (prefilled or select-like inputs) */
  shrink?: boolean;
}

export function Field({ label, helperText, error, id, shrink, fullWidth = true, ...input }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const helperId = helperText ? `${inputId}-helper` : undefined;
  return (
    <FormControl fullWidth={fullWidth} error={error} variant="outlined">
      <InputLabel htmlFor={inputId} shrink={shrink}>
        {label}
      </InputLabel>
      <OutlinedInput id={inputId} label={label} notched={shrink} aria-describedby={helperId} {...input} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}

/**
 * onMouseDown for submit buttons and links below fields: keeps the focus in the field, so that its
 * blur validation cannot show an error (moving the button down) between mouse down and up, which
 * would swallow the click. Keyboard users are unaffected.
 */
export const keepFieldFocus = (event: { preventDefault: () => void }) => event.preventDefault();
