import { type QaCheck, WORKBENCH_LIMITS } from './workbench';
import type { TermHit } from './workbench-schemas';

// The workbench's quality checks, run in the browser as a translator confirms a segment and on the
// server before delivery, so both say the same. Segment text is XLIFF inline markup (<pc id>…</pc>
// around formatted words, <ph id/> for an object, &amp; &lt; &gt; escaped).

const MARKUP =
  /<pc\s+id="([^"]*)"[^>]*?(\/?)>|<\/pc\s*>|<ph\s+id="([^"]*)"[^>]*?\/>|&(amp|lt|gt|quot|apos|#x[0-9a-fA-F]+|#[0-9]+);|[^<&]+|[<&]/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function entity(name: string): string {
  if (name[0] !== '#') return ENTITIES[name];
  const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}

type Tag = { t: 'open'; id: string } | { t: 'close' } | { t: 'ph'; id: string } | { t: 'stray'; near: string };

function parse(markup: string): { text: string; tags: Tag[] } {
  let text = '';
  const tags: Tag[] = [];
  for (const m of markup.matchAll(MARKUP)) {
    const [whole, pcId, selfClosing, phId, ref] = m;
    if (pcId !== undefined) {
      tags.push({ t: 'open', id: pcId });
      if (selfClosing) tags.push({ t: 'close' });
    } else if (whole.startsWith('</pc')) tags.push({ t: 'close' });
    else if (phId !== undefined) tags.push({ t: 'ph', id: phId });
    else if (ref !== undefined) text += entity(ref);
    else if (whole === '<' || whole === '&') {
      // a stray mark is still the translator's text: keep it, and let the tag check name it
      text += whole;
      tags.push({ t: 'stray', near: markup.slice(m.index, m.index + 20) });
    } else text += whole;
  }
  return { text, tags };
}

/** Segment markup as the text a reader sees: tags dropped, entities decoded. */
export function markupToPlain(markup: string): string {
  return parse(markup).text;
}

export interface Term {
  source: string;
  target: string;
  note: string;
}

/** scripts written without spaces: a term there is found anywhere, not only between spaces */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}]/u;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A pattern finding a term whole and in any case ("Order" finds "order" but not "orders"); a space
 * in the term finds any run of spaces. Its own offsets: the `i` flag folds case without changing lengths.
 */
function termPattern(term: string): RegExp {
  let pattern = patterns.get(term);
  if (!pattern) {
    // a glossary is a few hundred terms checked on every confirm: compiled once each, not per call
    if (patterns.size >= PATTERNS_KEPT) patterns.clear();
    pattern = compileTermPattern(term);
    patterns.set(term, pattern);
  }
  return pattern;
}

/** Compiled term patterns (matchAll copies one, so a shared global pattern keeps no state). */
const patterns = new Map<string, RegExp>();
const PATTERNS_KEPT = 20_000;

function compileTermPattern(term: string): RegExp {
  const body = term.trim().split(/\s+/u).map(escapeRegExp).join('\\s+');
  const first = term.trim()[0] ?? '';
  const last = [...term.trim()].pop() ?? '';
  const before = UNSPACED.test(first) ? '' : '(?<![\\p{L}\\p{M}\\p{N}])';
  const after = UNSPACED.test(last) ? '' : '(?![\\p{L}\\p{M}\\p{N}])';
  return new RegExp(`${before}${body}${after}`, 'giu');
}

/**
 * Characters that the pattern's case-insensitive match folds onto ASCII letters, which
 * toLowerCase does not (the Kelvin sign, the long s, the dotted capital I): a text with any of them
 * skips the prefilter below.
 */
const CASE_FOLDS_TO_ASCII = /[\u212A\u017F\u0130\u212B]/u;
const SIGMA = /[\u03A3\u03C2\u03C3]/u;

/** Whether a term may be in the lower-cased text: its first word (lower-cased) appears in it. */
function mayOccur(lowerText: string, term: string): boolean {
  const first = term.trim().split(/\s+/u)[0] ?? '';
  const lowered = first.toLowerCase();
  // a word whose lower case is not one to one (its length changes, or a sigma that lower-cases by
  // its place in the word) is left to the pattern
  return lowered.length !== first.length || SIGMA.test(first) || lowerText.includes(lowered);
}

/**
 * The glossary's terms in a segment's plain source: longest first, a shorter term inside a longer
 * one not counted again ("purchase order" hides "order" there), in the order they appear.
 */
