import { Readable } from 'node:stream';
import { and, asc, count, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import {
  LANGUAGE_ASSET_TEXTS,
  TM_SEARCH_LIMIT,
  type TmImport,
  type TmLanguage,
  type TmSearchHit,
} from '@parlance/shared';
import { languages, tmImports, tmSegments } from '../../db/schema';
import type { Db, Tx } from '../../db/client';
import { badRequest, notFound } from '../../platform/errors';
import type { Services } from '../../platform/services';
import { normalizeForSearch, readTmx, TMX_TAIL, TmxFormatError, tmxHead, tmxUnitXml } from './tmx-parser';

// A customer's translation memory: the units of every TMX they imported, one row per language
// variant. Import reads the stored file as a stream inside ONE transaction (a bad line anywhere
// leaves nothing behind); search is a prefix match on the normalized text through a btree index
// with text_pattern_ops (no pg_trgm needed, the same on PGlite and PostgreSQL: ADR 0081).

const INSERT_ROWS = 2000;

interface SegmentRow {
  u: number;
  l: string;
  c: string;
  p: string;
  n: string;
}

/**
 * One statement per batch with ONE parameter (the rows as JSON): a multi-row VALUES list of
 * thousands of parameters costs the server far more memory to parse and plan than the data itself
 * (and PGlite's WebAssembly heap never gives memory back).
 */
async function insertSegments(tx: Tx, importId: number, userId: number, rows: SegmentRow[]) {
  await tx.execute(sql`
    INSERT INTO tm_segments (import_id, user_id, unit_no, lang, content, plain, norm)
    SELECT ${importId}::int, ${userId}::int, r.u, r.l, r.c, r.p, r.n
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(u int, l text, c text, p text, n text)`);
}

export async function importTmx(
  deps: Services,
  userId: number,
  fileName: string,
  storageId: string,
): Promise<TmImport> {
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [imp] = await tx
        .insert(tmImports)
        .values({ userId, fileName, unitCount: 0, languages: [], createdAt: deps.clock.now() })
        .returning();
      let unitNo = 0;
      let rows: SegmentRow[] = [];
      const flush = async () => {
        if (rows.length === 0) return;
        const batch = rows;
        rows = [];
        await insertSegments(tx, imp.id, userId, batch);
      };
      const stream = await deps.storage.get(storageId);
      const result = await readTmx(stream, async (units) => {
        for (const unit of units) {
          unitNo += 1;
          for (const v of unit.variants)
            rows.push({ u: unitNo, l: v.lang, c: v.content, p: v.plain, n: normalizeForSearch(v.plain) });
        }
        if (rows.length >= INSERT_ROWS) await flush();
      });
      await flush();
      const [done] = await tx
        .update(tmImports)
        .set({ unitCount: result.units, languages: result.languages })
        .where(eq(tmImports.id, imp.id))
        .returning();
      return done;
    });
    return presentImport(row);
  } catch (error) {
    if (error instanceof TmxFormatError) throw badRequest(error.message, { file: error.message });
    throw error;
  } finally {
    await deps.storage.delete(storageId);
  }
}

