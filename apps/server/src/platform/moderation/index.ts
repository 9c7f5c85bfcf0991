// The moderation engine, a platform piece that every message source calls when a message
// is sent (ADR 0066):
//   const verdict = checkMessage({ text, language }, await loadVocabulary(tx), { allowedHosts });
//   if (verdict.flagged) await holdMessage(tx, { source, messageRef, ..., reasons: verdict.reasons });
// and, once at module load, registerModerationSource(source, { approved, declined }) to deliver the
// held message or tell its author when a moderator decides.
export { type ContactHit, type ContactKind, type ContactOptions, findContacts } from './contacts';
export { checkMessage, type MessageToCheck, type ModerationVerdict } from './engine';
export {
  type DecisionContext,
  type DecisionEffects,
  type DecisionOutcome,
  decideModeration,
  type HeldMessage,
  holdMessage,
  type ModerationRow,
  type ModerationSourceHandler,
  registerModerationSource,
} from './queue';
export { forgetVocabulary, loadVocabulary, touchVocabulary } from './store';
export { foldCase, phraseKey, wordsOf } from './text';
export {
  type CompiledVocabulary,
  compileVocabulary,
  findVocabularyWords,
  languageKey,
  type VocabularyEntry,
} from './vocabulary';
