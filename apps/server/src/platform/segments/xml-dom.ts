import { createRequire } from 'node:module';
import { SegmentError } from './errors';

// @xmldom/xmldom's own typings pull the browser's DOM library into the whole server build, where
// its fetch and Buffer types clash with Node's. The few DOM members the formats use are typed here.

export interface XNode {
  readonly nodeType: number;
  readonly nodeName: string;
  readonly localName: string | null;
  readonly prefix: string | null;
  readonly namespaceURI: string | null;
  readonly parentNode: XNode | null;
  readonly childNodes: ArrayLike<XNode>;
  readonly firstChild: XNode | null;
  readonly nextSibling: XNode | null;
  readonly ownerDocument: XDocument;
  textContent: string | null;
  data?: string;
  appendChild(node: XNode): XNode;
  removeChild(node: XNode): XNode;
  insertBefore(node: XNode, before: XNode | null): XNode;
  cloneNode(deep: boolean): XNode;
}

export interface XElement extends XNode {
  readonly tagName: string;
  getAttribute(name: string): string | null;
  getAttributeNS(namespace: string | null, name: string): string | null;
  setAttribute(name: string, value: string): void;
  hasAttribute(name: string): boolean;
  removeAttribute(name: string): void;
  getElementsByTagName(name: string): ArrayLike<XElement>;
  getElementsByTagNameNS(namespace: string, name: string): ArrayLike<XElement>;
  readonly attributes: ArrayLike<{ name: string; value: string; localName: string; namespaceURI: string | null }>;
  setAttributeNS(namespace: string | null, qualifiedName: string, value: string): void;
}

export interface XDocument extends XNode {
  readonly documentElement: XElement;
  createElementNS(namespace: string | null, name: string): XElement;
  createTextNode(text: string): XNode;
  getElementsByTagName(name: string): ArrayLike<XElement>;
  getElementsByTagNameNS(namespace: string, name: string): ArrayLike<XElement>;
}

interface XmldomModule {
  DOMParser: new (options?: {
    errorHandler?: (level: string, message: string) => void;
  }) => {
    parseFromString(source: string, mimeType: string): XDocument;
  };
  XMLSerializer: new () => { serializeToString(node: XNode): string };
}

const xmldom = createRequire(import.meta.url)('@xmldom/xmldom') as XmldomModule;

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;

/** Parses XML; a broken part makes the whole file unreadable (a warning is not enough to stop). */
export function parseXml(source: string, what: string): XDocument {
  const problems: string[] = [];
  const parser = new xmldom.DOMParser({
    errorHandler: (level, message) => {
      if (level !== 'warning') problems.push(message.replace(/^\[xmldom \w+\]\t/, '').replace(/\s*@#\[line:.*$/s, ''));
    },
  });
  let doc: XDocument;
  try {
    doc = parser.parseFromString(source, 'text/xml');
  } catch (error) {
    throw new SegmentError('unreadable', `${what} is not well-formed XML (${String(error)})`);
  }
  if (problems.length > 0 || !doc?.documentElement) {
    throw new SegmentError('unreadable', `${what} is not well-formed XML (${problems[0] ?? 'no root element'})`);
  }
  return doc;
}

export function serializeXml(doc: XNode): string {
  return new xmldom.XMLSerializer().serializeToString(doc);
}

export function isElement(node: XNode | null | undefined): node is XElement {
  return node?.nodeType === ELEMENT_NODE;
}

export function childElements(node: XNode): XElement[] {
  return Array.from(node.childNodes).filter(isElement);
}

export function firstChildNamed(node: XNode, name: string): XElement | undefined {
  return childElements(node).find((child) => child.nodeName === name);
}

export function removeChildren(node: XNode, keep: (child: XNode) => boolean = () => false): void {
  for (const child of Array.from(node.childNodes)) if (!keep(child)) node.removeChild(child);
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Text for XML content or a double-quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => XML_ESCAPES[c]);
}
