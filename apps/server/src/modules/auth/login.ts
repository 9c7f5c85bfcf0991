import { TEXTS } from '@parlance/shared';
import type { Services } from '../../platform/services';
import { captchaError, checkCaptcha, spendCaptcha } from '../../platform/captcha';
import { randomToken } from '../../platform/crypto';
import { badRequest, unauthorized } from '../../platform/errors';
import { type PasswordHashing, hashPassword, verifyPassword } from '../../platform/passwords';
import type { UserRow } from '../../platform/session';
import type { LoginBody } from './schemas';
import { requireSecondFactor } from './two-factor';
import { findUserByEmail } from './users';

const dummyHashes = new Map<PasswordHashing, Promise<string>>();
/** A hash to verify against when the e-mail is unknown, so both failures take about as long. */
function dummyPasswordHash(hashing: PasswordHashing): Promise<string> {
  let dummy = dummyHashes.get(hashing);
  if (!dummy) {
    dummy = hashPassword(randomToken(), hashing);
    dummyHashes.set(hashing, dummy);
  }
  return dummy;
}

/**
 * Checks a sign-in attempt (POST /api/2/account/auth/login) and answers the user, or throws the
 * answer the spec's login form expects: 400 "[username] ..." / "[password] ...", 403 "Captcha ...",
 * 401 incorrect credentials, 417 two-factor code (or recovery code) needed or wrong.
 *
 * The captcha solution is spent by every attempt that reaches a verdict. The one exception is the
 * 417 "code needed" answer after a correct password: the browser then sends the same form again
 * with the code, and may send the same captcha_response with it.
 */
export async function authenticate(
  deps: Services,
  input: LoginBody,
): Promise<{ user: UserRow; secondFactor: 'totp' | 'recovery-code' | null }> {
  const email = (input.username ?? input.full_name ?? '').trim();
  const password = input.pwd ?? '';
  if (!email) throw badRequest(`[username] ${TEXTS.loginEmailRequired}`, { user: TEXTS.loginEmailRequired });
  if (!password) throw badRequest(`[password] ${TEXTS.loginPasswordRequired}`, { pwd: TEXTS.loginPasswordRequired });

  const captcha = await checkCaptcha(deps, input.captcha_response, input.captcha_service);
  if (!captcha.ok) throw captchaError(captcha.message);
  const spend = async () => {
    if (!(await spendCaptcha(deps, captcha))) throw captchaError(TEXTS.captchaFailed);
  };

  const user = await findUserByEmail(deps.db, email);
  const passwordOk = await verifyPassword(
    user?.passwordHash ?? (await dummyPasswordHash(deps.config.passwordHashing)),
    password,
  );
  if (!user?.passwordHash || !passwordOk) {
    await spend();
    throw unauthorized(TEXTS.incorrectCredentials);
  }
  const secondFactor = await requireSecondFactor(deps, user, input.twoFactorAuthCode, spend);
  if (!secondFactor) await spend();
  return { user, secondFactor };
}
