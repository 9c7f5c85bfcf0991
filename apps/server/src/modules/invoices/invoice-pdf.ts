import { createRequire } from 'node:module';
import type { SellerDetails } from '../../config';
import type { Invoice } from './create-invoice';

// An invoice, receipt or credit note as a PDF (pdfkit, built-in Helvetica): the seller (from the
// configuration), number, date, billing details, lines, totals in credits and US dollars; a credit
// note names the invoice it corrects.

// pdfkit ships no types; this is the part of its API used here.
interface PdfDoc {
  fontSize(size: number): PdfDoc;
  font(name: string): PdfDoc;
  text(text: string, x?: number, y?: number, options?: { width?: number; align?: 'left' | 'right' }): PdfDoc;
  moveDown(lines?: number): PdfDoc;
  moveTo(x: number, y: number): PdfDoc;
  lineTo(x: number, y: number): PdfDoc;
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

export function formatCredits(credits: number): string {
  return credits.toLocaleString('en-US');
}

export function formatUsd(credits: number): string {
  const sign = credits < 0 ? '-' : '';
  const abs = Math.abs(credits);
  return `${sign}$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}

function billingLines(billing: Record<string, string | null>): string[] {
  const person = [billing.firstName, billing.lastName].filter(Boolean).join(' ') || billing.name || '';
  const cityLine = [billing.zipCode, billing.city].filter(Boolean).join(' ');
  return [
    billing.company ?? '',
    person,
    billing.address ?? '',
    cityLine,
    billing.country ?? '',
    billing.vatId ? `VAT ID: ${billing.vatId}` : '',
    billing.email ?? '',
    billing.phone ? `Phone: ${billing.phone}` : '',
  ].filter((l) => l.trim() !== '');
}

export const DOCUMENT_TITLES: Record<Invoice['documentType'], string> = {
  invoice: 'Invoice',
  receipt: 'Receipt',
  credit_note: 'Credit note',
};

function subtitleOf(invoice: Invoice, correctedNumber: string | null): string {
  if (invoice.documentType === 'credit_note') {
    return correctedNumber ? `Corrects invoice ${correctedNumber}` : 'Refund to prepaid credits';
  }
  if (invoice.documentType === 'receipt') return 'Prepaid credits';
  return invoice.kind === 'order' ? 'Translation order' : 'Credits purchase';
}

function footnoteOf(invoice: Invoice): string {
  if (invoice.documentType === 'receipt') {
    return 'Prepaid credits carry no VAT: VAT is invoiced when credits pay for an order. 1 credit = 0.01 USD.';
  }
  if (invoice.documentType === 'credit_note') {
    return 'The amounts above are given back to your prepaid credits. 1 credit = 0.01 USD.';
  }
  return '1 credit = 0.01 USD. Amounts in credits are what was charged.';
}

/** Renders the document with its seller; resolves with the PDF bytes. */
export function renderInvoicePdf(
  invoice: Invoice,
  seller: SellerDetails,
  correctedNumber: string | null = null,
): Promise<Buffer> {
  const title = `${DOCUMENT_TITLES[invoice.documentType]} ${invoice.number}`;
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title } });
    const chunks: Buffer[] = [];
    doc.on('data', (c) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.font('Helvetica-Bold').fontSize(14).text(seller.name, 50, 50, { width: 240 });
    doc.font('Helvetica').fontSize(9);
    let sellerY = doc.y + 2;
    for (const line of [...seller.address, `VAT number: ${seller.vatNumber}`, seller.email]) {
      doc.text(line, 50, sellerY, { width: 240 });
      sellerY = doc.y;
    }
    doc.font('Helvetica-Bold').fontSize(16).text(title, 300, 50, { width: 245, align: 'right' });
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(`Date: ${invoice.createdAt.toISOString().slice(0, 10)}`, 300, 75, { width: 245, align: 'right' })
      .text(subtitleOf(invoice, correctedNumber), 300, 90, { width: 245, align: 'right' });

    const billedY = Math.max(sellerY + 20, 130);
    doc.font('Helvetica-Bold').fontSize(11).text('Billed to', 50, billedY);
    doc.font('Helvetica').fontSize(10);
    let y = billedY + 18;
    for (const line of billingLines(invoice.billing)) {
      doc.text(line, 50, y, { width: 300 });
      y += 14;
    }

    y = Math.max(y + 20, 270);
    doc.font('Helvetica-Bold').fontSize(10);
    doc.text('Description', 50, y).text('Qty', 330, y, { width: 40, align: 'right' });
    doc
      .text('Unit (credits)', 375, y, { width: 80, align: 'right' })
      .text('Total (credits)', 460, y, { width: 85, align: 'right' });
    doc
      .moveTo(50, y + 14)
      .lineTo(545, y + 14)
      .stroke();
    y += 22;
    doc.font('Helvetica');
    for (const line of invoice.lines) {
      if (y > 720) {
        doc.addPage();
        y = 50;
      }
      doc.text(line.description, 50, y, { width: 275 });
      const height = Math.max(14, doc.y - y);
      doc.text(String(line.quantity), 330, y, { width: 40, align: 'right' });
      doc.text(formatCredits(line.unitCredits), 375, y, { width: 80, align: 'right' });
      doc.text(formatCredits(line.totalCredits), 460, y, { width: 85, align: 'right' });
      y += height + 6;
    }
    doc.moveTo(50, y).lineTo(545, y).stroke();
    y += 10;
    const sign = invoice.documentType === 'credit_note' ? -1 : 1;
    const totals: [string, number][] = [
      ['Subtotal', sign * invoice.subtotalCredits],
      ['Discount', -sign * invoice.discountCredits],
      ['VAT', sign * invoice.vatCredits],
      [invoice.documentType === 'credit_note' ? 'Total credited' : 'Total', sign * invoice.totalCredits],
    ];
    for (const [label, credits] of totals) {
      doc.font(label.startsWith('Total') ? 'Helvetica-Bold' : 'Helvetica');
      doc.text(label, 300, y, { width: 100 });
      doc.text(`${formatCredits(credits)} credits`, 375, y, { width: 90, align: 'right' });
      doc.text(formatUsd(credits), 470, y, { width: 75, align: 'right' });
      y += 16;
    }
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(footnoteOf(invoice), 50, y + 20);
    doc.end();
  });
}
