import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { Country } from '@parlance/shared';
import { type ChangeEventHandler, type FocusEventHandler, type Ref, useId } from 'react';

// The country list of GET /userService/getCountriesInfo as a native select: type-ahead works,
// 250 options stay cheap, and phones show their own picker.
const FALLBACK: Country[] = [{ code: 'US', name: 'United States' }];

export function CountrySelect({
  countries,
  label = 'Country',
  error,
  helperText,
  inputRef,
  ...select
}: {
  countries: Country[] | undefined;
  label?: string;
  error?: boolean;
  helperText?: string;
  name: string;
  inputRef: Ref<HTMLSelectElement>;
  onChange: ChangeEventHandler<HTMLSelectElement>;
  onBlur: FocusEventHandler<HTMLSelectElement>;
}) {
  const id = useId();
  const list = countries && countries.length > 0 ? countries : FALLBACK;
  return (
    <FormControl fullWidth error={error}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        input={<OutlinedInput label={label} notched />}
        inputRef={inputRef}
        inputProps={{ id, autoComplete: 'country', ...select }}
      >
        {list.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </NativeSelect>
      {helperText && <FormHelperText>{helperText}</FormHelperText>}
    </FormControl>
  );
}
