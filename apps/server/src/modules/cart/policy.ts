import type { UserRow } from '../../platform/session';

// Who may use a cart: customers (and admins, who may order too). Translators have no cart (403).
// Whose order it is is checked by the queries (an outsider's order is not found: 404).

export function canUseCart(user: Pick<UserRow, 'type'>): boolean {
  return user.type === 'customer' || user.type === 'admin';
}
