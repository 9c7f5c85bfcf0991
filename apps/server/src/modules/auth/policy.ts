import { TEXTS } from '@parlance/shared';
import { allowIf, defineRules, holds } from '../../platform/permissions';

// The auth area's rules for `can()`.

declare module '../../platform/permissions' {
  interface Actions {
    /**
     * Sign-in settings (first password, two-step login, minting bearer tokens) belong to the person
     * themselves in a browser session: not to an admin acting as them, and not to a bearer token,
     * which would otherwise let a 10-minute token turn into lasting access or lock the owner out.
     */
    'account.manage-credentials': null;
    /** account information: one's own, or anyone's for staff reading the back office */
    'account.read': { userId: number };
  }
}

defineRules({
  'account.manage-credentials': (actor) =>
    allowIf(actor.admin === null && actor.via === 'session', 403, TEXTS.ownerOnly),
  'account.read': (actor, { userId }) =>
    allowIf(actor.user.id === userId || holds(actor, 'backoffice.read'), 404, TEXTS.userNotFound),
});
