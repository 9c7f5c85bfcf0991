import NativeSelect from '@mui/material/NativeSelect';
import { Children, isValidElement, type ReactNode } from 'react';
import { Field, type FieldProps } from './Field';

export interface SelectFieldProps
  extends Omit<FieldProps, 'renderInput' | 'multiline' | 'rows' | 'minRows' | 'maxRows'> {
  /** the <option>s */
  children: ReactNode;
}

/**
 * An outlined select: Field with a native <select> and <option>s (the phone's own picker; keyboard
 * type-ahead; nothing more to load), instead of MUI's Select, whose Menu, Popover and Modal cost
 * about 16 kB gzipped on the first load. As with MUI's Select, an empty value shows an
 * empty field with the label inside it (a hidden empty option is added when the options have
 * none), and an empty option with a text ("All statuses") keeps the label above the field.
 */
export function SelectField({ children, slotProps = {}, ...props }: SelectFieldProps) {
  const empty = emptyOption(children);
  const inputLabel =
    empty?.text && slotProps.inputLabel?.shrink === undefined
      ? { ...slotProps.inputLabel, shrink: true }
      : slotProps.inputLabel;
  return (
    <Field
      {...props}
      slotProps={{ ...slotProps, inputLabel }}
      renderInput={(input) => (
        <NativeSelect input={input}>
          {!empty && props.value === '' && <option value="" disabled hidden />}
          {children}
        </NativeSelect>
      )}
    />
  );
}

/** The option whose value is '' among a select's options, and whether it has a text. */
function emptyOption(options: ReactNode): { text: boolean } | undefined {
  for (const option of Children.toArray(options)) {
    if (!isValidElement<{ value?: unknown; children?: ReactNode }>(option) || option.props.value !== '') continue;
    const text = option.props.children;
    return { text: text !== undefined && text !== null && text !== '' && text !== false };
  }
  return undefined;
}
