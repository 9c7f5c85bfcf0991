import { load } from 'cheerio';
import { type AnyNode, type ChildNode, type Element, isTag, isText, type ParentNode, Text } from 'domhandler';
import { decodeHtml } from '../../documents/extract-text';
import type { Block, InlineNode, Token } from '../inline';
import type { SegmentedDocument, TagInfo } from '../model';

// Web pages: every stretch of text and inline elements inside a block element (a paragraph, a
// heading, a list item, a table cell, the title) is a block; inline elements with content (<b>,
// <a href>, <span class>) become paired codes that carry the element with all its attributes, and
// empty or embedded ones (<br>, <img>, <script>, comments) standalone codes that carry the node
// itself. The attributes people read (alt, title, placeholder, aria-label, a page description,
// a button's value) are blocks of their own. Elements marked translate="no" stay as they are.

export type HtmlCode = { node: AnyNode };

const INLINE = new Set(
  'a abbr acronym b bdi bdo big button cite code data del dfn em font i ins kbd label mark q s samp small span strike strong sub sup time tt u var'.split(
    ' ',
  ),
);
/** Inline elements that hold no words of the text around them: kept whole as standalone codes. */
const EMBEDDED = new Set(
  'br wbr img input script style noscript template svg math iframe object embed video audio canvas textarea picture'.split(
    ' ',
  ),
);
/** Block-level elements whose content is not text for a reader. */
const NOT_TEXT = new Set(['script', 'style', 'noscript', 'template', 'svg', 'math', 'textarea', 'iframe', 'object']);
const ATTRIBUTES = ['alt', 'title', 'placeholder', 'aria-label'];
const SUBTYPES: Record<string, string> = { b: 'xlf:b', strong: 'xlf:b', i: 'xlf:i', em: 'xlf:i', u: 'xlf:u' };
const HTML_SPACE = /[ \t\n\r\f]+/g;

function isNoTranslate(node: AnyNode): boolean {
  return isTag(node) && node.attribs.translate?.toLowerCase() === 'no';
}

function hasBlockInside(el: Element): boolean {
  return el.children.some(
    (child) => isTag(child) && ((!INLINE.has(child.name) && !EMBEDDED.has(child.name)) || hasBlockInside(child)),
  );
}

/** Whether a node belongs to the line of text around it (rather than starting a block of its own). */
function isInline(node: AnyNode): boolean {
  if (!isTag(node)) return true;
  if (EMBEDDED.has(node.name)) return true;
  return INLINE.has(node.name) && !hasBlockInside(node);
}

function describe({ node }: HtmlCode): Omit<TagInfo, 'kind'> {
  if (!isTag(node)) return { type: 'other', disp: node.type === 'comment' ? 'comment' : node.type };
  const name = node.name;
  if (name === 'br') return { type: 'fmt', subType: 'xlf:lb', equiv: '\n' };
  if (name === 'img') return { type: 'image', disp: node.attribs.src ?? 'img' };
  if (name === 'a') return { type: 'link', disp: node.attribs.href ?? 'a' };
  if (SUBTYPES[name]) return { type: 'fmt', subType: SUBTYPES[name] };
  return { type: name === 'button' || name === 'input' ? 'ui' : 'fmt', disp: name };
}

interface TextUnit {
  kind: 'text';
  run: ChildNode[];
}
interface AttributeUnit {
  kind: 'attribute';
  el: Element;
  name: string;
}

