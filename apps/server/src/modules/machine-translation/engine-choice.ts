import { and, asc, eq, inArray } from 'drizzle-orm';
import { mtPairChoiceSchema } from '@parlance/shared';
import type { Db } from '../../db/client';
import { languages, purchaseOrders, terminologySets, terminologyTerms } from '../../db/schema';
import {
  type MtEngine,
  type MtEngines,
  MtError,
  type MtFormality,
  type MtLanguage,
  type MtTerm,
} from '../../platform/mt';
import { mtLanguages } from '../wizard/mt-params';
import { translateMarkup } from './tagged-text';

// What a project's machine translation runs with: its languages as the engines name them, the
// engine the customer chose for the target (or the first connected one that serves the pair when
// the choice is absent or no longer connected), the formality, and the customer's terms when the
// choice asked for them.

export interface MtSetup {
  engine: MtEngine;
  source: MtLanguage;
  target: MtLanguage;
  formality: MtFormality;
  terms: MtTerm[];
}

interface ProjectLanguages {
  customerId: number;
  purchaseOrderId: number | null;
  sourceLanguage: string | null;
  targetLanguage: string | null;
}

/** The customer's terminology for the pair, in the order it was imported (at most 2,000 terms). */
async function termsOf(db: Db, customerId: number, source: string, target: string): Promise<MtTerm[]> {
  const ids = await db
    .select({ id: languages.id, slug: languages.slug })
    .from(languages)
    .where(inArray(languages.slug, [source, target]));
  const src = ids.find((l) => l.slug === source)?.id;
  const tgt = ids.find((l) => l.slug === target)?.id;
  if (!src || !tgt) return [];
  return db
    .select({ source: terminologyTerms.source, target: terminologyTerms.target })
    .from(terminologyTerms)
    .innerJoin(terminologySets, eq(terminologySets.id, terminologyTerms.setId))
    .where(
      and(
        eq(terminologySets.userId, customerId),
        eq(terminologySets.sourceLangId, src),
        eq(terminologySets.targetLangId, tgt),
      ),
    )
    .orderBy(asc(terminologySets.id), asc(terminologyTerms.position))
    .limit(2000);
}

/** The setup of a project's machine translation; an MtError (not retryable) when none can run it. */
export async function setupOf(db: Db, mt: MtEngines, project: ProjectLanguages): Promise<MtSetup> {
  const sourceSlug = project.sourceLanguage ?? '';
  const targetSlug = project.targetLanguage ?? '';
  const named = await mtLanguages(db, [sourceSlug, targetSlug]);
  const source = named.get(sourceSlug);
  const target = named.get(targetSlug);
  if (!source || !target) throw new MtError('The project’s languages are not in the registry.', false);
  const [order] = project.purchaseOrderId
    ? await db
        .select({ mtParams: purchaseOrders.mtParams })
        .from(purchaseOrders)
        .where(eq(purchaseOrders.id, project.purchaseOrderId))
    : [];
  const parsed = mtPairChoiceSchema.safeParse(order?.mtParams?.[targetSlug]);
  const choice = parsed.success ? parsed.data : null;
  const serving = await mt.forPair(source, target);
  const chosen = choice ? serving.find((e) => e.slug === choice.engine) : undefined;
  const engine = chosen ?? serving[0];
  if (!engine) {
    throw new MtError(`No machine-translation engine translates ${source.name} into ${target.name} now.`, false);
  }
  const formality = choice && (await engine.hasFormality(target)) ? choice.formality : 'default';
  const terms =
    choice?.glossary && engine.takesTerms ? await termsOf(db, project.customerId, sourceSlug, targetSlug) : [];
  return { engine, source, target, formality, terms };
}

/**
 * Translates segments given as markup with a project's setup: tagged segments whole when the
 * engine keeps markup, runs of text otherwise (translateMarkup says how).
 */
export function translateWithSetup(setup: MtSetup, sources: string[]): Promise<string[]> {
  const ask = (texts: string[], tagged: boolean) =>
    setup.engine.translate({
      texts,
      source: setup.source,
      target: setup.target,
      formality: setup.formality,
      terms: setup.terms,
      tagged,
    });
  return translateMarkup(
    sources,
    (texts) => ask(texts, false),
    (markup) => ask(markup, true),
  );
}
