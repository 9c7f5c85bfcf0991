import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LANGUAGE_ASSET_TEXTS, type TerminologySet, type TerminologyTerm } from '@parlance/shared';
import { languages, terminologySets, terminologyTerms } from '../../db/schema';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { Services } from '../../platform/services';
import { type TermFormat, parseTerminology, TermFormatError } from './terminology-parser';

// Terminology per language pair: one set per (customer, source, target); importing for a pair that
// has one needs `replace`, and then swaps it in one transaction (the old terms go only when the new
// ones are stored).

type LanguageRow = typeof languages.$inferSelect;

export async function languageBySlug(db: Db, slug: string | undefined, message: string): Promise<LanguageRow> {
  const clean = (slug ?? '').trim();
  if (!clean)
    throw badRequest(message, { [message === LANGUAGE_ASSET_TEXTS.chooseSource ? 'srcLang' : 'tarLang']: message });
  const [row] = await db.select().from(languages).where(eq(languages.slug, clean));
  if (!row)
    throw badRequest(message, { [message === LANGUAGE_ASSET_TEXTS.chooseSource ? 'srcLang' : 'tarLang']: message });
  return row;
}

export async function resolvePair(db: Db, srcLang: string | undefined, tarLang: string | undefined) {
  const source = await languageBySlug(db, srcLang, LANGUAGE_ASSET_TEXTS.chooseSource);
  const target = await languageBySlug(db, tarLang, LANGUAGE_ASSET_TEXTS.chooseTarget);
  if (source.id === target.id)
    throw badRequest(LANGUAGE_ASSET_TEXTS.samePair, { tarLang: LANGUAGE_ASSET_TEXTS.samePair });
  return { source, target };
}

const ref = (l: LanguageRow) => ({ slug: l.slug, name: l.name, iso: l.iso });

const src = alias(languages, 'src_lang');
const tar = alias(languages, 'tar_lang');

function setQuery(db: Db) {
  return db
    .select({ set: terminologySets, src, tar })
    .from(terminologySets)
    .innerJoin(src, eq(src.id, terminologySets.sourceLangId))
    .innerJoin(tar, eq(tar.id, terminologySets.targetLangId));
}

function presentSet(row: {
  set: typeof terminologySets.$inferSelect;
  src: LanguageRow;
  tar: LanguageRow;
}): TerminologySet {
  return {
    id: row.set.id,
    srcLang: ref(row.src),
    tarLang: ref(row.tar),
    fileName: row.set.fileName,
    format: row.set.format,
    termCount: row.set.termCount,
    createdAt: row.set.createdAt.toISOString(),
  };
}

export async function listTerminology(db: Db, userId: number, page: number, limit: number) {
  const [{ n }] = await db.select({ n: count() }).from(terminologySets).where(eq(terminologySets.userId, userId));
  const rows = await setQuery(db)
    .where(eq(terminologySets.userId, userId))
    .orderBy(desc(terminologySets.createdAt), desc(terminologySets.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { results: rows.map(presentSet), totalCount: n };
}

export async function getTerminology(
  db: Db,
  userId: number,
  srcLang: string | undefined,
  tarLang: string | undefined,
  page: number,
  limit: number,
): Promise<{ set: TerminologySet; terms: TerminologyTerm[]; totalCount: number }> {
  const { source, target } = await resolvePair(db, srcLang, tarLang);
  const [row] = await setQuery(db).where(
    and(
      eq(terminologySets.userId, userId),
      eq(terminologySets.sourceLangId, source.id),
      eq(terminologySets.targetLangId, target.id),
    ),
  );
  if (!row) throw notFound('There is no terminology for this language pair');
  const terms = await db
    .select({ source: terminologyTerms.source, target: terminologyTerms.target, note: terminologyTerms.note })
    .from(terminologyTerms)
    .where(eq(terminologyTerms.setId, row.set.id))
    .orderBy(asc(terminologyTerms.position))
    .limit(limit)
    .offset((page - 1) * limit);
  return { set: presentSet(row), terms, totalCount: row.set.termCount };
}

export async function importTerminology(
  deps: Services,
  userId: number,
  input: { srcLang?: string; tarLang?: string; replace: boolean; fileName: string; format: TermFormat; bytes: Buffer },
): Promise<TerminologySet> {
  const { source, target } = await resolvePair(deps.db, input.srcLang, input.tarLang);
  const pairWhere = and(
    eq(terminologySets.userId, userId),
    eq(terminologySets.sourceLangId, source.id),
    eq(terminologySets.targetLangId, target.id),
  );
  const [existing] = await deps.db.select({ id: terminologySets.id }).from(terminologySets).where(pairWhere);
  if (existing && !input.replace)
    throw new AppError(409, LANGUAGE_ASSET_TEXTS.terminologyExists, {
      replace: LANGUAGE_ASSET_TEXTS.terminologyExists,
    });
  let terms: Awaited<ReturnType<typeof parseTerminology>>;
  try {
    terms = await parseTerminology(input.bytes, input.format, { sourceIso: source.iso, targetIso: target.iso });
  } catch (error) {
    if (error instanceof TermFormatError) throw badRequest(error.message, { file: error.message });
    throw error;
  }
  const id = await deps.db.transaction(async (tx) => {
    await tx.delete(terminologySets).where(pairWhere);
    const [set] = await tx
      .insert(terminologySets)
      .values({
        userId,
        sourceLangId: source.id,
        targetLangId: target.id,
        fileName: input.fileName,
        format: input.format,
        termCount: terms.length,
        createdAt: deps.clock.now(),
      })
      .returning({ id: terminologySets.id });
    for (let i = 0; i < terms.length; i += 1000) {
      await tx
        .insert(terminologyTerms)
        .values(terms.slice(i, i + 1000).map((t, j) => ({ setId: set.id, position: i + j + 1, ...t })));
    }
    return set.id;
  });
  const [row] = await setQuery(deps.db).where(eq(terminologySets.id, id));
  return presentSet(row);
}

/** Deletes the user's sets of these ids; when any id is not theirs, nothing is deleted (404). */
export async function deleteTerminology(db: Db, userId: number, ids: number[]): Promise<number> {
  if (ids.length === 0)
    throw badRequest(LANGUAGE_ASSET_TEXTS.chooseTerminology, { ids: LANGUAGE_ASSET_TEXTS.chooseTerminology });
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(terminologySets)
      .where(and(eq(terminologySets.userId, userId), inArray(terminologySets.id, unique)))
      .returning({ id: terminologySets.id });
    if (deleted.length !== unique.length) throw notFound();
    return deleted.length;
  });
}
