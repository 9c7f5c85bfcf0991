// Word and character counts of plain text, by the rules of ADR 0016.
//
// In short: text splits into pieces at whitespace and at dashes/ellipses used as punctuation; a piece
// with a letter or a digit is one word (so "e-mail", "3.14", "$100", "john@example.com" and a URL
// are one word each, and "!!!" is none). Chinese and Japanese characters (Han, Hiragana, Katakana)
// count one word each. Scripts written without spaces between words (Thai, Lao, Khmer, Myanmar) are
// split into words by Intl.Segmenter. Intl.Segmenter is not used for the rest: on Node 20 it costs
// about 3 µs per segment and goes quadratic on long strings (a V8 bug, crbug 326176949), which would make
// a 10 MB file take minutes.

const CJK = String.raw`\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\u30FC\uFF70`;
const NO_SPACE = String.raw`\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}`;
/** Whitespace, and the dashes and ellipsis that separate words even without spaces around them. */
const SEPARATOR = String.raw`\s\u2013\u2014\u2015\u2026`;

/** Any character that needs more than the plain rule. */
const NEEDS_TOKENS = new RegExp(`[${CJK}${NO_SPACE}]`, 'u');
/** A piece that counts: from its first letter or digit to the piece's end (linear: no backtracking). */
const COUNTED_PIECE = new RegExp(`[\\p{L}\\p{N}][^${SEPARATOR}]*`, 'gu');
/**
 * The tokens of a line with CJK or no-space scripts: 1) one CJK letter, 2) a run of a no-space script
 * (with the spaces inside it, so the segmenter sees whole phrases), 3) any other piece.
 */
const TOKEN = new RegExp(
  `(?=[\\p{L}\\p{N}])([${CJK}])|([${NO_SPACE}]+(?:[ \\t]+[${NO_SPACE}]+)*)|([^${SEPARATOR}${CJK}${NO_SPACE}]+)`,
  'gu',
);
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const WHITESPACE_AT = /\s/g;
/** Blocks of about this size are checked for the slower path one by one. */
const BLOCK = 4096;
/** Text handed to Intl.Segmenter at once: it is slow per call and quadratic in length on Node 20. */
const SEGMENTER_CHUNK = 200;
const SEGMENTER_CHUNK_MAX = 1000;

const segmenters = new Map<string, Intl.Segmenter>();

function segmenterFor(locale: string | undefined): Intl.Segmenter {
  const key = locale ?? '';
  let segmenter = segmenters.get(key);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
    segmenters.set(key, segmenter);
  }
  return segmenter;
}

function countMatches(text: string, pattern: RegExp): number {
  pattern.lastIndex = 0;
  let count = 0;
  while (pattern.exec(text) !== null) count++;
  return count;
}

/** Where to cut a long no-space run: at a space near the chunk size, else at most the maximum. */
function chunkEnd(text: string, start: number): number {
  if (text.length - start <= SEGMENTER_CHUNK) return text.length;
  const space = text.lastIndexOf(' ', start + SEGMENTER_CHUNK);
  if (space > start) return space + 1;
  const later = text.indexOf(' ', start + SEGMENTER_CHUNK);
  if (later > 0 && later < start + SEGMENTER_CHUNK_MAX) return later + 1;
  let end = Math.min(text.length, start + SEGMENTER_CHUNK_MAX);
  const last = text.charCodeAt(end - 1);
  if (end < text.length && last >= 0xd800 && last <= 0xdbff) end++; // never cut a surrogate pair in two
  return end;
}

/** Word-like segments of a run in a script written without spaces (Thai, Lao, Khmer, Myanmar). */
function countSegmentedWords(text: string, locale: string | undefined): number {
  const segmenter = segmenterFor(locale);
  let count = 0;
  for (let start = 0; start < text.length; ) {
    const end = chunkEnd(text, start);
    for (const segment of segmenter.segment(text.slice(start, end))) if (segment.isWordLike) count++;
    start = end;
  }
  return count;
}

function countTokens(line: string, locale: string | undefined): number {
  let count = 0;
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(line); match !== null; match = TOKEN.exec(line)) {
    if (match[1] !== undefined) count++;
    else if (match[2] !== undefined) count += countSegmentedWords(match[2], locale);
    else if (LETTER_OR_DIGIT.test(match[0])) count++;
  }
  return count;
}

/** The number of words in text (see the rules above). locale only guides the Thai/Lao/Khmer/Myanmar segmenter. */
export function countWords(text: string, locale?: string): number {
  if (!NEEDS_TOKENS.test(text)) return countMatches(text, COUNTED_PIECE);
  // only the blocks that need it take the slower path; blocks end at whitespace, so no word is cut
  let count = 0;
  for (let start = 0; start < text.length; ) {
    const end = blockEnd(text, start);
    const block = text.slice(start, end);
    count += NEEDS_TOKENS.test(block) ? countTokens(block, locale) : countMatches(block, COUNTED_PIECE);
    start = end;
  }
  return count;
}

function blockEnd(text: string, start: number): number {
  if (text.length - start <= BLOCK) return text.length;
  WHITESPACE_AT.lastIndex = start + BLOCK;
  const next = WHITESPACE_AT.exec(text);
  return next ? next.index + 1 : text.length;
}

/** Characters without whitespace, counted in Unicode code points (a surrogate pair is one character). */
export function countCharacters(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xdc00 && code <= 0xdfff) continue; // second half of a pair
    if (code <= 0x20 || isWhitespace(code)) continue;
    count++;
  }
  return count;
}

function isWhitespace(code: number): boolean {
  return (
    code === 0x85 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff ||
    (code >= 0x7f && code <= 0x9f)
  );
}

/** Where text can be cut without changing the count: after the last whitespace. */
function lastSafeCut(text: string): number {
  for (let i = text.length - 1; i >= 0; i--) {
    const code = text.charCodeAt(i);
    if (code <= 0x20 || isWhitespace(code)) return i + 1;
  }
  return -1;
}

/** A piece longer than this without any whitespace is counted as it stands (a cut may add one word per cut). */
const MAX_CARRY = 1024 * 1024;

/** Counts text that arrives in chunks (a streamed file), with the same result as counting it whole. */
export class WordCounter {
  private carry = '';
  private wordCount = 0;
  private characterCount = 0;

  constructor(private readonly locale?: string) {}

  push(chunk: string): void {
    const text = this.carry + chunk;
    let cut = lastSafeCut(text);
    if (cut < 0 && text.length > MAX_CARRY) cut = text.length;
    if (cut < 0) {
      this.carry = text;
      return;
    }
    const ready = text.slice(0, cut);
    this.carry = text.slice(cut);
    this.wordCount += countWords(ready, this.locale);
    this.characterCount += countCharacters(ready);
  }

  /** Counts what is left and answers the totals. */
  finish(): { words: number; characters: number } {
    this.wordCount += countWords(this.carry, this.locale);
    this.characterCount += countCharacters(this.carry);
    this.carry = '';
    return { words: this.wordCount, characters: this.characterCount };
  }
}
