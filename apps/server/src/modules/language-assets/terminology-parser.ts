import { CsvError, parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { canonicalLang } from './tmx-parser';

// Terminology files: CSV (comma, semicolon or tab separated, quotes as RFC 4180), XLSX (the first
// worksheet) and TBX (TBX-Basic / ISO 30042: termEntry|conceptEntry > langSet|langSec > tig|ntig|termSec
// > term). Columns of CSV and XLSX: source term, target term, optional note. The first row is a
// header when its first two cells are column words or language codes (source, target, term, en, de-DE ...).
// Any problem is reported with the line (CSV, TBX) or row (XLSX) it was found on.

export type TermFormat = 'csv' | 'xlsx' | 'tbx';

export interface Term {
  source: string;
  target: string;
  note: string;
}

export class TermFormatError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`Line ${line}: ${reason}`);
    this.name = 'TermFormatError';
  }
}

export const MAX_TERMS = 50_000;
const MAX_TERM_CHARS = 500;
const HEADER_WORD =
  /^(source|target|term|terms|translation|note|notes|comment|definition|src|tgt|[a-z]{2,3}([-_][a-z0-9]{2,4})*)$/i;

function isHeader(cells: string[]): boolean {
  return cells.length >= 2 && HEADER_WORD.test(cells[0].trim()) && HEADER_WORD.test(cells[1].trim());
}

function termFromCells(cells: string[], line: number): Term {
  const [source = '', target = '', note = ''] = cells.map((c) => c.replace(/\s+/g, ' ').trim());
  if (!source || !target) throw new TermFormatError(line, 'each row needs a source term and a target term');
  if (source.length > MAX_TERM_CHARS || target.length > MAX_TERM_CHARS)
    throw new TermFormatError(line, `a term is longer than ${MAX_TERM_CHARS} characters`);
  return { source, target, note: note.slice(0, 1000) };
}

function collect(rows: { cells: string[]; line: number }[]): Term[] {
  const nonEmpty = rows.filter((r) => r.cells.some((c) => c.trim() !== ''));
  const body = nonEmpty.length > 0 && isHeader(nonEmpty[0].cells) ? nonEmpty.slice(1) : nonEmpty;
  if (body.length === 0) throw new TermFormatError(1, 'the file has no terms');
  if (body.length > MAX_TERMS) throw new TermFormatError(body[MAX_TERMS].line, `at most ${MAX_TERMS} terms per file`);
  return body.map((r) => termFromCells(r.cells, r.line));
}

function decodeUtf8(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new TermFormatError(1, 'the file is not UTF-8 text');
  }
}

function guessDelimiter(text: string): string {
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  const counts = [',', ';', '\t'].map((d) => [d, first.split(d).length] as const);
  return counts.sort((a, b) => b[1] - a[1])[0][0];
}

export function parseCsvTerms(bytes: Buffer): Term[] {
  const text = decodeUtf8(bytes);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parseCsv(text, {
      delimiter: guessDelimiter(text),
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 1;
      throw new TermFormatError(line, error.message.replace(/^Invalid [^:]*: /, '').replace(/ at line \d+.*$/, ''));
    }
    throw error;
  }
  return collect(records.map((r) => ({ cells: r.record, line: r.info.lines })));
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return String(value.result ?? '');
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    return '';
  }
  return String(value);
}

export async function parseXlsxTerms(bytes: Buffer): Promise<Term[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new TermFormatError(1, 'the file is not a readable XLSX workbook');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new TermFormatError(1, 'the workbook has no worksheet');
  const rows: { cells: string[]; line: number }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells = [1, 2, 3].map((c) => cellText(row.getCell(c).value));
    rows.push({ cells, line: rowNumber });
  });
  return collect(rows);
}

/** Does a TBX language tag stand for this language (en-US matches en and en-US; en matches en-GB)? */
export function langMatches(tag: string, iso: string): boolean {
  const a = canonicalLang(tag);
  const b = canonicalLang(iso);
  if (a === b) return true;
  return a.split('-')[0] === b.split('-')[0] && (!a.includes('-') || !b.includes('-'));
}

