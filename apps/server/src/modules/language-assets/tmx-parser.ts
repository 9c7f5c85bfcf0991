import { SaxesParser, type SaxesTagPlain } from 'saxes';

// A streaming TMX reader (TMX 1.4b; 1.1's `lang` attribute accepted): feeds the file chunk by
// chunk to saxes and hands back complete translation units in batches, so a memory of any size is
// read with a bounded amount of memory. Inline markup of a <seg> (bpt, ept, ph, it, ut, hi, sub) is
// kept as XML for the round trip; the plain text leaves the native codes out (they are not text).

export interface TmxVariant {
  lang: string;
  /** the <seg> content as XML, inline tags included */
  content: string;
  /** what a reader sees: the text without the inline codes */
  plain: string;
}

export interface TmxUnit {
  variants: TmxVariant[];
  /** the file line the unit starts on */
  line: number;
}

/** A file that is not a usable TMX; `line` is where reading stopped. */
export class TmxFormatError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`Line ${line}: ${reason}`);
    this.name = 'TmxFormatError';
  }
}

/** Inline elements allowed in a <seg>; those whose text is native code, not translatable text. */
const INLINE = new Set(['bpt', 'ept', 'ph', 'it', 'ut', 'hi', 'sub']);
const CODE = new Set(['bpt', 'ept', 'ph', 'it', 'ut']);
const MAX_SEG_CHARS = 100_000;

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

/** en-us -> en-US, DE -> de, zh-hant-tw -> zh-Hant-TW (BCP 47 case conventions). */
export function canonicalLang(tag: string): string {
  return tag
    .trim()
    .replace(/_/g, '-')
    .split('-')
    .map((part, i) => {
      if (i === 0) return part.toLowerCase();
      if (part.length === 2) return part.toUpperCase();
      if (part.length === 4) return part[0].toUpperCase() + part.slice(1).toLowerCase();
      return part.toLowerCase();
    })
    .join('-');
}

const LANG_TAG = /^[A-Za-z]{2,8}([-_][A-Za-z0-9]{1,8})*$/;

/** lower-cased, whitespace collapsed, at most 200 characters: the search key of a segment */
export function normalizeForSearch(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase().slice(0, 200);
}

/**
 * Reads a TMX stream; `onUnits` receives the units read so far after each chunk (awaited, so the
 * caller's writes pace the reading). Answers the number of units and the languages seen.
 * Throws TmxFormatError on anything that is not well-formed TMX.
 */
