import { allowIf, defineRules, holds } from '../../platform/permissions';

// An invoice is shown to its owner and to staff; anyone else is told it does not exist (404).

declare module '../../platform/permissions' {
  interface Actions {
    'invoice.read': { userId: number };
  }
}

defineRules({
  'invoice.read': (actor, invoice) =>
    allowIf(actor.user.id === invoice.userId || holds(actor, 'backoffice.read'), 404, 'Invoice not found'),
});
