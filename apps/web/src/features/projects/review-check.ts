import { type ReviewSubmit, reviewSubmitSchema } from '@parlance/shared';
import type { z } from 'zod';

// The review's check with the call's shared schema, loaded with zod when a review is first submitted
// (ReviewPanel imports this module on demand): zod is 24 kB gzipped of the project page's first load
// otherwise, for one check at submit.

/** The cleaned review, or the first message per field path ("comment", "errors.0.count"). */
export function checkReview(
  values: z.input<typeof reviewSubmitSchema>,
): { ok: true; value: ReviewSubmit } | { ok: false; errors: Record<string, string> } {
  const parsed = reviewSubmitSchema.safeParse(values);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { ok: false, errors };
}
