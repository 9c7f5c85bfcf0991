import { decodeText, sniffEncoding } from '../../documents/decode-text';

// The plain-text formats (txt, srt) as lines: blocks are ranges of lines, a merge replaces the lines
// of changed blocks and leaves every other byte of the file as it was (line endings included).

export interface TextLines {
  lines: string[];
  /** the file's line ending, used for lines a translation adds */
  eol: string;
  /** whether the file started with a byte-order mark (kept on the way out) */
  bom: boolean;
  /** line separators as found, one after each line but the last */
  separators: string[];
}

export function readLines(bytes: Uint8Array): TextLines {
  const text = decodeText(bytes).replace(/^\uFEFF/, '');
  const lines: string[] = [];
  const separators: string[] = [];
  const pattern = /\r\n|\r|\n/g;
  let start = 0;
  for (const m of text.matchAll(pattern)) {
    lines.push(text.slice(start, m.index));
    separators.push(m[0]);
    start = m.index + m[0].length;
  }
  lines.push(text.slice(start));
  const eol = separators.find((s) => s === '\r\n') ?? separators[0] ?? '\n';
  return { lines, eol, bom: sniffEncoding(bytes).bomLength > 0, separators };
}

/** Writes the lines back as UTF-8, with the lines from..to (exclusive) of each change replaced. */
export function writeLines(file: TextLines, changes: Map<number, { to: number; text: string }>): Buffer {
  let out = file.bom ? '\uFEFF' : '';
  for (let i = 0; i < file.lines.length; i++) {
    const change = changes.get(i);
    if (change) {
      out += change.text;
      i = change.to - 1;
    } else out += file.lines[i];
    if (i < file.separators.length) out += file.separators[i];
  }
  return Buffer.from(out, 'utf8');
}
