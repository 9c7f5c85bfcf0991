import { TEXTS } from './texts';
import { emailError, passwordError, resetEmailError, secondFactorCodeError } from './validation';
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
