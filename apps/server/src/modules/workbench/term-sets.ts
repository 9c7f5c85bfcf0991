import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { terminologyTerms } from '../../db/schema';
import { LruCache } from './memory-index';

// The terms of a customer's terminology set, read once per set and kept: a set never changes
// (an import of the pair replaces it with a new set, under a new id), so the set id is the whole
// key and nothing needs dropping. Suggestions and the checks of a confirm both read them here.

export interface SetTerm {
  source: string;
  target: string;
  note: string;
}

/** The sets whose terms are kept at a time, per database. */
const SETS_KEPT = 64;

const caches = new WeakMap<object, LruCache<number, Promise<SetTerm[]>>>();

export function termsOfSet(db: Db, setId: number): Promise<SetTerm[]> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new LruCache(SETS_KEPT);
    caches.set(db, cache);
  }
  let terms = cache.get(setId);
  if (!terms) {
    // a promise of the rows, not the query: awaiting a Drizzle query again would run it again
    terms = Promise.resolve(
      db
        .select({ source: terminologyTerms.source, target: terminologyTerms.target, note: terminologyTerms.note })
        .from(terminologyTerms)
        .where(eq(terminologyTerms.setId, setId))
        .orderBy(asc(terminologyTerms.position)),
    );
    const kept = cache;
    kept.set(setId, terms);
    // a failed read is not kept: the next asker reads again
    terms.catch(() => kept.delete(setId));
  }
  return terms;
}
