import { type ChangeEvent, type FocusEvent, type FormEvent, useRef, useState } from 'react';

// Form state for the account tab's forms, checked with the call's shared schema as their
// react-hook-form + zodResolver setup was (same messages, at the same moments, the schema's cleaned
// values to the save), without react-hook-form's 15 kB and zod's 24 kB on the profile's first load.
// The check (a module that imports zod) is loaded when the form is first focused; a
// blur or a submit that comes before it has loaded waits for it.

/** What a check answers: the values as the schema cleans them, or the first message per field. */
export type CheckResult<Out> = { ok: true; value: Out } | { ok: false; error: string; errors: Record<string, string> };

/**
 * When fields are checked, as react-hook-form's modes did: 'touched' from a field's first blur,
 * then on its every change; 'submit' only when the form is sent. After a submit, every change
 * re-checks its field in both.
 */
export type CheckMode = 'touched' | 'submit';

export function useCheckedForm<K extends string, Out>(
  initial: Record<K, string>,
  loadCheck: () => Promise<(values: Record<K, string>) => CheckResult<Out>>,
  mode: CheckMode,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const latest = useRef(initial);
  const touched = useRef(new Set<K>());
  const submitted = useRef(false);
  const inputs = useRef(new Map<K, HTMLElement>());
  const check = useRef<Promise<(values: Record<K, string>) => CheckResult<Out>> | null>(null);

  const load = () => {
    check.current ??= loadCheck().catch((err: unknown) => {
      check.current = null; // tried again at the next focus or submit
      throw err;
    });
    return check.current;
  };
  const preload = () => void load().catch(() => undefined);

  const setError = (name: K, message: string | undefined, focus = false) => {
    setErrors((e) => {
      const next = { ...e };
      if (message) next[name] = message;
      else delete next[name];
      return next;
    });
    if (focus && message) inputs.current.get(name)?.focus();
  };

  const checkField = async (name: K) => {
    try {
      const result = (await load())(latest.current);
      setError(name, result.ok ? undefined : result.errors[name]);
    } catch {
      // the check could not be loaded: the server checks the values with the same schema on save
    }
  };

  /** Props for one field (a Field or a SelectField): value, checks on blur and change, its element. */
  const field = (name: K) => ({
    name,
    value: values[name],
    inputRef: (el: HTMLElement | null) => {
      if (el) inputs.current.set(name, el);
      else inputs.current.delete(name);
    },
    onFocus: preload,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      latest.current = { ...latest.current, [name]: e.target.value };
      setValues(latest.current);
      if (submitted.current || (mode === 'touched' && touched.current.has(name))) void checkField(name);
    },
    onBlur: (_e: FocusEvent) => {
      if (mode !== 'touched') return;
      touched.current.add(name);
      void checkField(name);
    },
  });

  /** Checks every field, focuses the first one with a message, or runs `action` with the cleaned values. */
  const handleSubmit = (action: (values: Out | Record<K, string>) => Promise<void>) => async (e: FormEvent) => {
    e.preventDefault();
    submitted.current = true;
    setSubmitting(true);
    try {
      let cleaned: Out | Record<K, string> = latest.current;
      try {
        const result = (await load())(latest.current);
        if (!result.ok) {
          setErrors(result.errors as Partial<Record<K, string>>);
          firstInPage(inputs.current, result.errors)?.focus();
          return;
        }
        cleaned = result.value;
      } catch {
        // the check could not be loaded: the values go as typed, and the server's field messages show
      }
      setErrors({});
      await action(cleaned);
    } finally {
      setSubmitting(false);
    }
  };

  /** Puts the server's field messages on the known fields, focusing the first; whether any was shown. */
  const showServerErrors = (fields: Record<string, string>, known: readonly K[]) => {
    let shown = false;
    for (const [key, message] of Object.entries(fields)) {
      if (!known.includes(key as K)) continue;
      setError(key as K, message, !shown);
      shown = true;
    }
    return shown;
  };

  return { values, errors, submitting, field, setError, showServerErrors, handleSubmit, preload };
}

/** The field with a message that comes first on the page. */
function firstInPage<K extends string>(inputs: Map<K, HTMLElement>, errors: Record<string, string>) {
  const withError = [...inputs].filter(([name]) => errors[name]).map(([, el]) => el);
  withError.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  return withError[0];
}
