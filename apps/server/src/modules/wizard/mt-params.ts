import { inArray } from 'drizzle-orm';
import { MT_PROJECT_TYPES, type MtAvailableParams, type MtPairChoice, ORDER_TEXTS } from '@parlance/shared';
import type { Db, Tx } from '../../db/client';
import { languages } from '../../db/schema';
import type { MtEngine, MtEngines, MtLanguage } from '../../platform/mt';
import type { OrderRow } from './policy';

// Machine-translation options per language pair of an order (MT project types only): the connected
// engines that translate the pair (platform/mt), formal or informal address where one of them can be
// asked for it, and the customer's terms where one of them takes terms. With no engine connected
// there are no options, and no MT plan is offered (plan-fit's machineTranslation).

export function isMtType(projectType: string): boolean {
  return (MT_PROJECT_TYPES as readonly string[]).includes(projectType);
}

/** The registry's languages as the engines need them, by slug. */
export async function mtLanguages(db: Db | Tx, slugs: string[]): Promise<Map<string, MtLanguage>> {
  if (slugs.length === 0) return new Map();
  const rows = await db
    .select({ slug: languages.slug, iso: languages.iso, name: languages.name })
    .from(languages)
    .where(inArray(languages.slug, slugs));
  return new Map(rows.map((r) => [r.slug, { iso: r.iso, name: r.name }]));
}

interface PairEngines {
  engines: MtEngine[];
  formality: MtEngine[];
}

async function enginesOfPair(mt: MtEngines, source: MtLanguage, target: MtLanguage): Promise<PairEngines> {
  const engines = await mt.forPair(source, target);
  const formal = await Promise.all(engines.map((e) => e.hasFormality(target).catch(() => false)));
  return { engines, formality: engines.filter((_, i) => formal[i]) };
}

/** Why these MT choices do not fit the order and the connected engines, or null. */
export async function whyMtChoicesInvalid(
  db: Db | Tx,
  mt: MtEngines,
  order: { projectType: string; sourceLanguage: string | null; targetLanguages: string[] },
  choices: Record<string, MtPairChoice>,
): Promise<string | null> {
  if (!isMtType(order.projectType)) return ORDER_TEXTS.wizardMtNotAvailable;
  if (Object.keys(choices).length === 0) return null;
  if (!order.sourceLanguage) return ORDER_TEXTS.wizardSelectSourceLanguage;
  const named = await mtLanguages(db, [order.sourceLanguage, ...order.targetLanguages]);
  const source = named.get(order.sourceLanguage);
  for (const [targetSlug, choice] of Object.entries(choices)) {
    const target = named.get(targetSlug);
    if (!order.targetLanguages.includes(targetSlug) || !target) return ORDER_TEXTS.wizardSelectTargetLanguages;
    if (!source) return ORDER_TEXTS.wizardSelectSourceLanguage;
    const pair = await enginesOfPair(mt, source, target);
    const engine = pair.engines.find((e) => e.slug === choice.engine);
    if (!engine) return ORDER_TEXTS.wizardSelectOption;
    if (choice.formality !== 'default' && !pair.formality.includes(engine)) return ORDER_TEXTS.wizardSelectOption;
    if (choice.glossary && !engine.takesTerms) return ORDER_TEXTS.wizardSelectOption;
  }
  return null;
}

export async function mtAvailableParams(db: Db, mt: MtEngines, order: OrderRow): Promise<MtAvailableParams> {
  const available = isMtType(order.projectType) && mt.list.length > 0;
  if (!available || !order.sourceLanguage || order.targetLanguages.length === 0) return { available, pairs: [] };
  const named = await mtLanguages(db, [order.sourceLanguage, ...order.targetLanguages]);
  const source = named.get(order.sourceLanguage);
  const sourceSlug = order.sourceLanguage;
  if (!source) return { available, pairs: [] };
  const pairs = await Promise.all(
    order.targetLanguages.map(async (targetSlug) => {
      const target = named.get(targetSlug);
      const pair = target ? await enginesOfPair(mt, source, target) : { engines: [], formality: [] };
      return {
        source_language: sourceSlug,
        target_language: targetSlug,
        engines: pair.engines.map((e) => ({
          slug: e.slug,
          name: e.name,
          formality: pair.formality.includes(e),
          glossary: e.takesTerms,
        })),
        formality: pair.formality.length > 0,
        glossary: pair.engines.some((e) => e.takesTerms),
      };
    }),
  );
  return { available, pairs };
}
