import type { Block, InlineNode, Token } from '../inline';
import type { TagInfo } from '../model';
import type { SegmentedDocument } from '../model';
import { readLines, writeLines } from './text-lines';

// SubRip subtitles: each cue's text is a block (its lines joined by line-break codes, so a sentence
// running over two lines is one segment); cue numbers and timings are skeleton and never change.
// Formatting tags (<i>, <b>, <u>, <font color>) are paired codes when they pair up inside the cue,
// otherwise, like ASS overrides ({\an8}), standalone codes kept as they are.

export type SrtCode =
  | { kind: 'lb'; hard: boolean }
  | { kind: 'tag'; name: string; open: string; close: string }
  | { kind: 'raw'; text: string };

const TIMING = /^\s*(\d{1,2}:\d{2}:\d{2}[,.]\d{1,3})\s*-->\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}/;
const CUE_NUMBER = /^\s*\d+\s*$/;
const MARK = /<(\/?)([a-z]+)\b[^>]*>|\{\\[^}]*\}/gi;
/** A line starting with a dash is another speaker: the line break before it ends a sentence. */
const DIALOGUE = /^\s*(<[^>]*>|\{\\[^}]*\})*\s*[-\u2013\u2014]/;

const SUBTYPES: Record<string, string> = { i: 'xlf:i', b: 'xlf:b', u: 'xlf:u' };

function describe(code: SrtCode): Omit<TagInfo, 'kind'> {
  if (code.kind === 'lb') return { type: 'fmt', subType: 'xlf:lb', equiv: '\n' };
  if (code.kind === 'raw') return { type: 'fmt', disp: code.text };
  const subType = SUBTYPES[code.name];
  return subType ? { type: 'fmt', subType } : { type: 'fmt', disp: code.open };
}

/** One cue's text lines as tokens: tags that pair up become paired codes, the rest standalone. */
function cueTokens(lines: string[]): Token<SrtCode>[] {
  const raw: (
    | { t: 'text'; text: string }
    | { t: 'mark'; text: string; name?: string; closing: boolean }
    | { t: 'lb'; hard: boolean }
  )[] = [];
  lines.forEach((line, i) => {
    if (i > 0) raw.push({ t: 'lb', hard: DIALOGUE.test(line) });
    let at = 0;
    for (const m of line.matchAll(MARK)) {
      if (m.index > at) raw.push({ t: 'text', text: line.slice(at, m.index) });
      raw.push({ t: 'mark', text: m[0], name: m[2]?.toLowerCase(), closing: m[1] === '/' });
      at = m.index + m[0].length;
    }
    if (at < line.length) raw.push({ t: 'text', text: line.slice(at) });
  });
  // pair each closing tag with the nearest open tag of its name; anything unpaired stays standalone
  const partner = new Map<number, number>();
  const open: number[] = [];
  raw.forEach((item, i) => {
    if (item.t !== 'mark' || !item.name) return;
    if (!item.closing) open.push(i);
    else {
      const top = open[open.length - 1];
      const opener = top === undefined ? undefined : raw[top];
      if (opener?.t === 'mark' && opener.name === item.name) {
        partner.set(top, i);
        partner.set(i, top);
        open.pop();
      }
    }
  });
  return raw.map((item, i): Token<SrtCode> => {
    if (item.t === 'text') return item;
    if (item.t === 'lb') return { t: 'ph', data: { kind: 'lb', hard: item.hard } };
    const other = partner.get(i);
    if (other === undefined) return { t: 'ph', data: { kind: 'raw', text: item.text } };
    if (item.closing) return { t: 'close' };
    const closing = raw[other];
    return {
      t: 'open',
      data: { kind: 'tag', name: item.name!, open: item.text, close: closing.t === 'mark' ? closing.text : '' },
    };
  });
}

export function openSrt(bytes: Uint8Array): SegmentedDocument<SrtCode> {
  const file = readLines(bytes);
  const blocks: Block<SrtCode>[] = [];
  const ranges: { from: number; to: number }[] = [];
  const { lines } = file;
  for (let i = 0; i < lines.length; i++) {
    const timing = TIMING.exec(lines[i]);
    if (!timing) continue;
    const number = i > 0 && CUE_NUMBER.test(lines[i - 1]) ? lines[i - 1].trim() : String(blocks.length + 1);
    let end = i + 1;
    while (
      end < lines.length &&
      lines[end].trim() !== '' &&
      !(TIMING.test(lines[end + 1] ?? '') && CUE_NUMBER.test(lines[end]))
    )
      end++;
    if (end > i + 1) {
      blocks.push({
        key: `c${blocks.length + 1}`,
        context: `cue ${number}, ${timing[1]}`,
        tokens: cueTokens(lines.slice(i + 1, end)),
      });
      ranges.push({ from: i + 1, to: end });
    }
    i = end - 1;
  }
  const changes = new Map<number, { to: number; text: string }>();
  return {
    blocks,
    describer: { describe, splitterText: (code) => (code.kind === 'lb' ? (code.hard ? '\n' : ' ') : '\uFFFC') },
    replace(index, content) {
      changes.set(ranges[index].from, { to: ranges[index].to, text: render(content, file.eol) });
    },
    save: async () => writeLines(file, changes),
  };
}

function render(nodes: InlineNode<SrtCode>[], eol: string): string {
  return nodes
    .map((node) => {
      // a blank line would end the cue: line breaks typed into a translation become single ones
      if (node.t === 'text') return node.text.replace(/(\s*(\r\n|\r|\n))+\s*/g, eol);
      if (node.t === 'ph') return node.data.kind === 'lb' ? eol : node.data.kind === 'raw' ? node.data.text : '';
      const code = node.data;
      const inner = render(node.children, eol);
      return code.kind === 'tag' ? `${code.open}${inner}${code.close}` : inner;
    })
    .join('');
}
