import { MT_ENGINES, type MtEngineSlug } from '@parlance/shared';
import { DeeplEngine, type DeeplSettings } from './deepl';
import type { MtEngine, MtLanguage } from './engine';
import { LibreTranslateEngine, type LibreTranslateSettings } from './libretranslate';
import { OpenAiCompatibleEngine, type OpenAiCompatibleSettings } from './openai-compatible';

export type { MtEngine, MtFormality, MtLanguage, MtRequest, MtTerm } from './engine';
export { MT_BATCH, MtError } from './engine';

/** Which engines are connected (config.ts, MT_*): each null when its settings are not given. */
export interface MtConfig {
  deepl: DeeplSettings | null;
  libreTranslate: LibreTranslateSettings | null;
  openAi: OpenAiCompatibleSettings | null;
}

/** The connected engines, in the order of MT_ENGINES; empty when none is configured. */
export interface MtEngines {
  readonly list: readonly MtEngine[];
  get(slug: string): MtEngine | undefined;
  /** the connected engines that translate this pair (an engine that cannot be asked now is left out) */
  forPair(source: MtLanguage, target: MtLanguage): Promise<MtEngine[]>;
}

export function mtEnginesOf(list: MtEngine[]): MtEngines {
  const order = (slug: MtEngineSlug) => MT_ENGINES.findIndex((e) => e.slug === slug);
  const sorted = [...list].sort((a, b) => order(a.slug) - order(b.slug));
  return {
    list: sorted,
    get: (slug) => sorted.find((e) => e.slug === slug),
    forPair: async (source, target) => {
      const served = await Promise.all(sorted.map((e) => e.supports(source, target).catch(() => false)));
      return sorted.filter((_, i) => served[i]);
    },
  };
}

export function createMtEngines(config: MtConfig): MtEngines {
  const list: MtEngine[] = [];
  if (config.deepl) list.push(new DeeplEngine(config.deepl));
  if (config.libreTranslate) list.push(new LibreTranslateEngine(config.libreTranslate));
  if (config.openAi) list.push(new OpenAiCompatibleEngine(config.openAi));
  return mtEnginesOf(list);
}
