import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { workbenchDocuments, workbenchSegments } from '../../db/schema';
import { plainText } from '../../platform/segments';

// Data for the tests of the workbench's helpers: a job's segments as the editor stores them when
// the job is first opened, a customer's translation memory and terminology.

export interface SeedSegment {
  source: string;
  tags?: Record<string, unknown>;
  target?: string;
  status?: 'new' | 'draft' | 'translated' | 'reviewed';
}

/** One document of these segments for the project; answers the segments' ids in order. */
export async function seedSegments(
  db: Db,
  projectId: number,
  segments: SeedSegment[],
  opts: { fileName?: string; fileId?: number; position?: number; firstOrdinal?: number; now?: Date } = {},
): Promise<number[]> {
  const now = opts.now ?? new Date();
  const words = (s: string) => plainText(s).split(/\s+/).filter(Boolean).length;
  const [doc] = await db
    .insert(workbenchDocuments)
    .values({
      projectId,
      fileId: opts.fileId ?? 0,
      position: opts.position ?? 1,
      fileName: opts.fileName ?? 'text.txt',
      format: 'txt',
      output: 'txt',
      segmentCount: segments.length,
      words: segments.reduce((n, s) => n + words(s.source), 0),
      createdAt: now,
    })
    .returning();
  const first = opts.firstOrdinal ?? 1;
  const values = segments.map((s, i) => ({
    documentId: doc.id,
    projectId,
    ordinal: first + i,
    segmentKey: `${i + 1}.1`,
    source: s.source,
    tags: s.tags ?? {},
    words: words(s.source),
    repetitionKey: plainText(s.source).toLowerCase().replace(/\s+/g, ' ').trim(),
    target: s.target ?? '',
    status: s.status ?? 'new',
    updatedAt: s.status && s.status !== 'new' ? now : null,
  }));
  const rows: { id: number }[] = [];
  // a thousand rows a statement: a statement's parameters are limited
  for (let at = 0; at < values.length; at += 1000) {
    rows.push(
      ...(await db
        .insert(workbenchSegments)
        .values(values.slice(at, at + 1000))
        .returning({ id: workbenchSegments.id })),
    );
  }
  return rows.map((r) => r.id);
}

/** A TMX import of these units (source and target plain text) into the customer's memory. */
export async function seedMemory(
  db: Db,
  customerId: number,
  units: [string, string][],
  langs: [string, string] = ['en-US', 'es-ES'],
  fileName = 'memory.tmx',
): Promise<number> {
  const result = (await db.execute(sql`
    INSERT INTO tm_imports (user_id, file_name, unit_count, languages, created_at)
    VALUES (${customerId}, ${fileName}, ${units.length}, ARRAY[${langs[0]}, ${langs[1]}]::text[], now())
    RETURNING id`)) as unknown as { rows: { id: number }[] };
  const importId = Number(result.rows[0].id);
  const rows = units.flatMap(([source, target], i) => [
    { u: i + 1, l: langs[0], p: source },
    { u: i + 1, l: langs[1], p: target },
  ]);
  await db.execute(sql`
    INSERT INTO tm_segments (import_id, user_id, unit_no, lang, content, plain, norm)
    SELECT ${importId}::int, ${customerId}::int, r.u, r.l, r.p, r.p, lower(r.p)
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(u int, l text, p text)`);
  return importId;
}

/** The customer's terminology for a pair of language slugs. */
export async function seedTerms(
  db: Db,
  customerId: number,
  pair: [string, string],
  terms: { source: string; target: string; note?: string }[],
): Promise<void> {
  const result = (await db.execute(sql`
    INSERT INTO terminology_sets (user_id, source_lang_id, target_lang_id, file_name, format, term_count, created_at)
    VALUES (${customerId}, (SELECT id FROM languages WHERE slug = ${pair[0]}),
            (SELECT id FROM languages WHERE slug = ${pair[1]}), 'terms.csv', 'csv', ${terms.length}, now())
    RETURNING id`)) as unknown as { rows: { id: number }[] };
  const setId = Number(result.rows[0].id);
  const rows = terms.map((t, i) => ({ p: i + 1, s: t.source, t: t.target, n: t.note ?? '' }));
  await db.execute(sql`
    INSERT INTO terminology_terms (set_id, position, source, target, note)
    SELECT ${setId}::int, r.p, r.s, r.t, r.n
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(p int, s text, t text, n text)`);
}
