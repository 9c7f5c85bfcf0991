import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { makePdf } from '../documents/test-fixtures';
import { detectFormat, extract, merge, type SegmentFormat } from './index';
import { makeRichDocx } from './test-documents';

async function samples(): Promise<[SegmentFormat, string, Buffer][]> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Sheet').addRow(['One cell. Two sentences.', 3]);
  return [
    ['txt', 'notes.txt', Buffer.from('One line. Another.\n\nNext paragraph.')],
    ['srt', 'film.srt', Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nHello there.\n')],
    ['html', 'page.html', Buffer.from('<!doctype html><html><body><p>Hi <b>you</b>.</p></body></html>')],
    ['docx', 'report.docx', await makeRichDocx()],
    ['xlsx', 'prices.xlsx', Buffer.from(await workbook.xlsx.writeBuffer())],
    ['pdf', 'scan.pdf', await makePdf(['A page of text. With two sentences.'])],
  ];
}

describe('files as segments', () => {
  it('detects each format as the wizard does, gives the same ids on every read, and merges untouched', async () => {
    for (const [format, name, file] of await samples()) {
      expect(detectFormat(file, name), name).toBe(format);
      const first = await extract(file, format, 'en');
      const second = await extract(Buffer.from(file), format, 'en');
      expect(first.segments.length, name).toBeGreaterThan(0);
      expect(second.segments, name).toEqual(first.segments);
      expect(first.output).toBe(format === 'pdf' ? 'docx' : format);
      // no translations at all: the same text comes back (for a PDF, as a Word document)
      const merged = await merge(file, format, 'en', new Map());
      const again = await extract(merged, first.output, 'en');
      expect(
        again.segments.map((s) => s.source),
        name,
      ).toEqual(first.segments.map((s) => s.source));
    }
  });

  it('refuses a file that is not what its format says, in plain words', async () => {
    await expect(extract(Buffer.from('plain text'), 'xlsx', 'en')).rejects.toMatchObject({
      statusCode: 422,
      message: expect.stringContaining('This file cannot be read for translation: it is not an Excel workbook'),
    });
    await expect(extract(Buffer.from('plain text'), 'pdf', 'en')).rejects.toMatchObject({
      statusCode: 422,
      message: expect.stringContaining('it is not a readable PDF'),
    });
  });
});
