import type JSZip from 'jszip';
import { openOfficeZip } from './office-zip';
import { mainPartName } from '../../documents/formats/docx';
import { SegmentError } from '../errors';
import { type Block, type InlineNode, joinText, type Token } from '../inline';
import type { SegmentedDocument, TagInfo } from '../model';
import {
  childElements,
  isElement,
  parseXml,
  removeChildren,
  serializeXml,
  type XDocument,
  type XElement,
  type XNode,
} from '../xml-dom';

// Word documents, edited in place: every paragraph of the body, tables, text boxes, headers,
// footers, footnotes and endnotes is a block. Runs whose formatting differs from the paragraph's
// usual formatting become paired codes carrying their run properties; hyperlinks, tracked
// insertions and content controls become paired codes carrying the element; what is not text
// inside a run (tabs, breaks, pictures, field codes, note references) and what sits between runs
// (bookmarks, deleted text, equations, simple fields) become standalone codes that carry the very
// nodes, which a merge moves into the rebuilt paragraph untouched. Paragraph properties stay.

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const MC = 'http://schemas.openxmlformats.org/markup-compatibility/2006';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export type DocxCode =
  /** text formatted unlike the rest of its paragraph (or link) */
  | { kind: 'run'; rPr: XElement | null }
  /** an element around runs: hyperlink, tracked insertion, content control, smart tag */
  | { kind: 'wrap'; el: XElement; rPr: XElement | null; info: Omit<TagInfo, 'kind'> }
  /** run content that is not text, with the properties of the runs it came from */
  | { kind: 'inrun'; parts: { rPr: XElement | null; nodes: XNode[] }[]; info: Omit<TagInfo, 'kind'>; split: string }
  /** an element between runs, kept whole */
  | { kind: 'node'; node: XNode; info: Omit<TagInfo, 'kind'> };

/** Containers of runs that a translation may wrap words in. */
const WRAPPERS = new Set(['hyperlink', 'ins', 'moveTo', 'smartTag', 'customXml', 'dir', 'bdo', 'sdt']);
/** Revision and proofing marks that a rebuilt paragraph leaves out. */
const DROPPED = new Set(['proofErr', 'lastRenderedPageBreak']);
/** Run properties that do not change how text looks: runs differing only in these are one run. */
const INVISIBLE_PROPERTIES = new Set(['lang', 'noProof', 'rsid']);

function wName(node: XNode): string | null {
  return isElement(node) && node.namespaceURI === W ? node.localName : null;
}

/** A WordprocessingML child by its local name, whatever prefix the part gives the namespace. */
function wChild(el: XNode, name: string): XElement | undefined {
  return childElements(el).find((child) => wName(child) === name);
}

const formatKeys = new WeakMap<XElement, string>();

function formatKey(rPr: XElement | null): string {
  if (!rPr) return '';
  let key = formatKeys.get(rPr);
  if (key === undefined) {
    key = visibleFormat(rPr);
    formatKeys.set(rPr, key);
  }
  return key;
}

function visibleFormat(rPr: XElement): string {
  return childElements(rPr)
    .filter((child) => !(child.namespaceURI === W && INVISIBLE_PROPERTIES.has(child.localName ?? '')))
    .map((child) => serializeXml(child))
    .join('');
}

const PROPERTY_WORDS: Record<string, string> = {
  b: 'bold',
  i: 'italic',
  u: 'underline',
  strike: 'strikethrough',
  vertAlign: 'superscript/subscript',
  color: 'colour',
  highlight: 'highlight',
  rStyle: 'style',
  sz: 'size',
  rFonts: 'font',
  caps: 'capitals',
  smallCaps: 'small capitals',
};

function describeRun(rPr: XElement | null): Omit<TagInfo, 'kind'> {
  const names = rPr
    ? childElements(rPr)
        .filter((child) => child.namespaceURI === W && !INVISIBLE_PROPERTIES.has(child.localName ?? ''))
        .filter((child) => child.getAttributeNS(W, 'val') !== '0' && child.getAttributeNS(W, 'val') !== 'false')
        .map((child) => child.localName ?? '')
    : [];
  const single: Record<string, string> = { b: 'xlf:b', i: 'xlf:i', u: 'xlf:u' };
  if (names.length === 1 && single[names[0]]) return { type: 'fmt', subType: single[names[0]] };
  const style = rPr ? wChild(rPr, 'rStyle')?.getAttributeNS(W, 'val') : undefined;
  const words = names.map((name) => (name === 'rStyle' && style ? style : (PROPERTY_WORDS[name] ?? name)));
  return { type: 'fmt', disp: words.join(', ') || 'plain' };
}

