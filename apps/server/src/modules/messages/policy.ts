import type { UserRow } from '../../platform/session';

// A message belongs to its user: only they read it or mark it read (an admin acting as them is them).
// Admin notices are written by real admins only.

export function ownsMessage(user: Pick<UserRow, 'id'>, message: { userId: number }): boolean {
  return message.userId === user.id;
}

export function canSendNotice(realUser: Pick<UserRow, 'isAdmin'>): boolean {
  return realUser.isAdmin;
}
