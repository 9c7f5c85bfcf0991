import { type Options, hash, verify } from '@node-rs/argon2';

// argon2id. Production uses the library's defaults (m=19 MiB, t=2, p=1: OWASP's recommendation).
// The test runner sets PARLANCE_TEST_CHEAP_ARGON2=1 (vitest.config.ts only) so that hundreds of
// sign-ins per suite stay fast; verification reads the parameters from each stored hash.
const CHEAP: Options = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

function hashOptions(): Options | undefined {
  return process.env.PARLANCE_TEST_CHEAP_ARGON2 === '1' ? CHEAP : undefined;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, hashOptions());
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
