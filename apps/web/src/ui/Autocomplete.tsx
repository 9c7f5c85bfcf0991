import type { AutocompleteProps, AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import type MuiAutocompleteType from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import { Suspense, useId } from 'react';
import { lazy } from './lazy';

// The app's one Autocomplete (ADR 0045): MUI's, loaded on its own (with its Popper it is 18 kB
// gzipped, more than a page's first load can spare). It starts loading as soon as a picker renders;
// until it arrives the field shows disabled, with its label and its value's text, so nothing can
// be typed or focused that would have to be handed over to it.

const MuiAutocomplete = lazy(() => import('@mui/material/Autocomplete')) as unknown as typeof MuiAutocompleteType;

export function Autocomplete<
  T,
  Multiple extends boolean | undefined = false,
  DisableClearable extends boolean | undefined = false,
  FreeSolo extends boolean | undefined = false,
>(props: AutocompleteProps<T, Multiple, DisableClearable, FreeSolo>) {
  return (
    <Suspense fallback={<Loading {...props} />}>
      <MuiAutocomplete {...props} />
    </Suspense>
  );
}

/** The field as the Autocomplete will draw it, disabled: its label and the value's text. */
function Loading<
  T,
  Multiple extends boolean | undefined,
  DisableClearable extends boolean | undefined,
  FreeSolo extends boolean | undefined,
>(props: AutocompleteProps<T, Multiple, DisableClearable, FreeSolo>) {
  const autoId = useId();
  const id = props.id ?? autoId;
  const label = (o: unknown) =>
    typeof o === 'string'
      ? o
      : props.getOptionLabel
        ? props.getOptionLabel(o as T)
        : String((o as { label?: string }).label ?? o);
  const value = props.value as unknown;
  const text = Array.isArray(value) ? value.map(label).join(', ') : value == null ? '' : label(value);
  const params = {
    id,
    disabled: true,
    fullWidth: props.fullWidth ?? true,
    size: props.size === 'small' ? 'small' : undefined,
    slotProps: {
      inputLabel: { id: `${id}-label`, htmlFor: id },
      input: {
        ref: () => {},
        className: '',
        startAdornment: undefined,
        endAdornment: undefined,
        onMouseDown: () => {},
      },
      htmlInput: { value: text, readOnly: true },
    },
  } as unknown as AutocompleteRenderInputParams;
  return <Box sx={props.sx}>{props.renderInput(params)}</Box>;
}
