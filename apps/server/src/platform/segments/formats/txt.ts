import type { Block, InlineNode, Token } from '../inline';
import type { SegmentedDocument } from '../model';
import { readLines, writeLines } from './text-lines';

// Plain text: a paragraph is a run of lines between blank lines; the line breaks inside it are
// standalone codes, so a translation keeps the paragraph's line structure and blank lines stay.

export type TxtCode = { kind: 'lb'; hard: boolean };

/** A line that starts a list item (a dash, a bullet, "1.") starts a sentence of its own. */
const LIST_ITEM = /^\s*([-*\u2022\u2013\u2014]|\d+[.)])\s/;

export function openTxt(bytes: Uint8Array): SegmentedDocument<TxtCode> {
  const file = readLines(bytes);
  const ranges: { from: number; to: number }[] = [];
  const blocks: Block<TxtCode>[] = [];
  let from = -1;
  const close = (to: number) => {
    if (from < 0) return;
    const tokens: Token<TxtCode>[] = [];
    for (let i = from; i < to; i++) {
      if (i > from) tokens.push({ t: 'ph', data: { kind: 'lb', hard: LIST_ITEM.test(file.lines[i]) } });
      tokens.push({ t: 'text', text: file.lines[i] });
    }
    blocks.push({ key: `p${blocks.length + 1}`, context: `paragraph ${blocks.length + 1}`, tokens });
    ranges.push({ from, to });
    from = -1;
  };
  file.lines.forEach((line, i) => {
    if (line.trim() === '') close(i);
    else if (from < 0) from = i;
  });
  close(file.lines.length);
  const changes = new Map<number, { to: number; text: string }>();
  return {
    blocks,
    describer: {
      describe: () => ({ type: 'fmt', subType: 'xlf:lb', equiv: '\n' }),
      splitterText: (code) => (code.hard ? '\n' : ' '),
    },
    replace(index, content) {
      changes.set(ranges[index].from, { to: ranges[index].to, text: render(content, file.eol) });
    },
    save: async () => writeLines(file, changes),
  };
}

function render(nodes: InlineNode<TxtCode>[], eol: string): string {
  return nodes
    .map((node) => (node.t === 'text' ? node.text : node.t === 'ph' ? eol : render(node.children, eol)))
    .join('');
}
