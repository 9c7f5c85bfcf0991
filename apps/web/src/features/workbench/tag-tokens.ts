import type { TagInfoAnswer } from '@parlance/shared';

// A segment's XLIFF 2.1 inline markup as the editor's plain text and back. The target editor is a
// plain textarea (fast with 10,000 rows, and every keyboard, IME and screen reader works in it), so
// an inline code is written as a token: `{1}`…`{/1}` around the words of a paired code (<pc>) and
// `{2/}` for a standalone one (<ph/>). Only the ids the source has, of the kind it has them, are
// tags: any other brace is text. Text is unescaped for the person and escaped again for the server.

export type Tags = Record<string, Pick<TagInfoAnswer, 'kind'> & Partial<TagInfoAnswer>>;

/** A piece of a segment as the page shows it: text, or a tag chip (`1`, `/1`, `2/`). */
export type Part =
  | { t: 'text'; text: string /** where it starts in the segment's plain text */; offset: number }
  | { t: 'tag'; token: string; id: string; kind: 'open' | 'close' | 'ph' };

const MARKUP =
  /<pc\s+id="([^"]*)"[^>]*?(\/?)>|<\/pc\s*>|<ph\s+id="([^"]*)"[^>]*?\/>|&(amp|lt|gt|quot|apos|#x[0-9a-fA-F]+|#[0-9]+);|[^<&]+|[<&]/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function entity(name: string): string {
  if (name[0] !== '#') return ENTITIES[name];
  const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}

/** Segment markup as parts, in order; a stray "<" or "&" is kept as text. */
export function partsOf(markup: string): Part[] {
  const parts: Part[] = [];
  const open: string[] = [];
  let offset = 0;
  const text = (value: string) => {
    const last = parts[parts.length - 1];
    if (last?.t === 'text') last.text += value;
    else parts.push({ t: 'text', text: value, offset });
    offset += value.length;
  };
  for (const m of markup.matchAll(MARKUP)) {
    const [whole, pcId, selfClosing, phId, ref] = m;
    if (pcId !== undefined) {
      parts.push({ t: 'tag', token: `{${pcId}}`, id: pcId, kind: 'open' });
      if (selfClosing) parts.push({ t: 'tag', token: `{/${pcId}}`, id: pcId, kind: 'close' });
      else open.push(pcId);
    } else if (whole.startsWith('</pc')) {
      const id = open.pop() ?? '';
      parts.push({ t: 'tag', token: `{/${id}}`, id, kind: 'close' });
    } else if (phId !== undefined) parts.push({ t: 'tag', token: `{${phId}/}`, id: phId, kind: 'ph' });
    else if (ref !== undefined) text(entity(ref));
    else text(whole);
  }
  return parts;
}

/** Segment markup as the textarea's text. */
export function markupToTokens(markup: string): string {
  return partsOf(markup)
    .map((p) => (p.t === 'text' ? p.text : p.token))
    .join('');
}

/** The plain text of markup (tags dropped): what term positions count in. */
export function plainOf(markup: string): string {
  return partsOf(markup)
    .map((p) => (p.t === 'text' ? p.text : ''))
    .join('');
}

const TOKEN = /\{(\/?)([^{}/\s]+)(\/?)\}/g;

export function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

type Piece = { t: 'text'; text: string } | { t: 'open' | 'close' | 'ph'; id: string };

/** The textarea's text as pieces: a token is a tag only when the source has that id of that kind. */
function piecesOf(tokens: string, tags: Tags): Piece[] {
  const pieces: Piece[] = [];
  let last = 0;
  const text = (value: string) => {
    if (!value) return;
    const prev = pieces[pieces.length - 1];
    if (prev?.t === 'text') prev.text += value;
    else pieces.push({ t: 'text', text: value });
  };
  for (const m of tokens.matchAll(TOKEN)) {
    const [whole, slash, id, selfClose] = m;
    const kind = tags[id]?.kind;
    const piece: Piece | null =
      kind === 'pc' && !slash && !selfClose
        ? { t: 'open', id }
        : kind === 'pc' && slash && !selfClose
          ? { t: 'close', id }
          : kind === 'ph' && !slash && selfClose
            ? { t: 'ph', id }
            : null;
    text(tokens.slice(last, m.index));
    if (piece) pieces.push(piece);
    else text(whole);
    last = m.index + whole.length;
  }
  text(tokens.slice(last));
  return pieces;
}

/** The textarea's text as segment markup for the server. */
export function tokensToMarkup(tokens: string, tags: Tags): string {
  return piecesOf(tokens, tags)
    .map((p) =>
      p.t === 'text'
        ? escapeText(p.text)
        : p.t === 'open'
          ? `<pc id="${p.id}">`
          : p.t === 'close'
            ? '</pc>'
            : `<ph id="${p.id}"/>`,
    )
    .join('');
}

/** The source's tag tokens in reading order: what a target must hold. */
export function sourceTokens(sourceMarkup: string): string[] {
  return partsOf(sourceMarkup).flatMap((p) => (p.t === 'tag' ? [p.token] : []));
}

/** The first of the source's tag tokens the target lacks, or null when it has them all. */
export function nextMissingTag(target: string, sourceMarkup: string, tags: Tags): string | null {
  const present = new Set(
    piecesOf(target, tags).flatMap((p) =>
      p.t === 'open' ? [`{${p.id}}`] : p.t === 'close' ? [`{/${p.id}}`] : p.t === 'ph' ? [`{${p.id}/}`] : [],
    ),
  );
  return sourceTokens(sourceMarkup).find((token) => !present.has(token)) ?? null;
}

/**
 * What is wrong with the target's tags, in the person's words (the server checks again on
 * confirming; this lets the editor say so before the round trip).
 */
export function tagProblems(target: string, sourceMarkup: string, tags: Tags): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const open: string[] = [];
  for (const p of piecesOf(target, tags)) {
    if (p.t === 'text') continue;
    if (p.t === 'close') {
      if (!open.includes(p.id)) problems.push(`{/${p.id}} closes a tag that is not open`);
      else if (open[open.length - 1] !== p.id)
        problems.push(`{/${p.id}} closes before {/${open[open.length - 1]}}: close the inner tag first`);
      if (open.includes(p.id)) open.splice(open.lastIndexOf(p.id), 1);
      continue;
    }
    const token = p.t === 'open' ? `{${p.id}}` : `{${p.id}/}`;
    if (seen.has(token)) problems.push(`${token} appears twice`);
    seen.add(token);
    if (p.t === 'open') open.push(p.id);
  }
  for (const id of open) problems.push(`{${id}} is opened but not closed`);
  for (const token of sourceTokens(sourceMarkup)) {
    if (!token.startsWith('{/') && !seen.has(token)) problems.push(`${token} of the source is missing`);
  }
  return problems;
}

function finder(find: string): RegExp {
  return new RegExp(find.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu');
}

/** How often `find` occurs in the text of markup (tags never match), case-insensitively. */
export function countInText(markup: string, find: string): number {
  if (!find) return 0;
  const re = finder(find);
  let count = 0;
  for (const p of partsOf(markup)) if (p.t === 'text') count += p.text.match(re)?.length ?? 0;
  return count;
}

/**
 * Replaces every occurrence of `find` (case-insensitively) in the text of the textarea's tokens by
 * `replacement`; tags are never touched, so a replace cannot break them.
 */
export function replaceInTokens(tokens: string, tags: Tags, find: string, replacement: string): string {
  if (!find) return tokens;
  const re = finder(find);
  return piecesOf(tokens, tags)
    .map((p) => {
      if (p.t === 'text') return p.text.replace(re, () => replacement);
      return p.t === 'open' ? `{${p.id}}` : p.t === 'close' ? `{/${p.id}}` : `{${p.id}/}`;
    })
    .join('');
}
