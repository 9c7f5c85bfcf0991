import { countWords } from '../documents/count-words';
import { SegmentError } from './errors';
import type { Block, CodeDescriber, InlineNode, Segment, TagInfo, Token } from './model';

export type { Block, CodeDescriber, InlineNode, Token } from './model';

// The inline-tag model every format shares. A format reads each block of its file (a paragraph, a
// table cell, a subtitle cue) as a flat list of tokens: text, the opening and closing of a paired
// code (bold, a link, a tracked insertion: XLIFF's <pc>), and standalone codes (an image, a line
// break, a field: XLIFF's <ph>). Each token of a code carries the format's own data, so that the
// merge can put back exactly what was there. This file splits a block into sentences, moves what a
// translator need not see (codes and spaces at a sentence's edges) into the skeleton, and turns a
// translated sentence back into tokens.

export type Piece<T> =
  | { kind: 'skeleton'; tokens: Token<T>[] }
  | { kind: 'segment'; segment: Segment; tokens: Token<T>[]; codes: Map<string, T> };

const OBJECT = '\uFFFC';
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const LETTER = /\p{L}/u;

const segmenters = new Map<string, Intl.Segmenter>();

/** Longer texts go to the segmenter in windows: on one long string its time grows far faster than its length (ADR 0016). */
const WINDOW = 8192;

function boundariesOf(text: string, language: string): number[] {
  // building a segmenter loads the language's rules: once per language, not once per block
  let segmenter = segmenters.get(language);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(language || undefined, { granularity: 'sentence' });
    segmenters.set(language, segmenter);
  }
  const out: number[] = [];
  for (const { index } of segmenter.segment(text)) if (index > 0) out.push(index);
  return out;
}

/** The sentence boundaries of a text (offsets inside it, neither 0 nor its length). */
function sentenceBoundaries(text: string, language: string): number[] {
  const out: number[] = [];
  let start = 0;
  while (text.length - start > WINDOW) {
    // the window's last sentence may go on past it: the next window starts at that sentence
    const inner = boundariesOf(text.slice(start, start + WINDOW), language);
    let next = inner[inner.length - 1];
    if (next === undefined) {
      // one sentence longer than a window: cut it after a space, or anywhere
      const space = text.slice(start, start + WINDOW).search(/\s\S*$/);
      next = space > 0 ? space + 1 : WINDOW;
      inner.push(next);
    }
    for (const boundary of inner) out.push(start + boundary);
    start += next;
  }
  for (const boundary of boundariesOf(text.slice(start), language)) out.push(start + boundary);
  return out;
}

function hasContent<T>(tokens: Token<T>[]): boolean {
  return tokens.some((token) => token.t === 'text' || token.t === 'ph');
}

/** Cuts a block's tokens into sentences; a code open across a cut is closed before and reopened after it. */
function cutSentences<T>(tokens: Token<T>[], language: string, describer: CodeDescriber<T>): Token<T>[][] {
  const widthOf = (token: Token<T>) =>
    token.t === 'text' ? token.text : token.t === 'ph' ? (describer.splitterText?.(token.data) ?? OBJECT) : '';
  const bounds = sentenceBoundaries(tokens.map(widthOf).join(''), language);
  const sentences: Token<T>[][] = [];
  const stack: T[] = [];
  let current: Token<T>[] = [];
  let next = 0;
  let pos = 0;
  // the spaces between two sentences go after the codes closed at the cut, outside both sentences
  const cut = (space = '') => {
    for (let i = 0; i < stack.length; i++) current.push({ t: 'close' });
    if (space) current.push({ t: 'text', text: space });
    sentences.push(current);
    current = stack.map((data) => ({ t: 'open', data }));
  };
  const cutIfDue = (at: number) => {
    while (next < bounds.length && bounds[next] <= at) {
      if (bounds[next] === at && hasContent(current)) cut();
      next++;
    }
  };
  for (const token of tokens) {
    if (token.t === 'close') {
      current.push(token);
      stack.pop();
      continue;
    }
    if (token.t === 'open') {
      cutIfDue(pos);
      current.push(token);
      stack.push(token.data);
      continue;
    }
    if (token.t === 'ph') {
      cutIfDue(pos);
      current.push(token);
      pos += widthOf(token).length;
      continue;
    }
    let offset = 0;
    cutIfDue(pos);
    while (next < bounds.length && bounds[next] < pos + token.text.length) {
      const at = bounds[next] - pos;
      const piece = token.text.slice(offset, at);
      const words = piece.replace(/\s+$/, '');
      current.push({ t: 'text', text: words });
      offset = at;
      if (hasContent(current)) cut(piece.slice(words.length));
      else current.push({ t: 'text', text: piece.slice(words.length) });
      next++;
    }
    if (offset < token.text.length) current.push({ t: 'text', text: token.text.slice(offset) });
    pos += token.text.length;
  }
  if (current.length > 0) sentences.push(current);
  return sentences;
}