/** TBX entries for the pair; entries without a term in both languages are left out. */
export function parseTbxTerms(bytes: Buffer, pair: { sourceIso: string; targetIso: string }): Term[] {
  const text = decodeUtf8(bytes);
  const parser = new SaxesParser({ xmlns: false, position: true });
  const terms: Term[] = [];
  const stack: string[] = [];
  let entry: { byLang: Map<string, string>; note: string; line: number } | null = null;
  let lang: string | null = null;
  let termText: string | null = null;
  let noteText: string | null = null;
  let sawRoot = false;
  let entries = 0;
  const fail = (reason: string): never => {
    throw new TermFormatError(parser.line, reason);
  };
  parser.on('error', (err) => {
    throw new TermFormatError(parser.line, err.message.replace(/^\d+:\d+: /, ''));
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = tag.name;
    if (stack.length === 0) {
      if (name !== 'martif' && name !== 'tbx') fail('this is not a TBX file (its root must be <martif> or <tbx>)');
      sawRoot = true;
    }
    if (name === 'termEntry' || name === 'conceptEntry') {
      entry = { byLang: new Map(), note: '', line: parser.line };
    } else if (name === 'langSet' || name === 'langSec') {
      if (!entry) fail(`<${name}> must be inside a term entry`);
      lang = String(tag.attributes['xml:lang'] ?? '');
      if (!lang) fail(`<${name}> has no xml:lang`);
    } else if (name === 'term') {
      if (!entry || !lang) fail('<term> must be inside a language section');
      termText = '';
    } else if ((name === 'descrip' || name === 'note') && entry) {
      noteText = '';
    }
    stack.push(name);
  });
  parser.on('text', (t: string) => {
    if (termText !== null) termText += t;
    else if (noteText !== null) noteText += t;
  });
  parser.on('closetag', (tag) => {
    stack.pop();
    const name = tag.name;
    if (name === 'term' && entry && lang && termText !== null) {
      const value = termText.replace(/\s+/g, ' ').trim();
      if (!value) fail('a <term> is empty');
      // the first term of a language is its preferred term
      if (!entry.byLang.has(lang)) entry.byLang.set(lang, value);
      termText = null;
    } else if ((name === 'descrip' || name === 'note') && noteText !== null) {
      if (entry && !entry.note) entry.note = noteText.replace(/\s+/g, ' ').trim();
      noteText = null;
    } else if (name === 'langSet' || name === 'langSec') {
      lang = null;
    } else if ((name === 'termEntry' || name === 'conceptEntry') && entry) {
      entries += 1;
      const find = (iso: string) => [...entry!.byLang.entries()].find(([l]) => langMatches(l, iso))?.[1];
      const source = find(pair.sourceIso);
      const target = find(pair.targetIso);
      if (source && target) {
        if (terms.length >= MAX_TERMS) fail(`at most ${MAX_TERMS} terms per file`);
        terms.push(termFromCells([source, target, entry.note], entry.line));
      }
      entry = null;
    }
  });
  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof TermFormatError) throw error;
    throw new TermFormatError(parser.line, (error as Error).message);
  }
  if (!sawRoot) throw new TermFormatError(1, 'the file is empty');
  if (entries === 0) throw new TermFormatError(parser.line, 'the file has no term entries');
  if (terms.length === 0)
    throw new TermFormatError(
      parser.line,
      `no entry has terms in both ${pair.sourceIso} and ${pair.targetIso}: check the language pair`,
    );
  return terms;
}

export async function parseTerminology(
  bytes: Buffer,
  format: TermFormat,
  pair: { sourceIso: string; targetIso: string },
): Promise<Term[]> {
  if (format === 'csv') return parseCsvTerms(bytes);
  if (format === 'xlsx') return parseXlsxTerms(bytes);
  return parseTbxTerms(bytes, pair);
}
