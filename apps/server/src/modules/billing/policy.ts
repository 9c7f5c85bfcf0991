import { allowIf, defineRules, holds } from '../../platform/permissions';

// Billing details belong to their account: its owner reads and changes them (also an admin acting
// as them); staff read anyone's, and finance changes them. Anyone else is told it does not exist.

declare module '../../platform/permissions' {
  interface Actions {
    'billing.read': { accountId: number };
    'billing.write': { accountId: number };
  }
}

defineRules({
  'billing.read': (actor, { accountId }) =>
    allowIf(actor.user.id === accountId || holds(actor, 'backoffice.read'), 404),
  'billing.write': (actor, { accountId }) => {
    if (actor.user.id === accountId || holds(actor, 'credits.write')) return allowIf(true);
    return allowIf(false, holds(actor, 'backoffice.read') ? 403 : 404);
  },
});
