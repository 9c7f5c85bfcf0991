import { type ChangeEvent, type FormEvent, useCallback, useRef, useState } from 'react';

// Form state for the sign-in and reset-password forms, the first thing many visitors load. It
// behaves like the react-hook-form setup of the other auth forms (validate on blur, then on every
// change; server errors per field) without its 12 kB on the first load (ADR 0019).

/** A field's rule: its message, or null when the value passes; `values` for rules across fields. */
export type Rules<K extends string> = Partial<Record<K, (value: string, values: Record<K, string>) => string | null>>;

export function useSmallForm<K extends string>(initial: Record<K, string>, rules: Rules<K>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const touched = useRef(new Set<K>());
  // fields the visitor has typed in: leaving a field never typed in (to switch to sign-up, say)
  // shows no error and moves nothing under the pointer
  const edited = useRef(new Set<K>());
  const inputs = useRef(new Map<K, HTMLInputElement>());

  const check = useCallback(
    (name: K, value: string, all: Record<K, string>) => rules[name]?.(value, all) ?? null,
    [rules],
  );
  const setError = useCallback((name: K, message: string | null) => {
    setErrors((e) => {
      const next = { ...e };
      if (message) next[name] = message;
      else delete next[name];
      return next;
    });
  }, []);

  /** Props for one input: value, change and blur validation, and its element for focusing. */
  const field = (name: K) => ({
    name,
    value: values[name],
    inputRef: (el: HTMLInputElement | null) => {
      if (el) inputs.current.set(name, el);
      else inputs.current.delete(name);
    },
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = e.target.value;
      setValues((v) => ({ ...v, [name]: value }));
      edited.current.add(name);
      if (touched.current.has(name)) setError(name, check(name, value, { ...values, [name]: value }));
    },
    onBlur: () => {
      if (!edited.current.has(name)) return;
      touched.current.add(name);
      setError(name, check(name, values[name], values));
    },
  });

  /** Validates the named fields (all with rules by default), then runs `action` if they pass. */
  const handleSubmit =
    (action: (values: Record<K, string>) => Promise<void>, only?: readonly K[]) => async (e: FormEvent) => {
      e.preventDefault();
      const names = only ?? (Object.keys(rules) as K[]);
      const found: Partial<Record<K, string>> = {};
      for (const name of names) {
        touched.current.add(name);
        const message = check(name, values[name], values);
        if (message) found[name] = message;
      }
      setErrors(found);
      const first = names.find((n) => found[n]);
      if (first) {
        inputs.current.get(first)?.focus();
        return;
      }
      setSubmitting(true);
      try {
        await action(values);
      } finally {
        setSubmitting(false);
      }
    };

  const focus = useCallback((name: K) => inputs.current.get(name)?.focus(), []);

  return { values, errors, submitting, field, setError, handleSubmit, focus };
}
