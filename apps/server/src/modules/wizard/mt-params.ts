import { inArray } from 'drizzle-orm';
import { MT_ENGINES, MT_PROJECT_TYPES, type MtAvailableParams, type MtPairChoice, ORDER_TEXTS } from '@parlance/shared';
import type { Db, Tx } from '../../db/client';
import { languages } from '../../db/schema';
import type { OrderRow } from './policy';

// Machine-translation options per language pair of an order (MT project types only). Both engines
// serve every pair; formality (formal or informal address) exists for target languages that have it;
// a glossary can be used for every pair.

/** ISO 639-1 codes of target languages with a formal and an informal "you". */
const FORMALITY_LANGUAGES = new Set(['de', 'fr', 'es', 'it', 'nl', 'pl', 'pt', 'ru', 'ja', 'uk', 'cs', 'tr']);

export function isMtType(projectType: string): boolean {
  return (MT_PROJECT_TYPES as readonly string[]).includes(projectType);
}

/** The target languages (slugs) among these that have formal and informal address. */
export async function withFormality(db: Db | Tx, slugs: string[]): Promise<Set<string>> {
  if (slugs.length === 0) return new Set();
  const rows = await db
    .select({ slug: languages.slug, iso: languages.iso })
    .from(languages)
    .where(inArray(languages.slug, slugs));
  return new Set(rows.filter((r) => FORMALITY_LANGUAGES.has(r.iso.split('-')[0])).map((r) => r.slug));
}

/** Why these MT choices do not fit the order, per field, or null. */
export async function whyMtChoicesInvalid(
  db: Db | Tx,
  projectType: string,
  targets: string[],
  choices: Record<string, MtPairChoice>,
): Promise<string | null> {
  if (!isMtType(projectType)) return ORDER_TEXTS.wizardMtNotAvailable;
  const formal = await withFormality(db, targets);
  for (const [target, choice] of Object.entries(choices)) {
    if (!targets.includes(target)) return ORDER_TEXTS.wizardSelectTargetLanguages;
    if (!MT_ENGINES.some((e) => e.slug === choice.engine)) return ORDER_TEXTS.wizardSelectOption;
    if (choice.formality !== 'default' && !formal.has(target)) return ORDER_TEXTS.wizardSelectOption;
  }
  return null;
}

export async function mtAvailableParams(db: Db, order: OrderRow): Promise<MtAvailableParams> {
  const available = isMtType(order.projectType);
  if (!available || !order.sourceLanguage || order.targetLanguages.length === 0) return { available, pairs: [] };
  const formal = await withFormality(db, order.targetLanguages);
  const source = order.sourceLanguage;
  return {
    available,
    pairs: order.targetLanguages.map((target) => ({
      source_language: source,
      target_language: target,
      engines: MT_ENGINES.map((e) => ({ slug: e.slug, name: e.name })),
      formality: formal.has(target),
      glossary: true,
    })),
  };
}
