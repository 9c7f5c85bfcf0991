import type { FieldErrors, FieldValues, Path, UseFormRegister, UseFormSetError } from 'react-hook-form';

/** react-hook-form's register for an MUI TextField: the ref goes to the input, the error shows below. */
export function textField<T extends FieldValues>(
  register: UseFormRegister<T>,
  errors: FieldErrors<T>,
  name: Path<T>,
  helperText?: string,
) {
  const { ref, ...rest } = register(name);
  const error = errors[name]?.message;
  return {
    ...rest,
    inputRef: ref,
    id: `profile-${String(name)}`,
    error: !!error,
    helperText: typeof error === 'string' ? error : helperText,
    fullWidth: true,
  };
}

/** Puts the server's field messages on the form's fields; answers whether any was shown. */
export function showServerErrors<T extends FieldValues>(
  fields: Record<string, string>,
  setError: UseFormSetError<T>,
  known: readonly string[],
): boolean {
  let shown = false;
  for (const [key, message] of Object.entries(fields)) {
    if (!known.includes(key)) continue;
    setError(key as Path<T>, { type: 'server', message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}
