import { createRequire } from 'node:module';
import { stringify } from 'csv-stringify/sync';
import {
  CREDIT_ACTION_LABELS,
  STATEMENT_EXPORT_MAX_LINES,
  type StatementExport,
  type StatementRow,
} from '@parlance/shared';
import type { Db } from '../../db/client';
import type { UserAccountKind } from '../../db/schema';
import type { MailMessage } from '../../platform/mail';
import { loadStatement } from './service';

// The statement mailed as a file (POST /fileService/sendCustomerReportAsFile): the same lines as the
// screen (same query, newest first), as CSV or a PDF table, attached to a mail to the given address.

/** The columns; the balance in the user's currency is labelled with its code. */
function columnsIn(currency: string): string[] {
  return [
    'Date',
    'Action',
    'Description',
    'Amount (credits)',
    'Estimated value (USD)',
    'Balance (credits)',
    `Balance (${currency})`,
    'Words',
  ];
}

function cells(r: StatementRow): string[] {
  return [
    r.date.slice(0, 10),
    r.actionLabel,
    r.description,
    String(r.amount),
    r.estimatedValue,
    String(r.balance),
    r.currencyBalance,
    r.wordcount === null ? '' : String(r.wordcount),
  ];
}

export function statementCsv(rows: StatementRow[], currency = 'USD'): Buffer {
  return Buffer.from(stringify([columnsIn(currency), ...rows.map(cells)]), 'utf8');
}

interface PdfDoc {
  fontSize(size: number): PdfDoc;
  font(name: string): PdfDoc;
  text(
    text: string,
    x?: number,
    y?: number,
    options?: { width?: number; align?: 'left' | 'right'; lineBreak?: boolean },
  ): PdfDoc;
  moveDown(lines?: number): PdfDoc;
  addPage(): PdfDoc;
  y: number;
  on(event: 'data', listener: (chunk: Buffer) => void): PdfDoc;
  on(event: 'end', listener: () => void): PdfDoc;
  on(event: 'error', listener: (error: Error) => void): PdfDoc;
  end(): void;
}
type PdfDocConstructor = new (options?: {
  size?: string;
  layout?: string;
  margin?: number;
  info?: Record<string, string>;
}) => PdfDoc;
const PDFDocument = createRequire(import.meta.url)('pdfkit') as PdfDocConstructor;

const WIDTHS = [70, 100, 230, 80, 80, 80, 80, 50];

export function statementPdf(rows: StatementRow[], title: string, currency = 'USD'): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 36, info: { Title: title } });
    const chunks: Buffer[] = [];
    doc.on('data', (c) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica-Bold').fontSize(16).text(title);
    doc.moveDown(0.5);
    const line = (values: readonly string[], bold: boolean) => {
      if (doc.y > 540) doc.addPage();
      const y = doc.y;
      let x = 36;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
      values.forEach((v, i) => {
        doc.text(v, x, y, { width: WIDTHS[i] - 6, align: i >= 3 ? 'right' : 'left', lineBreak: false });
        x += WIDTHS[i];
      });
      doc.y = y + 14;
    };
    line(columnsIn(currency), true);
    for (const r of rows) line(cells(r), false);
    if (rows.length === 0) doc.font('Helvetica').fontSize(10).text('No statement lines in this time range.', 36);
    doc.end();
  });
}

export async function statementMail(
  db: Db,
  owner: { id: number; name: string; currency: string },
  kind: UserAccountKind,
  input: StatementExport,
): Promise<MailMessage> {
  const { rows, currency } = await loadStatement(
    db,
    owner.id,
    kind,
    {
      date_from: input.date_from,
      date_to: input.date_to,
      action_type: input.action_type,
      source_lang: input.source_lang,
      target_lang: input.target_lang,
      tag_id: input.tag_id,
      cpage: 1,
      limit: STATEMENT_EXPORT_MAX_LINES,
      sortBy: 'date',
      sortDirection: 'desc',
    },
    owner.currency,
  );
  const range = `${input.date_from} to ${input.date_to}`;
  const filters = [
    input.action_type === '' || input.action_type === 'all' ? '' : `${CREDIT_ACTION_LABELS[input.action_type]} only`,
    input.source_lang ? `from ${input.source_lang}` : '',
    input.target_lang ? `into ${input.target_lang}` : '',
    input.tag_id ? `tag ${input.tag_id}` : '',
  ].filter(Boolean);
  const filter = filters.length ? `, ${filters.join(', ')}` : '';
  const title = `Parlance statement of ${owner.name}, ${range}${filter}`;
  const filename = `statement-${input.date_from}-${input.date_to}.${input.format}`;
  const attachment =
    input.format === 'csv'
      ? { filename, content: statementCsv(rows, currency), contentType: 'text/csv' }
      : { filename, content: await statementPdf(rows, title, currency), contentType: 'application/pdf' };
  return {
    to: input.email,
    subject: `Your Parlance statement, ${range}`,
    text: `Hello,\n\nattached is the statement of ${owner.name} from ${range}${filter}: ${rows.length} line(s).\n\nParlance`,
    attachments: [attachment],
  };
}
