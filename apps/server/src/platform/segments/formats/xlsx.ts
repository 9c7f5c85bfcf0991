import type JSZip from 'jszip';
import { openOfficeZip } from './office-zip';
import { mainPartName } from '../../documents/formats/docx';
import { SegmentError } from '../errors';
import { type Block, type InlineNode, joinText, type Token } from '../inline';
import type { SegmentedDocument, TagInfo } from '../model';
import {
  childElements,
  firstChildNamed,
  parseXml,
  removeChildren,
  serializeXml,
  type XDocument,
  type XElement,
  type XNode,
} from '../xml-dom';

// Workbooks, edited in place: only the text of cells is touched, that is the shared strings table
// and cells holding their text inline. Formulas, numbers, dates, styles, charts and every other
// part stay byte for byte, since nothing else is rewritten. A shared string is one block however
// many cells show it; rich text runs formatted unlike the rest of the cell become paired codes.

export type XlsxCode = { rPr: XElement | null };

const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
// a cell, with or without a namespace prefix (some generators write <x:c>): its attributes and content
const CELL = /<(?:[\w.-]+:)?c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:[\w.-]+:)?c>)/g;
const SINGLE: Record<string, string> = { b: 'xlf:b', i: 'xlf:i', u: 'xlf:u' };

function attribute(attributes: string, name: string): string | undefined {
  return new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1];
}

function formatKey(rPr: XElement | null): string {
  return rPr ? childElements(rPr).map(serializeXml).join('') : '';
}

function describe({ rPr }: XlsxCode): Omit<TagInfo, 'kind'> {
  const names = rPr
    ? childElements(rPr)
        .map((child) => child.localName ?? '')
        .filter((name) => !['rFont', 'sz', 'family', 'scheme', 'charset'].includes(name))
    : [];
  if (names.length === 1 && SINGLE[names[0]]) return { type: 'fmt', subType: SINGLE[names[0]] };
  return { type: 'fmt', disp: names.join(', ') || 'font' };
}

/** The text of a shared string or an inline string as tokens, around its most common formatting. */
function richTextTokens(container: XElement): { tokens: Token<XlsxCode>[]; base: XElement | null } {
  const runs = childElements(container)
    .filter((child) => child.localName === 'r' || child.localName === 't')
    .map((child) => {
      const t = child.localName === 't' ? child : firstChildNamed(child, child.prefix ? `${child.prefix}:t` : 't');
      return {
        rPr: child.localName === 'r' ? (childElements(child).find((c) => c.localName === 'rPr') ?? null) : null,
        text: t?.textContent ?? '',
      };
    });
  const counts = new Map<string, { rPr: XElement | null; chars: number }>();
  for (const run of runs) {
    const entry = counts.get(formatKey(run.rPr)) ?? { rPr: run.rPr, chars: 0 };
    entry.chars += run.text.length;
    counts.set(formatKey(run.rPr), entry);
  }
  const base = [...counts.values()].sort((a, b) => b.chars - a.chars)[0]?.rPr ?? null;
  const tokens: Token<XlsxCode>[] = [];
  let open: string | null = null;
  for (const run of runs) {
    const key = formatKey(run.rPr);
    if (open !== null && key !== open) {
      tokens.push({ t: 'close' });
      open = null;
    }
    if (open === null && key !== formatKey(base)) {
      tokens.push({ t: 'open', data: { rPr: run.rPr } });
      open = key;
    }
    tokens.push({ t: 'text', text: run.text });
  }
  if (open !== null) tokens.push({ t: 'close' });
  return { tokens: joinText(tokens), base };
}

interface Holder {
  el: XElement;
  base: XElement | null;
  part: Part;
}
interface Part {
  name: string;
  doc: XDocument;
  changed: boolean;
}

function resolveTarget(from: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = from.split('/').slice(0, -1);
  for (const piece of target.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.') parts.push(piece);
  }
  return parts.join('/');
}

