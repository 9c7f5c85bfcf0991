import { emailError, TEXTS } from '@parlance/shared';
import type { Services } from '../../platform/services';
import { users } from '../../db/schema';
import { audit } from '../../platform/audit';
import { captchaError, verifyCaptcha } from '../../platform/captcha';
import { badRequest } from '../../platform/errors';
import { countryByIp } from '../../platform/geo';
import { hashPassword } from '../../platform/passwords';
import type { UserRow } from '../../platform/session';
import {
  assertNoFieldErrors,
  type FieldErrors,
  knownCountry,
  nameErrors,
  newPasswordErrors,
  normaliseName,
  phoneErrors,
} from './fields';
import type { SignupBody } from './schemas';
import { attributeSignup } from '../partner/service';
import { addToAclGroup, findUserByEmail, roleGroup } from './users';

const emailTaken = () => badRequest(TEXTS.emailTaken, { user_email: TEXTS.emailTaken });

/**
 * Registers an account (POST /userService/addAccountInfo). Order matters: field rules first (no
 * cost), then the captcha (so that "e-mail taken" cannot be probed without one), then the account.
 */
export async function registerAccount(deps: Services, input: SignupBody, ip: string): Promise<UserRow> {
  const name = normaliseName(input.full_name);
  const email = (input.user_email ?? '').trim();
  const password = input.pwd ?? '';
  const emailProblem = emailError(email);
  const errors: FieldErrors = {
    ...nameErrors('full_name', name),
    ...(emailProblem ? { user_email: emailProblem } : {}),
    ...newPasswordErrors(password, undefined, { password: 'pwd' }),
    ...(input.agree_terms ? {} : { agree_terms: TEXTS.mustAgreeTerms }),
    ...phoneErrors('phone', input.phone),
  };
  assertNoFieldErrors(errors);

  const captcha = await verifyCaptcha(deps, input.captcha_response, input.captcha_service);
  if (!captcha.ok) throw captchaError(captcha.message);

  if (await findUserByEmail(deps.db, email)) throw emailTaken();
  const country = (await knownCountry(deps.db, input.user_country)) ?? (await countryFromIp(deps, ip)) ?? 'US';
  const passwordHash = await hashPassword(password, deps.config.passwordHashing);
  const type = input.user_type === 'translator' ? 'translator' : 'customer';
  const now = deps.clock.now();

  return deps.db.transaction(async (tx) => {
    // The unique index on lower(email) settles a race between two signups with one address.
    const [user] = await tx
      .insert(users)
      .values({
        type,
        email,
        name,
        passwordHash,
        country,
        company: input.company_name?.trim() ?? '',
        phone: input.phone?.trim() || null,
        industry: input.user_industry?.trim() || null,
        registrationPage: input.registrationPage?.trim() || null,
        // the signup checkbox accepts the terms of service and the privacy policy together
        termsAcceptedAt: now,
        policyAcceptedAt: now,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!user) throw emailTaken();
    await addToAclGroup(tx, user.id, roleGroup(type));
    const referrerId = await attributeSignup(tx, user.id, input.ref, now);
    await audit(tx, {
      actorId: user.id,
      action: 'auth.signup',
      targetType: 'user',
      targetId: user.id,
      details: { type, country, registrationPage: user.registrationPage, ...(referrerId ? { referrerId } : {}) },
      ip,
    });
    return user;
  });
}

async function countryFromIp(deps: Services, ip: string): Promise<string | null> {
  return knownCountry(deps.db, (await countryByIp(ip)) ?? undefined);
}
