import type { AuthContext } from '../../platform/session';

// Who may do what in the profile area, as pure functions.

/**
 * The password and API credentials belong to the person themselves in a browser session: not to
 * an admin acting as them and not to a bearer token (a 10-minute token must not mint lasting keys).
 */
export function canManageSecrets(auth: AuthContext): boolean {
  return auth.admin === null && auth.via === 'session';
}

/** API keys are for buying through the API: customers (and admins, who buy too). */
export function canHaveApiKeys(auth: AuthContext): boolean {
  return auth.user.type !== 'translator';
}

/** The skill sections (languages, expertise, availability, bio, uploads, references) are a translator's. */
export function canEditTranslatorProfile(auth: AuthContext): boolean {
  return auth.user.type === 'translator';
}
