import { eq } from 'drizzle-orm';
import { TEXTS } from '@parlance/shared';
import type { Services } from '../../platform/services';
import { users } from '../../db/schema';
import { audit } from '../../platform/audit';
import { badRequest, notFound } from '../../platform/errors';
import type { AuthContext, UserRow } from '../../platform/session';
import { assertNoFieldErrors, type FieldErrors, knownCountry, nameErrors, normaliseName, phoneErrors } from './fields';
import { authorize } from '../../platform/permissions';
import './policy';
import { presentAccount } from './present';
import type { AccountInfo, UpdateRegisterInfoBody } from './schemas';
import { aclGroupNames, addToAclGroup, findUserById, removeFromAclGroup, roleGroup } from './users';

/**
 * POST /userService/updateRegisterInfo (the auth dialog's extraUserData mode): name, country,
 * company, phone and, for customers and translators, which of the two they are.
 */
export async function updateRegisterInfo(
  deps: Services,
  auth: AuthContext,
  input: UpdateRegisterInfoBody,
  ip: string,
): Promise<UserRow> {
  const user = auth.user;
  const name = input.full_name === undefined ? user.name : normaliseName(input.full_name);
  const country = input.user_country === undefined ? user.country : await knownCountry(deps.db, input.user_country);
  const errors: FieldErrors = {
    ...nameErrors('full_name', name),
    ...phoneErrors('phone', input.phone),
    ...(input.user_country !== undefined && country === null ? { user_country: TEXTS.invalidCountry } : {}),
  };
  assertNoFieldErrors(errors);
  const requestedType =
    input.user_type === undefined ? null : input.user_type === 'translator' ? 'translator' : 'customer';
  // Admins stay admins; the marketplace roles can switch, and their acl group with them.
  const type = requestedType && user.type !== 'admin' ? requestedType : user.type;

  return deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({
        name,
        country,
        company: input.company_name === undefined ? user.company : input.company_name.trim(),
        phone: input.phone === undefined ? user.phone : input.phone.trim() || null,
        type,
      })
      .where(eq(users.id, user.id))
      .returning();
    if (type !== user.type && type !== 'admin' && user.type !== 'admin') {
      await removeFromAclGroup(tx, user.id, roleGroup(user.type));
      await addToAclGroup(tx, user.id, roleGroup(type));
    }
    await audit(tx, {
      actorId: (auth.admin ?? auth.user).id,
      action: 'account.register_info_updated',
      targetType: 'user',
      targetId: user.id,
      details: { fields: Object.keys(input), ...(type !== user.type ? { type: { from: user.type, to: type } } : {}) },
      ip,
    });
    return updated;
  });
}

/** POST /api/2/accept-terms-of-service: records that the user accepted the terms of service. */
export async function acceptTerms(deps: Services, auth: AuthContext, value: boolean, ip: string): Promise<void> {
  if (!value) throw badRequest(TEXTS.mustAgreeTerms, { value: TEXTS.mustAgreeTerms });
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ termsAcceptedAt: deps.clock.now() }).where(eq(users.id, auth.user.id));
    await audit(tx, {
      actorId: (auth.admin ?? auth.user).id,
      action: 'account.terms_accepted',
      targetType: 'user',
      targetId: auth.user.id,
      ip,
    });
  });
}

/** GET /api/2/user/updatePolicyTermsConditions: records that the user accepted the privacy policy. */
export async function acceptPolicy(deps: Services, auth: AuthContext, ip: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ policyAcceptedAt: deps.clock.now() }).where(eq(users.id, auth.user.id));
    await audit(tx, {
      actorId: (auth.admin ?? auth.user).id,
      action: 'account.policy_accepted',
      targetType: 'user',
      targetId: auth.user.id,
      ip,
    });
  });
}

/** GET /api/2/account?user_id=: one's own account, or anyone's for an admin; others get 404. */
export async function accountInfo(deps: Services, auth: AuthContext, userId: number | undefined): Promise<AccountInfo> {
  const id = userId ?? auth.user.id;
  authorize(auth, 'account.read', { userId: id });
  const user = id === auth.user.id ? auth.user : await findUserById(deps.db, id);
  if (!user) throw notFound(TEXTS.userNotFound);
  return presentAccount(user, await aclGroupNames(deps.db, user.id));
}