export async function openXlsx(bytes: Uint8Array): Promise<SegmentedDocument<XlsxCode>> {
  const zip = await openOfficeZip(bytes, 'an Excel workbook');
  const workbookName = await mainPartName(zip);
  const workbookFile = zip.file(workbookName);
  if (!workbookFile) throw new SegmentError('unreadable', 'the workbook has no main part');
  const workbook = parseXml(await workbookFile.async('string'), workbookName);
  const relsName = workbookName.replace(/([^/]+)$/, '_rels/$1.rels');
  const rels = new Map<string, { type: string; target: string }>();
  for (const m of ((await zip.file(relsName)?.async('string')) ?? '').matchAll(/<Relationship\b[^>]*>/g)) {
    const id = attribute(m[0], 'Id');
    const target = attribute(m[0], 'Target');
    if (id && target)
      rels.set(id, { type: attribute(m[0], 'Type') ?? '', target: resolveTarget(workbookName, target) });
  }
  const sheets = Array.from(workbook.documentElement.getElementsByTagName('*'))
    .filter((el) => el.localName === 'sheet')
    .map((el) => ({ name: el.getAttribute('name') ?? '', part: rels.get(el.getAttributeNS(R, 'id') ?? '')?.target }))
    .filter(
      (sheet): sheet is { name: string; part: string } => sheet.part !== undefined && zip.file(sheet.part) !== null,
    );

  const sharedName = [...rels.values()].find((rel) => rel.type.endsWith('/sharedStrings'))?.target;
  const sharedFile = sharedName ? zip.file(sharedName) : null;
  const shared: Part | null =
    sharedName && sharedFile
      ? { name: sharedName, doc: parseXml(await sharedFile.async('string'), sharedName), changed: false }
      : null;
  const items = shared ? childElements(shared.doc.documentElement).filter((el) => el.localName === 'si') : [];

  const blocks: Block<XlsxCode>[] = [];
  const holders: Holder[] = [];
  const parts: Part[] = shared ? [shared] : [];
  const uses = new Map<number, string[]>();
  for (const [sheetIndex, sheet] of sheets.entries()) {
    const xml = await zip.file(sheet.part)!.async('string');
    for (const m of xml.matchAll(CELL)) {
      const type = attribute(m[1], 't');
      const ref = attribute(m[1], 'r') ?? '?';
      if (type === 's') {
        const index = Number(/<(?:[\w.-]+:)?v>\s*(\d+)\s*<\/(?:[\w.-]+:)?v>/.exec(m[2] ?? '')?.[1]);
        if (!Number.isInteger(index)) continue;
        const cells = uses.get(index);
        if (cells) cells.push(`${sheet.name}!${ref}`);
        else uses.set(index, [`${sheet.name}!${ref}`]);
      }
    }
    if (!xml.includes('inlineStr')) continue;
    // cells with their own text: parsed, so that only those cells change
    const part: Part = { name: sheet.part, doc: parseXml(xml, sheet.part), changed: false };
    parts.push(part);
    for (const cell of Array.from(part.doc.getElementsByTagName('*')).filter((el) => el.localName === 'c')) {
      if (cell.getAttribute('t') !== 'inlineStr') continue;
      const is = childElements(cell).find((el) => el.localName === 'is');
      if (!is) continue;
      const ref = cell.getAttribute('r') ?? '?';
      const { tokens, base } = richTextTokens(is);
      blocks.push({ key: `i${sheetIndex + 1}-${ref}`, context: `${sheet.name}!${ref}`, tokens });
      holders.push({ el: is, base, part });
    }
  }
  // shared strings in the order the sheets first show them; strings no cell shows are left alone
  for (const [index, cells] of uses) {
    const si = items[index];
    if (!si || !shared) continue;
    const { tokens, base } = richTextTokens(si);
    const more = cells.length > 1 ? ` (and ${cells.length - 1} more cell${cells.length > 2 ? 's' : ''})` : '';
    blocks.push({ key: `s${index + 1}`, context: `${cells[0]}${more}`, tokens });
    holders.push({ el: si, base, part: shared });
  }

  return {
    blocks,
    describer: { describe },
    replace(index, content) {
      const { el, base, part } = holders[index];
      removeChildren(el, (child) => (child as XElement).localName === 'phoneticPr');
      writeRichText(part.doc, el, content, base);
      part.changed = true;
    },
    async save() {
      for (const part of parts) if (part.changed) zip.file(part.name, serializeXml(part.doc));
      return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    },
  };
}

function writeRichText(
  doc: XDocument,
  container: XElement,
  content: InlineNode<XlsxCode>[],
  base: XElement | null,
): void {
  const ns = container.namespaceURI;
  const name = (local: string) => (container.prefix ? `${container.prefix}:${local}` : local);
  const text = (value: string) => {
    const t = doc.createElementNS(ns, name('t'));
    t.setAttribute('xml:space', 'preserve');
    t.appendChild(doc.createTextNode(value));
    return t;
  };
  const plainOnly = base === null && content.every((node) => node.t === 'text');
  const phonetic = childElements(container)[0] ?? null;
  const add = (node: XNode) => container.insertBefore(node, phonetic);
  if (plainOnly) {
    add(text(content.map((node) => (node.t === 'text' ? node.text : '')).join('')));
    return;
  }
  const write = (nodes: InlineNode<XlsxCode>[], rPr: XElement | null) => {
    for (const node of nodes) {
      if (node.t === 'pc') write(node.children, node.data.rPr);
      else if (node.t === 'text') {
        const r = doc.createElementNS(ns, name('r'));
        if (rPr) r.appendChild(rPr.cloneNode(true));
        r.appendChild(text(node.text));
        add(r);
      }
    }
  };
  write(content, base);
}