/** A paragraph's usual formatting: that of most of its characters, which then needs no tag. */
function dominantFormat(container: XElement): XElement | null {
  const counts = new Map<string, { rPr: XElement | null; chars: number }>();
  const visit = (el: XElement) => {
    for (const child of childElements(el)) {
      const name = wName(child);
      if (name === 'r') {
        const rPr = wChild(child, 'rPr') ?? null;
        const chars = childElements(child)
          .filter((c) => wName(c) === 't')
          .reduce((sum, t) => sum + (t.textContent?.length ?? 0), 0);
        const key = formatKey(rPr);
        const entry = counts.get(key) ?? { rPr, chars: 0 };
        entry.chars += chars;
        counts.set(key, entry);
      } else if (name && WRAPPERS.has(name)) visit(name === 'sdt' ? (wChild(child, 'sdtContent') ?? child) : child);
    }
  };
  visit(container);
  let best: { rPr: XElement | null; chars: number } = { rPr: null, chars: -1 };
  for (const entry of counts.values()) if (entry.chars > best.chars) best = entry;
  return best.rPr;
}

/** Field state across a part: inside a field's instructions, run content is code, not text. */
interface FieldState {
  stack: boolean[];
}

function inFieldCode(state: FieldState): boolean {
  return state.stack.some((inCode) => inCode);
}

function describeInRun(nodes: XNode[]): { info: Omit<TagInfo, 'kind'>; split: string } {
  const first = nodes[0];
  const name = wName(first);
  if (name === 'fldChar' || name === 'instrText' || nodes.length > 1) {
    const instruction = nodes
      .filter((n) => wName(n) === 'instrText')
      .map((n) => n.textContent ?? '')
      .join('')
      .trim()
      .split(/\s+/)[0];
    return { info: { type: 'other', disp: instruction ? `field ${instruction}` : 'field' }, split: '\uFFFC' };
  }
  if (name === 'tab' || name === 'ptab') return { info: { type: 'fmt', disp: 'tab', equiv: '\t' }, split: '\t' };
  if (name === 'br' || name === 'cr') {
    const page = isElement(first) && first.getAttributeNS(W, 'type') === 'page';
    return page
      ? { info: { type: 'fmt', subType: 'xlf:pb', disp: 'page break' }, split: '\n' }
      : { info: { type: 'fmt', subType: 'xlf:lb', equiv: '\n' }, split: ' ' };
  }
  if (name === 'drawing' || name === 'pict' || name === 'object')
    return { info: { type: 'image', disp: 'picture' }, split: '\uFFFC' };
  if (name === 'footnoteReference' || name === 'endnoteReference') {
    return { info: { type: 'other', disp: name === 'footnoteReference' ? 'footnote' : 'endnote' }, split: '\uFFFC' };
  }
  return { info: { type: 'other', disp: name ?? first.nodeName }, split: '\uFFFC' };
}

function describeNode(node: XNode): Omit<TagInfo, 'kind'> {
  const name = wName(node) ?? node.localName ?? node.nodeName;
  const words: Record<string, string> = {
    bookmarkStart: 'bookmark',
    bookmarkEnd: 'bookmark end',
    del: 'deleted text',
    moveFrom: 'moved text',
    fldSimple: 'field',
    oMath: 'equation',
    oMathPara: 'equation',
    commentRangeStart: 'comment',
    commentRangeEnd: 'comment end',
  };
  return { type: 'other', disp: words[name] ?? name };
}

class PartReader {
  constructor(
    private readonly links: Map<string, string>,
    private readonly fields: FieldState,
  ) {}

  /** The tokens of a paragraph, or of the runs inside a wrapper. */
  tokens(container: XElement, base: XElement | null): Token<DocxCode>[] {
    const out: Token<DocxCode>[] = [];
    const baseKey = formatKey(base);
    for (const child of childElements(container)) {
      const name = wName(child);
      if (name === 'pPr' || (name && DROPPED.has(name))) continue;
      if (name === 'r') this.run(child, baseKey, out);
      else if (name && WRAPPERS.has(name) && !inFieldCode(this.fields)) {
        const content = name === 'sdt' ? wChild(child, 'sdtContent') : child;
        if (!content) {
          out.push({ t: 'ph', data: { kind: 'node', node: child, info: describeNode(child) } });
          continue;
        }
        const inner = dominantFormat(content);
        out.push({ t: 'open', data: { kind: 'wrap', el: child, rPr: inner, info: this.describeWrap(child) } });
        out.push(...this.tokens(content, inner));
        out.push({ t: 'close' });
      } else out.push({ t: 'ph', data: { kind: 'node', node: child, info: describeNode(child) } });
    }
    return fuse(out);
  }

