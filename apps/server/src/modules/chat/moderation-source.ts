import { registerModerationSource } from '../../platform/moderation';
import { CHAT_MODERATION_SOURCE } from './moderation';
import { applyModerationDecision } from './service';

// Registers the team chat with the moderation engine (once, when the chat module loads): a decision
// taken in /admin/moderation or in the chat's message menu delivers or refuses the held message.

function messageIdOf(ref: string): number | null {
  const id = Number(ref);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

registerModerationSource(CHAT_MODERATION_SOURCE, {
  async approved(tx, row) {
    const id = messageIdOf(row.messageRef);
    if (id !== null) await applyModerationDecision(tx, id, 'approved', row.decidedBy ?? 0);
    return {};
  },
  async declined(tx, row) {
    const id = messageIdOf(row.messageRef);
    if (id !== null) await applyModerationDecision(tx, id, 'declined', row.decidedBy ?? 0);
    return {};
  },
});
