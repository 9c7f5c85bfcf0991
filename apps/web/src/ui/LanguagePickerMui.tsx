import Autocomplete from '@mui/material/Autocomplete';
import type { Language } from '@parlance/shared';
import { type Ref, type RefCallback, useLayoutEffect, useRef, useState } from 'react';
import { Field } from './Field';
import type { LanguagePickerProps, PickerStart } from './language-picker-props';

// The language picker proper: MUI's Autocomplete, loaded by LanguagePicker when a picker is first
// used. It starts where the look-alike left off (focus, typed text, open list).

function assign<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

export function LanguagePickerMui(props: LanguagePickerProps & { start: PickerStart }) {
  const { label, options, required, error, helperText, disabled, loading, inputRef, onBlur, start } = props;
  const input = useRef<HTMLInputElement | null>(null);
  // Autocomplete puts the chosen option's name in the field when it mounts: typed text stays
  const keepTyped = useRef(start.text !== null);
  const [open, setOpen] = useState(start.open && start.focus);
  const [inputValue, setInputValue] = useState(start.text ?? (props.multiple ? '' : (props.value?.name ?? '')));

  // at mount, before the browser paints or takes another key: the focus comes over only if it is
  // still nowhere (the look-alike that had it is gone); a visitor who moved on to another field
  // keeps it there (a word count typed right after "Get a quote" had landed in this picker)
  useLayoutEffect(() => {
    keepTyped.current = false;
    if (!start.focus) return;
    const el = input.current;
    const elsewhere =
      document.activeElement && document.activeElement !== document.body && document.activeElement !== el;
    if (!elsewhere) el?.focus();
    el?.setSelectionRange(el.value.length, el.value.length);
    // later pickers mount as themselves; this start is used once
    start.focus = false;
    start.open = false;
    start.text = null;
  }, [start]);

  const setRef: RefCallback<HTMLInputElement> = (el) => {
    input.current = el;
    assign(inputRef, el);
  };

  const common = {
    options,
    loading,
    disabled,
    open,
    onOpen: () => setOpen(true),
    onClose: () => setOpen(false),
    inputValue,
    onInputChange: (_e: unknown, value: string, reason: string) => {
      if (reason === 'reset' && keepTyped.current) return;
      setInputValue(value);
    },
    onBlur,
    getOptionLabel: (l: Language) => l.name,
    isOptionEqualToValue: (a: Language, b: Language) => a.slug === b.slug,
    renderInput: (params: object) => (
      <Field {...params} inputRef={setRef} label={label} required={required} error={error} helperText={helperText} />
    ),
  };

  if (props.multiple) {
    return (
      <Autocomplete
        {...common}
        multiple
        filterSelectedOptions={props.filterSelectedOptions}
        value={props.value}
        onChange={(_e, list) => props.onChange(list)}
      />
    );
  }
  return <Autocomplete {...common} value={props.value} onChange={(_e, l) => props.onChange(l)} />;
}
