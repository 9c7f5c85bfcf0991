import { eq } from 'drizzle-orm';
import { fullNameError, isValidPhone, passwordError, TEXTS } from '@parlance/shared';
import type { Db } from '../../db/client';
import { countries } from '../../db/schema';
import { badRequest } from '../../platform/errors';

// Field rules of spec 1 section 5, answered as the spec's field-error object.

export type FieldErrors = Record<string, string>;

/** Throws the 400 field-error answer when any field failed; its message is the first failure. */
export function assertNoFieldErrors(errors: FieldErrors): void {
  const first = Object.values(errors)[0];
  if (first !== undefined) throw badRequest(first, errors);
}

/** Trimmed, with runs of spaces made one (what a person means by their name). */
export function normaliseName(name: string | undefined): string {
  return (name ?? '').trim().replace(/\s+/g, ' ');
}

export function nameErrors(field: string, name: string): FieldErrors {
  const error = fullNameError(name);
  return error ? { [field]: error } : {};
}

export function phoneErrors(field: string, phone: string | undefined): FieldErrors {
  return phone && !isValidPhone(phone) ? { [field]: TEXTS.invalidPhone } : {};
}

/** The password rules, and that the repeat matches. */
export function newPasswordErrors(
  password: string,
  verify: string | undefined,
  fields: { password: string; verify?: string },
): FieldErrors {
  const error = passwordError(password);
  if (error) return { [fields.password]: error };
  if (fields.verify !== undefined && verify !== password) return { [fields.verify]: TEXTS.passwordsDoNotMatch };
  return {};
}

/** The country code when it is one of the list, else null. */
export async function knownCountry(db: Db, code: string | undefined): Promise<string | null> {
  const wanted = code?.trim().toUpperCase();
  if (!wanted || !/^[A-Z]{2}$/.test(wanted)) return null;
  const [row] = await db.select({ code: countries.code }).from(countries).where(eq(countries.code, wanted));
  return row?.code ?? null;
}
