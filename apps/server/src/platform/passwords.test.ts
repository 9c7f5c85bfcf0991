import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('password hashing', () => {
  const saved = process.env.PARLANCE_TEST_CHEAP_ARGON2;
  afterEach(() => {
    process.env.PARLANCE_TEST_CHEAP_ARGON2 = saved;
  });

  it('uses argon2id with the OWASP parameters outside the test runner', async () => {
    delete process.env.PARLANCE_TEST_CHEAP_ARGON2;
    const stored = await hashPassword('Secret-pass1');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'Secret-pass1')).toBe(true);
    expect(await verifyPassword(stored, 'secret-pass1')).toBe(false);
  });

  it('refuses a missing or malformed stored hash', async () => {
    expect(await verifyPassword(null, 'x')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });
});
