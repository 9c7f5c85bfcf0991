import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('uses argon2id with the OWASP parameters', async () => {
    const stored = await hashPassword('Secret-pass1', 'owasp');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'Secret-pass1')).toBe(true);
    expect(await verifyPassword(stored, 'secret-pass1')).toBe(false);
  });

  it('hashes cheaply only when asked, and both kinds verify', async () => {
    const stored = await hashPassword('Secret-pass1', 'fast');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword(stored, 'Secret-pass1')).toBe(true);
  });

  it('refuses a missing or malformed stored hash', async () => {
    expect(await verifyPassword(null, 'x')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });
});
