import type { FieldValues, Path, RegisterOptions, UseFormRegister } from 'react-hook-form';

/** register() for MUI inputs: the ref must reach the <input>, not the field's root element. */
export function muiRegister<T extends FieldValues, N extends Path<T>>(
  register: UseFormRegister<T>,
  name: N,
  options?: RegisterOptions<T, N>,
) {
  const { ref, ...rest } = register(name, options);
  return { ...rest, inputRef: ref };
}
