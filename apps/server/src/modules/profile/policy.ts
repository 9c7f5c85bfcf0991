import { API_KEY_TEXTS, DELETE_TEXTS, TEXTS } from '@parlance/shared';
import { allowIf, defineRules } from '../../platform/permissions';
import type { AuthContext } from '../../platform/session';

// The profile area's rules for `can()`.

declare module '../../platform/permissions' {
  interface Actions {
    /**
     * The password and API credentials belong to the person themselves in a browser session: not
     * to an admin acting as them and not to a bearer token (a 10-minute token must not mint keys).
     */
    'account.manage-secrets': null;
    /** closing the account: the owner in a browser session, as for secrets */
    'account.delete': null;
    /** API keys are for buying through the API: customers */
    'account.api-keys': null;
    /** the skill sections (languages, expertise, availability, bio, uploads, references, voice) */
    'profile.translator-sections': null;
  }
}

/** The owner themselves, signed in in a browser (not acting, not a bearer token). */
const isOwnerInBrowser = (actor: AuthContext) => actor.admin === null && actor.via === 'session';

export const NOT_TRANSLATOR = 'These profile sections are for translators';

defineRules({
  'account.manage-secrets': (actor) => allowIf(isOwnerInBrowser(actor), 403, TEXTS.ownerOnly),
  'account.delete': (actor) => allowIf(isOwnerInBrowser(actor), 403, DELETE_TEXTS.ownerOnly),
  'account.api-keys': (actor) => allowIf(actor.user.type === 'customer', 403, API_KEY_TEXTS.translatorsNoKeys),
  'profile.translator-sections': (actor) => allowIf(actor.user.type === 'translator', 403, NOT_TRANSLATOR),
});