function presentImport(row: typeof tmImports.$inferSelect): TmImport {
  return {
    id: row.id,
    fileName: row.fileName,
    unitCount: row.unitCount,
    languages: row.languages,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listImports(db: Db, userId: number, page: number, limit: number) {
  const [{ n }] = await db.select({ n: count() }).from(tmImports).where(eq(tmImports.userId, userId));
  const rows = await db
    .select()
    .from(tmImports)
    .where(eq(tmImports.userId, userId))
    .orderBy(desc(tmImports.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { results: rows.map(presentImport), totalCount: n };
}

export async function deleteImport(db: Db, userId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(tmImports)
    .where(and(eq(tmImports.id, id), eq(tmImports.userId, userId)))
    .returning({ id: tmImports.id });
  if (deleted.length === 0) throw notFound();
}

/** The languages of the memory with their segment counts (one grouped index scan). */
export async function memoryLanguages(db: Db, userId: number): Promise<TmLanguage[]> {
  const rows = await db
    .select({ code: tmSegments.lang, segments: count() })
    .from(tmSegments)
    .where(eq(tmSegments.userId, userId))
    .groupBy(tmSegments.lang)
    .orderBy(asc(tmSegments.lang));
  if (rows.length === 0) return [];
  const known = await db.select({ iso: languages.iso, name: languages.name }).from(languages);
  const byIso = new Map(known.map((l) => [l.iso.toLowerCase(), l.name]));
  return rows.map((r) => ({
    code: r.code,
    name: byIso.get(r.code.toLowerCase()) ?? byIso.get(r.code.split('-')[0].toLowerCase()) ?? r.code,
    segments: r.segments,
  }));
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Units whose `lang` text starts with the query (case and spacing ignored), with all their variants. */
export async function searchMemory(db: Db, userId: number, q: string, lang: string): Promise<TmSearchHit[]> {
  const norm = normalizeForSearch(q);
  if (norm.length < 2) throw badRequest(LANGUAGE_ASSET_TEXTS.searchQuery, { q: LANGUAGE_ASSET_TEXTS.searchQuery });
  // one round trip: the first matches by the prefix index, then each unit's variants by the unit index
  const result = (await db.execute(sql`
    SELECT h.import_id, h.unit_no, v.lang, v.plain
    FROM (
      SELECT import_id, unit_no, norm FROM tm_segments
      WHERE user_id = ${userId} AND lang = ${lang} AND norm LIKE ${`${escapeLike(norm)}%`}
      ORDER BY norm
      LIMIT ${TM_SEARCH_LIMIT}
    ) h
    JOIN tm_segments v ON v.import_id = h.import_id AND v.unit_no = h.unit_no
    ORDER BY h.norm, h.import_id, h.unit_no, v.id`)) as unknown as {
    rows: { import_id: number; unit_no: number; lang: string; plain: string }[];
  };
  const hits: TmSearchHit[] = [];
  for (const row of result.rows) {
    const last = hits[hits.length - 1];
    const variant = { lang: row.lang, text: row.plain };
    if (last && last.importId === row.import_id && last.unitNo === row.unit_no) last.variants.push(variant);
    else hits.push({ importId: row.import_id, unitNo: row.unit_no, variants: [variant] });
  }
  return hits;
}

export async function hasMemory(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: tmImports.id }).from(tmImports).where(eq(tmImports.userId, userId)).limit(1);
  return Boolean(row);
}

const UNITS_PER_PAGE = 500;

/**
 * The whole memory of a user as TMX 1.4, produced page by page (a bounded number of rows in
 * memory however large the memory is). `langs` keeps only those languages when given.
 */
export function memoryAsTmx(db: Db, userId: number, langs: string[] = []): Readable {
  async function* generate() {
    const imports = await db
      .select({ id: tmImports.id, unitCount: tmImports.unitCount, languages: tmImports.languages })
      .from(tmImports)
      .where(eq(tmImports.userId, userId))
      .orderBy(asc(tmImports.id));
    const srcLang = langs[0] ?? imports[0]?.languages[0] ?? '*all*';
    yield tmxHead(srcLang);
    for (const imp of imports) {
      for (let from = 0; from < imp.unitCount; from += UNITS_PER_PAGE) {
        const conditions = [
          eq(tmSegments.importId, imp.id),
          gt(tmSegments.unitNo, from),
          lte(tmSegments.unitNo, from + UNITS_PER_PAGE),
        ];
        if (langs.length > 0) conditions.push(inArray(tmSegments.lang, langs));
        const rows = await db
          .select({ unitNo: tmSegments.unitNo, lang: tmSegments.lang, content: tmSegments.content })
          .from(tmSegments)
          .where(and(...conditions))
          .orderBy(asc(tmSegments.unitNo), asc(tmSegments.id));
        let out = '';
        let i = 0;
        while (i < rows.length) {
          const unitNo = rows[i].unitNo;
          const unit: { lang: string; content: string }[] = [];
          while (i < rows.length && rows[i].unitNo === unitNo) unit.push(rows[i++]);
          if (langs.length === 0 || unit.length >= Math.min(2, langs.length)) out += tmxUnitXml(unit);
        }
        if (out) yield out;
      }
    }
    yield TMX_TAIL;
  }
  return Readable.from(generate());
}
