import type { ModerationReason } from '@parlance/shared';
import { type ContactOptions, findContacts } from './contacts';
import { foldCase } from './text';
import { type CompiledVocabulary, findVocabularyWords } from './vocabulary';

export interface MessageToCheck {
  text: string;
  /**
   * The vocabulary language(s) of the message, by name ("English"); null checks every vocabulary.
   * Contact details are checked whatever the language.
   */
  language: string | readonly string[] | null;
}

export interface ModerationVerdict {
  flagged: boolean;
  reasons: ModerationReason[];
}

/**
 * Checks one message: the banned words of its language's vocabulary and contact details that take
 * work off the platform. Pure: any message source (project discussion, team chat) calls it with the
 * compiled vocabulary of the cache (store.ts) and decides what to do with a flagged message.
 */
export function checkMessage(
  message: MessageToCheck,
  vocabulary: CompiledVocabulary,
  options: ContactOptions = {},
): ModerationVerdict {
  const reasons: ModerationReason[] = [];
  for (const hit of findVocabularyWords(message.text, message.language, vocabulary)) {
    reasons.push({ type: 'word', match: hit.word, language: hit.language });
  }
  for (const hit of findContacts(foldCase(message.text), options)) {
    reasons.push({ type: hit.kind, match: hit.match });
  }
  return { flagged: reasons.length > 0, reasons };
}