export async function readTmx(
  source: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  onUnits: (units: TmxUnit[]) => Promise<void>,
): Promise<{ units: number; languages: string[] }> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const stack: string[] = [];
  const languages = new Set<string>();
  let pending: TmxUnit[] = [];
  let unitCount = 0;
  let sawRoot = false;
  let sawBody = false;
  let failure: TmxFormatError | null = null;

  let unit: TmxUnit | null = null;
  let tuvLang: string | null = null;
  let segDepth = 0; // >0 while inside <seg>
  let segXml = '';
  let segPlain = '';
  let codeDepth = 0; // >0 while inside an inline code element
  let hadSeg = false;

  const fail = (reason: string): never => {
    throw new TmxFormatError(parser.line, reason);
  };

  parser.on('error', (err) => {
    // saxes prefixes "line:column: "; the line is given separately
    const reason = err.message.replace(/^\d+:\d+: /, '');
    throw new TmxFormatError(parser.line, reason);
  });

  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = tag.name;
    const parent = stack[stack.length - 1];
    if (segDepth > 0) {
      if (!INLINE.has(name)) fail(`<${name}> is not allowed inside <seg>`);
      const attrs = Object.entries(tag.attributes)
        .map(([k, v]) => ` ${k}="${escapeAttr(String(v))}"`)
        .join('');
      segXml += tag.isSelfClosing ? `<${name}${attrs}/>` : `<${name}${attrs}>`;
      if (CODE.has(name)) codeDepth += 1;
      segDepth += 1;
      stack.push(name);
      return;
    }
    if (stack.length === 0) {
      if (name !== 'tmx') fail('this is not a TMX file (its root element must be <tmx>)');
      sawRoot = true;
    } else if (name === 'body') {
      if (parent !== 'tmx') fail('<body> must be inside <tmx>');
      sawBody = true;
    } else if (name === 'tu') {
      if (parent !== 'body') fail('<tu> must be inside <body>');
      unit = { variants: [], line: parser.line };
    } else if (name === 'tuv') {
      if (parent !== 'tu') fail('<tuv> must be inside <tu>');
      const lang = String(tag.attributes['xml:lang'] ?? tag.attributes.lang ?? '');
      if (!LANG_TAG.test(lang)) fail(lang ? `"${lang}" is not a language code` : '<tuv> has no xml:lang');
      tuvLang = canonicalLang(lang);
      hadSeg = false;
    } else if (name === 'seg') {
      if (parent !== 'tuv') fail('<seg> must be inside <tuv>');
      if (hadSeg) fail('a <tuv> has more than one <seg>');
      segDepth = 1;
      segXml = '';
      segPlain = '';
      codeDepth = 0;
    }
    stack.push(name);
  });

  parser.on('text', (text: string) => {
    if (segDepth === 0) return;
    segXml += escapeText(text);
    if (codeDepth === 0) segPlain += text;
    if (segXml.length > MAX_SEG_CHARS) fail(`a segment is longer than ${MAX_SEG_CHARS} characters`);
  });
  parser.on('cdata', (text: string) => {
    if (segDepth === 0) return;
    segXml += escapeText(text);
    if (codeDepth === 0) segPlain += text;
  });

  parser.on('closetag', (tag) => {
    const name = tag.name;
    stack.pop();
    if (segDepth > 1) {
      if (!tag.isSelfClosing) segXml += `</${name}>`;
      if (CODE.has(name)) codeDepth -= 1;
      segDepth -= 1;
      return;
    }
    if (name === 'seg' && segDepth === 1) {
      segDepth = 0;
      hadSeg = true;
      if (unit && tuvLang) {
        unit.variants.push({ lang: tuvLang, content: segXml, plain: segPlain.replace(/\s+/g, ' ').trim() });
        languages.add(tuvLang);
      }
    } else if (name === 'tuv') {
      if (!hadSeg) fail('<tuv> has no <seg>');
      tuvLang = null;
    } else if (name === 'tu' && unit) {
      if (unit.variants.length === 0) fail('<tu> has no <tuv>');
      pending.push(unit);
      unitCount += 1;
      unit = null;
    }
  });

  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of source) {
      let text: string;
      try {
        text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      } catch {
        fail('the file is not UTF-8 text');
      }
      parser.write(text!);
      if (pending.length > 0) {
        const batch = pending;
        pending = [];
        await onUnits(batch);
      }
    }
    parser.close();
  } catch (error) {
    if (error instanceof TmxFormatError) failure = error;
    else throw error;
  }
  if (failure) throw failure;
  if (!sawRoot) throw new TmxFormatError(parser.line, 'the file is empty');
  if (!sawBody) throw new TmxFormatError(parser.line, 'the file has no <body>');
  if (pending.length > 0) await onUnits(pending);
  if (unitCount === 0) throw new TmxFormatError(parser.line, 'the file has no translation units');
  return { units: unitCount, languages: [...languages].sort() };
}

/** One unit as TMX 1.4 XML (indented two spaces), for the download. */
export function tmxUnitXml(variants: { lang: string; content: string }[]): string {
  const tuvs = variants
    .map((v) => `      <tuv xml:lang="${escapeAttr(v.lang)}"><seg>${v.content}</seg></tuv>\n`)
    .join('');
  return `    <tu>\n${tuvs}    </tu>\n`;
}

export function tmxHead(srcLang: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<tmx version="1.4">\n' +
    `  <header creationtool="Parlance" creationtoolversion="1" datatype="plaintext" segtype="sentence" adminlang="en-US" srclang="${escapeAttr(srcLang)}" o-tmf="Parlance"/>\n` +
    '  <body>\n'
  );
}

export const TMX_TAIL = '  </body>\n</tmx>\n';
