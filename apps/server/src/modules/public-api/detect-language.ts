// A small language guess for the customer API's text analysis: the script decides for most
// languages; Latin-script text is told apart by its most frequent short words. No model, no
// dependency; good enough to pre-fill a source language, never used to price anything.

const SCRIPTS: [RegExp, string][] = [
  [/[\u3040-\u30ff]/g, 'ja'],
  [/[\uac00-\ud7af]/g, 'ko'],
  [/[\u4e00-\u9fff]/g, 'zh'],
  [/[\u0400-\u04ff]/g, 'ru'],
  [/[\u0600-\u06ff]/g, 'ar'],
  [/[\u0590-\u05ff]/g, 'he'],
  [/[\u0370-\u03ff]/g, 'el'],
  [/[\u0e00-\u0e7f]/g, 'th'],
  [/[\u0900-\u097f]/g, 'hi'],
];

const STOPWORDS: Record<string, string[]> = {
  en: ['the', 'and', 'of', 'to', 'is', 'in', 'that', 'it', 'for', 'with', 'you', 'this'],
  es: ['el', 'la', 'de', 'que', 'y', 'en', 'los', 'las', 'por', 'con', 'una', 'para'],
  fr: ['le', 'la', 'les', 'de', 'et', 'des', 'est', 'une', 'pour', 'dans', 'que', 'vous'],
  de: ['der', 'die', 'und', 'das', 'ist', 'nicht', 'mit', 'den', 'ein', 'eine', 'zu', 'sie'],
  it: ['il', 'di', 'che', 'e', 'la', 'per', 'non', 'una', 'sono', 'con', 'gli', 'del'],
  pt: ['o', 'de', 'que', 'e', 'do', 'da', 'em', 'um', 'para', 'com', 'não', 'uma'],
  nl: ['de', 'het', 'een', 'en', 'van', 'is', 'dat', 'niet', 'met', 'voor', 'zijn', 'op'],
};

export interface LanguageGuess {
  /** ISO 639-1 code */
  code: string;
  /** 0..1 */
  confidence: number;
}

export function detectLanguage(text: string): LanguageGuess | null {
  const sample = text.slice(0, 20_000);
  const letters = sample.match(/\p{L}/gu)?.length ?? 0;
  if (letters === 0) return null;
  for (const [pattern, code] of SCRIPTS) {
    const n = sample.match(pattern)?.length ?? 0;
    if (n / letters > 0.3) return { code, confidence: Math.min(1, n / letters) };
  }
  const words = sample.toLowerCase().match(/\p{L}+/gu) ?? [];
  if (words.length === 0) return null;
  let best: LanguageGuess | null = null;
  let second = 0;
  for (const [code, list] of Object.entries(STOPWORDS)) {
    const set = new Set(list);
    const hits = words.filter((w) => set.has(w)).length / words.length;
    if (!best || hits > best.confidence) {
      second = best?.confidence ?? 0;
      best = { code, confidence: hits };
    } else if (hits > second) second = hits;
  }
  if (!best || best.confidence === 0) return null;
  // how clearly the best beats the runner-up, scaled to 0..1
  const margin = (best.confidence - second) / best.confidence;
  return { code: best.code, confidence: Math.round(Math.min(1, margin * Math.min(1, words.length / 5)) * 100) / 100 };
}
