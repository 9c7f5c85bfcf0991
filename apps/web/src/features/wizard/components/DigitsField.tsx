import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { isDigitsOnly } from '@parlance/shared';

type DigitsFieldProps = Omit<TextFieldProps, 'onChange' | 'value'> & {
  value: string;
  unit?: string;
  onValueChange: (value: string) => void;
};

/** A number input that refuses anything but digits (spec 1 section 5). */
export function DigitsField({ value, onValueChange, unit, ...props }: DigitsFieldProps) {
  return (
    <TextField
      {...props}
      value={value}
      onChange={(e) => {
        const next = e.target.value;
        if (next === '' || isDigitsOnly(next)) onValueChange(next);
      }}
      slotProps={{
        htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
        input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : undefined,
      }}
    />
  );
}
