import type { UserRow } from '../../platform/session';

// Billing details belong to their account: its owner, or an admin (also while acting as someone).

export function canManageBilling(asker: { user: Pick<UserRow, 'id'>; isAdmin: boolean }, accountId: number): boolean {
  return asker.isAdmin || asker.user.id === accountId;
}