export function findTerms(plainSource: string, terms: readonly Term[], _lang: string): TermHit[] {
  const hits: TermHit[] = [];
  const taken: boolean[] = [];
  const lower = plainSource.toLowerCase();
  // a term none of whose first word's letters are in the text cannot match: its pattern is not run
  const foldsOtherwise = CASE_FOLDS_TO_ASCII.test(plainSource);
  const sorted = terms
    .map((term, index) => ({ term, index }))
    .filter(({ term }) => term.source.trim() !== '' && (foldsOtherwise || mayOccur(lower, term.source)))
    .sort((a, b) => b.term.source.trim().length - a.term.source.trim().length || a.index - b.index);
  for (const { term } of sorted) {
    for (const m of plainSource.matchAll(termPattern(term.source))) {
      const start = m.index;
      const end = start + m[0].length;
      let free = true;
      for (let i = start; i < end && free; i++) if (taken[i]) free = false;
      if (!free) continue;
      for (let i = start; i < end; i++) taken[i] = true;
      hits.push({ source: term.source, target: term.target, note: term.note, start, end });
    }
  }
  return hits.sort((a, b) => a.start - b.start);
}

export interface QaFinding {
  check: QaCheck;
  level: 'error' | 'warning';
  message: string;
}

export interface QaInput {
  /** segment markup */
  source: string;
  target: string;
  sourceLang: string;
  targetLang: string;
  terms: readonly Term[];
}

const LETTER = /\p{L}/u;

function tagProblems(source: Tag[], target: Tag[]): string[] {
  const problems: string[] = [];
  const kinds = new Map<string, 'pc' | 'ph'>();
  for (const tag of source) if (tag.t === 'open' || tag.t === 'ph') kinds.set(tag.id, tag.t === 'open' ? 'pc' : 'ph');
  const seen = new Set<string>();
  const open: string[] = [];
  for (const tag of target) {
    if (tag.t === 'stray') {
      problems.push(`"${tag.near}" is neither text nor a tag: write < as &lt; and & as &amp;`);
      continue;
    }
    if (tag.t === 'close') {
      if (open.length === 0) problems.push('A tag is closed that was not opened');
      else open.pop();
      continue;
    }
    const kind = tag.t === 'open' ? 'pc' : 'ph';
    const expected = kinds.get(tag.id);
    if (!expected) problems.push(`Tag ${tag.id} is not in the source; remove it`);
    else if (expected !== kind)
      problems.push(`Tag ${tag.id} is ${expected === 'pc' ? 'a paired' : 'a standalone'} tag in the source`);
    else if (seen.has(tag.id)) problems.push(`Tag ${tag.id} appears twice; keep it once`);
    seen.add(tag.id);
    if (tag.t === 'open') open.push(tag.id);
  }
  for (const id of open) problems.push(`Tag ${id} is opened but not closed`);
  for (const id of kinds.keys())
    if (!seen.has(id)) problems.push(`Tag ${id} of the source is missing from the translation`);
  return problems;
}

/**
 * Numbers as written, with the separators of any language: 1,000.5 (English), 1.000,5 (German),
 * 1 000,5 (French, with a space or a narrow one), 1'000.5 (Swiss). A space groups digits only before
 * exactly three of them, so "5 10" stays two numbers.
 */
