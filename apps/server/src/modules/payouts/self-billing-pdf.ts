import { createRequire } from 'node:module';
import { PAYOUT_METHOD_LABELS } from '@parlance/shared';
import { formatCredits, formatUsd } from '../invoices/invoice-pdf';
import type { PayoutRow } from './service';

// The self-billing invoice of a paid payout: the platform invoices itself on the translator's
// behalf for the translation services the payout pays (pdfkit, built-in Helvetica).

interface PdfDoc {
  fontSize(size: number): PdfDoc;
  font(name: string): PdfDoc;
  text(text: string, x?: number, y?: number, options?: { width?: number; align?: 'left' | 'right' }): PdfDoc;
  moveDown(lines?: number): PdfDoc;
  on(event: 'data', listener: (chunk: Buffer) => void): PdfDoc;
  on(event: 'end', listener: () => void): PdfDoc;
  on(event: 'error', listener: (error: Error) => void): PdfDoc;
  end(): void;
}
type PdfDocConstructor = new (options?: { size?: string; margin?: number; info?: Record<string, string> }) => PdfDoc;
const PDFDocument = createRequire(import.meta.url)('pdfkit') as PdfDocConstructor;

export function selfBillingNumber(row: PayoutRow): string {
  return `SB-${(row.paidAt ?? row.createdAt).getUTCFullYear()}-${String(row.id).padStart(6, '0')}`;
}

export function renderSelfBillingPdf(row: PayoutRow, payee: { name: string; email: string }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const number = selfBillingNumber(row);
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Self-billing invoice ${number}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (c) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica-Bold').fontSize(20).text('Self-billing invoice', 50, 50);
    doc.font('Helvetica').fontSize(10).moveDown();
    doc.text(`Number: ${number}`);
    doc.text(`Date: ${(row.paidAt ?? row.updatedAt).toISOString().slice(0, 10)}`);
    doc.moveDown();
    doc.font('Helvetica-Bold').text('Supplier (translator)');
    doc.font('Helvetica').text(payee.name).text(payee.email);
    doc.moveDown();
    doc.font('Helvetica-Bold').text('Customer');
    doc.font('Helvetica').text('Parlance');
    doc.moveDown();
    doc.text(`Translation services paid by ${PAYOUT_METHOD_LABELS[row.method]} to ${row.account}`);
    doc.moveDown();
    doc.text(`Credits converted: ${formatCredits(row.amount)} (${formatUsd(row.amount)})`);
    doc.text(`Payout fee: ${formatUsd(row.fee)}`);
    doc.font('Helvetica-Bold').text(`Paid: ${formatUsd(row.amount - row.fee)}`);
    doc.font('Helvetica').moveDown();
    doc.text('Issued by the customer on behalf of the supplier under a self-billing agreement.');
    doc.end();
  });
}
