// Real documents made at test time (no binaries in the repository): .docx by hand with jszip,
// .pdf with pdfkit, .xlsx with exceljs.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { createRequire } from 'node:module';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A minimal Word document: one paragraph per entry; an entry given as runs is one paragraph of several runs. */
export async function makeDocx(paragraphs: (string | string[])[]): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      '</Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
      '</Relationships>',
  );
  const body = paragraphs
    .map((paragraph) => {
      const runs = Array.isArray(paragraph) ? paragraph : [paragraph];
      return `<w:p>${runs.map((run) => `<w:r><w:t xml:space="preserve">${escapeXml(run)}</w:t></w:r>`).join('')}</w:p>`;
    })
    .join('');
  zip.file(
    'word/document.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
      `<w:body>${body}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

// pdfkit ships no types; this is the part of its API the fixtures use.
interface PdfKitDocument {
  text(text: string, options?: { width?: number }): PdfKitDocument;
  addPage(): PdfKitDocument;
  rect(x: number, y: number, width: number, height: number): PdfKitDocument;
  stroke(): PdfKitDocument;
  on(event: 'data', listener: (chunk: Buffer) => void): PdfKitDocument;
  on(event: 'end', listener: () => void): PdfKitDocument;
  on(event: 'error', listener: (error: Error) => void): PdfKitDocument;
  end(): void;
}
type PdfKitConstructor = new (options?: { autoFirstPage?: boolean; compress?: boolean }) => PdfKitDocument;
const PDFDocument = createRequire(import.meta.url)('pdfkit') as PdfKitConstructor;

/** A PDF with one page per entry: the page's text, or null for a page with only a drawn rectangle. */
export function makePdf(pages: (string | null)[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (const page of pages) {
      doc.addPage();
      if (page === null) doc.rect(100, 100, 200, 120).stroke();
      else doc.text(page, { width: 450 });
    }
    doc.end();
  });
}

/** A workbook: sheet name -> rows of cell values. */
export async function makeXlsx(
  sheets: Record<string, ExcelJS.CellValue[][]>,
  edit?: (workbook: ExcelJS.Workbook) => void,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  edit?.(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
