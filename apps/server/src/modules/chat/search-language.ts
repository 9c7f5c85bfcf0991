import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

// The language a chat's messages are indexed in besides 'simple' (docs/adr/0102): the source
// language every translator of the chat works from, when there is exactly one such language and the
// database has a text search configuration for it; otherwise 'simple' alone.

/** PostgreSQL's built-in snowball configurations by ISO 639-1 code (both engines ship them). */
const CONFIG_BY_ISO: Record<string, string> = {
  ar: 'arabic',
  hy: 'armenian',
  eu: 'basque',
  ca: 'catalan',
  da: 'danish',
  nl: 'dutch',
  en: 'english',
  fi: 'finnish',
  fr: 'french',
  de: 'german',
  el: 'greek',
  hi: 'hindi',
  hu: 'hungarian',
  id: 'indonesian',
  ga: 'irish',
  it: 'italian',
  lt: 'lithuanian',
  ne: 'nepali',
  no: 'norwegian',
  nb: 'norwegian',
  nn: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  sr: 'serbian',
  es: 'spanish',
  sv: 'swedish',
  ta: 'tamil',
  tr: 'turkish',
  yi: 'yiddish',
};

/** The configuration for a language code ('en', 'pt-BR' ...), or null when there is none. */
export function configOfLanguage(iso: string): string | null {
  return CONFIG_BY_ISO[iso.split('-')[0].toLowerCase()] ?? null;
}

/**
 * One chat's configuration from each translator member's source languages (a list per translator):
 * the one configuration all of them share, else 'simple'.
 */
export function chatSearchConfig(sourceLanguagesByTranslator: string[][]): string {
  if (sourceLanguagesByTranslator.length === 0) return 'simple';
  const sets = sourceLanguagesByTranslator.map(
    (isos) => new Set(isos.map(configOfLanguage).filter((c): c is string => c !== null)),
  );
  const shared = [...sets[0]].filter((config) => sets.every((s) => s.has(config)));
  return shared.length === 1 ? shared[0] : 'simple';
}

/** Sets the chat's configuration from its members now; messages written later are indexed with it. */
export async function refreshSearchConfig(tx: Tx, chatId: number): Promise<void> {
  const result = await tx.execute(sql`
    SELECT p.user_id, array_agg(DISTINCT l.iso) AS isos
    FROM chat_members m
    JOIN users u ON u.id = m.user_id AND u.type = 'translator'
    JOIN translator_language_pairs p ON p.user_id = m.user_id
    JOIN languages l ON l.slug = p.source_language
    WHERE m.chat_id = ${chatId}
    GROUP BY p.user_id`);
  const rows = (result as unknown as { rows: { isos: string[] | string }[] }).rows;
  const lists = rows.map((r) => (Array.isArray(r.isos) ? r.isos : String(r.isos).replace(/[{}"]/g, '').split(',')));
  const config = chatSearchConfig(lists);
  // a configuration this database lacks falls back to 'simple'
  await tx.execute(sql`
    UPDATE chats SET search_config = coalesce(
      (SELECT c.oid::regconfig FROM pg_ts_config c WHERE c.cfgname = ${config} LIMIT 1), 'simple'::regconfig)
    WHERE id = ${chatId}`);
}
