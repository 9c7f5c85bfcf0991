import { sql } from 'drizzle-orm';
import { FuzzyIndex, WORKBENCH_LIMITS } from '@parlance/shared';
import type { Db, Tx } from '../../db/client';
import { escapeMarkup, plainText } from '../../platform/segments/inline';
import { tmxToMarkup } from './memory-tags';
import { memoryUnitsForPair, primaryLanguage } from '../language-assets/memory-pairs';

// The memories a segment's suggestions are matched against (ADR 0110). A customer's translation
// memory for a pair is read from the database once and kept as a fuzzy index in a bounded cache,
// keyed by the memory's last change, so that every suggestion after the first answers from
// memory in milliseconds. The job's own confirmed segments are a second index, kept per job and
// brought up to date with only the segments saved since it was last asked.

type Q = Db | Tx;

/** A bounded map that forgets the entry used least recently. */
export class LruCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // a Map keeps insertion order: moving the entry to the end marks it as the newest
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

export interface MemoryEntry {
  /** segment markup, as the segments are written */
  source: string;
  target: string;
  label: string;
}

export interface FoundMatch extends MemoryEntry {
  percent: number;
}

/** The memories of at most this many customer pairs are kept at a time (each is one fuzzy index). */
const PAIR_MEMORIES = 16;
/** and the confirmed segments of at most this many jobs */
const JOB_MEMORIES = 64;

/** The searches of a pair memory kept (a memory does not change: a new version is a new memory). */
const SEARCHES_KEPT = 2_000;

export class PairMemory {
  private readonly index = new FuzzyIndex<MemoryEntry>();
  // a translator comes back to a segment (and two tabs ask for the same one): its matches are kept
  private readonly searches = new LruCache<string, FoundMatch[]>(SEARCHES_KEPT);

  add(plainSource: string, entry: MemoryEntry): void {
    this.index.add(this.index.size, plainSource, entry);
  }

  search(plain: string, limit: number): FoundMatch[] {
    const key = `${limit}\u0000${plain}`;
    const kept = this.searches.get(key);
    if (kept) return kept;
    const found = this.index
      .search(plain, { min: WORKBENCH_LIMITS.minMatchPercent, limit })
      .map((hit) => ({ ...hit.payload, percent: hit.percent }));
    this.searches.set(key, found);
    return found;
  }

  get size(): number {
    return this.index.size;
  }
}

/**
 * What a segment's suggestions need to know of its customer and pair, read in one round trip: the
 * pair's language codes, the terminology set of the pair, and the memory's last change (the number
 * of imports, the newest one and the units they hold: an import, a removal and units added to an
 * import, as the workbench's own memory grows on delivery, each change it).
 */
export interface PairContext {
  sourceIso: string | null;
  targetIso: string | null;
  termSetId: number | null;
  memoryVersion: string | null;
}

export async function pairContext(
  q: Q,
  customerId: number,
  sourceSlug: string | null,
  targetSlug: string | null,
): Promise<PairContext> {
  const result = (await q.execute(sql`
    WITH src AS (SELECT id, iso FROM languages WHERE slug = ${sourceSlug ?? ''}),
         tgt AS (SELECT id, iso FROM languages WHERE slug = ${targetSlug ?? ''}),
         mem AS (SELECT count(*)::int AS imports, coalesce(max(id), 0)::int AS last_import,
                        coalesce(sum(unit_count), 0)::bigint AS units
                 FROM tm_imports WHERE user_id = ${customerId})
    SELECT (SELECT iso FROM src) AS source_iso, (SELECT iso FROM tgt) AS target_iso,
           (SELECT s.id FROM terminology_sets s
             WHERE s.user_id = ${customerId} AND s.source_lang_id = (SELECT id FROM src)
               AND s.target_lang_id = (SELECT id FROM tgt) LIMIT 1) AS term_set_id,
           mem.imports, mem.last_import, mem.units
    FROM mem`)) as unknown as { rows: Record<string, unknown>[] };
  const row = result.rows[0] ?? {};
  const imports = Number(row.imports ?? 0);
  return {
    sourceIso: (row.source_iso as string | null) ?? null,
    targetIso: (row.target_iso as string | null) ?? null,
    termSetId: row.term_set_id == null ? null : Number(row.term_set_id),
    memoryVersion: imports === 0 ? null : `${imports}:${Number(row.last_import ?? 0)}:${Number(row.units ?? 0)}`,
  };
}