  private describeWrap(el: XElement): Omit<TagInfo, 'kind'> {
    const name = wName(el);
    if (name === 'hyperlink') {
      const id = el.getAttributeNS(R, 'id');
      const anchor = el.getAttributeNS(W, 'anchor');
      const target = (id && this.links.get(id)) || (anchor ? `#${anchor}` : undefined);
      return target ? { type: 'link', disp: target } : { type: 'link' };
    }
    if (name === 'ins' || name === 'moveTo') return { type: 'other', disp: 'tracked insertion' };
    if (name === 'sdt') return { type: 'ui', disp: 'content control' };
    return { type: 'other', disp: name ?? el.nodeName };
  }

  private run(r: XElement, baseKey: string, out: Token<DocxCode>[]): void {
    const rPr = wChild(r, 'rPr') ?? null;
    const differs = formatKey(rPr) !== baseKey;
    if (differs) out.push({ t: 'open', data: { kind: 'run', rPr } });
    let code: XNode[] = [];
    const flushCode = () => {
      if (code.length === 0) return;
      const { info } = describeInRun(code);
      out.push({ t: 'ph', data: { kind: 'inrun', parts: [{ rPr, nodes: code }], info, split: '\uFFFC' } });
      code = [];
    };
    for (const child of childElements(r)) {
      const name = wName(child);
      if (name === 'rPr' || (name && DROPPED.has(name))) continue;
      if (name === 'fldChar') {
        const type = child.getAttributeNS(W, 'fldCharType');
        if (type === 'begin') this.fields.stack.push(true);
        code.push(child);
        if (type === 'separate' && this.fields.stack.length > 0)
          this.fields.stack[this.fields.stack.length - 1] = false;
        if (type === 'end') this.fields.stack.pop();
        continue;
      }
      if (inFieldCode(this.fields) || name === 'instrText') {
        code.push(child);
        continue;
      }
      flushCode();
      if (name === 't') out.push({ t: 'text', text: child.textContent ?? '' });
      else if (name === 'noBreakHyphen') out.push({ t: 'text', text: '\u2011' });
      else if (name === 'softHyphen') out.push({ t: 'text', text: '\u00AD' });
      else {
        const { info, split } = describeInRun([child]);
        out.push({ t: 'ph', data: { kind: 'inrun', parts: [{ rPr, nodes: [child] }], info, split } });
      }
    }
    flushCode();
    if (differs) out.push({ t: 'close' });
  }
}

/**
 * Joins what Word splits for its own reasons: neighbouring runs of the same formatting become one
 * tagged stretch, and the runs of one field code one standalone code.
 */
function fuse(tokens: Token<DocxCode>[]): Token<DocxCode>[] {
  const out: Token<DocxCode>[] = [];
  const opens: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.t === 'open') {
      opens.push(out.length);
      out.push(token);
      continue;
    }
    if (token.t === 'close') {
      const openAt = opens.pop()!;
      const opened = out[openAt];
      const next = tokens[i + 1];
      if (
        opened?.t === 'open' &&
        opened.data.kind === 'run' &&
        next?.t === 'open' &&
        next.data.kind === 'run' &&
        formatKey(next.data.rPr) === formatKey(opened.data.rPr)
      ) {
        opens.push(openAt);
        i++;
        continue;
      }
      out.push(token);
      continue;
    }
    const last = out[out.length - 1];
    if (
      token.t === 'ph' &&
      last?.t === 'ph' &&
      isFieldCode(token.data) &&
      isFieldCode(last.data) &&
      !closesField(last.data)
    ) {
      const parts = [
        ...(last.data as Extract<DocxCode, { kind: 'inrun' }>).parts,
        ...(token.data as Extract<DocxCode, { kind: 'inrun' }>).parts,
      ];
      const nodes = parts.flatMap((part) => part.nodes);
      out[out.length - 1] = {
        t: 'ph',
        data: { kind: 'inrun', parts, info: describeInRun(nodes).info, split: '\uFFFC' },
      };
      continue;
    }
    out.push(token);
  }
  return joinText(out);
}

function isFieldCode(code: DocxCode): boolean {
  return (
    code.kind === 'inrun' &&
    code.parts.every((part) => part.nodes.every((n) => ['fldChar', 'instrText'].includes(wName(n) ?? '')))
  );
}

