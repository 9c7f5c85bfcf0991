import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

// A customer's translation memory for one language pair: the units of their TMX imports that have
// a variant in the source language and one in the target language. A language matches by its
// primary subtag (en-GB, en-US and en are all English): customers' TMX files name regional
// variants the order's language list does not, and a British sentence still helps an American job.

export interface MemoryPairUnit {
  /** "<import id>:<unit no>" */
  id: string;
  /** the source variant's plain text */
  source: string;
  /** the target variant's plain text and its markup (inline codes as TMX XML) */
  target: string;
  targetContent: string;
}

/** "en-US" -> "en": the part of a language tag a memory is matched by. */
export function primaryLanguage(tag: string): string {
  return tag.trim().split(/[-_]/)[0].toLowerCase();
}

const likePattern = (primary: string) => `${primary.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`;

/**
 * What changes when the memory changes: its imports and their sizes (an import is written in one
 * transaction and never edited, so an index built for this signature stays right).
 */
export async function memorySignature(db: Db, userId: number): Promise<string> {
  const result = await db.execute(sql`
    SELECT coalesce(string_agg(id::text || ':' || unit_count::text, ',' ORDER BY id), '') AS sig
    FROM tm_imports WHERE user_id = ${userId}`);
  const rows = (result as unknown as { rows: { sig: string }[] }).rows;
  return rows[0]?.sig ?? '';
}

/** The units of the customer's memory with both languages of the pair, in import order. */
export async function memoryUnitsForPair(
  db: Db,
  userId: number,
  sourceLang: string,
  targetLang: string,
): Promise<MemoryPairUnit[]> {
  const source = primaryLanguage(sourceLang);
  const target = primaryLanguage(targetLang);
  if (!source || !target || source === target) return [];
  const result = await db.execute(sql`
    SELECT DISTINCT ON (s.import_id, s.unit_no)
      s.import_id, s.unit_no, s.plain AS source, t.plain AS target, t.content AS target_content
    FROM tm_segments s
    JOIN tm_segments t ON t.import_id = s.import_id AND t.unit_no = s.unit_no
    WHERE s.user_id = ${userId} AND t.user_id = ${userId}
      AND (lower(s.lang) = ${source} OR lower(s.lang) LIKE ${likePattern(source)})
      AND (lower(t.lang) = ${target} OR lower(t.lang) LIKE ${likePattern(target)})
    ORDER BY s.import_id, s.unit_no, s.id, t.id`);
  const rows = (
    result as unknown as {
      rows: { import_id: number; unit_no: number; source: string; target: string; target_content: string }[];
    }
  ).rows;
  return rows.map((r) => ({
    id: `${r.import_id}:${r.unit_no}`,
    source: r.source,
    target: r.target,
    targetContent: r.target_content,
  }));
}
