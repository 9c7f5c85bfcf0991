import { and, eq, ne } from 'drizzle-orm';
import {
  type AccountDetails,
  type accountInfoInputSchema,
  PROFILE_TEXTS,
  type UpdatePasswordInput,
} from '@parlance/shared';
import type { z } from 'zod';
import type { Services } from '../../platform/services';
import { accountDetails, countries, sessions, users } from '../../db/schema';
import { audit } from '../../platform/audit';
import { badRequest } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import type { AuthContext, UserRow } from '../../platform/session';

// Account information (spec 2 section 3, Account) and the password update.

type AccountInput = z.output<typeof accountInfoInputSchema>;

export async function getAccountDetails(deps: Services, user: UserRow): Promise<AccountDetails> {
  const [details] = await deps.db.select().from(accountDetails).where(eq(accountDetails.userId, user.id));
  return {
    fullName: user.name,
    email: user.email,
    address: details?.address ?? '',
    userCountry: user.country,
    userIndustry: user.industry ?? '',
    city: details?.city ?? '',
    phone: user.phone ?? '',
    company: user.company,
    phoneVerified: details?.phoneVerified ?? false,
  };
}

/** POST /userService/updateAccountInfo: all fields at once; a changed phone is no longer verified. */
export async function updateAccountDetails(
  deps: Services,
  auth: AuthContext,
  input: AccountInput,
  ip: string,
): Promise<AccountDetails> {
  const user = auth.user;
  const [country] = await deps.db
    .select({ code: countries.code })
    .from(countries)
    .where(eq(countries.code, input.userCountry));
  if (!country) throw badRequest('Choose a country from the list', { userCountry: 'Choose a country from the list' });
  const phone = input.phone || null;
  const now = deps.clock.now();
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        name: input.fullName,
        country: country.code,
        industry: input.userIndustry || null,
        phone,
        company: input.company,
      })
      .where(eq(users.id, user.id))
      .returning();
    const phoneChanged = phone !== user.phone;
    await tx
      .insert(accountDetails)
      .values({ userId: user.id, address: input.address, city: input.city, updatedAt: now })
      .onConflictDoUpdate({
        target: accountDetails.userId,
        set: {
          address: input.address,
          city: input.city,
          updatedAt: now,
          ...(phoneChanged ? { phoneVerified: false } : {}),
        },
      });
    await audit(tx, {
      actorId: (auth.admin ?? auth.user).id,
      action: 'profile.account_updated',
      targetType: 'user',
      targetId: user.id,
      details: { phoneChanged },
      ip,
    });
    return row;
  });
  return getAccountDetails(deps, updated);
}

/**
 * POST /userService/updatePassword: needs the current password. Every other session of the user
 * ends (someone who learnt the old password is signed out); this one stays.
 */
export async function updatePassword(
  deps: Services,
  auth: AuthContext,
  currentSessionHash: string | null,
  input: UpdatePasswordInput,
  ip: string,
): Promise<void> {
  const user = auth.user;
  if (!(await verifyPassword(user.passwordHash, input.old_password)))
    throw badRequest(PROFILE_TEXTS.currentPasswordIncorrect, { old_password: PROFILE_TEXTS.currentPasswordIncorrect });
  if (input.old_password === input.password)
    throw badRequest(PROFILE_TEXTS.samePassword, { password: PROFILE_TEXTS.samePassword });
  const passwordHash = await hashPassword(input.password, deps.config.passwordHashing);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await tx
      .delete(sessions)
      .where(
        currentSessionHash
          ? and(eq(sessions.userId, user.id), ne(sessions.idHash, currentSessionHash))
          : eq(sessions.userId, user.id),
      );
    await audit(tx, {
      actorId: user.id,
      action: 'profile.password_updated',
      targetType: 'user',
      targetId: user.id,
      ip,
    });
  });
}
