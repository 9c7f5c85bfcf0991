import type { MtAvailableParams, MtPairChoice } from '@parlance/shared';

// The machine-translation choices of an order's MT plan, per target language.

export type MtChoices = Record<string, MtPairChoice>;

function isChoice(value: unknown): value is MtPairChoice {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.engine === 'string' && typeof v.formality === 'string' && typeof v.glossary === 'boolean';
}

/** The saved choice of every pair, else the first engine with the defaults; stale targets dropped. */
export function initialMtChoices(saved: Record<string, unknown>, params: MtAvailableParams): MtChoices {
  const choices: MtChoices = {};
  for (const pair of params.pairs) {
    const before = saved[pair.target_language];
    const engine = pair.engines[0]?.slug ?? '';
    choices[pair.target_language] =
      isChoice(before) && pair.engines.some((e) => e.slug === before.engine)
        ? { ...before, formality: pair.formality ? before.formality : 'default' }
        : { engine, formality: 'default', glossary: false };
  }
  return choices;
}
