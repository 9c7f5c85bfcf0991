import { useState } from 'react';
import { type FieldValues, type Resolver, type UseFormProps, useForm } from 'react-hook-form';
import type { z } from 'zod';

// The one form pattern of the web app (ADR 0045): react-hook-form with the call's shared zod schema
// (packages/shared, the one the server route validates with) through zodResolver. zod and the
// resolver are 25 kB gzipped; they load with the schema at the form's first check (a blur, a change
// after a submit, the submit), never on a page's first load. Pass the schema through a module of
// the feature that re-exports it from @parlance/shared, imported on demand.

type Schema = z.ZodType<unknown, FieldValues>;

/**
 * A resolver that loads zodResolver and the schema once, at its first call. A load that fails is
 * tried again at the next check; meanwhile the check answers the error, and the form stays as it is.
 */
export function lazyZodResolver<S extends Schema>(
  loadSchema: () => Promise<S>,
): Resolver<z.input<S>, unknown, z.output<S>> {
  let resolver: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | null = null;
  return async (values, context, options) => {
    resolver ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()])
      .then(([m, schema]) => m.zodResolver(schema) as unknown as Resolver<z.input<S>, unknown, z.output<S>>)
      .catch((err: unknown) => {
        resolver = null;
        throw err;
      });
    return (await resolver)(values, context, options);
  };
}

/** useForm with the shared schema's lazy resolver; the schema's output reaches handleSubmit. */
export function useZodForm<S extends Schema>(
  loadSchema: () => Promise<S>,
  props: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
) {
  const [resolver] = useState(() => lazyZodResolver(loadSchema));
  return useForm<z.input<S>, unknown, z.output<S>>({ ...props, resolver });
}