/** The customer's memory for the pair as a fuzzy index (memory-pairs.ts reads it), newest import first. */
async function loadPairMemory(q: Q, customerId: number, sourceIso: string, targetIso: string): Promise<PairMemory> {
  const units = await memoryUnitsForPair(q, customerId, sourceIso, targetIso, 'newestFirst');
  const memory = new PairMemory();
  // a unit repeated across imports is one suggestion: the newest import's
  const seen = new Set<string>();
  for (const unit of units) {
    if (!unit.source.trim() || !unit.target.trim()) continue;
    const key = `${unit.source}\u0000${unit.target}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // the units' tags as segment markup with the memory's ids (suggestions fit them to the segment)
    const source = tmxToMarkup(unit.sourceContent);
    const target = source === null ? null : tmxToMarkup(unit.targetContent);
    memory.add(unit.source, {
      source: target === null || source === null ? escapeMarkup(unit.source) : source,
      target: target === null || source === null ? escapeMarkup(unit.target) : target,
      label: unit.label,
    });
  }
  return memory;
}

interface JobMemory {
  index: FuzzyIndex<undefined>;
  /** the job's segments indexed so far, by id (markup); target null while not confirmed */
  segments: Map<number, { source: string; target: string | null }>;
  /** the newest save read so far */
  seenUpTo: Date | null;
}

/** The caches of one app (one database): tests and instances never share them. */
export interface MemoryCaches {
  pairs: LruCache<string, Promise<PairMemory>>;
  jobs: LruCache<number, JobMemory>;
  /** one reading of a job's new saves at a time */
  jobReads: Map<number, Promise<JobMemory>>;
}

const cachesByDb = new WeakMap<object, MemoryCaches>();

export function memoryCaches(db: Db): MemoryCaches {
  let caches = cachesByDb.get(db);
  if (!caches) {
    caches = { pairs: new LruCache(PAIR_MEMORIES), jobs: new LruCache(JOB_MEMORIES), jobReads: new Map() };
    cachesByDb.set(db, caches);
  }
  return caches;
}

/** The customer's memory for the pair, read once per change of the memory (null: no memory). */
export function pairMemory(db: Db, customerId: number, context: PairContext): Promise<PairMemory> | null {
  const { sourceIso, targetIso, memoryVersion } = context;
  if (!sourceIso || !targetIso || memoryVersion === null) return null;
  const caches = memoryCaches(db);
  const key = [customerId, primaryLanguage(sourceIso), primaryLanguage(targetIso), memoryVersion].join(':');
  let memory = caches.pairs.get(key);
  if (!memory) {
    memory = loadPairMemory(db, customerId, sourceIso, targetIso);
    caches.pairs.set(key, memory);
    // a failed read is not kept: the next suggestion tries again
    memory.catch(() => caches.pairs.delete(key));
  }
  return memory;
}

async function refreshJobMemory(db: Db, projectId: number, known: JobMemory | undefined): Promise<JobMemory> {
  const job: JobMemory = known ?? { index: new FuzzyIndex<undefined>(), segments: new Map(), seenUpTo: null };
  // saves at the same instant as the newest one read may have come after it: read them again
  const since = job.seenUpTo ? sql`AND updated_at >= ${job.seenUpTo.toISOString()}::timestamptz` : sql``;
  const result = (await db.execute(sql`
    SELECT id, source, target, status, updated_at
    FROM workbench_segments
    WHERE project_id = ${projectId} AND updated_at IS NOT NULL ${since}`)) as unknown as {
    rows: { id: number | string; source: string; target: string; status: string; updated_at: Date | string }[];
  };
  for (const row of result.rows) {
    const id = Number(row.id);
    const confirmed = (row.status === 'translated' || row.status === 'reviewed') && row.target.trim() !== '';
    let entry = job.segments.get(id);
    if (!entry) {
      if (!confirmed) continue;
      entry = { source: row.source, target: null };
      job.segments.set(id, entry);
      job.index.add(id, plainText(row.source), undefined);
    }
    // an unconfirmed segment stays in the index but is no suggestion until it is confirmed again
    entry.target = confirmed ? row.target : null;
    const at = row.updated_at instanceof Date ? row.updated_at : new Date(row.updated_at);
    if (!job.seenUpTo || at > job.seenUpTo) job.seenUpTo = at;
  }
  return job;
}

/** The job's confirmed segments as a memory, brought up to date with the saves since last asked. */
export async function jobMemory(db: Db, projectId: number): Promise<JobMemory> {
  const caches = memoryCaches(db);
  const reading = caches.jobReads.get(projectId);
  if (reading) return reading;
  const next = refreshJobMemory(db, projectId, caches.jobs.get(projectId)).finally(() =>
    caches.jobReads.delete(projectId),
  );
  caches.jobReads.set(projectId, next);
  const job = await next;
  caches.jobs.set(projectId, job);
  return job;
}

/** The job's confirmed segments like this source (the segment itself left out). */
export function searchJobMemory(job: JobMemory, plain: string, segmentId: number, limit: number): FoundMatch[] {
  const out: FoundMatch[] = [];
  // ask for a few more: the segment itself and unconfirmed ones are dropped
  for (const hit of job.index.search(plain, { min: WORKBENCH_LIMITS.minMatchPercent, limit: limit + 8 })) {
    const id = Number(hit.id);
    const entry = job.segments.get(id);
    if (id === segmentId || !entry || entry.target === null) continue;
    out.push({ source: entry.source, target: entry.target, label: 'This job', percent: hit.percent });
    if (out.length >= limit) break;
  }
  return out;
}
