import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  bandOf,
  FuzzyIndex,
  MATCH_BANDS,
  type MatchAnalysis,
  type MatchBandKey,
  markupToPlain,
  WORKBENCH_LIMITS,
} from '@parlance/shared';
import type { Db } from '../../db/client';
import { languages, purchaseOrderFiles, type purchaseOrders } from '../../db/schema';
import { detectFormat, extract } from '../../platform/segments';
import type { Services } from '../../platform/services';
import { memorySignature, memoryUnitsForPair, primaryLanguage } from '../language-assets/memory-pairs';

// A quote's translation-memory analysis: the order's words in the industry's match bands
// (repetitions, 100%, 95-99%, 85-94%, 75-84%, no match) against the customer's memory for each
// target language, as Smartcat and Phrase show it. It informs; the price stays per word (ADR 0111).
//
// The wizard asks one quote per plan at once, each of them for the same order: the segments of a
// file (by its checksum), the index of a memory (by its imports) and the analysis itself are kept
// per database, so a second quote, or the next step's, costs a lookup.

type OrderRow = typeof purchaseOrders.$inferSelect;

interface SegmentWords {
  plain: string;
  words: number;
}

class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
  }
  delete(key: string): void {
    this.map.delete(key);
  }
}

interface Caches {
  segments: Lru<Promise<SegmentWords[] | null>>;
  indexes: Lru<{ signature: string; index: Promise<FuzzyIndex<null>> }>;
  analyses: Lru<Promise<MatchAnalysis>>;
}

/** Per database: two apps (tests, or instances) never share ids, so never a cache. */
const cachesByDb = new WeakMap<Db, Caches>();

function cachesOf(db: Db): Caches {
  let caches = cachesByDb.get(db);
  if (!caches) {
    caches = { segments: new Lru(200), indexes: new Lru(8), analyses: new Lru(100) };
    cachesByDb.set(db, caches);
  }
  return caches;
}

/** A cached promise that failed is not kept: the next quote tries again. */
function remember<V>(cache: Lru<Promise<V>>, key: string, make: () => Promise<V>): Promise<V> {
  const known = cache.get(key);
  if (known) return known;
  const made = make();
  cache.set(key, made);
  made.catch(() => cache.delete(key));
  return made;
}