function matchingClose<T>(tokens: Token<T>[], openIndex: number): number {
  let depth = 0;
  for (let i = openIndex; i < tokens.length; i++) {
    if (tokens[i].t === 'open') depth++;
    else if (tokens[i].t === 'close' && --depth === 0) return i;
  }
  return -1;
}

function matchingOpen<T>(tokens: Token<T>[], closeIndex: number): number {
  let depth = 0;
  for (let i = closeIndex; i >= 0; i--) {
    if (tokens[i].t === 'close') depth++;
    else if (tokens[i].t === 'open' && --depth === 0) return i;
  }
  return -1;
}

function hasText<T>(tokens: Token<T>[]): boolean {
  return tokens.some((token) => token.t === 'text' && token.text !== '');
}

/** A sentence without the spaces and codes at its edges: those stay in the skeleton, untouched. */
function stripEdges<T>(tokens: Token<T>[]): { prefix: Token<T>[]; core: Token<T>[]; suffix: Token<T>[] } {
  const core = tokens.filter((token) => token.t !== 'text' || token.text !== '');
  const prefix: Token<T>[] = [];
  const suffix: Token<T>[] = [];
  let changed = true;
  while (changed && core.length > 0) {
    changed = false;
    const first = core[0];
    const second = core[1];
    if (first.t === 'open' && second?.t === 'text' && /^\s/.test(second.text)) {
      const space = /^\s+/.exec(second.text)![0];
      prefix.push({ t: 'text', text: space });
      if (space.length === second.text.length) core.splice(1, 1);
      else core[1] = { t: 'text', text: second.text.slice(space.length) };
      changed = true;
      continue;
    }
    if (first.t === 'ph') {
      prefix.push(core.shift()!);
      changed = true;
    } else if (first.t === 'text') {
      const space = /^\s+/.exec(first.text)?.[0];
      if (space) {
        prefix.push({ t: 'text', text: space });
        if (space.length === first.text.length) core.shift();
        else core[0] = { t: 'text', text: first.text.slice(space.length) };
        changed = true;
      }
    } else if (first.t === 'open' && matchingClose(core, 0) === core.length - 1) {
      prefix.push(core.shift()!);
      suffix.unshift(core.pop()!);
      changed = true;
    } else if (
      first.t === 'open' &&
      matchingClose(core, 0) > 0 &&
      !hasText(core.slice(0, matchingClose(core, 0) + 1))
    ) {
      // a code around codes only (a footnote mark in its superscript run) is no word to translate
      prefix.push(...core.splice(0, matchingClose(core, 0) + 1));
      changed = true;
    }
    const last = core[core.length - 1];
    if (!last) break;
    // spaces just inside a code at an edge move out of it: "<b>cups. </b>" ends as "<b>cups.</b> "
    const beforeLast = core[core.length - 2];
    if (last.t === 'close' && beforeLast?.t === 'text' && /\s$/.test(beforeLast.text)) {
      const space = /\s+$/.exec(beforeLast.text)![0];
      core[core.length - 2] = { t: 'text', text: beforeLast.text.slice(0, -space.length) };
      suffix.unshift({ t: 'text', text: space });
      if (space.length === beforeLast.text.length) core.splice(core.length - 2, 1);
      changed = true;
      continue;
    }
    if (last.t === 'close') {
      const open = matchingOpen(core, core.length - 1);
      if (open > 0 && !hasText(core.slice(open))) {
        suffix.unshift(...core.splice(open));
        changed = true;
      }
    } else if (last.t === 'ph') {
      suffix.unshift(core.pop()!);
      changed = true;
    } else if (last.t === 'text') {
      const space = /\s+$/.exec(last.text)?.[0];
      if (space) {
        suffix.unshift({ t: 'text', text: space });
        if (space.length === last.text.length) core.pop();
        else core[core.length - 1] = { t: 'text', text: last.text.slice(0, -space.length) };
        changed = true;
      }
    }
  }
  return { prefix, core, suffix };
}

