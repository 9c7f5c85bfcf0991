import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { LIMITS, resetEmailError, TEXTS } from '@parlance/shared';
import type { Services } from '../../platform/services';
import { passwordTokens, sessions, users } from '../../db/schema';
import { audit } from '../../platform/audit';
import { captchaError, checkCaptcha, spendCaptcha } from '../../platform/captcha';
import { randomToken, sha256 } from '../../platform/crypto';
import { AppError, badRequest } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import type { UserRow } from '../../platform/session';
import { assertNoFieldErrors, newPasswordErrors } from './fields';
import { passwordLinkUrl, passwordMail } from './mail';
import type { SetPasswordBody } from './schemas';
import { requireSecondFactor } from './two-factor';
import { findUserByEmail, findUserById } from './users';

// Passwords by mailed link (reset, or create for accounts that have none) and the first password.

type Purpose = 'reset' | 'create';

/** A new single-use token: 256 random bits in the link, only its SHA-256 in the database. */
async function issueToken(deps: Services, userId: number, purpose: Purpose): Promise<string> {
  const token = randomToken();
  const now = deps.clock.now();
  await deps.db.insert(passwordTokens).values({
    userId,
    tokenHash: sha256(token),
    purpose,
    createdAt: now,
    expiresAt: new Date(now.getTime() + LIMITS.resetTokenTtlMs),
  });
  return token;
}

async function mailPasswordLink(deps: Services, user: UserRow, purpose: Purpose): Promise<void> {
  const token = await issueToken(deps, user.id, purpose);
  const link = passwordLinkUrl(deps.config.publicUrl, token, purpose);
  await deps.mailer.send(passwordMail({ email: user.email, name: user.name }, link, purpose));
}

/**
 * POST /api/2/account/auth/password/resetPasswordToken. The spec requires telling an unknown
 * address apart ('This email address does not match our records'); the route is rate limited.
 */
export async function requestPasswordReset(deps: Services, email: string | undefined, ip: string): Promise<void> {
  const address = (email ?? '').trim();
  const formatError = resetEmailError(address);
  if (formatError) throw badRequest(formatError, { email: formatError });
  const user = await findUserByEmail(deps.db, address);
  if (!user) throw new AppError(404, TEXTS.emailNotInRecords, { email: TEXTS.emailNotInRecords });
  await mailPasswordLink(deps, user, 'reset');
  await audit(deps.db, {
    actorId: null,
    action: 'auth.password_reset_requested',
    targetType: 'user',
    targetId: user.id,
    ip,
  });
}

/** POST /api/2/account/auth/send-password-link: a create-password link for a user without one. */
export async function sendCreatePasswordLink(deps: Services, user: UserRow): Promise<void> {
  if (user.passwordHash !== null) throw new AppError(409, TEXTS.passwordAlreadySet);
  await mailPasswordLink(deps, user, 'create');
}

const usable = (deps: Services, tokenHash: string) =>
  and(
    eq(passwordTokens.tokenHash, tokenHash),
    isNull(passwordTokens.usedAt),
    gt(passwordTokens.expiresAt, deps.clock.now()),
  );

/** POST /ajax/user/checkToken: unused and unexpired. */
export async function isTokenUsable(deps: Services, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const [row] = await deps.db
    .select({ id: passwordTokens.id })
    .from(passwordTokens)
    .where(usable(deps, sha256(token)));
  return row !== undefined;
}

const tokenInvalid = () => badRequest(TEXTS.resetTokenInvalid, { token: TEXTS.resetTokenInvalid });

/** Wrong two-step codes a password link takes before it is spent. */
const LINK_CODE_FAILURES = 5;

/**
 * POST /api/2/account/auth/password?token=: sets the password from a mailed link (reset or create).
 *
 * For a user with two-step login, the link alone is not enough (whoever reads the mailbox would own
 * the account): the first post answers 417 like the sign-in form, nothing is changed and the link
 * stays usable; the browser posts the same form again with twoFactorAuthCode (an app code or a
 * recovery code). Only then is the link spent. Wrong codes count on the link, which is spent after
 * LINK_CODE_FAILURES of them (docs/adr/0041).
 *
 * The token is consumed by a conditional update in the same transaction as the new hash, so of two
 * concurrent uses only one wins. Every session of the user ends; the caller signs the user in anew.
 */