const NUMBER = /\d+(?:(?:[.,'’]|[ \u00A0\u202F\u2009](?=\d{3}(?!\d)))\d+)*/g;

/** The values a written number may stand for: its last . or , may be the decimal mark or a group's. */
function readingsOf(written: string): string[] {
  const parts = written.split(/[.,'’ \u00A0\u202F\u2009]/);
  const readings = new Set<string>();
  // every mark a group's: groups of three (or of two before the last three, as India writes 1,00,000)
  const grouped = parts
    .slice(1)
    .every((part, i, rest) => part.length === 3 || (part.length === 2 && i < rest.length - 1));
  if (grouped) readings.add(parts.join('').replace(/^0+(?=\d)/, ''));
  const lastMark = written.match(/[.,](?=\d+$)/);
  if (lastMark) {
    const cut = written.lastIndexOf(lastMark[0]);
    const whole = written
      .slice(0, cut)
      .replace(/[.,'’ \u00A0\u202F\u2009]/g, '')
      .replace(/^0+(?=\d)/, '');
    const fraction = written.slice(cut + 1).replace(/0+$/, '');
    readings.add(fraction ? `${whole}.${fraction}` : whole);
  }
  return [...readings];
}

function missingNumbers(plainSource: string, plainTarget: string): string[] {
  const available = (plainTarget.match(NUMBER) ?? []).map(readingsOf);
  const missing: string[] = [];
  for (const written of plainSource.match(NUMBER) ?? []) {
    const readings = readingsOf(written);
    const at = available.findIndex((target) => target.some((reading) => readings.includes(reading)));
    if (at === -1) missing.push(written);
    else available.splice(at, 1);
  }
  return missing;
}

/** Final marks, with their full-width and other scripts' forms read as the same mark. */
const FINAL_MARKS: Record<string, string> = {
  '.': '.',
  '。': '.',
  '．': '.',
  '?': '?',
  '？': '?',
  '؟': '?',
  '!': '!',
  '！': '!',
  ':': ':',
  '：': ':',
  '…': '…',
};

function finalMark(plain: string): string | null {
  const text = plain.replace(/[\s"'”’»)\]]+$/u, '');
  if (text.endsWith('...')) return '…';
  return FINAL_MARKS[text.slice(-1)] ?? null;
}

const DOUBLED = /(?<!\.)\.\.(?!\.)|([,;:!?])\1/g;

function doubled(plain: string): string[] {
  return [...new Set(plain.match(DOUBLED) ?? [])];
}

/** languages whose texts count far fewer characters for the same meaning: a length ratio says nothing */
const DENSE = /^(zh|ja|ko)(-|$)/i;

/** What a translator should look at in a segment's translation, in the order of QA_CHECKS. */
export function qaChecks(input: QaInput): QaFinding[] {
  const source = parse(input.source);
  const target = parse(input.target);
  const findings: QaFinding[] = [];
  const warn = (check: QaCheck, message: string) => findings.push({ check, level: 'warning', message });

  if (target.text.trim() === '' && !target.tags.some((tag) => tag.t === 'ph')) {
    return [{ check: 'empty', level: 'error', message: 'The translation is empty' }];
  }
  if (target.text.trim() === source.text.trim() && LETTER.test(source.text)) {
    warn('untranslated', 'The translation is the same as the source; translate it or confirm it is meant to stay');
  }
  for (const problem of tagProblems(source.tags, target.tags)) {
    findings.push({ check: 'tags', level: 'error', message: problem });
  }
  for (const number of missingNumbers(source.text, target.text)) {
    warn('numbers', `The number ${number} is missing from the translation`);
  }
  const seenTerms = new Set<string>();
  for (const hit of findTerms(source.text, input.terms, input.sourceLang)) {
    const key = `${hit.source.toLowerCase()}\u0000${hit.target}`;
    if (seenTerms.has(key) || hit.target.trim() === '') continue;
    seenTerms.add(key);
    if (findTerms(target.text, [{ source: hit.target, target: '', note: '' }], input.targetLang).length === 0) {
      warn('terms', `The term "${hit.source}" should be translated as "${hit.target}"`);
    }
  }
  const sourceMark = finalMark(source.text);
  const targetMark = finalMark(target.text);
  if (sourceMark !== targetMark) {
    if (sourceMark && targetMark)
      warn('punctuation', `The source ends with "${sourceMark}" but the translation ends with "${targetMark}"`);
    else if (sourceMark) warn('punctuation', `The translation should end with "${sourceMark}" like the source`);
    else if (targetMark) warn('punctuation', `The translation ends with "${targetMark}" but the source does not`);
  }
  const sourceDoubled = doubled(source.text);
  for (const marks of doubled(target.text)) {
    if (!sourceDoubled.includes(marks)) warn('punctuation', `The translation has a doubled "${marks}"`);
  }
  const starts = (text: string) => /^\s/u.test(text);
  const ends = (text: string) => /\s$/u.test(text);
  if (starts(source.text) !== starts(target.text)) {
    warn(
      'spacing',
      starts(source.text)
        ? 'The source starts with a space; the translation should too'
        : 'The translation starts with a space; the source does not',
    );
  }
  if (ends(source.text) !== ends(target.text)) {
    warn(
      'spacing',
      ends(source.text)
        ? 'The source ends with a space; the translation should too'
        : 'The translation ends with a space; the source does not',
    );
  }
  if (/ {2}/.test(target.text.trim()) && !/ {2}/.test(source.text.trim())) {
    warn('spacing', 'The translation has two spaces in a row');
  }
  const sourceLength = source.text.trim().length;
  const targetLength = target.text.trim().length;
  const dense = DENSE.test(input.sourceLang) !== DENSE.test(input.targetLang);
  if (sourceLength >= 20 && !dense) {
    const ratio = targetLength / sourceLength;
    if (ratio > WORKBENCH_LIMITS.lengthRatioMax) {
      warn(
        'length',
        `The translation is ${ratio.toFixed(1)} times as long as the source; check that nothing was added`,
      );
    } else if (ratio < WORKBENCH_LIMITS.lengthRatioMin) {
      warn(
        'length',
        `The translation is ${Math.round(ratio * 100)}% as long as the source; check that nothing was left out`,
      );
    }
  }
  return findings;
}
