import { TEXTS } from './texts';
import {
  emailError,
  fullNameError,
  passwordError,
  phoneError,
  resetEmailError,
  secondFactorCodeError,
} from './validation';
import { z } from './zod';

// The sign-in and password forms' schemas, built from the rules of validation.ts that the auth
// service checks with too. The routes keep their own permissive bodies: the spec words their
// refusals ("[username] ...", field-error objects), which the service answers after these rules.

/** A string checked by one of the shared rules (its message, or null when it passes). */
const ruled = (check: (value: string) => string | null) =>
  z.string().superRefine((value, ctx) => {
    const message = check(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** The second step's code, checked only once the server has asked for it (`withCode`). */
function checkCode(v: { code: string; withCode: boolean }, ctx: z.RefinementCtx) {
  if (!v.withCode) return;
  const message = secondFactorCodeError(v.code);
  if (message) ctx.addIssue({ code: 'custom', path: ['code'], message });
}

/** Sign in: e-mail and password, then the authenticator or recovery code when the server asks. */
export const loginFormSchema = z
  .object({
    email: z
      .string()
      .trim()
      .superRefine((value, ctx) => {
        const message = value ? emailError(value) : TEXTS.loginEmailRequired;
        if (message) ctx.addIssue({ code: 'custom', message });
      }),
    password: z.string().min(1, TEXTS.loginPasswordRequired),
    code: z.string().trim().default(''),
    withCode: z.boolean().default(false),
  })
  .superRefine(checkCode);

/** Ask for a reset link: the account's e-mail address. */
export const resetLinkFormSchema = z.object({ email: z.string().trim().pipe(ruled(resetEmailError)) });

/** A new password from a mailed link, twice; then the two-step code when the server asks. */
export const setPasswordFormSchema = z
  .object({
    password: ruled(passwordError),
    repeatPassword: z.string(),
    code: z.string().trim().default(''),
    withCode: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (!v.repeatPassword) ctx.addIssue({ code: 'custom', path: ['repeatPassword'], message: 'Repeat your password' });
    else if (v.repeatPassword !== v.password)
      ctx.addIssue({ code: 'custom', path: ['repeatPassword'], message: TEXTS.passwordsDoNotMatch });
    checkCode(v, ctx);
  });

const country = z.string().min(1, 'Choose your country');
const company = z.string().trim().max(200, 'At most 200 characters');

/** Create account (spec 1 sections 3 to 5): the rules the auth service checks, with their messages. */
export const signupFormSchema = z
  .object({
    fullName: ruled(fullNameError),
    email: z.string().trim().pipe(ruled(emailError)),
    password: ruled(passwordError),
    repeatPassword: z.string(),
    country,
    company,
    userType: z.enum(['client', 'translator']),
    agreeTerms: z.boolean().refine((v) => v, TEXTS.mustAgreeTerms),
  })
  .superRefine((v, ctx) => {
    if (!v.repeatPassword) ctx.addIssue({ code: 'custom', path: ['repeatPassword'], message: 'Repeat your password' });
    else if (v.repeatPassword !== v.password)
      ctx.addIssue({ code: 'custom', path: ['repeatPassword'], message: TEXTS.passwordsDoNotMatch });
  });

/** Complete your account: a signed-in person whose account lacks a name or a country. */
export const extraUserDataFormSchema = z.object({
  fullName: ruled(fullNameError),
  country,
  company,
  phone: z.string().trim().pipe(ruled(phoneError)),
});