export async function setPasswordWithToken(
  deps: Services,
  token: string | undefined,
  input: SetPasswordBody,
  ip: string,
): Promise<{ user: UserRow; secondFactor: 'totp' | 'recovery-code' | null }> {
  const password = input.password ?? '';
  assertNoFieldErrors(
    newPasswordErrors(password, input.password_verify, { password: 'password', verify: 'password_verify' }),
  );
  // Like sign-in: the captcha is spent by a verdict, not by the 417 that only asks for the code.
  const captcha = await checkCaptcha(deps, input.captcha_response, input.captcha_service);
  if (!captcha.ok) throw captchaError(captcha.message);
  const spend = async () => {
    if (!(await spendCaptcha(deps, captcha))) throw captchaError(TEXTS.captchaFailed);
  };
  if (!token) throw tokenInvalid();
  const tokenHash = sha256(token);
  // Check before the (slow, memory-hard) hash, so that bad links cost nothing; consume after it.
  const [link] = await deps.db
    .select({ userId: passwordTokens.userId })
    .from(passwordTokens)
    .where(usable(deps, tokenHash));
  const owner = link && (await findUserById(deps.db, link.userId));
  if (!owner) {
    await spend();
    throw tokenInvalid();
  }
  let secondFactor: 'totp' | 'recovery-code' | null;
  try {
    secondFactor = await requireSecondFactor(deps, owner, input.twoFactorAuthCode, spend);
  } catch (err) {
    if (err instanceof AppError && err.message === TEXTS.twoFactorInvalid) await countCodeFailure(deps, tokenHash);
    throw err;
  }
  if (!secondFactor) await spend();
  const passwordHash = await hashPassword(password, deps.config.passwordHashing);

  const userId = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [consumed] = await tx
      .update(passwordTokens)
      .set({ usedAt: now })
      .where(usable(deps, tokenHash))
      .returning({ userId: passwordTokens.userId, purpose: passwordTokens.purpose });
    if (!consumed) throw tokenInvalid();
    await tx.update(users).set({ passwordHash }).where(eq(users.id, consumed.userId));
    // Older links of this user stop working too: the newest password wins.
    await tx
      .update(passwordTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordTokens.userId, consumed.userId), isNull(passwordTokens.usedAt)));
    await tx.delete(sessions).where(eq(sessions.userId, consumed.userId));
    await audit(tx, {
      actorId: consumed.userId,
      action: consumed.purpose === 'reset' ? 'auth.password_reset' : 'auth.password_created',
      targetType: 'user',
      targetId: consumed.userId,
      ip,
      ...(secondFactor ? { details: { secondFactor } } : {}),
    });
    return consumed.userId;
  });
  const user = await findUserById(deps.db, userId);
  if (!user) throw tokenInvalid();
  return { user, secondFactor };
}

/** One more wrong code on this link; at the limit the link is spent. */
async function countCodeFailure(deps: Services, tokenHash: string): Promise<void> {
  const [row] = await deps.db
    .update(passwordTokens)
    .set({ codeFailures: sql`${passwordTokens.codeFailures} + 1` })
    .where(usable(deps, tokenHash))
    .returning({ failures: passwordTokens.codeFailures });
  if (row && row.failures >= LINK_CODE_FAILURES) {
    await deps.db
      .update(passwordTokens)
      .set({ usedAt: deps.clock.now() })
      .where(eq(passwordTokens.tokenHash, tokenHash));
  }
}

/** POST /api/2/account/auth/first-password/setup: the first password of a signed-in user who has none. */
export async function setFirstPassword(
  deps: Services,
  user: UserRow,
  input: { password?: string; password_verify?: string },
  ip: string,
): Promise<UserRow> {
  if (user.passwordHash !== null) throw new AppError(409, TEXTS.passwordAlreadySet);
  const password = input.password ?? '';
  assertNoFieldErrors(
    newPasswordErrors(password, input.password_verify, { password: 'password', verify: 'password_verify' }),
  );
  const passwordHash = await hashPassword(password, deps.config.passwordHashing);
  return deps.db.transaction(async (tx) => {
    // Only while there is still no password: two tabs cannot both set "the first" one.
    const [updated] = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, user.id), isNull(users.passwordHash)))
      .returning();
    if (!updated) throw new AppError(409, TEXTS.passwordAlreadySet);
    await audit(tx, { actorId: user.id, action: 'auth.password_created', targetType: 'user', targetId: user.id, ip });
    return updated;
  });
}
