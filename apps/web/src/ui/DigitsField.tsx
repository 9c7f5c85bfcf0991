import InputAdornment from '@mui/material/InputAdornment';
import { Field, type FieldProps } from './Field';
import { isDigitsOnly } from '@parlance/shared';
import type { Ref } from 'react';

type DigitsFieldProps = Omit<FieldProps, 'onChange' | 'value' | 'ref'> & {
  value: string;
  /** the unit shown after the number (words, credits) */
  unit?: string;
  /** called with the new value only when it is empty or digits only (spec 1 section 5) */
  onValueChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
};

/** A number input that refuses anything but digits: a typed letter never reaches the value. */
export function DigitsField({ value, onValueChange, unit, slotProps, ref, ...props }: DigitsFieldProps) {
  return (
    <Field
      {...props}
      value={value}
      inputRef={ref}
      onChange={(e) => {
        const next = e.target.value;
        if (next === '' || isDigitsOnly(next)) onValueChange(next);
      }}
      slotProps={{
        ...slotProps,
        htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
        input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : undefined,
      }}
    />
  );
}