/** A field's end mark stands alone: the field's result text follows its separator, not its end. */
function closesField(code: DocxCode): boolean {
  if (code.kind !== 'inrun') return false;
  const nodes = code.parts.flatMap((part) => part.nodes);
  const last = nodes[nodes.length - 1];
  return (
    isElement(last) &&
    (last.getAttributeNS(W, 'fldCharType') === 'end' || last.getAttributeNS(W, 'fldCharType') === 'separate')
  );
}

interface Part {
  name: string;
  doc: XDocument;
  changed: boolean;
}

/** The parts whose paragraphs are translated: the main document, then headers, footers and notes. */
async function textParts(zip: JSZip): Promise<{ name: string; code: string; label: string }[]> {
  const main = await mainPartName(zip);
  const folder = main.includes('/') ? main.slice(0, main.lastIndexOf('/') + 1) : '';
  const out = [{ name: main, code: 'p', label: '' }];
  const numbered = (kind: string) =>
    Object.keys(zip.files)
      .map((name) => new RegExp(`^${folder}${kind}(\\d*)\\.xml$`).exec(name))
      .filter((m): m is RegExpExecArray => m !== null)
      .sort((a, b) => Number(a[1] || 0) - Number(b[1] || 0));
  for (const kind of ['header', 'footer']) {
    for (const m of numbered(kind)) out.push({ name: m[0], code: `${kind[0]}${m[1] || 0}p`, label: kind });
  }
  if (zip.file(`${folder}footnotes.xml`)) out.push({ name: `${folder}footnotes.xml`, code: 'fn', label: 'footnote' });
  if (zip.file(`${folder}endnotes.xml`)) out.push({ name: `${folder}endnotes.xml`, code: 'en', label: 'endnote' });
  return out;
}

async function relationships(zip: JSZip, partName: string): Promise<Map<string, string>> {
  const slash = partName.lastIndexOf('/');
  const rels = zip.file(`${partName.slice(0, slash + 1)}_rels/${partName.slice(slash + 1)}.rels`);
  const links = new Map<string, string>();
  if (!rels) return links;
  for (const m of (await rels.async('string')).matchAll(/<Relationship\b[^>]*>/g)) {
    const id = /\bId="([^"]*)"/.exec(m[0])?.[1];
    const target = /\bTarget="([^"]*)"/.exec(m[0])?.[1];
    if (id && target) links.set(id, target.replace(/&amp;/g, '&'));
  }
  return links;
}

function isInFallback(el: XElement): boolean {
  for (let node = el.parentNode; node; node = node.parentNode) {
    if (isElement(node) && node.namespaceURI === MC && node.localName === 'Fallback') return true;
  }
  return false;
}

function paragraphContext(p: XElement, label: string): string {
  const words: string[] = [];
  if (label) words.push(label);
  const style = wChild(wChild(p, 'pPr') ?? p, 'pStyle')?.getAttributeNS(W, 'val');
  if (style) words.push(style);
  for (let node = p.parentNode; node; node = node.parentNode) {
    if (wName(node) === 'tc') {
      words.push('table cell');
      break;
    }
    if (wName(node) === 'txbxContent') {
      words.push('text box');
      break;
    }
  }
  return words.join(', ') || 'paragraph';
}

export async function openDocx(bytes: Uint8Array): Promise<SegmentedDocument<DocxCode>> {
  const zip = await openOfficeZip(bytes, 'a Word document');
  const blocks: Block<DocxCode>[] = [];
  const paragraphs: { p: XElement; base: XElement | null; part: Part }[] = [];
  const parts: Part[] = [];
  let language: { target: string; source: string } | undefined;
  for (const { name, code, label } of await textParts(zip)) {
    const file = zip.file(name);
    if (!file) continue;
    const part: Part = { name, doc: parseXml(await file.async('string'), name), changed: false };
    parts.push(part);
    const reader = new PartReader(await relationships(zip, name), { stack: [] });
    let n = 0;
    for (const p of Array.from(part.doc.getElementsByTagNameNS(W, 'p'))) {
      if (isInFallback(p)) continue;
      n++;
      const base = dominantFormat(p);
      blocks.push({ key: `${code}${n}`, context: paragraphContext(p, label), tokens: reader.tokens(p, base) });
      paragraphs.push({ p, base, part });
    }
  }
  if (parts.length === 0) throw new SegmentError('unreadable', 'the Word document has no main part');
  return {
    blocks,
    describer: {
      describe: (code) => (code.kind === 'run' ? describeRun(code.rPr) : code.info),
      splitterText: (code) => (code.kind === 'inrun' ? code.split : '\uFFFC'),
    },
    replace(index, content) {
      const { p, base, part } = paragraphs[index];
      removeChildren(p, (child) => wName(child) === 'pPr');
      new ParagraphWriter(part.doc, p.prefix).append(p, content, base);
      part.changed = true;
    },
    setLanguage(target, source) {
      language = { target, source };
    },
    async save() {
      if (language && parts.some((part) => part.changed)) {
        const main = parts[0].name;
        const folder = main.includes('/') ? main.slice(0, main.lastIndexOf('/') + 1) : '';
        for (const part of parts) part.changed = relabelLanguage(part.doc, language) || part.changed;
        for (const name of [`${folder}styles.xml`, `${folder}settings.xml`]) {
          const file = zip.file(name);
          if (!file) continue;
          const doc = parseXml(await file.async('string'), name);
          if (relabelLanguage(doc, language)) zip.file(name, serializeXml(doc));
        }
      }
      for (const part of parts) if (part.changed) zip.file(part.name, serializeXml(part.doc));
      return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    },
  };
}

