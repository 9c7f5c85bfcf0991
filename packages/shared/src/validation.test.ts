import { describe, expect, it } from 'vitest';
import { TEXTS } from './texts';
import {
  checkPassword,
  emailError,
  fullNameError,
  isDigitsOnly,
  isPasswordStrong,
  isValidEmail,
  isValidFullName,
  isValidPhone,
  passwordError,
  secondFactorCodeError,
  passwordHint,
  phoneError,
  resetEmailError,
} from './validation';

// Spec 1 section 5: every rule, and the exact message a person sees when it fails.

describe('password', () => {
  it('quotes the spec text once every rule holds', () => {
    expect(TEXTS.passwordSecure).toBe("Your password is secure and you're all set!");
    expect(passwordHint('Abcde1!')).toBe("Your password is secure and you're all set!");
    expect(passwordError('Abcde1!')).toBeNull();
    expect(isPasswordStrong('Quiet-river-42!')).toBe(true);
  });

  it.each([
    ['', TEXTS.passwordRules.length],
    ['Ab1!x', TEXTS.passwordRules.length],
    ['abcde1!', TEXTS.passwordRules.upper],
    ['ABCDE1!', TEXTS.passwordRules.lower],
    ['Abcdef!', TEXTS.passwordRules.digit],
    ['Abcde12', TEXTS.passwordRules.special],
    ['Abc de1!', TEXTS.passwordRules.noSpaces],
    ['Abcde1!\t', TEXTS.passwordRules.noSpaces],
  ])('%j is refused with the first unmet rule: %s', (password, message) => {
    expect(passwordError(password)).toBe(message);
    expect(passwordHint(password)).toBe(message);
    expect(isPasswordStrong(password)).toBe(false);
  });

  it('counts exactly 6 characters as long enough and 5 as too short', () => {
    expect(checkPassword('Abc1!x').length).toBe(true);
    expect(checkPassword('Abc1!').length).toBe(false);
  });

  it('asks for Latin letters: accented capitals do not count as uppercase', () => {
    const check = checkPassword('Ébcde1!');
    expect(check.upper).toBe(false);
    expect(check.lower).toBe(true);
  });

  it('does not count a space as the special character', () => {
    expect(checkPassword('Abcd 12').special).toBe(false);
  });

  it('reports every rule separately', () => {
    expect(checkPassword('abc')).toEqual({
      length: false,
      upper: false,
      lower: true,
      digit: false,
      special: false,
      noSpaces: true,
    });
  });
});

describe('full name', () => {
  it.each([
    'John Smith',
    "Conan O'Brien",
    'Mary-Jane Watson',
    'Martin Luther King Jr.',
    'J. R. R. Tolkien',
    'Jean-Luc de la Tour',
    '  Ada Lovelace  ',
  ])('accepts %j', (name) => {
    expect(isValidFullName(name)).toBe(true);
    expect(fullNameError(name)).toBeNull();
  });

  it.each([
    'Zoë Müller',
    'José García',
    'José Álvarez',
    'Łukasz Żak',
    'Ærøskøbing Ørsted',
    // é typed as e + U+0301 (a combining acute accent)
    'Rene\u0301e Dupont',
  ])('accepts the Latin script with its diacritics: %j', (name) => {
    expect(fullNameError(name)).toBeNull();
  });

  it('has one limit, 200 characters, wherever a name is typed', () => {
    expect(fullNameError(`Ann ${'b'.repeat(196)}`)).toBeNull();
    expect(fullNameError(`Ann ${'b'.repeat(197)}`)).toBe('A name can have at most 200 characters');
  });

  it.each([
    ['one word', 'Madonna'],
    ['empty', ''],
    ['only spaces', '   '],
    ['digits', 'John Smith2'],
    ['non-Latin letters', 'Иван Петров'],
    ['CJK', '王 小明'],
    ['a dangling hyphen', 'John -Smith'],
    ['other punctuation', 'John Smith!'],
  ])('refuses %s with "Incorrect full name"', (_why, name) => {
    expect(isValidFullName(name)).toBe(false);
    expect(fullNameError(name)).toBe('Incorrect full name');
  });
});

describe('e-mail', () => {
  it.each(['ana@example.com', 'first.last+tag@sub.example.co.uk'])('accepts %j', (email) => {
    expect(isValidEmail(email)).toBe(true);
    expect(emailError(email)).toBeNull();
  });

  it.each([
    ['a space inside', 'ana maria@example.com'],
    ['a leading space', ' ana@example.com'],
    ['a trailing space', 'ana@example.com '],
    ['no @', 'ana.example.com'],
    ['no domain dot', 'ana@example'],
    ['empty', ''],
  ])('refuses %s with "Incorrect email"', (_why, email) => {
    expect(isValidEmail(email)).toBe(false);
    expect(emailError(email)).toBe('Incorrect email');
  });

  it('answers the reset form with its own text', () => {
    expect(resetEmailError('not-an-email')).toBe('Input does not match email format');
    expect(resetEmailError('ana@example.com')).toBeNull();
  });
});

describe('phone', () => {
  it.each(['', '5551234', '555-1234', '(555) 123-4567', '44 20 7946 0958'])('accepts %j', (phone) => {
    expect(isValidPhone(phone)).toBe(true);
    expect(phoneError(phone)).toBeNull();
  });

  it.each(['+1 555 1234', '555.1234', '555-CALL', '555/1234', '#12'])('refuses %j', (phone) => {
    expect(isValidPhone(phone)).toBe(false);
    expect(phoneError(phone)).toBe(TEXTS.invalidPhone);
  });
});

describe('digits only', () => {
  it.each([
    ['123', true],
    ['0', true],
    ['', false],
    ['12a', false],
    ['1.5', false],
    ['-1', false],
    [' 12', false],
    ['1e3', false],
  ])('%j -> %s', (value, expected) => {
    expect(isDigitsOnly(value)).toBe(expected);
  });
});

describe('secondFactorCodeError', () => {
  it.each([
    ['123456', null],
    [' 123 456 ', null],
    ['abcd-2345-wxyz', null],
    ['ABCD2345WXYZ', null],
    ['12345', TEXTS.twoFactorCodeOrRecovery],
    ['abcd-2345', TEXTS.twoFactorCodeOrRecovery],
    ['', TEXTS.twoFactorCodeOrRecovery],
  ])('%j -> %s', (value, expected) => {
    expect(secondFactorCodeError(value)).toBe(expected);
  });
});
