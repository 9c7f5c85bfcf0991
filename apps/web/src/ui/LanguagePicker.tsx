import type { Language } from '@parlance/shared';
import type { ReactNode, Ref } from 'react';
import { Autocomplete } from './Autocomplete';
import { Field } from './Field';

export interface LanguagePickerCommon {
  label: string;
  options: Language[];
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  disabled?: boolean;
  loading?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
}

export type LanguagePickerProps = LanguagePickerCommon &
  (
    | { multiple?: false; value: Language | null; onChange: (value: Language | null) => void }
    | { multiple: true; value: Language[]; onChange: (value: Language[]) => void; filterSelectedOptions?: boolean }
  );

/** The language pickers of the quote and the ordering wizard: the app's Autocomplete over languages. */
export function LanguagePicker(props: LanguagePickerProps) {
  const { label, options, required, error, helperText, disabled, loading, inputRef, onBlur } = props;
  const common = {
    options,
    loading,
    disabled,
    onBlur,
    getOptionLabel: (l: Language) => l.name,
    isOptionEqualToValue: (a: Language, b: Language) => a.slug === b.slug,
    renderInput: (params: object) => (
      <Field {...params} inputRef={inputRef} label={label} required={required} error={error} helperText={helperText} />
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
