import type { z } from 'zod';

/**
 * Checks a form's values against the call's shared request schema (packages/shared), the one the
 * server validates with: the first message per field, or null when the values pass. The form shows
 * the same text the server would answer, and neither keeps a copy of the rule.
 */
export function formErrors<S extends z.ZodTypeAny>(schema: S, values: z.input<S>): Record<string, string> | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'form';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The values as the schema cleans them (trimmed, de-duplicated), or the first error message. */
export function checkForm<S extends z.ZodTypeAny>(
  schema: S,
  values: z.input<S>,
): { ok: true; value: z.output<S> } | { ok: false; error: string; errors: Record<string, string> } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, value: result.data };
  const errors = formErrors(schema, values) ?? {};
  return { ok: false, error: Object.values(errors)[0] ?? 'Invalid input', errors };
}
