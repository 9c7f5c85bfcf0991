import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { moderationLanguages, moderationVocabularyVersion, moderationWords } from '../../db/schema';
import { type CompiledVocabulary, compileVocabulary } from './vocabulary';

/**
 * The compiled vocabulary, shared by every message check of this process. The database keeps a stamp
 * that every vocabulary change replaces in its own transaction (`touchVocabulary`); `loadVocabulary`
 * reads the stamp (one row) and recompiles only when it differs, so a change made through any server
 * instance is seen by all on their next check.
 */
let cached: { stamp: string; vocabulary: CompiledVocabulary } | null = null;
let loading: { stamp: string; promise: Promise<CompiledVocabulary> } | null = null;

export async function loadVocabulary(db: Db | Tx): Promise<CompiledVocabulary> {
  const [row] = await db
    .select({ stamp: moderationVocabularyVersion.stamp })
    .from(moderationVocabularyVersion)
    .where(eq(moderationVocabularyVersion.id, 1));
  const stamp = row?.stamp ?? '';
  if (cached?.stamp === stamp) return cached.vocabulary;
  if (loading?.stamp === stamp) return loading.promise;
  const promise = compileFrom(db).then((vocabulary) => {
    cached = { stamp, vocabulary };
    if (loading?.promise === promise) loading = null;
    return vocabulary;
  });
  loading = { stamp, promise };
  return promise;
}

async function compileFrom(db: Db | Tx): Promise<CompiledVocabulary> {
  const rows = await db
    .select({ language: moderationLanguages.name, word: moderationWords.word })
    .from(moderationWords)
    .innerJoin(moderationLanguages, eq(moderationLanguages.id, moderationWords.languageId));
  return compileVocabulary(rows);
}

/** Marks the vocabulary changed: call inside the transaction of every language or word change. */
export async function touchVocabulary(tx: Db | Tx): Promise<void> {
  const stamp = randomUUID();
  await tx
    .insert(moderationVocabularyVersion)
    .values({ id: 1, stamp })
    .onConflictDoUpdate({ target: moderationVocabularyVersion.id, set: { stamp } });
}

/** Forgets the compiled vocabulary of this process (tests). */
export function forgetVocabulary(): void {
  cached = null;
  loading = null;
}
