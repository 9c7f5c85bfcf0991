import { describe, expect, it } from 'vitest';
import {
  extraUserDataFormSchema,
  loginFormSchema,
  resetLinkFormSchema,
  setPasswordFormSchema,
  signupFormSchema,
} from './auth-form-schemas';
import { TEXTS } from './texts';

/** The first message per field, as the forms show them. */
function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[String(issue.path[0])] ??= issue.message;
  return found;
}

describe('loginFormSchema', () => {
  it('asks for the e-mail and the password with the spec’s words', () => {
    expect(messages(loginFormSchema.safeParse({ email: '  ', password: '' }))).toEqual({
      email: TEXTS.loginEmailRequired,
      password: TEXTS.loginPasswordRequired,
    });
    expect(messages(loginFormSchema.safeParse({ email: 'not an email', password: 'x' }))).toEqual({
      email: TEXTS.incorrectEmail,
    });
  });

  it('checks the code only once the server has asked for it, and trims what it passes on', () => {
    const credentials = { email: ' ann@example.com ', password: 'secret', code: '12345' };
    expect(loginFormSchema.parse(credentials)).toEqual({
      email: 'ann@example.com',
      password: 'secret',
      code: '12345',
      withCode: false,
    });
    expect(messages(loginFormSchema.safeParse({ ...credentials, withCode: true }))).toEqual({
      code: TEXTS.twoFactorCodeOrRecovery,
    });
    expect(loginFormSchema.safeParse({ ...credentials, code: ' 123 456 ', withCode: true }).success).toBe(true);
    expect(loginFormSchema.safeParse({ ...credentials, code: 'abcd-efgh-2345', withCode: true }).success).toBe(true);
  });
});

describe('resetLinkFormSchema', () => {
  it('takes a trimmed e-mail address and refuses anything else with the spec’s words', () => {
    expect(resetLinkFormSchema.parse({ email: ' ann@example.com ' })).toEqual({ email: 'ann@example.com' });
    expect(messages(resetLinkFormSchema.safeParse({ email: 'ann@' }))).toEqual({ email: TEXTS.emailFormat });
  });
});

describe('setPasswordFormSchema', () => {
  const strong = 'Brand-new-pass7!';

  it('names the first unmet password rule and asks for the repeat', () => {
    expect(messages(setPasswordFormSchema.safeParse({ password: 'short', repeatPassword: '' }))).toEqual({
      password: TEXTS.passwordRules.length,
      repeatPassword: 'Repeat your password',
    });
    expect(messages(setPasswordFormSchema.safeParse({ password: strong, repeatPassword: `${strong}x` }))).toEqual({
      repeatPassword: TEXTS.passwordsDoNotMatch,
    });
  });

  it('passes matching strong passwords, and checks the code only when asked for', () => {
    const values = { password: strong, repeatPassword: strong };
    expect(setPasswordFormSchema.safeParse(values).success).toBe(true);
    expect(messages(setPasswordFormSchema.safeParse({ ...values, code: 'nope', withCode: true }))).toEqual({
      code: TEXTS.twoFactorCodeOrRecovery,
    });
  });
});

describe('signupFormSchema', () => {
  const strong = 'Brand-new-pass7!';
  const valid = {
    fullName: 'Ann Lee',
    email: ' ann@example.com ',
    password: strong,
    repeatPassword: strong,
    country: 'US',
    company: '',
    userType: 'client',
    agreeTerms: true,
  };

  it('takes a complete form, the e-mail trimmed', () => {
    expect(signupFormSchema.parse(valid).email).toBe('ann@example.com');
  });

  it('names each unmet rule with the words the service answers', () => {
    const result = signupFormSchema.safeParse({
      ...valid,
      fullName: 'A',
      email: 'ann@',
      password: 'short',
      repeatPassword: 'other',
      country: '',
      company: 'x'.repeat(201),
      agreeTerms: false,
    });
    expect(messages(result)).toEqual({
      fullName: TEXTS.incorrectFullName,
      email: TEXTS.incorrectEmail,
      password: TEXTS.passwordRules.length,
      repeatPassword: TEXTS.passwordsDoNotMatch,
      country: 'Choose your country',
      company: 'At most 200 characters',
      agreeTerms: TEXTS.mustAgreeTerms,
    });
  });
});

describe('extraUserDataFormSchema', () => {
  it('takes a name and a country, an optional company and phone', () => {
    expect(
      extraUserDataFormSchema.safeParse({ fullName: 'Ann Lee', country: 'FR', company: '', phone: '' }).success,
    ).toBe(true);
    expect(
      messages(extraUserDataFormSchema.safeParse({ fullName: 'Ann Lee', country: '', company: '', phone: '+1 555' })),
    ).toEqual({ country: 'Choose your country', phone: TEXTS.invalidPhone });
  });
});
