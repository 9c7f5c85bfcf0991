import ExcelJS from 'exceljs';
import { DocumentError } from '../errors';

// The text of every sheet of a workbook. Text cells count (plain, rich text and the text of links),
// and so do formulas whose result is text. Cells holding a number, a date, a boolean or an error
// do not: they are data, not words a translator translates (a number typed as text still counts).

type CellValue = ExcelJS.CellValue;

function textOf(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value instanceof Date) return '';
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : textOf(value.text);
  if ('formula' in value || 'sharedFormula' in value) {
    return typeof value.result === 'string' ? value.result : '';
  }
  return '';
}

export async function extractXlsx(bytes: Uint8Array): Promise<{ text: string; sheets: number }> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs types its input as an ArrayBuffer-like "Buffer" of its own; at run time it takes a Node Buffer
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch (error) {
    throw new DocumentError('unreadable', `xlsx: ${error instanceof Error ? error.message : String(error)}`);
  }
  const cells: string[] = [];
  for (const sheet of workbook.worksheets) {
    sheet.eachRow({ includeEmpty: false }, (row) => {
      row.eachCell({ includeEmpty: false }, (cell) => {
        // the other cells of a merged range repeat the first cell's value: count it once
        if (cell.type === ExcelJS.ValueType.Merge) return;
        const text = textOf(cell.value);
        if (text !== '') cells.push(text);
      });
    });
  }
  return { text: cells.join('\n'), sheets: workbook.worksheets.length };
}