const EAST_ASIAN = new Set(['zh', 'ja', 'ko']);
const RIGHT_TO_LEFT = new Set(['ar', 'he', 'fa', 'ur', 'yi', 'ps', 'sd', 'ug']);

/**
 * Marks text in the source language as the translation's, so that Word checks spelling and
 * hyphenates in the right language: in the slot of the target's script (w:val for Latin and other
 * scripts, w:eastAsia for Chinese, Japanese and Korean, w:bidi for right-to-left scripts), and only
 * where that slot named the source language (a quotation marked as Latin stays Latin). Returns
 * whether anything changed.
 */
function relabelLanguage(doc: XDocument, { target, source }: { target: string; source: string }): boolean {
  const primary = (tag: string) => tag.split(/[-_]/)[0].toLowerCase();
  const slot = EAST_ASIAN.has(primary(target)) ? 'eastAsia' : RIGHT_TO_LEFT.has(primary(target)) ? 'bidi' : 'val';
  let changed = false;
  for (const el of [
    ...Array.from(doc.getElementsByTagNameNS(W, 'lang')),
    ...Array.from(doc.getElementsByTagNameNS(W, 'themeFontLang')),
  ]) {
    const attribute = Array.from(el.attributes).find((a) => a.namespaceURI === W && a.localName === slot);
    if (!attribute || primary(attribute.value) !== primary(source)) continue;
    el.setAttributeNS(W, attribute.name, target);
    changed = true;
  }
  return changed;
}

class ParagraphWriter {
  constructor(
    private readonly doc: XDocument,
    private readonly prefix: string | null,
  ) {}

  private element(name: string): XElement {
    return this.doc.createElementNS(W, this.prefix ? `${this.prefix}:${name}` : name);
  }

  private run(rPr: XElement | null): XElement {
    const r = this.element('r');
    if (rPr) r.appendChild(rPr.cloneNode(true));
    return r;
  }

  append(parent: XNode, nodes: InlineNode<DocxCode>[], rPr: XElement | null): void {
    for (const node of nodes) {
      if (node.t === 'text') {
        const r = this.run(rPr);
        // a line end or a tab typed into a translation is Word's break or tab, not a character
        node.text.split(/(\n|\t)/).forEach((piece) => {
          if (piece === '\n' || piece === '\t') r.appendChild(this.element(piece === '\n' ? 'br' : 'tab'));
          else if (piece !== '') {
            const t = this.element('t');
            t.setAttribute('xml:space', 'preserve');
            t.appendChild(this.doc.createTextNode(piece));
            r.appendChild(t);
          }
        });
        parent.appendChild(r);
      } else if (node.t === 'ph') {
        const code = node.data;
        if (code.kind === 'node') parent.appendChild(code.node);
        else if (code.kind === 'inrun') {
          for (const part of code.parts) {
            const r = this.run(part.rPr);
            for (const n of part.nodes) r.appendChild(n);
            parent.appendChild(r);
          }
        }
      } else {
        const code = node.data;
        if (code.kind === 'run') this.append(parent, node.children, code.rPr);
        else if (code.kind === 'wrap') {
          const wrapper = code.el.cloneNode(false) as XElement;
          let content: XNode = wrapper;
          if (wName(code.el) === 'sdt') {
            for (const child of childElements(code.el)) {
              if (wName(child) !== 'sdtContent') wrapper.appendChild(child.cloneNode(true));
            }
            content = this.element('sdtContent');
            wrapper.appendChild(content);
          }
          this.append(content, node.children, code.rPr);
          parent.appendChild(wrapper);
        }
      }
    }
  }
}
