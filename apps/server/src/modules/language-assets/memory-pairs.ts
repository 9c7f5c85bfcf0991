import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';

// A customer's translation memory for one language pair: the units of their TMX imports that have
// a variant in the source language and one in the target language. A language matches by its
// primary subtag (en-GB, en-US and en are all English): customers' TMX files name regional
// variants the order's language list does not, and a British sentence still helps an American job.
// Read here for both of its users: the quote's match analysis (wizard/quote-analysis.ts) and the
// editor's suggestions (workbench/memory-index.ts), so the rule is written once (ADR 0113).

export interface MemoryPairUnit {
  /** "<import id>:<unit no>" */
  id: string;
  /** the source variant's plain text */
  source: string;
  /** the target variant's plain text and its markup (inline codes as TMX XML) */
  target: string;
  /** the <seg> contents as stored (TMX inline markup): what the editor reads the tags back from */
  sourceContent: string;
  targetContent: string;
  /** the import's file name, as a suggestion names where it comes from */
  label: string;
}

/** "en-US", "en_us", "EN" -> "en": the part of a language tag a memory is matched by (the one rule). */
export function primaryLanguage(tag: string): string {
  return tag.trim().split(/[-_]/)[0].toLowerCase();
}

/** primaryLanguage in SQL, for a TMX variant's stored language. */
const primaryOf = (column: SQL) => sql`lower(split_part(replace(trim(${column}), '_', '-'), '-', 1))`;

/**
 * What changes when the memory changes: its imports and their sizes (an import is written in one
 * transaction and never edited, so an index built for this signature stays right).
 */
export async function memorySignature(db: Db | Tx, userId: number): Promise<string> {
  const result = await db.execute(sql`
    SELECT coalesce(string_agg(id::text || ':' || unit_count::text, ',' ORDER BY id), '') AS sig
    FROM tm_imports WHERE user_id = ${userId}`);
  const rows = (result as unknown as { rows: { sig: string }[] }).rows;
  return rows[0]?.sig ?? '';
}

/**
 * The units of the customer's memory with both languages of the pair, one per unit (its first
 * variant in each language), in import order or newest import first. The one reader of a memory:
 * the quote's analysis and the editor's suggestions index what it returns.
 */
export async function memoryUnitsForPair(
  db: Db | Tx,
  userId: number,
  sourceLang: string,
  targetLang: string,
  order: 'imported' | 'newestFirst' = 'imported',
): Promise<MemoryPairUnit[]> {
  const source = primaryLanguage(sourceLang);
  const target = primaryLanguage(targetLang);
  if (!source || !target || source === target) return [];
  const importOrder = order === 'newestFirst' ? sql`s.import_id DESC` : sql`s.import_id`;
  const result = await db.execute(sql`
    SELECT DISTINCT ON (s.import_id, s.unit_no)
      s.import_id, s.unit_no, s.plain AS source, s.content AS source_content, t.plain AS target,
      t.content AS target_content,
      i.file_name AS label
    FROM tm_segments s
    JOIN tm_segments t ON t.import_id = s.import_id AND t.unit_no = s.unit_no
    JOIN tm_imports i ON i.id = s.import_id
    WHERE s.user_id = ${userId} AND t.user_id = ${userId}
      AND ${primaryOf(sql`s.lang`)} = ${source} AND ${primaryOf(sql`t.lang`)} = ${target}
    ORDER BY ${importOrder}, s.unit_no, s.id, t.id`);
  const rows = (
    result as unknown as {
      rows: {
        import_id: number;
        unit_no: number;
        source: string;
        target: string;
        source_content: string;
        target_content: string;
        label: string;
      }[];
    }
  ).rows;
  return rows.map((r) => ({
    id: `${r.import_id}:${r.unit_no}`,
    source: r.source,
    target: r.target,
    sourceContent: r.source_content,
    targetContent: r.target_content,
    label: r.label,
  }));
}
