import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { extract, merge } from '../index';
import { partNames, partText } from '../test-documents';
import { mapText } from '../test-helpers';

/** Two sheets with a styled header, rich text, a link, a formula, numbers, a date and a repeated label. */
async function makeWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const prices = workbook.addWorksheet('Prices');
  prices.addRow(['Product', 'Price', 'Stock']);
  prices.getRow(1).font = { bold: true, color: { argb: 'FF1F4E79' } };
  prices.getCell('A1').fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDDEBF7' } };
  prices.addRow(['Blue cup. Holds tea.', 4.5, 10]);
  prices.addRow([
    { richText: [{ text: 'Plate, ' }, { text: 'hand-made', font: { italic: true } }, { text: ' in Italy' }] },
    12,
    3,
  ]);
  prices.addRow(['Total', { formula: 'SUM(B2:B3)', result: 16.5 }, '2024']);
  prices.addRow([{ text: 'Our website', hyperlink: 'https://example.com/' }, 'Total', new Date(Date.UTC(2025, 0, 31))]);
  prices.getColumn(2).numFmt = '#,##0.00 "€"';
  const notes = workbook.addWorksheet('Notes');
  notes.addRow(['Prices include tax.\nDelivery is free.']);
  notes.getCell('A1').alignment = { wrapText: true };
  notes.addRow(['Total']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function readBack(file: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  return workbook;
}

describe('workbooks as segments', () => {
  it('reads the text of cells, not numbers, dates or formulas; a repeated label is one segment', async () => {
    const { segments } = await extract(await makeWorkbook(), 'xlsx', 'en');
    expect(segments.map((s) => [s.source, s.context])).toEqual([
      ['Product', 'Prices!A1'],
      ['Price', 'Prices!B1'],
      ['Stock', 'Prices!C1'],
      ['Blue cup.', 'Prices!A2'],
      ['Holds tea.', 'Prices!A2'],
      ['Plate, <pc id="1">hand-made</pc> in Italy', 'Prices!A3'],
      ['Total', 'Prices!A4 (and 2 more cells)'],
      ['Our website', 'Prices!A5'],
      ['Prices include tax.', 'Notes!A1'],
      ['Delivery is free.', 'Notes!A1'],
    ]);
    expect(segments[5].tags).toEqual({ 1: { kind: 'pc', type: 'fmt', subType: 'xlf:i' } });
  });

  it('an identity translation gives back the same workbook', async () => {
    const file = await makeWorkbook();
    const { segments } = await extract(file, 'xlsx', 'en');
    const same = await merge(file, 'xlsx', 'en', new Map(segments.map((s) => [s.id, s.source])));
    expect(await partNames(same)).toEqual(await partNames(file));
    for (const name of await partNames(file)) expect(await partText(same, name)).toBe(await partText(file, name));
  });

  it('a change lands in every cell showing the text, and styles, formulas and numbers stay', async () => {
    const file = await makeWorkbook();
    const { segments } = await extract(file, 'xlsx', 'en');
    const merged = await merge(
      file,
      'xlsx',
      'en',
      new Map(segments.map((s) => [s.id, mapText(s.source, (t) => t.toUpperCase())])),
    );
    expect(await partNames(merged)).toEqual(await partNames(file));
    // only the shared strings changed: sheets (values, formulas) and styles are the same bytes
    for (const name of await partNames(file)) {
      if (name !== 'xl/sharedStrings.xml') expect(await partText(merged, name), name).toBe(await partText(file, name));
    }
    const workbook = await readBack(merged);
    const prices = workbook.getWorksheet('Prices')!;
    expect(prices.getCell('A1').value).toBe('PRODUCT');
    expect(prices.getCell('A1').font).toMatchObject({ bold: true, color: { argb: 'FF1F4E79' } });
    expect(prices.getCell('A2').value).toBe('BLUE CUP. HOLDS TEA.');
    expect(prices.getCell('A3').value).toEqual({
      richText: [{ text: 'PLATE, ' }, { text: 'HAND-MADE', font: { italic: true } }, { text: ' IN ITALY' }],
    });
    expect(prices.getCell('B4').value).toEqual({ formula: 'SUM(B2:B3)', result: 16.5 });
    expect(prices.getCell('B2').value).toBe(4.5);
    expect(prices.getCell('B2').numFmt).toBe('#,##0.00 "€"');
    expect(prices.getCell('C4').value).toBe('2024');
    expect(prices.getCell('C5').value).toEqual(new Date(Date.UTC(2025, 0, 31)));
    expect(prices.getCell('A5').value).toEqual({ text: 'OUR WEBSITE', hyperlink: 'https://example.com/' });
    expect(prices.getCell('A4').value).toBe('TOTAL');
    expect(prices.getCell('B5').value).toBe('TOTAL');
    const notes = workbook.getWorksheet('Notes')!;
    expect(notes.getCell('A1').value).toBe('PRICES INCLUDE TAX.\nDELIVERY IS FREE.');
    expect(notes.getCell('A2').value).toBe('TOTAL');
  });

  it('reads a workbook whose parts use a namespace prefix', async () => {
    const { default: JSZip } = await import('jszip');
    const zip = await JSZip.loadAsync(await makeWorkbook());
    for (const name of ['xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml']) {
      const sheet = await zip.file(name)!.async('string');
      zip.file(
        name,
        sheet
          .replace(/<(\/?)(worksheet|sheetData|row|c|v|f)\b/g, '<$1x:$2')
          .replace('<x:worksheet xmlns=', '<x:worksheet xmlns:x='),
      );
    }
    const { segments } = await extract(await zip.generateAsync({ type: 'nodebuffer' }), 'xlsx', 'en');
    expect(segments.find((s) => s.source === 'Total')?.context).toBe('Prices!A4 (and 2 more cells)');
  });

  it('translates text held inline in a cell', async () => {
    const { default: JSZip } = await import('jszip');
    const zip = await JSZip.loadAsync(await makeWorkbook());
    const sheet = await zip.file('xl/worksheets/sheet2.xml')!.async('string');
    zip.file(
      'xl/worksheets/sheet2.xml',
      sheet.replace(/<c r="A2"[^>]*>[\s\S]*?<\/c>/, '<c r="A2" t="inlineStr"><is><t>Ask us anything.</t></is></c>'),
    );
    const file = await zip.generateAsync({ type: 'nodebuffer' });
    const { segments } = await extract(file, 'xlsx', 'en');
    expect(segments.find((s) => s.context === 'Notes!A2')).toMatchObject({ id: 'i2-A2.1', source: 'Ask us anything.' });
    const merged = await merge(file, 'xlsx', 'en', new Map([['i2-A2.1', 'Fragen Sie uns alles.']]));
    expect((await readBack(merged)).getWorksheet('Notes')!.getCell('A2').value).toBe('Fragen Sie uns alles.');
  });
});
