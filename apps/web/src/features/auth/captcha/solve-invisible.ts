import type { Challenge, DeriveKeyFunction } from 'altcha-lib';

// The invisible captcha: fetch an ALTCHA challenge and solve its proof of work in the browser, just
// before a form is submitted. altcha-lib is loaded on demand so it stays out of the first load.
// The answer has the widget's own payload format (base64 of {challenge: {parameters, signature},
// solution}), so the server verifies both kinds of captcha the same way.

const SOLVE_TIMEOUT_MS = 60_000;

async function deriveKeyFor(algorithm: string): Promise<DeriveKeyFunction> {
  if (algorithm.startsWith('PBKDF2/')) return (await import('altcha-lib/algorithms/web/pbkdf2')).deriveKey;
  if (algorithm.startsWith('SHA-')) return (await import('altcha-lib/algorithms/web/sha')).deriveKey;
  throw new Error(`Unsupported captcha algorithm ${algorithm}`);
}

async function fetchChallenge(url: string, signal?: AbortSignal): Promise<Challenge> {
  const res = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' }, signal });
  if (!res.ok) throw new Error(`Captcha challenge failed: ${res.status}`);
  return (await res.json()) as Challenge;
}

/** Resolves to the payload for `captcha_response`. */
export async function solveInvisibleCaptcha(challengeUrl: string, signal?: AbortSignal): Promise<string> {
  const [challenge, { solveChallenge }] = await Promise.all([
    fetchChallenge(challengeUrl, signal),
    import('altcha-lib'),
  ]);
  const deriveKey = await deriveKeyFor(challenge.parameters.algorithm);
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  const solution = await solveChallenge({ challenge, deriveKey, controller, timeout: SOLVE_TIMEOUT_MS });
  if (!solution) throw new Error('Captcha could not be solved in time');
  return btoa(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  );
}
