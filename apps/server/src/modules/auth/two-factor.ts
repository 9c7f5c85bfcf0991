import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { TEXTS } from '@parlance/shared';
import type { Services } from '../../platform/services';
import { captchaSpent, users } from '../../db/schema';
import { audit } from '../../platform/audit';
import { AppError, badRequest } from '../../platform/errors';
import type { UserRow } from '../../platform/session';

// Two-step login with an authenticator app (TOTP: SHA-1, 6 digits, 30 seconds, RFC 6238).

const ISSUER = 'Parlance';
const PERIOD_SECONDS = 30;
/** one step either side, for clocks that drift */
const WINDOW = 1;

function totp(user: UserRow, secret: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: user.email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** The time step a code belongs to, or null when it is not a valid code now. */
function matchingStep(deps: Services, user: UserRow, secret: string, code: string): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const timestamp = deps.clock.now().getTime();
  const otp = totp(user, secret);
  const delta = otp.validate({ token: code, timestamp, window: WINDOW });
  return delta === null ? null : otp.counter({ timestamp }) + delta;
}

/**
 * Checks a sign-in code and spends it, so that a code seen over someone's shoulder cannot be used
 * again in its 90-second life. The spent step is kept in captcha_spent (the table of one-time
 * values; key `totp:<user>:<step>`), which works across server instances without a new column.
 */
export async function verifySignInCode(deps: Services, user: UserRow, code: string): Promise<boolean> {
  if (!user.totpSecret) return false;
  const step = matchingStep(deps, user, user.totpSecret, code);
  if (step === null) return false;
  const expiresAt = new Date((step + WINDOW + 1) * PERIOD_SECONDS * 1000);
  const inserted = await deps.db
    .insert(captchaSpent)
    .values({ signature: `totp:${user.id}:${step}`, expiresAt })
    .onConflictDoNothing()
    .returning({ signature: captchaSpent.signature });
  return inserted.length === 1;
}

/**
 * GET /api/2/auth/2fa: the secret to enter in the authenticator app. While two-step login is off,
 * the pending secret is kept and shown again on the next call (so a stray request changes nothing),
 * until the user confirms it with a code.
 */
export async function startTwoFactorSetup(deps: Services, user: UserRow): Promise<{ secret: string; uri: string }> {
  if (user.totpEnabled) throw new AppError(409, TEXTS.twoFactorAlreadyOn);
  let secret = user.totpSecret;
  if (!secret) {
    const fresh = new Secret({ size: 20 }).base32;
    // Two first calls at once agree on one secret: only the first write lands.
    const [row] = await deps.db
      .update(users)
      .set({ totpSecret: fresh })
      .where(and(eq(users.id, user.id), eq(users.totpEnabled, false)))
      .returning({ totpSecret: users.totpSecret });
    secret = row?.totpSecret ?? fresh;
  }
  return { secret, uri: totp(user, secret).toString() };
}

const wrongCode = () => badRequest(TEXTS.twoFactorInvalid, { code: TEXTS.twoFactorInvalid });

/** POST /api/2/account/2fa: turns two-step login on once a code from the new secret checks out. */
export async function enableTwoFactor(deps: Services, user: UserRow, code: string | undefined, ip: string) {
  if (user.totpEnabled) throw new AppError(409, TEXTS.twoFactorAlreadyOn);
  const secret = user.totpSecret;
  if (!secret) throw new AppError(409, TEXTS.twoFactorNotStarted);
  if (!code) throw badRequest(TEXTS.twoFactorRequired, { code: TEXTS.twoFactorRequired });
  if (matchingStep(deps, user, secret, code) === null) throw wrongCode();
  await deps.db.transaction(async (tx) => {
    const changed = await tx
      .update(users)
      .set({ totpEnabled: true })
      .where(and(eq(users.id, user.id), eq(users.totpEnabled, false), eq(users.totpSecret, secret)))
      .returning({ id: users.id });
    if (changed.length === 0) throw new AppError(409, TEXTS.twoFactorAlreadyOn);
    await audit(tx, { actorId: user.id, action: 'auth.2fa_enabled', targetType: 'user', targetId: user.id, ip });
  });
}

/** POST /api/2/account/2fa/reset: turns two-step login off with a current code; the secret is dropped. */
export async function disableTwoFactor(deps: Services, user: UserRow, code: string | undefined, ip: string) {
  if (!user.totpEnabled || !user.totpSecret) throw new AppError(409, TEXTS.twoFactorNotOn);
  if (!code) throw badRequest(TEXTS.twoFactorRequired, { code: TEXTS.twoFactorRequired });
  if (matchingStep(deps, user, user.totpSecret, code) === null) throw wrongCode();
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ totpEnabled: false, totpSecret: null }).where(eq(users.id, user.id));
    await audit(tx, { actorId: user.id, action: 'auth.2fa_disabled', targetType: 'user', targetId: user.id, ip });
  });
}
