import JSZip from 'jszip';
import { extractText, getDocumentProxy } from 'unpdf';
import { SegmentError } from '../errors';
import type { Block, InlineNode, Token } from '../inline';
import type { SegmentedDocument } from '../model';
import { escapeXml } from '../xml-dom';

// A PDF is read as text (pages, then paragraphs rebuilt from its lines) and delivered as a Word
// document with the same paragraphs and a page break where each page ended. Layout, fonts,
// pictures and tables of the PDF are not kept: a PDF has no editable structure to put words back
// into, and a translator's client gets a document they can still edit.

export type PdfCode = never;

/** Lines of a page as paragraphs: a blank line, or a short line ending a sentence, ends one. */
function paragraphsOf(page: string): string[] {
  const lines = page.split(/\r\n|\r|\n/).map((line) => line.trim());
  const longest = Math.max(0, ...lines.map((line) => line.length));
  const out: string[] = [];
  let current = '';
  const end = () => {
    if (current.trim() !== '') out.push(current.trim());
    current = '';
  };
  for (const line of lines) {
    if (line === '') {
      end();
      continue;
    }
    if (current.endsWith('-') && /^\p{Ll}/u.test(line)) current = current.slice(0, -1) + line;
    else current = current ? `${current} ${line}` : line;
    if (/[.!?:]["')\]]?$/.test(line) && line.length < longest * 0.8) end();
  }
  end();
  return out;
}

export async function openPdf(bytes: Uint8Array): Promise<SegmentedDocument<PdfCode>> {
  let pages: string[];
  try {
    // PDF.js may take over the buffer it is given, so it gets a copy
    const pdf = await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, stopAtErrors: false });
    try {
      pages = (await extractText(pdf, { mergePages: false })).text;
    } finally {
      await pdf.destroy();
    }
  } catch (error) {
    throw new SegmentError(
      'unreadable',
      `it is not a readable PDF (${error instanceof Error ? error.message : error})`,
    );
  }
  const blocks: Block<PdfCode>[] = [];
  const pageOf: number[] = [];
  pages.forEach((page, p) => {
    paragraphsOf(page).forEach((text, n) => {
      blocks.push({ key: `pg${p + 1}p${n + 1}`, context: `page ${p + 1}`, tokens: [{ t: 'text', text }] });
      pageOf.push(p);
    });
  });
  const contents: string[] = blocks.map((block) => plain(block.tokens));
  return {
    blocks,
    describer: { describe: () => ({}) },
    replace(index, content) {
      contents[index] = plainTree(content);
    },
    save: () =>
      wordDocument(
        pages.length,
        contents.map((text, i) => ({ text, page: pageOf[i] })),
      ),
  };
}

function plain(tokens: Token<PdfCode>[]): string {
  return tokens.map((token) => (token.t === 'text' ? token.text : '')).join('');
}

function plainTree(nodes: InlineNode<PdfCode>[]): string {
  return nodes.map((node) => (node.t === 'text' ? node.text : '')).join('');
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/** The smallest Word package that Word, LibreOffice and Google Docs open: one part, no styles. */
async function wordDocument(pageCount: number, paragraphs: { text: string; page: number }[]): Promise<Buffer> {
  const body: string[] = [];
  for (let page = 0; page < pageCount; page++) {
    if (page > 0) body.push('<w:p><w:r><w:br w:type="page"/></w:r></w:p>');
    for (const paragraph of paragraphs.filter((p) => p.page === page)) {
      body.push(`<w:p><w:r><w:t xml:space="preserve">${escapeXml(paragraph.text)}</w:t></w:r></w:p>`);
    }
  }
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      '</Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
      '</Relationships>',
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="${W}"><w:body>${body.join('')}<w:sectPr/></w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
