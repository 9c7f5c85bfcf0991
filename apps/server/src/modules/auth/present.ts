import type { UserRow } from '../../platform/session';
import type { AccountInfo } from './schemas';

export { presentUser } from '../../platform/present-user';

/** The account information of GET /api/2/account: an allowlist (no hash, no TOTP secret). */
export function presentAccount(user: UserRow, aclGroups: string[]): AccountInfo {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    type: user.type,
    isAdmin: user.isAdmin,
    country: user.country,
    company: user.company,
    phone: user.phone,
    industry: user.industry,
    currency: user.currency,
    thumb: { src: user.thumbUrl },
    hasPassword: user.passwordHash !== null,
    twoFactorEnabled: user.totpEnabled,
    termsAccepted: user.termsAcceptedAt !== null,
    policyAccepted: user.policyAcceptedAt !== null,
    aclGroups,
    createdAt: user.createdAt.toISOString(),
  };
}
