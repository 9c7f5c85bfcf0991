import { useRef } from 'react';
import type { FieldValues, Path, UseFormTrigger } from 'react-hook-form';

/**
 * register() options for the sign-in and password forms' timing: a field is checked when left after
 * it was typed in, then at every change. Leaving a field never typed in (to switch to sign-up, say)
 * shows nothing and moves nothing under the pointer, which react-hook-form's onTouched would.
 */
export function useCheckAfterEdit<T extends FieldValues>(trigger: UseFormTrigger<T>) {
  const edited = useRef(new Set<string>());
  const left = useRef(new Set<string>());
  return (name: Path<T>) => ({
    onChange: () => {
      edited.current.add(name);
      if (left.current.has(name)) void trigger(name);
    },
    onBlur: () => {
      if (!edited.current.has(name)) return;
      left.current.add(name);
      void trigger(name);
    },
  });
}
