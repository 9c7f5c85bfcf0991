import { CHAT_CAPABILITIES, type ChatCapability, type ChatCapabilityContext, chatCan, isStaff } from '@parlance/shared';
import { ALLOW, allowIf, defineRules, holds, refuse, type Verdict, verdictOf } from '../../platform/permissions';
import type { AuthContext, UserRow } from '../../platform/session';

// Who may do what in the team chat: the chat's rules for `can()`. The capability table of spec 3
// section 6 lives in packages/shared (`chatCan`, read by the web app too); staff are the chat's
// "admin" role, and what only a moderator does (moderating and deleting others' messages and
// files) also needs the moderation permission.

export type ChatRole = 'customer' | 'translator' | 'admin';

export function chatRole(user: Pick<UserRow, 'type' | 'isAdmin'>): ChatRole {
  if (isStaff(user)) return 'admin';
  return user.type === 'translator' ? 'translator' : 'customer';
}

type ChatAction = `chat.${ChatCapability}`;

declare module '../../platform/permissions' {
  interface Actions extends Record<ChatAction, ChatCapabilityContext> {}
}

/** What staff may do in the chat only with the moderation permission. */
const MODERATION_ONLY: ReadonlySet<ChatCapability> = new Set([
  'moderateMessage',
  'deleteAnyAttachment',
  'removeChat',
  'restoreChat',
]);

function capabilityRule(capability: ChatCapability) {
  return (actor: AuthContext, ctx: ChatCapabilityContext): Verdict => {
    const role = chatRole(actor.user);
    if (!chatCan(role, capability, ctx)) return refuse(403);
    // a staff member's own attachment (or own team group) is theirs to delete, as for anyone
    const own =
      (capability === 'deleteAnyAttachment' && ctx.ownAttachment === true) ||
      (capability === 'removeChat' && ctx.chatType === 'custom' && ctx.ownChat === true);
    if (role !== 'admin' || !MODERATION_ONLY.has(capability) || own) return ALLOW;
    return allowIf(holds(actor, 'moderation.write'));
  };
}

defineRules(
  Object.fromEntries(CHAT_CAPABILITIES.map((c) => [`chat.${c}`, capabilityRule(c)])) as {
    [K in ChatAction]: (actor: AuthContext, ctx: ChatCapabilityContext) => Verdict;
  },
);

/** May this chat viewer use the capability (with the chat, message or attachment it is about)? */
export function can(
  viewer: { actor?: AuthContext },
  capability: ChatCapability,
  ctx: ChatCapabilityContext = {},
): boolean {
  return viewer.actor !== undefined && verdictOf(viewer.actor, `chat.${capability}`, ctx).ok;
}
