import { LIMITS } from './constants';
import { TEXTS } from './texts';

// Validation rules of spec 1 section 5, shared by the forms and the server.

export interface PasswordCheck {
  length: boolean;
  upper: boolean;
  lower: boolean;
  digit: boolean;
  special: boolean;
  noSpaces: boolean;
}

export function checkPassword(password: string): PasswordCheck {
  return {
    length: password.length >= LIMITS.passwordMinLength,
    upper: /[A-Z]/.test(password),
    lower: /[a-z]/.test(password),
    digit: /[0-9]/.test(password),
    special: /[^A-Za-z0-9\s]/.test(password),
    noSpaces: !/\s/.test(password),
  };
}

export function isPasswordStrong(password: string): boolean {
  return Object.values(checkPassword(password)).every(Boolean);
}

/** The first unmet rule's message, or null when the password is strong. */
export function passwordError(password: string): string | null {
  const check = checkPassword(password);
  const key = (Object.keys(check) as (keyof PasswordCheck)[]).find((k) => !check[k]);
  return key ? TEXTS.passwordRules[key] : null;
}

/** The live hint under the password field: what is still missing, or the all-set text. */
export function passwordHint(password: string): string {
  return passwordError(password) ?? TEXTS.passwordSecure;
}

// Latin-script letters (with their diacritics: Zoë Müller, José García, Łukasz Żak), then at least
// one more word; words joined by spaces, apostrophes, hyphens or dots. The name is read in NFC, so an
// é typed as e + a combining accent counts as the letter it is.
const FULL_NAME =
  /^\p{Script=Latin}+(?:['.-]\p{Script=Latin}+)*\.?(?:[ ]+\p{Script=Latin}+(?:['.-]\p{Script=Latin}+)*\.?)+$/u;

export function isValidFullName(name: string): boolean {
  return FULL_NAME.test(name.trim().normalize('NFC'));
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL.test(email) && !/\s/.test(email);
}

export function isValidPhone(phone: string): boolean {
  return /^[0-9()\- ]*$/.test(phone);
}

/** One limit for a person's name wherever it is typed (sign-up, profile, staff creating a customer). */
export const FULL_NAME_MAX = 200;

export function fullNameError(name: string): string | null {
  if (name.trim().length > FULL_NAME_MAX) return TEXTS.fullNameTooLong;
  return isValidFullName(name) ? null : TEXTS.incorrectFullName;
}

export function emailError(email: string): string | null {
  return isValidEmail(email) ? null : TEXTS.incorrectEmail;
}

/**
 * The second step of a sign-in: a 6-digit app code, or a recovery code (three groups of four
 * letters and digits; case, spaces and dashes do not matter, as on the server).
 */
export function secondFactorCodeError(code: string): string | null {
  const clean = code.replace(/[\s-]+/g, '');
  return /^[0-9]{6}$/.test(clean) || /^[a-z0-9]{12}$/i.test(clean) ? null : TEXTS.twoFactorCodeOrRecovery;
}

export function resetEmailError(email: string): string | null {
  return isValidEmail(email) ? null : TEXTS.emailFormat;
}

export function phoneError(phone: string): string | null {
  return isValidPhone(phone) ? null : TEXTS.invalidPhone;
}

/** Digits only: the admin project id, word count and recharge amount inputs. */
export function isDigitsOnly(value: string): boolean {
  return /^[0-9]+$/.test(value);
}

/** The largest value of a PostgreSQL `integer`: ids (serial) never go beyond it. */
export const MAX_DB_INT = 2_147_483_647;

/** True when `id` can name a row (a positive safe integer within the database's integer). */
export function isDbId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_DB_INT;
}
