import { randomInt } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { LIMITS, TEXTS } from '@parlance/shared';
import type { Db } from '../../db/client';
import type { Services } from '../../platform/services';
import { captchaSpent, sessions, twoFactorRecoveryCodes, users } from '../../db/schema';
import { audit } from '../../platform/audit';
import { sha256 } from '../../platform/crypto';
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

// --- recovery codes ------------------------------------------------------------------------------

/** no 0/o, 1/l/i: read off paper without doubt */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_GROUPS = 3;
const RECOVERY_GROUP_CHARS = 4;

/** A recovery code as the user sees it: three groups of four (12 of 31 characters, about 59 bits). */
function newRecoveryCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < RECOVERY_GROUPS; g++) {
    let group = '';
    for (let i = 0; i < RECOVERY_GROUP_CHARS; i++) group += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}

/** Case, spaces and dashes do not matter when a recovery code is typed back. */
const recoveryCodeHash = (code: string) => sha256(code.toLowerCase().replace(/[^a-z0-9]/g, ''));

const looksLikeRecoveryCode = (code: string) =>
  code.toLowerCase().replace(/[^a-z0-9]/g, '').length === RECOVERY_GROUPS * RECOVERY_GROUP_CHARS;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Replaces every recovery code of the user with a fresh set; the plain codes are returned once. */
async function replaceRecoveryCodes(tx: Tx | Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: LIMITS.twoFactorRecoveryCodes }, newRecoveryCode);
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx.insert(twoFactorRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: recoveryCodeHash(code) })));
  return codes;
}

/** Spends a recovery code: one conditional DELETE, so of two concurrent uses only one wins. */
async function spendRecoveryCode(deps: Services, user: UserRow, code: string): Promise<boolean> {
  if (!looksLikeRecoveryCode(code)) return false;
  const deleted = await deps.db
    .delete(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, user.id), eq(twoFactorRecoveryCodes.codeHash, recoveryCodeHash(code))))
    .returning({ userId: twoFactorRecoveryCodes.userId });
  return deleted.length === 1;
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(eq(twoFactorRecoveryCodes.userId, userId));
  return Number(row?.n ?? 0);
}

// --- the second step of a sign-in ------------------------------------------------------------------

/**
 * THE second step of every sign-in (the login form, a password link): for a user with two-step login
 * on, a 6-digit code from the app or one recovery code, each usable once. Without one it answers 417
 * "code needed", with a wrong one 417 "incorrect": the answers the sign-in form knows. `beforeCheck`
 * runs once a code is given and before it is checked (the login spends its captcha there).
 * Returns how the step was passed, for the audit row; null when the user has no two-step login.
 */
export async function requireSecondFactor(
  deps: Services,
  user: UserRow,
  code: string | null | undefined,
  beforeCheck?: () => Promise<void>,
): Promise<'totp' | 'recovery-code' | null> {
  if (!user.totpEnabled) return null;
  if (!code) throw new AppError(417, TEXTS.twoFactorRequired);
  await beforeCheck?.();
  if (await verifySignInCode(deps, user, code)) return 'totp';
  if (await spendRecoveryCode(deps, user, code)) return 'recovery-code';
  throw new AppError(417, TEXTS.twoFactorInvalid);
}

// --- settings -------------------------------------------------------------------------------------

const wrongCode = () => badRequest(TEXTS.twoFactorInvalid, { code: TEXTS.twoFactorInvalid });

/**
 * A settings change (turn off, move, new recovery codes) proven with a current code from the app, or
 * (where `recovery` allows) one recovery code, which is then spent. App codes are not spent here:
 * the user has just signed in with one and may act in the same 30 seconds.
 */
async function proveSecondFactor(deps: Services, user: UserRow, code: string | undefined, recovery: boolean) {
  if (!user.totpEnabled || !user.totpSecret) throw new AppError(409, TEXTS.twoFactorNotOn);
  if (!code) throw badRequest(TEXTS.twoFactorRequired, { code: TEXTS.twoFactorRequired });
  if (matchingStep(deps, user, user.totpSecret, code) !== null) return;
  if (recovery && (await spendRecoveryCode(deps, user, code))) return;
  throw wrongCode();
}

/**
 * POST /api/2/account/2fa: turns two-step login on once a code from the new secret checks out, and
 * answers the ten recovery codes (shown once: only their digests are kept).
 */
export async function enableTwoFactor(
  deps: Services,
  user: UserRow,
  code: string | undefined,
  ip: string,
): Promise<string[]> {
  if (user.totpEnabled) throw new AppError(409, TEXTS.twoFactorAlreadyOn);
  const secret = user.totpSecret;
  if (!secret) throw new AppError(409, TEXTS.twoFactorNotStarted);
  if (!code) throw badRequest(TEXTS.twoFactorRequired, { code: TEXTS.twoFactorRequired });
  if (matchingStep(deps, user, secret, code) === null) throw wrongCode();
  return deps.db.transaction(async (tx) => {
    const changed = await tx
      .update(users)
      .set({ totpEnabled: true })
      .where(and(eq(users.id, user.id), eq(users.totpEnabled, false), eq(users.totpSecret, secret)))
      .returning({ id: users.id });
    if (changed.length === 0) throw new AppError(409, TEXTS.twoFactorAlreadyOn);
    const codes = await replaceRecoveryCodes(tx, user.id);
    await audit(tx, { actorId: user.id, action: 'auth.2fa_enabled', targetType: 'user', targetId: user.id, ip });
    return codes;
  });
}

