import { useNames } from '../../../ui/use-names';

interface ChatPerson {
  type: string;
  languagePairs: { sourceLanguage: string; targetLanguage: string }[];
}

/**
 * "Translator · English → Spanish": who a chat member or contact is. The pairs arrive as language
 * slugs (the chat user's shape in the spec); they are named once the language list is here, and left
 * out until then rather than shown as ids.
 */
export function UserLine({ user }: { user: ChatPerson }) {
  const names = useNames();
  const pairs =
    names.ready && user.languagePairs.length
      ? ` · ${user.languagePairs.map((p) => `${names.language(p.sourceLanguage)} → ${names.language(p.targetLanguage)}`).join(', ')}`
      : '';
  return (
    <>
      {user.type}
      {pairs}
    </>
  );
}
