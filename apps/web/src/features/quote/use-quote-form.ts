import { type FormEvent, useRef, useState } from 'react';

// Form state of the two quote forms, as they had it from react-hook-form (mode and revalidation
// "onSubmit"): the rules run at submit, every failing field shows its message and the first one in
// the form takes the focus; a field's message goes when the form clears it (on change). Without
// react-hook-form's 15 kB gzipped on the /quote first load.

type Rules<V> = { [K in keyof V]?: (value: V[K]) => string | null };

export function useQuoteForm<V extends object>(initial: V, rules: Rules<V>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  // the fields' inputs, for the focus at submit (fields come in the order of `initial`, the form's)
  const inputs = useRef(new Map<keyof V, HTMLElement>());

  const setValue = <K extends keyof V>(name: K, value: V[K]) => setValues((v) => ({ ...v, [name]: value }));
  const setError = (name: keyof V, message: string) => setErrors((e) => ({ ...e, [name]: message }));
  const clearError = (name: keyof V) =>
    setErrors((e) => {
      if (!(name in e)) return e;
      const next = { ...e };
      delete next[name];
      return next;
    });
  /** The ref of a field's input (focused when it is the first failing field at submit). */
  const inputRef = (name: keyof V) => (el: HTMLElement | null) => {
    if (el) inputs.current.set(name, el);
    else inputs.current.delete(name);
  };

  const handleSubmit = (action: (values: V) => Promise<void>) => async (e: FormEvent) => {
    e.preventDefault();
    setSubmitting(true);
    try {
      const found: Partial<Record<keyof V, string>> = {};
      for (const name of Object.keys(rules) as (keyof V)[]) {
        const message = rules[name]?.(values[name]);
        if (message) found[name] = message;
      }
      setErrors(found);
      const first = (Object.keys(initial) as (keyof V)[]).find((name) => found[name]);
      if (first !== undefined) {
        inputs.current.get(first)?.focus();
        return;
      }
      await action(values);
    } finally {
      setSubmitting(false);
    }
  };

  return { values, errors, submitting, setValue, setError, clearError, inputRef, handleSubmit };
}
