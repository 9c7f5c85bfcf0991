import { type ChatCapability, type ChatCapabilityContext, chatCan } from '@parlance/shared';
import type { UserRow } from '../../platform/session';

// Who may do what in the team chat: the capability table of spec 3 section 6 lives in
// packages/shared (`chatCan`, read by the web app too); here the server's view of a user.

export type ChatRole = 'customer' | 'translator' | 'admin';

export function chatRole(user: Pick<UserRow, 'type' | 'isAdmin'>): ChatRole {
  if (user.isAdmin || user.type === 'admin') return 'admin';
  return user.type === 'translator' ? 'translator' : 'customer';
}

export function can(
  user: Pick<UserRow, 'type' | 'isAdmin'>,
  capability: ChatCapability,
  ctx: ChatCapabilityContext = {},
): boolean {
  return chatCan(chatRole(user), capability, ctx);
}
