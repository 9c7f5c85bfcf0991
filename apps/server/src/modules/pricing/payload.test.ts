import { describe, expect, it } from 'vitest';
import { listField, quoteTypeOf, truthy } from './payload';

describe('quote payload reading', () => {
  it('reads target languages however a form or JSON sends them', () => {
    expect(listField({ target_languages: ['a', 'b'] }, 'target_languages')).toEqual(['a', 'b']);
    expect(listField({ 'target_languages[]': ['a', 'b'] }, 'target_languages')).toEqual(['a', 'b']);
    expect(listField({ 'target_languages[]': 'a' }, 'target_languages')).toEqual(['a']);
    expect(listField({ target_languages: 'a' }, 'target_languages')).toEqual(['a']);
    expect(listField({ target_languages: '' }, 'target_languages')).toEqual([]);
    expect(
      listField(
        { 'target_languages[1]': 'b', 'target_languages[0]': 'a', 'target_languages[10]': 'c' },
        'target_languages',
      ),
    ).toEqual(['a', 'b', 'c']);
    expect(listField({}, 'target_languages')).toBeUndefined();
  });

  it('reads checkbox-like flags', () => {
    for (const yes of [true, 1, '1', 'true', 'on', 'yes', 'editing']) expect(truthy(yes)).toBe(true);
    for (const no of [false, 0, '', '0', 'false', 'FALSE', 'off', 'no', undefined, null])
      expect(truthy(no)).toBe(false);
  });

  it('tells the quote type by quoteType, else by recharge_amount', () => {
    expect(quoteTypeOf({ recharge_amount: '' })).toBe('purchase_credits');
    expect(quoteTypeOf({ word_count: '10' })).toBe('word_count');
    expect(quoteTypeOf({ quoteType: 'word_count', recharge_amount: '5' })).toBe('word_count');
    expect(quoteTypeOf({ quoteType: 'purchase_credits' })).toBe('purchase_credits');
    expect(quoteTypeOf({ quoteType: 'nonsense' })).toBe('word_count');
  });
});
