import { describe, expect, it } from 'vitest';
import { formatInteger, formatWords } from './format';
import { formatCredits } from './money';

describe('formatInteger', () => {
  it('writes thousands separators as en-US has them, without Intl', () => {
    for (const n of [0, 7, 999, 1000, 12_345, 1_234_567, -1_234_567, Number.MAX_SAFE_INTEGER])
      expect(formatInteger(n)).toBe(n.toLocaleString('en-US'));
  });

  it('leaves what is not a safe integer to the locale', () => {
    expect(formatInteger(1234.5)).toBe('1,234.5');
  });

  it('is what word counts and credits show', () => {
    expect(formatWords(10_000)).toBe('10,000');
    expect(formatCredits(50_500)).toBe('50,500 credits');
  });
});
