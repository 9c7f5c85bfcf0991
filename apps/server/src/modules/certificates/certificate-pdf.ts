import { createRequire } from 'node:module';
import QRCode from 'qrcode';
import type { CertificatePublic } from '@parlance/shared';

// The certificate as a PDF (pdfkit, built-in fonts, as the invoices): the statement of accuracy,
// languages, the delivered files with their SHA-256, dates, the number, and a QR code of the public
// verification page.

// pdfkit ships no types; this is the part of its API used here.
interface PdfDoc {
  fontSize(size: number): PdfDoc;
  font(name: string): PdfDoc;
  fillColor(color: string): PdfDoc;
  text(text: string, x?: number, y?: number, options?: { width?: number; align?: 'left' | 'right' | 'center' }): PdfDoc;
  image(src: Buffer, x: number, y: number, options?: { width?: number }): PdfDoc;
  rect(x: number, y: number, w: number, h: number): PdfDoc;
  moveTo(x: number, y: number): PdfDoc;
  lineTo(x: number, y: number): PdfDoc;
  lineWidth(w: number): PdfDoc;
  stroke(): PdfDoc;
  addPage(): PdfDoc;
  y: number;
  on(event: 'data', listener: (chunk: Buffer) => void): PdfDoc;
  on(event: 'end', listener: () => void): PdfDoc;
  on(event: 'error', listener: (error: Error) => void): PdfDoc;
  end(): void;
}
type PdfDocConstructor = new (options?: { size?: string; margin?: number; info?: Record<string, string> }) => PdfDoc;
const PDFDocument = createRequire(import.meta.url)('pdfkit') as PdfDocConstructor;

const day = (iso: string) => iso.slice(0, 10);

/** Renders the certificate; `verifyUrl` is what the QR code holds. Resolves with the PDF bytes. */
export async function renderCertificatePdf(c: CertificatePublic, verifyUrl: string): Promise<Buffer> {
  const qr = await QRCode.toBuffer(verifyUrl, { type: 'png', margin: 1, width: 240, errorCorrectionLevel: 'M' });
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      info: { Title: `Certificate of translation accuracy ${c.number}`, Subject: verifyUrl },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.lineWidth(1.5).rect(30, 30, 535, 782).stroke();
    doc.font('Helvetica-Bold').fontSize(13).text('Parlance', 50, 50);
    doc.font('Helvetica').fontSize(9).text('Translation services marketplace', 50, 67);
    doc.font('Helvetica-Bold').fontSize(10).text(`No. ${c.number}`, 300, 50, { width: 245, align: 'right' });
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(`Issued ${day(c.issuedAt)}`, 300, 65, { width: 245, align: 'right' });

    doc.font('Helvetica-Bold').fontSize(22).text('Certificate of Translation Accuracy', 50, 110, {
      width: 495,
      align: 'center',
    });
    doc
      .font('Helvetica')
      .fontSize(12)
      .text(`${c.sourceLanguage} into ${c.targetLanguage}`, 50, 145, { width: 495, align: 'center' });

    doc.font('Helvetica').fontSize(11).text(c.statement, 50, 190, { width: 495 });
    let y = doc.y + 18;

    const rows: [string, string][] = [
      ['Certificate number', c.number],
      ['Source language', c.sourceLanguage],
      ['Target language', c.targetLanguage],
      ['Translator', c.translatorName],
      ['Reference', c.projectReference],
      ['Date of issue', day(c.issuedAt)],
    ];
    for (const [label, value] of rows) {
      doc.font('Helvetica-Bold').fontSize(10).text(label, 50, y, { width: 130 });
      doc.font('Helvetica').fontSize(10).text(value, 185, y, { width: 360 });
      y = Math.max(doc.y, y + 14) + 2;
    }

    y += 12;
    doc.font('Helvetica-Bold').fontSize(11).text('Translated files (SHA-256 of the delivered bytes)', 50, y);
    y = doc.y + 6;
    for (const f of c.files) {
      if (y > 640) {
        doc.addPage();
        y = 50;
      }
      doc.font('Helvetica').fontSize(10).text(f.name, 50, y, { width: 495 });
      doc
        .font('Courier')
        .fontSize(8.5)
        .text(f.sha256, 50, doc.y + 1, { width: 495 });
      y = doc.y + 8;
    }
    if (c.files.length === 0) {
      doc.font('Helvetica').fontSize(10).text('No delivered file.', 50, y);
      y = doc.y + 8;
    }

    const bottom = Math.max(y + 20, 640);
    if (bottom > 700) doc.addPage();
    const qrY = bottom > 700 ? 50 : bottom;
    doc.image(qr, 50, qrY, { width: 110 });
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .text('Verify this certificate', 175, qrY + 10, { width: 370 });
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(
        'Scan the code or open the address below: it shows whether the certificate is valid and the SHA-256 of each file, to compare with the files you hold.',
        175,
        qrY + 26,
        { width: 370 },
      );
    doc
      .font('Courier')
      .fontSize(9)
      .text(verifyUrl, 175, doc.y + 6, { width: 370 });
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(`Signed: ${c.translatorName}, translator, ${day(c.issuedAt)}`, 175, doc.y + 10, { width: 370 });
    doc.end();
  });
}
