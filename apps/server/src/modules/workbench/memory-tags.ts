import { escapeMarkup, type MarkupToken, parseMarkup, plainText } from '../../platform/segments/inline';

// The inline tags of a memory match, put back on the segment being translated. A delivery writes
// the customer's memory with the segment's codes as TMX <bpt>/<ept>/<ph> (deliver.ts tmxContentOf;
// other tools' TMX files hold the same elements): read back, they are segment markup with the
// memory's own tag ids. A match's tags fit the segment when its source has the same tags in the
// same order (paired or standalone, position by position) as the segment's source: then each
// memory tag takes the id of the segment's tag in its place (its target's tags are matched to its
// source's by TMX's `x`, or by order), and inserting the match gives a target whose tags pass the
// checks. A match whose tags do not fit is offered as its text alone, as before.

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescapeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#x[0-9a-fA-F]+|#[0-9]+);/g, (_, name: string) => {
    if (name[0] !== '#') return XML_ENTITIES[name];
    const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

const attr = (attrs: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1];
/** A tag id as segment markup writes it: a plain name (a memory's odd `x` falls back to its place). */
const tagId = (value: string | undefined) => (value !== undefined && /^[\w.-]{1,32}$/.test(value) ? value : undefined);

// an inline element with its native code (bpt, ept, ph, it; hi and sub are read as their text)
const TMX_INLINE = /<(bpt|ept|ph|it)\b([^>]*?)(?:\/>|>[\s\S]*?<\/\1\s*>)|<\/?(?:hi|sub|ut)\b[^>]*>|[^<]+|</g;

/**
 * A TMX <seg>'s content as segment markup: each <bpt>/<ept> pair a paired tag, each <ph> (and
 * isolated <it>) a standalone one, its id the element's `x` (else its pair number `i`, else its
 * place); null when the pairs do not balance.
 */
export function tmxToMarkup(content: string): string | null {
  let out = '';
  const open: string[] = [];
  let standalone = 0;
  for (const m of content.matchAll(TMX_INLINE)) {
    const [whole, element, attrs = ''] = m;
    if (element === 'bpt') {
      const i = attr(attrs, 'i') ?? `${open.length + 1}`;
      open.push(i);
      out += `<pc id="${tagId(attr(attrs, 'x')) ?? tagId(`b${i}`) ?? `b${open.length}`}">`;
    } else if (element === 'ept') {
      const i = attr(attrs, 'i');
      if (open.length === 0 || (i !== undefined && open[open.length - 1] !== i)) return null;
      open.pop();
      out += '</pc>';
    } else if (element === 'ph' || element === 'it') {
      standalone += 1;
      out += `<ph id="${tagId(attr(attrs, 'x')) ?? `p${standalone}`}"/>`;
    } else if (whole.startsWith('<') && whole.length > 1) {
      // <hi>, <sub>, <ut>: their words are text, the element itself is not a tag of the segment
    } else out += escapeMarkup(unescapeXml(whole));
  }
  return open.length === 0 ? out : null;
}

type Tag = Exclude<MarkupToken, { t: 'text' } | { t: 'close' }>;

const tagsOf = (tokens: MarkupToken[]) => tokens.filter((t): t is Tag => t.t === 'open' || t.t === 'ph');

function markupOf(tokens: MarkupToken[], idOf: (id: string) => string): string {
  return tokens
    .map((t) =>
      t.t === 'text'
        ? escapeMarkup(t.text)
        : t.t === 'open'
          ? `<pc id="${idOf(t.id)}">`
          : t.t === 'close'
            ? '</pc>'
            : `<ph id="${idOf(t.id)}"/>`,
    )
    .join('');
}

/**
 * A match's source and target with the tags of the segment whose source is `segmentSource`, or
 * as their text alone when the match's tags do not fit that segment's.
 */
export function fitMatchTags(
  match: { source: string; target: string },
  segmentSource: string,
): { source: string; target: string } {
  const source = parseMarkup(match.source);
  const target = parseMarkup(match.target);
  const segment = parseMarkup(segmentSource);
  const textOnly = () => ({
    source: escapeMarkup(plainText(match.source)),
    target: escapeMarkup(plainText(match.target)),
  });
  if (source.problems.length + target.problems.length + segment.problems.length > 0) return textOnly();
  const theirs = tagsOf(source.tokens);
  const ours = tagsOf(segment.tokens);
  if (theirs.length === 0 && tagsOf(target.tokens).length === 0) return match;
  if (theirs.length !== ours.length || theirs.some((tag, i) => tag.t !== ours[i].t)) return textOnly();
  const mapped = new Map(theirs.map((tag, i) => [tag.id, ours[i].id]));
  // every tag of the target must be one of the source's, once
  const targetTags = tagsOf(target.tokens);
  if (targetTags.some((tag) => !mapped.has(tag.id)) || new Set(targetTags.map((t) => t.id)).size !== targetTags.length)
    return textOnly();
  const idOf = (id: string) => escapeMarkup(mapped.get(id) ?? id);
  return { source: markupOf(source.tokens, idOf), target: markupOf(target.tokens, idOf) };
}
