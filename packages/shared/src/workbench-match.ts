import { MATCH_BANDS, type MatchBandKey, WORKBENCH_LIMITS } from './workbench';

// Translation-memory matching for the workbench's suggestions and a quote's analysis. A match's
// percentage is the token edit distance between two sentences (words, numbers and punctuation
// each one token), as memoQ and Phrase count it: a sentence with one word of ten changed is a 90%
// match, whatever the word's length. Only equal texts are 100%: a change of case or punctuation
// alone still asks the translator to look, so it is 99% at most.

const segmenter: Intl.Segmenter | null =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'word' }) : null;

/**
 * Words as Unicode's word rules join them (don't, e.g, 1,000.5 are one word each) and each other
 * mark. A text in a script written with spaces is read by this pattern, which is ten times faster
 * than the segmenter; so is every text where Intl.Segmenter is missing.
 */
const WORDS = /[\p{L}\p{M}\p{N}_]+(?:[.'’][\p{L}\p{M}\p{N}_]+|,\p{N}+)*|[^\s\p{L}\p{M}\p{N}_]/gu;
/** scripts written without spaces between words: only a dictionary (the segmenter's) finds them */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const SPACE = /^\s+$/u;

/**
 * A text's tokens, case-folded: each word and number (1,000.5 stays one), and each punctuation
 * mark. Intl.Segmenter finds words where they have no spaces between them (Chinese, Japanese, Thai).
 */
export function tokenize(text: string): string[] {
  const folded = text.normalize('NFC').toLowerCase();
  if (!segmenter || !UNSPACED.test(folded)) return folded.match(WORDS) ?? [];
  const tokens: string[] = [];
  for (const { segment, isWordLike } of segmenter.segment(folded)) {
    if (isWordLike) tokens.push(segment);
    else if (!SPACE.test(segment)) {
      // a run of marks ("?!", "...") the segmenter gives whole counts mark by mark
      for (const mark of segment) if (!SPACE.test(mark)) tokens.push(mark);
    }
  }
  return tokens;
}

/**
 * The edit distance between two token lists, or `limit + 1` as soon as it is sure to exceed
 * `limit`: only the diagonal band of width `limit` is computed (Ukkonen's cut-off).
 */
function editDistance<K>(a: readonly K[], b: readonly K[], limit = Number.POSITIVE_INFINITY): number {
  if (a.length < b.length) [a, b] = [b, a];
  const n = a.length;
  const m = b.length;
  if (n - m > limit) return limit + 1;
  if (m === 0) return n;
  const band = Math.min(n, Number.isFinite(limit) ? limit : n);
  const big = n + m + 1;
  let prev = new Int32Array(m + 1);
  let curr = new Int32Array(m + 1);
  for (let j = 0; j <= m; j++) prev[j] = j <= band ? j : big;
  for (let i = 1; i <= n; i++) {
    const from = Math.max(1, i - band);
    const to = Math.min(m, i + band);
    curr.fill(big);
    curr[0] = i <= band ? i : big;
    let rowMin = curr[0];
    const ai = a[i - 1];
    for (let j = from; j <= to; j++) {
      const cost = ai === b[j - 1] ? 0 : 1;
      const v = Math.min(prev[j - 1] + cost, prev[j] + 1, curr[j - 1] + 1);
      curr[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > limit) return limit + 1;
    [prev, curr] = [curr, prev];
  }
  return prev[m];
}

function percentOf(distance: number, longest: number, equal: boolean): number {
  if (equal) return 100;
  if (longest === 0) return 99;
  return Math.min(99, Math.max(0, Math.round(100 * (1 - distance / longest))));
}

/** How alike two texts are, 0 to 100: 100 only when they are equal but for the spaces around them. */
export function matchPercent(a: string, b: string): number {
  const equal = a.trim() === b.trim();
  if (equal) return 100;
  const ta = tokenize(a);
  const tb = tokenize(b);
  return percentOf(editDistance(ta, tb), Math.max(ta.length, tb.length), false);
}

/** The band of MATCH_BANDS a percentage falls in ('new' below the lowest fuzzy band). */
export function bandOf(percent: number): MatchBandKey {
  for (const band of MATCH_BANDS) {
    if (band.min !== null && band.max !== null && percent >= band.min && percent <= band.max) return band.key;
  }
  return percent > 100 ? '100' : 'new';
}

export interface FuzzyHit<T> {
  id: string | number;
  percent: number;
  payload: T;
}

interface Entry<T> {
  id: string | number;
  text: string;
  tokens: number[];
  /** the token keys (token and its occurrence: the second "the" is another key), sorted */
  keys: number[];
  payload: T;
}

/** A token's occurrence in a sentence rarely passes this; later ones share its key. */
const OCCURRENCES = 64;

/**
 * A memory to search for fuzzy matches. Sentences are indexed by their tokens; a search only
 * scores the sentences that can reach the minimum: a match of `min`% shares at least that share of
 * the longer sentence's tokens, so a sentence sharing none of the query's rarest tokens
 * (prefix filtering, as in set-similarity joins), or too long or too short, is never scored.
 */
export class FuzzyIndex<T = undefined> {
  private readonly entries: Entry<T>[] = [];
  private readonly vocabulary = new Map<string, number>();
  private readonly postings = new Map<number, number[]>();
  private readonly exact = new Map<string, number[]>();

  get size(): number {
    return this.entries.length;
  }

  add(id: string | number, text: string, payload: T): void {
    const tokens = tokenize(text).map((token) => this.tokenId(token, true));
    const keys = keysOf(tokens);
    const index = this.entries.length;
    this.entries.push({ id, text: text.trim(), tokens, keys, payload });
    for (const key of keys) {
      const list = this.postings.get(key);
      if (list) list.push(index);
      else this.postings.set(key, [index]);
    }
    const same = this.exact.get(text.trim());
    if (same) same.push(index);
    else this.exact.set(text.trim(), [index]);
  }

  /** The best matches of at least `min`%, best first (the earlier added first among equals). */
  search(text: string, options: { min?: number; limit?: number } = {}): FuzzyHit<T>[] {
    const min = Math.max(1, Math.min(100, options.min ?? WORKBENCH_LIMITS.minMatchPercent));
    const limit = options.limit ?? WORKBENCH_LIMITS.memoryMatches;
    if (limit <= 0) return [];
    const trimmed = text.trim();
    const hits: { index: number; percent: number }[] = [];
    const exact = this.exact.get(trimmed) ?? [];
    for (const index of exact) hits.push({ index, percent: 100 });
    if (hits.length < limit && min < 100) {
      const tokens = tokenize(text).map((token) => this.tokenId(token, false));
      const n = tokens.length;
      if (n > 0) this.fuzzy(tokens, min, new Set(exact), hits);
    }
    hits.sort((x, y) => y.percent - x.percent || x.index - y.index);
    return hits.slice(0, limit).map(({ index, percent }) => {
      const entry = this.entries[index];
      return { id: entry.id, percent, payload: entry.payload };
    });
  }

  private fuzzy(tokens: number[], min: number, skip: Set<number>, hits: { index: number; percent: number }[]): void {
    const n = tokens.length;
    const share = min / 100;
    const queryKeys = keysOf(tokens);
    // any match shares at least `need` keys with the query (the longer side has n tokens or more)
    const need = Math.ceil(n * share - 1e-9);
    // so it holds one of the query's n - need + 1 rarest keys; a key unknown to the memory is rarest
    const byRarity = [...queryKeys].sort(
      (x, y) => (this.postings.get(x)?.length ?? 0) - (this.postings.get(y)?.length ?? 0),
    );
    const prefix = byRarity.slice(0, n - need + 1);
    const querySet = new Set(queryKeys);
    const seen = new Set<number>(skip);
    const shortest = Math.ceil(n * share - 1e-9);
    const longest = Math.floor(n / share + 1e-9);
    for (const key of prefix) {
      for (const index of this.postings.get(key) ?? []) {
        if (seen.has(index)) continue;
        seen.add(index);
        const entry = this.entries[index];
        const m = entry.tokens.length;
        if (m < shortest || m > longest) continue;
        const top = Math.max(n, m);
        let shared = 0;
        for (const k of entry.keys) if (querySet.has(k)) shared++;
        // edit distance >= longer length - shared tokens
        if (shared < Math.ceil(top * share - 1e-9)) continue;
        const allowed = Math.floor(top * (1 - share) + 1e-9);
        const distance = editDistance(tokens, entry.tokens, allowed);
        if (distance > allowed) continue;
        const percent = percentOf(distance, top, false);
        if (percent >= min) hits.push({ index, percent });
      }
    }
  }

  private tokenId(token: string, create: boolean): number {
    let id = this.vocabulary.get(token);
    if (id === undefined) {
      // a token the memory does not hold: a number no entry has, so it never matches
      id = create ? this.vocabulary.size : -1 - this.vocabulary.size;
      if (create) this.vocabulary.set(token, id);
    }
    return id;
  }
}

function keysOf(tokens: number[]): number[] {
  const count = new Map<number, number>();
  const keys: number[] = [];
  for (const token of tokens) {
    const nth = Math.min(OCCURRENCES - 1, count.get(token) ?? 0);
    count.set(token, nth + 1);
    keys.push(token * OCCURRENCES + (token < 0 ? -nth : nth));
  }
  return keys;
}