interface Content {
  /** what the analysis depends on: the files' checksums or the pasted text's */
  key: string;
  /** the parts in reading order; null when a part cannot be read as segments (its words count as new) */
  parts: (() => Promise<SegmentWords[] | null>)[];
  /** the words of each part as the order counted them, for a part that cannot be segmented */
  partWords: number[];
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function contentOf(deps: Services, order: OrderRow, sourceIso: string): Promise<Content | null> {
  const caches = cachesOf(deps.db);
  const segmentsOf = (key: string, read: () => Promise<Uint8Array>, fileName: string | undefined) =>
    remember(caches.segments, `${key}:${sourceIso}`, async () => {
      try {
        const bytes = await read();
        const format = fileName === undefined ? 'txt' : detectFormat(bytes, fileName);
        const { segments } = await extract(bytes, format, sourceIso);
        // spaces collapsed as the memory's plain text is (tmx-parser), so equal sentences are 100%
        return segments.map((s) => ({ plain: markupToPlain(s.source).replace(/\s+/g, ' ').trim(), words: s.words }));
      } catch (error) {
        // a file the segmenter cannot read (a scan, an odd format) is priced by its count: its words are new
        deps.logger.warn({ err: error, fileName }, 'quote analysis: file not segmented');
        return null;
      }
    });
  if (order.wordCountSource === 'paste') {
    const text = order.pastedText ?? '';
    if (text.trim() === '') return null;
    const key = `paste:${sha256(text)}`;
    return {
      key,
      parts: [() => segmentsOf(key, async () => new TextEncoder().encode(text), undefined)],
      partWords: [order.wordCount],
    };
  }
  if (order.wordCountSource !== 'file') return null;
  const files = await deps.db
    .select({
      storageId: purchaseOrderFiles.storageId,
      fileName: purchaseOrderFiles.fileName,
      sha256: purchaseOrderFiles.sha256,
      words: purchaseOrderFiles.words,
    })
    .from(purchaseOrderFiles)
    .where(and(eq(purchaseOrderFiles.purchaseOrderId, order.id), eq(purchaseOrderFiles.context, 'source')))
    .orderBy(asc(purchaseOrderFiles.id));
  if (files.length === 0) return null;
  return {
    key: files.map((f) => f.sha256).join(','),
    parts: files.map(
      (f) => () =>
        segmentsOf(
          `file:${f.sha256}`,
          async () => new Uint8Array(await buffer(await deps.storage.get(f.storageId))),
          f.fileName,
        ),
    ),
    partWords: files.map((f) => f.words ?? 0),
  };
}

function memoryIndex(db: Db, userId: number, sourceIso: string, targetIso: string, signature: string) {
  const caches = cachesOf(db);
  const key = `${userId}:${primaryLanguage(sourceIso)}:${primaryLanguage(targetIso)}`;
  const known = caches.indexes.get(key);
  if (known && known.signature === signature) return known.index;
  const index = memoryUnitsForPair(db, userId, sourceIso, targetIso).then((units) => {
    const built = new FuzzyIndex<null>();
    for (const unit of units) built.add(unit.id, unit.source, null);
    return built;
  });
  caches.indexes.set(key, { signature, index });
  index.catch(() => caches.indexes.delete(key));
  return index;
}

function emptyBands(): Map<string, number> {
  return new Map(MATCH_BANDS.map((band) => [band.key, 0]));
}

function toAnalysis(bands: Map<string, number>): MatchAnalysis {
  const list = MATCH_BANDS.map((band) => ({ key: band.key, words: bands.get(band.key) ?? 0 }));
  return { bands: list, totalWords: list.reduce((sum, band) => sum + band.words, 0) };
}

/** The bands of one pair: a sentence seen earlier in the order is a repetition, the rest by its best match. */
async function analyse(content: Content, index: FuzzyIndex<null>): Promise<MatchAnalysis> {
  const bands = emptyBands();
  const add = (key: MatchBandKey, words: number) => bands.set(key, (bands.get(key) ?? 0) + words);
  const seen = new Set<string>();
  for (const [i, part] of content.parts.entries()) {
    const segments = await part();
    if (segments === null) {
      add('new', content.partWords[i]);
      continue;
    }
    for (const segment of segments) {
      if (segment.words === 0) continue;
      if (seen.has(segment.plain)) {
        add('repetitions', segment.words);
        continue;
      }
      seen.add(segment.plain);
      const [best] = index.search(segment.plain, { min: WORKBENCH_LIMITS.minMatchPercent, limit: 1 });
      add(best ? bandOf(best.percent) : 'new', segment.words);
    }
  }
  return toAnalysis(bands);
}

export interface QuoteAnalysis {
  /** summed over the targets with a memory; null when none has one */
  total: MatchAnalysis | null;
  /** by target language slug; null for a target without a memory */
  byTarget: Map<string, MatchAnalysis | null>;
}

const NONE: QuoteAnalysis = { total: null, byTarget: new Map() };

/**
 * The analysis of an order's content for each target language whose pair the customer's memory
 * holds. A guest's order, an order without content (a typed count, a web page) or too large to
 * analyse while the customer waits has none.
 */
export async function quoteAnalysis(
  deps: Services,
  order: OrderRow,
  sourceSlug: string,
  targetSlugs: readonly string[],
): Promise<QuoteAnalysis> {
  const userId = order.customerId;
  if (userId === null || order.wordCount > WORKBENCH_LIMITS.analysisMaxWords) return NONE;
  if (order.wordCountSource !== 'file' && order.wordCountSource !== 'paste') return NONE;
  const slugs = [sourceSlug, ...targetSlugs];
  const rows = await deps.db
    .select({ slug: languages.slug, iso: languages.iso })
    .from(languages)
    .where(inArray(languages.slug, slugs));
  const isoOf = new Map(rows.map((r) => [r.slug, r.iso]));
  const sourceIso = isoOf.get(sourceSlug);
  if (!sourceIso) return NONE;
  const signature = await memorySignature(deps.db, userId);
  if (signature === '') return NONE;
  const content = await contentOf(deps, order, sourceIso);
  if (!content) return NONE;
  const caches = cachesOf(deps.db);
  const byTarget = new Map<string, MatchAnalysis | null>();
  const total = emptyBands();
  let any = false;
  for (const targetSlug of targetSlugs) {
    const targetIso = isoOf.get(targetSlug);
    if (!targetIso) {
      byTarget.set(targetSlug, null);
      continue;
    }
    const index = await memoryIndex(deps.db, userId, sourceIso, targetIso, signature);
    if (index.size === 0) {
      byTarget.set(targetSlug, null);
      continue;
    }
    const key = [userId, primaryLanguage(sourceIso), primaryLanguage(targetIso), signature, content.key].join('|');
    const analysis = await remember(caches.analyses, key, () => analyse(content, index));
    byTarget.set(targetSlug, analysis);
    any = true;
    for (const band of analysis.bands) total.set(band.key, (total.get(band.key) ?? 0) + band.words);
  }
  return { total: any ? toAnalysis(total) : null, byTarget };
}

/**
 * Starts the analysis of an order whose content just changed, without waiting for it: the
 * customer picks a plan next, and that quote then finds the file's segments and the memory's index
 * ready. Nothing is computed for a guest's order or an order without languages.
 */
export function warmQuoteAnalysis(deps: Services, order: OrderRow): void {
  if (order.customerId === null || !order.sourceLanguage || order.targetLanguages.length === 0) return;
  void quoteAnalysis(deps, order, order.sourceLanguage, order.targetLanguages).catch((err: unknown) =>
    deps.logger.warn({ err }, 'quote analysis: warming failed'),
  );
}
