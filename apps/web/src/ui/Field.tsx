import FormControl, { type FormControlProps } from '@mui/material/FormControl';
import FormHelperText, { type FormHelperTextProps } from '@mui/material/FormHelperText';
import InputLabel, { type InputLabelProps } from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { ChangeEventHandler, FocusEventHandler, ReactElement, ReactNode, Ref } from 'react';
import { useId } from 'react';

// The app's outlined text field, built from MUI's parts as MUI's TextField builds it (same label,
// notch, helper text, ids and aria wiring, same props), without TextField itself: TextField imports
// Select statically, and with it Menu, MenuList, Popover, Modal, FocusTrap, Portal and all three
// input variants, about 16 kB gzipped on the first load of every page that shows a field.
// Selects are SelectField (a native select drawn in this field), in their own file so that pages
// without one (/auth) do not load NativeSelect.

export interface FieldProps
  extends Omit<FormControlProps, 'onChange' | 'onBlur' | 'onFocus' | 'children' | 'defaultValue' | 'variant' | 'ref'> {
  label?: ReactNode;
  helperText?: ReactNode;
  /** what stands in the field instead of the outlined input (SelectField's native select) */
  renderInput?: (input: ReactElement) => ReactNode;
  value?: unknown;
  defaultValue?: unknown;
  onChange?: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onFocus?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  name?: string;
  inputRef?: Ref<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>;
  /** the <input> (or <textarea>, <select>) too, unlike TextField's root: `{...register(name)}` works */
  ref?: Ref<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>;
  type?: string;
  placeholder?: string;
  multiline?: boolean;
  rows?: number | string;
  minRows?: number | string;
  maxRows?: number | string;
  autoComplete?: string;
  autoFocus?: boolean;
  /** as TextField's: attributes of the <input> (or <select>), of the outlined input, of the label */
  slotProps?: {
    htmlInput?: OutlinedInputProps['inputProps'];
    input?: Partial<OutlinedInputProps>;
    inputLabel?: Partial<InputLabelProps>;
    formHelperText?: Partial<FormHelperTextProps>;
  };
}

export function Field({
  label,
  helperText,
  renderInput,
  id: idProp,
  value,
  defaultValue,
  onChange,
  onBlur,
  onFocus,
  name,
  inputRef,
  ref,
  type,
  placeholder,
  multiline,
  rows,
  minRows,
  maxRows,
  autoComplete,
  autoFocus,
  slotProps = {},
  ...formControl
}: FieldProps) {
  const autoId = useId();
  const id = idProp ?? autoId;
  const helperId = helperText ? `${id}-helper-text` : undefined;
  const labelId = label != null && label !== '' ? `${id}-label` : undefined;
  const { htmlInput, input, inputLabel, formHelperText } = slotProps;
  const outlined = (
    <OutlinedInput
      aria-describedby={helperId}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      defaultValue={defaultValue}
      fullWidth={formControl.fullWidth}
      multiline={multiline}
      name={name}
      rows={rows}
      maxRows={maxRows}
      minRows={minRows}
      type={type}
      value={value}
      id={id}
      inputRef={inputRef}
      onBlur={onBlur}
      onChange={onChange}
      onFocus={onFocus}
      placeholder={placeholder}
      inputProps={ref ? { ...htmlInput, ref } : htmlInput}
      label={label}
      notched={inputLabel?.shrink}
      {...input}
    />
  );
  return (
    <FormControl variant="outlined" {...formControl}>
      {labelId && (
        <InputLabel htmlFor={id} id={labelId} {...inputLabel}>
          {label}
        </InputLabel>
      )}
      {renderInput ? renderInput(outlined) : outlined}
      {helperText && (
        <FormHelperText id={helperId} {...formHelperText}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
}
