import type { Language } from '@parlance/shared';
import type { ReactNode, Ref } from 'react';

// The language picker's props, shared by its look-alike (LanguagePicker) and the MUI Autocomplete it
// loads (LanguagePickerMui): a module of its own so that neither imports the other's file.

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

/** What the visitor did in the look-alike before this one arrived. */
export interface PickerStart {
  /** text typed into the look-alike, null when none */
  text: string | null;
  open: boolean;
  focus: boolean;
}
