import type { UserAccountKind } from '../../db/schema';
import type { UserRow } from '../../platform/session';

// A statement is of the signed-in user's own account (an admin acting as them sees theirs):
// a customer's credits, a translator's available earnings.

export function statementAccountOf(user: Pick<UserRow, 'type'>): UserAccountKind {
  return user.type === 'translator' ? 'translator_available' : 'customer_credits';
}
