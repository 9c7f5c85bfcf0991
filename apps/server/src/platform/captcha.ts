import { type Challenge, createChallenge, randomInt, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { eq, lt } from 'drizzle-orm';
import { z } from 'zod';
import { TEXTS } from '@parlance/shared';
import type { Services } from './services';
import { captchaSpent } from '../db/schema';
import { AppError } from './errors';

// ALTCHA proof of work (altcha-lib v2), self-hosted. The challenge is "deterministic": the server
// picks a secret counter, the browser searches for it. SHA-256 with cost 1 and a counter below
// 5,000 takes a browser well under a second and Node a few milliseconds.

export const CAPTCHA_CHALLENGE_PATH = '/api/2/captcha/challenge';
export const CAPTCHA_ALGORITHM = 'SHA-256';
const CAPTCHA_TTL_MS = 10 * 60 * 1000;
const COUNTER_MIN = 1_000;
const COUNTER_MAX = 5_000;

export type CaptchaChallenge = Challenge;

/** What the web app posts as `captcha_response`: base64 of this JSON (the altcha widget's v2 payload). */
export interface CaptchaPayload {
  challenge: Pick<Challenge, 'parameters' | 'signature'>;
  solution: Solution;
}

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.literal(CAPTCHA_ALGORITHM),
      nonce: z.string().max(128),
      salt: z.string().max(128),
      cost: z.number().int().positive().max(10),
      keyLength: z.number().int().positive().max(64),
      keyPrefix: z.string().max(128),
      keySignature: z.string().max(256).optional(),
      expiresAt: z.number().int().positive(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    }),
    signature: z.string().min(1).max(256),
  }),
  solution: z.object({
    counter: z.number().int().nonnegative(),
    derivedKey: z.string().max(256),
    time: z.number().optional(),
  }),
});

type CaptchaDeps = Pick<Services, 'captchaKey' | 'clock' | 'db' | 'config'>;

/** The same secret signs the challenge and (separately derived) the key, so verification needs no rework. */
function secrets(deps: CaptchaDeps) {
  return { hmacSignatureSecret: deps.captchaKey, hmacKeySignatureSecret: `${deps.captchaKey}:key` };
}

/** A new challenge for GET /api/2/captcha/challenge (the widget's `challenge` URL). */
export function createCaptchaChallenge(deps: CaptchaDeps): Promise<Challenge> {
  return createChallenge({
    algorithm: CAPTCHA_ALGORITHM,
    cost: 1,
    counter: randomInt(COUNTER_MAX, COUNTER_MIN),
    deriveKey,
    expiresAt: new Date(deps.clock.now().getTime() + CAPTCHA_TTL_MS),
    ...secrets(deps),
  });
}

export function encodeCaptchaPayload(payload: CaptchaPayload): string {
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

function decodeCaptchaPayload(response: string): z.infer<typeof payloadSchema> | null {
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(response, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    // not base64 JSON: an invalid solution, answered as a failed captcha
    return null;
  }
}

export type CaptchaVerdict =
  | { ok: true; signature: string | null; expiresAt: Date | null }
  | { ok: false; message: string };

/**
 * Checks a solution without spending it: the payload decodes, the challenge is ours, unexpired,
 * solved, and not spent before. `service` (the spec's friendly or recaptcha) names which widget the
 * browser showed; both are ALTCHA here, so it does not change the check.
 */
export async function checkCaptcha(
  deps: CaptchaDeps,
  response: string | undefined,
  _service?: string,
): Promise<CaptchaVerdict> {
  if (!deps.config.captcha) return { ok: true, signature: null, expiresAt: null };
  if (!response || response === '0') return { ok: false, message: TEXTS.captchaRequired };
  const payload = decodeCaptchaPayload(response);
  if (!payload) return { ok: false, message: TEXTS.captchaFailed };
  const expiresAtMs = payload.challenge.parameters.expiresAt * 1000;
  if (expiresAtMs <= deps.clock.now().getTime()) return { ok: false, message: TEXTS.captchaFailed };
  const result = await verifySolution({
    challenge: payload.challenge,
    solution: payload.solution,
    deriveKey,
    ...secrets(deps),
    // a malformed challenge or solution throws: it is a failed captcha like any wrong one
  }).catch(() => null);
  if (!result?.verified) return { ok: false, message: TEXTS.captchaFailed };
  const signature = payload.challenge.signature;
  const [spent] = await deps.db
    .select({ signature: captchaSpent.signature })
    .from(captchaSpent)
    .where(eq(captchaSpent.signature, signature));
  if (spent) return { ok: false, message: TEXTS.captchaFailed };
  return { ok: true, signature, expiresAt: new Date(expiresAtMs) };
}

/**
 * Marks a checked solution as used. Insert-on-conflict makes it race-safe: of two requests with the
 * same solution only one wins. False when it was already spent (a replay).
 */
export async function spendCaptcha(deps: CaptchaDeps, verdict: CaptchaVerdict): Promise<boolean> {
  if (!verdict.ok) return false;
  if (verdict.signature === null || verdict.expiresAt === null) return true;
  const now = deps.clock.now();
  // Forget solutions whose challenge has expired anyway (they cannot pass the expiry check again).
  await deps.db.delete(captchaSpent).where(lt(captchaSpent.expiresAt, now));
  const inserted = await deps.db
    .insert(captchaSpent)
    .values({ signature: verdict.signature, expiresAt: verdict.expiresAt })
    .onConflictDoNothing()
    .returning({ signature: captchaSpent.signature });
  return inserted.length === 1;
}

/** Checks and spends a solution in one go: signup and password set. */
export async function verifyCaptcha(
  deps: CaptchaDeps,
  response: string | undefined,
  service?: string,
): Promise<CaptchaVerdict> {
  const verdict = await checkCaptcha(deps, response, service);
  if (!verdict.ok) return verdict;
  return (await spendCaptcha(deps, verdict)) ? verdict : { ok: false, message: TEXTS.captchaFailed };
}

/** The 403 the spec expects on a captcha failure: message starting with "Captcha", and errors.captcha. */
export function captchaError(message: string): AppError {
  return new AppError(403, message, { captcha: message });
}
