import { describe, expect, it } from 'vitest';
import { z } from './zod';

// What a person reads when a limit has no words of its own in the schema.
describe('zod messages', () => {
  const first = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

  it('says limits in plain sentences', () => {
    expect(first(z.string().max(200), 'x'.repeat(201))).toBe('Use at most 200 characters');
    expect(first(z.string().min(6), 'abc')).toBe('Use at least 6 characters');
    expect(first(z.string().min(1), '')).toBe('Please fill this in');
    expect(first(z.array(z.string()).max(2), ['a', 'b', 'c'])).toBe('Choose at most 2 items');
    expect(first(z.number().max(10_000), 10_001)).toBe('Enter a number no greater than 10,000');
    expect(first(z.object({ a: z.string() }), {})).toBe('Please fill this in');
    expect(first(z.email(), 'nope')).toBe('Enter an e-mail address like name@example.com');
    expect(first(z.enum(['a', 'b']), 'c')).toBe('Choose one of the options offered');
  });

  it('keeps the words a schema gives', () => {
    expect(first(z.string().max(3, 'Too long for a code'), 'abcd')).toBe('Too long for a code');
  });
});
