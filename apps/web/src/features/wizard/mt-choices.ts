import type { MtAvailableParams, MtPairChoice } from '@parlance/shared';

// The machine-translation choices of an order's MT plan, per target language.

export type MtChoices = Record<string, MtPairChoice>;

function isChoice(value: unknown): value is MtPairChoice {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.engine === 'string' && typeof v.formality === 'string' && typeof v.glossary === 'boolean';
}

type PairEngine = MtAvailableParams['pairs'][number]['engines'][number];

/** A choice moved to what its engine can do: no formality or glossary the engine cannot honour. */
export function fitToEngine(choice: MtPairChoice, engine: PairEngine | undefined): MtPairChoice {
  return {
    ...choice,
    formality: engine?.formality ? choice.formality : 'default',
    glossary: engine?.glossary ? choice.glossary : false,
  };
}

/** The saved choice of every pair, else the first engine with the defaults; stale targets dropped. */
export function initialMtChoices(saved: Record<string, unknown>, params: MtAvailableParams): MtChoices {
  const choices: MtChoices = {};
  for (const pair of params.pairs) {
    const before = saved[pair.target_language];
    const savedEngine = isChoice(before) ? pair.engines.find((e) => e.slug === before.engine) : undefined;
    choices[pair.target_language] =
      isChoice(before) && savedEngine
        ? fitToEngine(before, savedEngine)
        : { engine: pair.engines[0]?.slug ?? '', formality: 'default', glossary: false };
  }
  return choices;
}