const MARKUP_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

export function escapeMarkup(text: string): string {
  return text.replace(/[&<>]/g, (c) => MARKUP_ESCAPES[c]);
}

/** A sentence's tokens as segment markup, numbering its codes 1, 2, 3 ... in reading order. */
function toSegment<T>(
  id: string,
  context: string,
  core: Token<T>[],
  describer: CodeDescriber<T>,
  language: string,
): { segment: Segment; codes: Map<string, T> } {
  const tags: Record<string, TagInfo> = {};
  const codes = new Map<string, T>();
  let markup = '';
  let next = 1;
  for (const token of core) {
    if (token.t === 'text') markup += escapeMarkup(token.text);
    else if (token.t === 'close') markup += '</pc>';
    else {
      const tagId = String(next++);
      codes.set(tagId, token.data);
      tags[tagId] = { kind: token.t === 'open' ? 'pc' : 'ph', ...describer.describe(token.data) };
      markup += token.t === 'open' ? `<pc id="${tagId}">` : `<ph id="${tagId}"/>`;
    }
  }
  // a formatting code inside a word ("un<b>believ</b>able") does not split it; an object does
  const text = core.map((token) => (token.t === 'text' ? token.text : token.t === 'ph' ? ' ' : '')).join('');
  return { segment: { id, source: markup, tags, context, words: countWords(text, language || undefined) }, codes };
}

/** A block as skeleton and segments. Sentences without a letter (numbers, codes only) stay skeleton. */
export function splitBlock<T>(block: Block<T>, language: string, describer: CodeDescriber<T>): Piece<T>[] {
  const pieces: Piece<T>[] = [];
  const skeleton = (tokens: Token<T>[]) => {
    const last = pieces[pieces.length - 1];
    if (last?.kind === 'skeleton') last.tokens.push(...tokens);
    else if (tokens.length > 0) pieces.push({ kind: 'skeleton', tokens: [...tokens] });
  };
  cutSentences(block.tokens, language, describer).forEach((sentence, index) => {
    const { prefix, core, suffix } = stripEdges(sentence);
    const text = core.map((token) => (token.t === 'text' ? token.text : '')).join('');
    if (!LETTER.test(text)) {
      skeleton(sentence);
      return;
    }
    skeleton(prefix);
    const { segment, codes } = toSegment(`${block.key}.${index + 1}`, block.context, core, describer, language);
    pieces.push({ kind: 'segment', segment, tokens: core, codes });
    skeleton(suffix);
  });
  return pieces;
}

export type MarkupToken =
  | { t: 'text'; text: string }
  | { t: 'open'; id: string }
  | { t: 'close' }
  | { t: 'ph'; id: string };

const MARKUP =
  /<pc\s+id="([^"]*)"[^>]*?(\/?)>|<\/pc\s*>|<ph\s+id="([^"]*)"[^>]*?\/>|&(amp|lt|gt|quot|apos|#x[0-9a-fA-F]+|#[0-9]+);|[^<&]+|[<&]/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function entity(name: string): string {
  if (name[0] !== '#') return ENTITIES[name];
  return String.fromCodePoint(
    name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10),
  );
}

/** Segment markup to tokens; a stray "<" or "&" or an unknown tag is a problem, never guessed at. */
export function parseMarkup(markup: string): { tokens: MarkupToken[]; problems: string[] } {
  const tokens: MarkupToken[] = [];
  const problems: string[] = [];
  for (const m of markup.matchAll(MARKUP)) {
    const [whole, pcId, selfClosing, phId, ref] = m;
    if (pcId !== undefined) {
      tokens.push({ t: 'open', id: pcId });
      if (selfClosing) tokens.push({ t: 'close' });
    } else if (whole.startsWith('</pc')) tokens.push({ t: 'close' });
    else if (phId !== undefined) tokens.push({ t: 'ph', id: phId });
    else if (ref !== undefined) tokens.push({ t: 'text', text: entity(ref) });
    else if (whole === '<' || whole === '&') {
      const near = markup.slice(m.index, m.index + 20);
      problems.push(`"${near}" is neither text nor a tag of the segment (write < as &lt; and & as &amp;)`);
    } else tokens.push({ t: 'text', text: whole });
  }
  return { tokens, problems };
}

/**
 * What is wrong with a target's tags against its source's: each tag of the source must be there
 * once, of the same kind, and paired tags must open and close in order. Tags may move and nest
 * differently, since another language orders words differently.
 */
export function checkTags(tokens: MarkupToken[], tags: Record<string, TagInfo>): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const open: string[] = [];
  for (const token of tokens) {
    if (token.t === 'text') continue;
    if (token.t === 'close') {
      if (open.length === 0) problems.push('a tag is closed that was not opened');
      else open.pop();
      continue;
    }
    const kind = token.t === 'open' ? 'pc' : 'ph';
    const info = tags[token.id];
    if (!info) problems.push(`tag ${token.id} is not in the source`);
    else if (info.kind !== kind)
      problems.push(`tag ${token.id} is ${info.kind === 'pc' ? 'a paired' : 'a standalone'} tag in the source`);
    else if (seen.has(token.id)) problems.push(`tag ${token.id} appears twice`);
    seen.add(token.id);
    if (token.t === 'open') open.push(token.id);
  }
  for (const id of open) problems.push(`tag ${id} is opened but not closed`);
  for (const id of Object.keys(tags)) if (!seen.has(id)) problems.push(`tag ${id} of the source is missing`);
  return problems;
}

