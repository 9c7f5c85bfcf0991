import { PERMISSIONS, type UserData } from '@parlance/shared';
import type { AuthContext } from './session';

/** What other areas may add to the user data (sub-accounts, unread count) once they exist. */
export interface UserDataExtras {
  /** sub-account id -> label */
  beneficiary?: Record<string, string>;
  unreadMessages?: number;
  /**
   * whether the user has a My Team (user-bar.ts reads it from the team itself, not from a stored
   * flag); answers that do not read it say false, and the web app reads the user bar after them
   */
  myTeam?: boolean;
  /** the session was opened with the account (sign-up): its first visit */
  firstVisit?: boolean;
}

/** A session begun within this long of the account's creation is the sign-up's own. */
const SIGN_UP_SESSION_MS = 10 * 60 * 1000;

/** Was this session opened with the account (its first visit)? */
export function isFirstVisit(user: { createdAt: Date }, session: { createdAt: Date } | null): boolean {
  return session !== null && session.createdAt.getTime() - user.createdAt.getTime() < SIGN_UP_SESSION_MS;
}

/**
 * The shared `UserData` shape of the signed-in user: an allowlist, never the row as it is
 * (no password hash, no TOTP secret). While an admin acts as the user, `isAdmin` stays true,
 * which is how the spec tells "acting" apart (spec 1 section 4). Staff accounts (type admin) are
 * admins here too: the web shows them the admin tools, whose calls check each permission.
 */
export function presentUser(auth: AuthContext, extras: UserDataExtras = {}): UserData {
  const { user } = auth;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    type: user.type,
    isAdmin: user.isAdmin || user.type === 'admin' || auth.admin != null,
    hasPassword: user.passwordHash != null,
    myTeamStatus: extras.myTeam ?? false,
    thumb: { src: user.thumbUrl },
    billingAddress: { Company: user.company },
    beneficiary: extras.beneficiary ?? {},
    statistics: { unreadMessages: extras.unreadMessages ?? 0 },
    firstVisit: extras.firstVisit ?? false,
    country: user.country,
    currency: user.currency,
    phone: user.phone,
    twoFactorEnabled: user.totpEnabled,
    termsAccepted: user.termsAcceptedAt != null,
    permissions: PERMISSIONS.filter((p) => auth.permissions.has(p)),
  };
}
