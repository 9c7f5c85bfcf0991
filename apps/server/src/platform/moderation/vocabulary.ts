import { foldCase, isHanKana, isSpaceless, joinWords, wordsOf } from './text';

/** One banned word (or phrase) of a vocabulary language, as the moderators wrote it. */
export interface VocabularyEntry {
  language: string;
  word: string;
}

interface CompiledLanguage {
  /** the language's name as written */
  name: string;
  /** phrase key -> the word as written */
  phrases: Map<string, string>;
  /** the most words any entry has */
  maxWords: number;
  /** Han/kana entries, matched inside runs too: key -> the word as written */
  hanKana: Map<string, string>;
  hanKanaMaxLength: number;
}

/** The vocabulary compiled for matching: per folded language name. Build once, share, rebuild on change. */
export interface CompiledVocabulary {
  languages: Map<string, CompiledLanguage>;
  size: number;
}

/** Folds a language name into the key languages are looked up by. */
export function languageKey(name: string): string {
  return foldCase(name.trim()).replace(/\s+/g, ' ');
}

export function compileVocabulary(entries: Iterable<VocabularyEntry>): CompiledVocabulary {
  const languages = new Map<string, CompiledLanguage>();
  let size = 0;
  for (const { language, word } of entries) {
    const lk = languageKey(language);
    let compiled = languages.get(lk);
    if (!compiled) {
      compiled = { name: language, phrases: new Map(), maxWords: 0, hanKana: new Map(), hanKanaMaxLength: 0 };
      languages.set(lk, compiled);
    }
    const words = wordsOf(foldCase(word.trim()));
    if (words.length === 0) continue;
    const key = joinWords(words);
    compiled.phrases.set(key, word);
    compiled.maxWords = Math.max(compiled.maxWords, words.length);
    if (isHanKana(key) && !/\s/.test(key) && [...key].length >= 2) {
      compiled.hanKana.set(key, word);
      compiled.hanKanaMaxLength = Math.max(compiled.hanKanaMaxLength, [...key].length);
    }
    size += 1;
  }
  return { languages, size };
}

export interface WordHit {
  language: string;
  word: string;
}

/** The languages to check: the named ones that have a vocabulary, or every one for null. */
function languagesFor(vocabulary: CompiledVocabulary, language: string | readonly string[] | null): CompiledLanguage[] {
  if (language === null) return [...vocabulary.languages.values()];
  const names = typeof language === 'string' ? [language] : language;
  const out: CompiledLanguage[] = [];
  for (const name of names) {
    const compiled = vocabulary.languages.get(languageKey(name));
    if (compiled && !out.includes(compiled)) out.push(compiled);
  }
  return out;
}

/**
 * The vocabulary words found in a text, each once. A word matches whole words only (case folded):
 * "ass" does not match "class". A phrase matches the same words in a row. In Chinese and Japanese a
 * word of two or more characters also matches inside a run, because word segmenters disagree there.
 */
export function findVocabularyWords(
  text: string,
  language: string | readonly string[] | null,
  vocabulary: CompiledVocabulary,
): WordHit[] {
  const compiledLanguages = languagesFor(vocabulary, language);
  if (compiledLanguages.length === 0) return [];
  const folded = foldCase(text);
  const words = wordsOf(folded);
  const spaceless = words.map(isSpaceless);
  const hits: WordHit[] = [];
  const seen = new Set<string>();
  const hit = (lang: CompiledLanguage, word: string) => {
    const id = `${lang.name}\u0000${word}`;
    if (seen.has(id)) return;
    seen.add(id);
    hits.push({ language: lang.name, word });
  };
  for (const lang of compiledLanguages) {
    if (lang.phrases.size === 0) continue;
    for (let i = 0; i < words.length; i++) {
      let key = '';
      for (let n = 0; n < lang.maxWords && i + n < words.length; n++) {
        const j = i + n;
        key = n === 0 ? words[j] : `${key}${spaceless[j - 1] && spaceless[j] ? '' : ' '}${words[j]}`;
        const found = lang.phrases.get(key);
        if (found !== undefined) hit(lang, found);
      }
    }
    if (lang.hanKana.size > 0) findInsideRuns(folded, lang, hit);
  }
  return hits;
}

const HAN_KANA_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+/gu;

function findInsideRuns(folded: string, lang: CompiledLanguage, hit: (lang: CompiledLanguage, word: string) => void) {
  for (const match of folded.matchAll(HAN_KANA_RUN)) {
    const chars = [...match[0]];
    for (let start = 0; start < chars.length - 1; start++) {
      let key = chars[start];
      for (let end = start + 1; end < chars.length && end - start < lang.hanKanaMaxLength; end++) {
        key += chars[end];
        const found = lang.hanKana.get(key);
        if (found !== undefined) hit(lang, found);
      }
    }
  }
}