/** A target in segment markup as the format's tokens; undefined and problems when it does not fit. */
export function targetTokens<T>(
  piece: Extract<Piece<T>, { kind: 'segment' }>,
  target: string,
): { tokens?: Token<T>[]; problems: string[] } {
  const parsed = parseMarkup(target);
  const problems = [...parsed.problems, ...checkTags(parsed.tokens, piece.segment.tags)];
  if (problems.length > 0) return { problems };
  const tokens = parsed.tokens.map((token): Token<T> => {
    if (token.t === 'open') return { t: 'open', data: piece.codes.get(token.id)! };
    if (token.t === 'ph') return { t: 'ph', data: piece.codes.get(token.id)! };
    if (token.t === 'close') return token;
    // control characters (pasted from elsewhere) would make an XML file unreadable: never written
    return { t: 'text', text: token.text.replace(CONTROL, '') };
  });
  return { tokens, problems };
}

/** The plain text of segment markup (tags dropped), for counting words and matching memories. */
export function plainText(markup: string): string {
  return parseMarkup(markup)
    .tokens.map((token) => (token.t === 'text' ? token.text : ''))
    .join('');
}

/** Balanced tokens as a tree: what a format writes back. */
export function toTree<T>(tokens: Token<T>[]): InlineNode<T>[] {
  const root: InlineNode<T>[] = [];
  const stack: InlineNode<T>[][] = [root];
  for (const token of tokens) {
    const here = stack[stack.length - 1];
    if (token.t === 'text') {
      const last = here[here.length - 1];
      if (last?.t === 'text') last.text += token.text;
      else if (token.text !== '') here.push({ t: 'text', text: token.text });
    } else if (token.t === 'ph') here.push({ t: 'ph', data: token.data });
    else if (token.t === 'open') {
      const node: InlineNode<T> = { t: 'pc', data: token.data, children: [] };
      here.push(node);
      stack.push(node.children);
    } else if (stack.length > 1) stack.pop();
  }
  return root;
}

/** The block's tokens with each translated segment in place of its source. */
export function mergeBlock<T>(pieces: Piece<T>[], translations: ReadonlyMap<string, string>): Token<T>[] {
  const out: Token<T>[] = [];
  const problems: string[] = [];
  for (const piece of pieces) {
    if (piece.kind === 'skeleton') {
      out.push(...piece.tokens);
      continue;
    }
    const target = translations.get(piece.segment.id);
    if (target === undefined) {
      out.push(...piece.tokens);
      continue;
    }
    const result = targetTokens(piece, target);
    if (result.tokens) out.push(...result.tokens);
    else problems.push(...result.problems.map((problem) => `segment ${piece.segment.id}: ${problem}`));
  }
  if (problems.length > 0) throw new SegmentError('bad-translation', problems);
  return out;
}

/** Adjacent text tokens joined, empty text dropped. */
export function joinText<T>(tokens: Token<T>[]): Token<T>[] {
  const out: Token<T>[] = [];
  for (const token of tokens) {
    const last = out[out.length - 1];
    if (token.t === 'text' && token.text === '') continue;
    if (token.t === 'text' && last?.t === 'text') out[out.length - 1] = { t: 'text', text: last.text + token.text };
    else out.push(token);
  }
  return out;
}