/** POST /api/2/account/2fa/recovery-codes: a fresh set of ten for a current app code; the old ones stop working. */
export async function regenerateRecoveryCodes(
  deps: Services,
  user: UserRow,
  code: string | undefined,
  ip: string,
): Promise<string[]> {
  await proveSecondFactor(deps, user, code, false);
  return deps.db.transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, user.id);
    await audit(tx, {
      actorId: user.id,
      action: 'auth.2fa_recovery_codes_regenerated',
      targetType: 'user',
      targetId: user.id,
      ip,
    });
    return codes;
  });
}

/**
 * POST /api/2/account/2fa/new-secret: the secret of the new authenticator app while two-step login
 * stays on with the old one (the spec's "reset with old and new codes"). Like the first setup, the
 * pending secret is shown again until it is confirmed; nothing changes before that.
 */
export async function startTwoFactorMove(deps: Services, user: UserRow): Promise<{ secret: string; uri: string }> {
  if (!user.totpEnabled) throw new AppError(409, TEXTS.twoFactorNotOn);
  let secret = user.totpPendingSecret;
  if (!secret) {
    const fresh = new Secret({ size: 20 }).base32;
    const [row] = await deps.db
      .update(users)
      .set({ totpPendingSecret: fresh })
      .where(and(eq(users.id, user.id), eq(users.totpEnabled, true)))
      .returning({ totpPendingSecret: users.totpPendingSecret });
    secret = row?.totpPendingSecret ?? fresh;
  }
  return { secret, uri: totp(user, secret).toString() };
}

/**
 * POST /api/2/account/2fa/reset. With `code` only: turns two-step login off (the spec's "deactivate
 * with a code"); the secret and the recovery codes are dropped. With `code` and `new_code`: moves to
 * the new app (the spec's "reset with old and new codes"): the old app's code (or a recovery code)
 * proves the owner, the new app's code proves the new secret was entered. Answers whether it is on.
 */
export async function resetTwoFactor(
  deps: Services,
  user: UserRow,
  input: { code?: string; new_code?: string },
  ip: string,
): Promise<boolean> {
  if (input.new_code) {
    const pending = user.totpPendingSecret;
    if (!user.totpEnabled) throw new AppError(409, TEXTS.twoFactorNotOn);
    if (!pending) throw new AppError(409, TEXTS.twoFactorMoveNotStarted);
    // the new code first: a typo there must not spend a recovery code
    if (matchingStep(deps, user, pending, input.new_code) === null) {
      throw badRequest(TEXTS.twoFactorNewCodeInvalid, { new_code: TEXTS.twoFactorNewCodeInvalid });
    }
    await proveSecondFactor(deps, user, input.code, true);
    await deps.db.transaction(async (tx) => {
      const moved = await tx
        .update(users)
        .set({ totpSecret: pending, totpPendingSecret: null })
        .where(and(eq(users.id, user.id), eq(users.totpPendingSecret, pending)))
        .returning({ id: users.id });
      if (moved.length === 0) throw new AppError(409, TEXTS.twoFactorMoveNotStarted);
      await audit(tx, { actorId: user.id, action: 'auth.2fa_moved', targetType: 'user', targetId: user.id, ip });
    });
    return true;
  }
  await proveSecondFactor(deps, user, input.code, true);
  await deps.db.transaction(async (tx) => {
    await turnOff(tx, user.id);
    await audit(tx, { actorId: user.id, action: 'auth.2fa_disabled', targetType: 'user', targetId: user.id, ip });
  });
  return false;
}

async function turnOff(tx: Tx, userId: number) {
  await tx
    .update(users)
    .set({ totpEnabled: false, totpSecret: null, totpPendingSecret: null })
    .where(eq(users.id, userId));
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
}

/**
 * POST /api/2/admin/users/:id/2fa/reset: staff (users.act) turn two-step login off for a customer
 * who lost the phone and the recovery codes. Every session of the user ends (whoever got in stays
 * out), the user is told by mail (with nothing in it that signs in: they sign in with the password,
 * or reset it by the usual link), and the audit row names the staff member and the reason.
 */
export async function staffResetTwoFactor(
  deps: Services,
  staffId: number,
  target: UserRow,
  reason: string,
  ip: string,
): Promise<void> {
  if (!target.totpEnabled) throw new AppError(409, TEXTS.twoFactorNotOn);
  await deps.db.transaction(async (tx) => {
    await turnOff(tx, target.id);
    await tx.delete(sessions).where(eq(sessions.userId, target.id));
    await audit(tx, {
      actorId: staffId,
      action: 'admin.2fa_reset',
      targetType: 'user',
      targetId: target.id,
      ip,
      details: { reason },
    });
  });
  await deps.mailer.send({
    to: target.email,
    subject: TEXTS.twoFactorStaffResetSubject,
    text: [
      `Hello ${target.name},`,
      '',
      'At your request, our support team turned off two-step login on your Parlance account and signed it out everywhere.',
      'Sign in with your e-mail and password, then turn two-step login on again in your profile.',
      '',
      'If you did not ask for this, reset your password at once and write to our support team.',
    ].join('\n'),
  });
}
