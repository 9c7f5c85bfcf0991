import { type Options, hash, verify } from '@node-rs/argon2';

/**
 * argon2id. `owasp` is the library's defaults (m=19 MiB, t=2, p=1: OWASP's recommendation) and the
 * only choice in production; `fast` exists so that test suites that sign in hundreds of times stay
 * quick (config.ts refuses it when NODE_ENV=production). Verification reads the parameters from each
 * stored hash, so either kind verifies anywhere.
 */
export type PasswordHashing = 'owasp' | 'fast';

const FAST: Options = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export function hashPassword(password: string, hashing: PasswordHashing): Promise<string> {
  return hash(password, hashing === 'fast' ? FAST : undefined);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    // not an argon2 hash at all (a damaged row): the password cannot match it
    return false;
  }
}