export function openHtml(bytes: Uint8Array): SegmentedDocument<HtmlCode> {
  const source = decodeHtml(bytes, '');
  const isDocument = /^\s*(<!--[\s\S]*?-->\s*)*<(!doctype|html[\s>]|head[\s>]|body[\s>])/i.test(source);
  // XHTML must stay well-formed XML, so it is read and written as XML
  const xml = /^\uFEFF?\s*<\?xml/.test(source);
  const $ = xml ? load(source, { xml: { xmlMode: true, decodeEntities: true } }) : load(source, {}, isDocument);
  const root = $.root()[0];
  const blocks: Block<HtmlCode>[] = [];
  const units: (TextUnit | AttributeUnit)[] = [];
  let texts = 0;
  let attributes = 0;

  const addAttributes = (el: Element) => {
    const names = [...ATTRIBUTES];
    // the page's description and its preview in search results and social posts
    const meta = el.attribs.name ?? el.attribs.property ?? '';
    if (
      el.name === 'meta' &&
      /^(description|keywords|og:title|og:description|og:site_name|twitter:title|twitter:description)$/i.test(meta)
    ) {
      names.push('content');
    }
    if (el.name === 'input' && /^(submit|button|reset)$/i.test(el.attribs.type ?? '')) names.push('value');
    for (const name of names) {
      const value = el.attribs[name];
      if (!value || !/\p{L}/u.test(value)) continue;
      units.push({ kind: 'attribute', el, name });
      blocks.push({ key: `a${++attributes}`, context: `${el.name} ${name}`, tokens: [{ t: 'text', text: value }] });
    }
  };

  // attributes of the elements inside a stretch of inline text come right after that stretch
  const attributesWithin = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (!isTag(node) || isNoTranslate(node)) continue;
      // a text area's content is the visitor's, but its placeholder is the page's
      addAttributes(node);
      if (!NOT_TEXT.has(node.name)) attributesWithin(node.children);
    }
  };

  const flush = (run: ChildNode[], container: ParentNode) => {
    if (run.length === 0) return;
    const pre = isInsidePre(container);
    const tokens = collapseSpaces(inlineTokens(run), pre);
    if (tokens.some((token) => token.t === 'text' && /\S/.test(token.text))) {
      units.push({ kind: 'text', run: [...run] });
      const context = isTag(container) ? container.name : 'text';
      blocks.push({ key: `b${++texts}`, context, tokens });
    }
    attributesWithin(run);
  };

  const visit = (container: ParentNode) => {
    let run: ChildNode[] = [];
    for (const child of container.children) {
      if (isTag(child) && child.name === 'head') {
        flush(run, container);
        run = [];
        visitHead(child);
      } else if (isInline(child)) run.push(child);
      else {
        flush(run, container);
        run = [];
        if (isTag(child) && !isNoTranslate(child)) {
          addAttributes(child);
          if (!NOT_TEXT.has(child.name)) visit(child);
        }
      }
    }
    flush(run, container);
  };

  const visitHead = (head: Element) => {
    for (const child of head.children) {
      if (!isTag(child)) continue;
      if (child.name === 'title') visit(child);
      else if (child.name === 'meta') addAttributes(child);
    }
  };

  visit(root);
  const changes = new Map<number, InlineNode<HtmlCode>[]>();
  let language: string | undefined;
  return {
    blocks,
    describer: {
      describe,
      splitterText: ({ node }) => (isTag(node) && node.name === 'br' ? ' ' : '\uFFFC'),
    },
    replace(index, content) {
      changes.set(index, content);
    },
    setLanguage(target) {
      language = target;
    },
    async save() {
      if (changes.size === 0) return Buffer.from(bytes);
      // attributes first: a rebuilt text copies the elements around it, attributes included
      for (const [index, content] of changes) {
        const unit = units[index];
        if (unit.kind === 'attribute') unit.el.attribs[unit.name] = plain(content);
      }
      for (const [index, content] of changes) {
        const unit = units[index];
        if (unit.kind === 'text') replaceRun(unit.run, content);
      }
      // the page now speaks the translation's language (browsers pick fonts, screen readers voices by it)
      if (language) {
        $('html[lang]').attr('lang', language);
        $('html[xml\\:lang]').attr('xml:lang', language);
      }
      // the page is written as UTF-8, so it must not claim another character set
      $('meta[charset]').attr('charset', 'utf-8');
      $('meta[http-equiv]')
        .filter((_, el) => /^content-type$/i.test(el.attribs['http-equiv'] ?? ''))
        .attr('content', 'text/html; charset=utf-8');
      return Buffer.from(xml ? $.xml() : $.html(), 'utf8');
    },
  };
}

function isInsidePre(node: ParentNode | null): boolean {
  for (let at: ParentNode | null = node; at; at = at.parent) {
    if (isTag(at) && (at.name === 'pre' || at.name === 'textarea')) return true;
  }
  return false;
}

function inlineTokens(nodes: ChildNode[]): Token<HtmlCode>[] {
  const out: Token<HtmlCode>[] = [];
  for (const node of nodes) {
    if (isText(node)) out.push({ t: 'text', text: node.data });
    else if (!isTag(node) || EMBEDDED.has(node.name) || isNoTranslate(node) || node.children.length === 0) {
      out.push({ t: 'ph', data: { node } });
    } else {
      out.push({ t: 'open', data: { node } });
      out.push(...inlineTokens(node.children));
      out.push({ t: 'close' });
    }
  }
  return out;
}

/** HTML shows a run of spaces and line ends as one space; outside <pre> a segment does too. */
function collapseSpaces(tokens: Token<HtmlCode>[], pre: boolean): Token<HtmlCode>[] {
  if (pre) return tokens;
  let afterSpace = true;
  const out: Token<HtmlCode>[] = [];
  for (const token of tokens) {
    if (token.t === 'ph') afterSpace = false;
    if (token.t !== 'text') {
      out.push(token);
      continue;
    }
    let text = token.text.replace(HTML_SPACE, ' ');
    if (afterSpace && text.startsWith(' ')) text = text.slice(1);
    if (text === '') continue;
    afterSpace = text.endsWith(' ');
    out.push({ t: 'text', text });
  }
  return out;
}

function plain(nodes: InlineNode<HtmlCode>[]): string {
  return nodes.map((node) => (node.t === 'text' ? node.text : node.t === 'pc' ? plain(node.children) : '')).join('');
}

function build(nodes: InlineNode<HtmlCode>[]): ChildNode[] {
  return nodes.map((node): ChildNode => {
    if (node.t === 'text') return new Text(node.text);
    if (node.t === 'ph') return detach(node.data.node as ChildNode);
    const el = (node.data.node as Element).cloneNode(false);
    adopt(el, build(node.children));
    return el;
  });
}

function detach(node: ChildNode): ChildNode {
  const parent = node.parent;
  if (parent) {
    const at = parent.children.indexOf(node);
    if (at >= 0) parent.children.splice(at, 1);
    relink(parent);
  }
  node.parent = null;
  return node;
}

function relink(parent: ParentNode): void {
  parent.children.forEach((child, i) => {
    child.parent = parent;
    child.prev = parent.children[i - 1] ?? null;
    child.next = parent.children[i + 1] ?? null;
  });
}

function adopt(parent: ParentNode, children: ChildNode[]): void {
  parent.children.push(...children);
  relink(parent);
}

/** Puts new nodes where a stretch of inline nodes was (the stretch is contiguous in its parent). */
function replaceRun(run: ChildNode[], content: InlineNode<HtmlCode>[]): void {
  const parent = run[0].parent;
  if (!parent) return;
  const at = parent.children.indexOf(run[0]);
  parent.children.splice(at, run.length);
  for (const node of run) node.parent = null;
  // built after the old stretch is out: standalone codes move from it into the new one
  parent.children.splice(at, 0, ...build(content));
  relink(parent);
}
