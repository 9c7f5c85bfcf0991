// Text primitives of the moderation engine: case folding and word tokens, with Intl.Segmenter for
// the scripts that write words without spaces (Chinese, Japanese, Thai, Lao, Khmer, Myanmar).

/** Scripts without spaces between words: a run of them is split into words by Intl.Segmenter. */
const SPACELESS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/** Han and kana: segmenters disagree on their word boundaries, so vocabulary words there also match inside a run. */
const HAN_KANA = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** A run of letters, marks and digits (apostrophes, hyphens and dots split words). */
const WORD_RUN = /[\p{L}\p{M}\p{N}]+/gu;

let segmenter: Intl.Segmenter | null = null;
function wordSegmenter(): Intl.Segmenter {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  return segmenter;
}

/**
 * Case folding for matching: compatibility forms first (full-width ｆｕｃｋ is fuck), then lower case
 * without a locale, with the full folds that toLowerCase leaves out (ß -> ss, final sigma, the dot
 * that İ leaves behind).
 */
export function foldCase(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/ς/g, 'σ')
    .replace(/\u0307/g, '');
}

export function isSpaceless(token: string): boolean {
  return SPACELESS.test(token);
}

export function isHanKana(token: string): boolean {
  return HAN_KANA.test(token);
}

/**
 * The words of an already folded text, in order. Runs in spaced scripts are words as they are; runs
 * containing a spaceless script are segmented. Mixed runs ("微信abc") are segmented as a whole.
 */
export function wordsOf(folded: string): string[] {
  const words: string[] = [];
  for (const match of folded.matchAll(WORD_RUN)) {
    const run = match[0];
    if (!SPACELESS.test(run)) {
      words.push(run);
      continue;
    }
    for (const part of wordSegmenter().segment(run)) {
      if (part.isWordLike) words.push(part.segment);
    }
  }
  return words;
}

/** Joins words of a phrase: nothing between two spaceless words, one space otherwise. */
export function joinWords(words: readonly string[]): string {
  let out = '';
  for (let i = 0; i < words.length; i++) {
    if (i > 0 && !(isSpaceless(words[i - 1]) && isSpaceless(words[i]))) out += ' ';
    out += words[i];
  }
  return out;
}

/** The key a vocabulary entry is matched by: its folded words joined as joinWords does. */
export function phraseKey(entry: string): string {
  return joinWords(wordsOf(foldCase(entry.trim())));
}
