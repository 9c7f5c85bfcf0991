import type { LmProjectRow } from '@parlance/shared';
import { flagEmoji } from '../filters';

/** A language with its flag. */
export function LanguageName({ language }: { language: LmProjectRow['source_language'] }) {
  if (!language) return <span>—</span>;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <span aria-hidden style={{ marginRight: 6 }}>
        {flagEmoji(language.flag)}
      </span>
      {language.name}
    </span>
  );
}
