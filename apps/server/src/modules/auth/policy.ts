import type { AuthContext } from '../../platform/session';

// Who may do what in the auth area, as pure functions.

/**
 * Sign-in settings (first password, two-factor, minting bearer tokens) belong to the person
 * themselves in a browser session: not to an admin acting as them, and not to a bearer token,
 * which would otherwise let a 10-minute token turn into lasting access or lock the owner out.
 */
export function canManageCredentials(auth: AuthContext): boolean {
  return auth.admin === null && auth.via === 'session';
}

/** Account information: one's own, or anyone's for a real admin (also while acting as someone). */
export function canViewAccount(auth: AuthContext, userId: number): boolean {
  if (auth.user.id === userId) return true;
  return (auth.admin ?? auth.user).isAdmin;
}
