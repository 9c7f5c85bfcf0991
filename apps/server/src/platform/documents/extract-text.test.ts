import { ORDER_TEXTS } from '@parlance/shared';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { FileTooLargeError } from '../storage';
import { analyzeDocument } from './analyze';
import { detectType } from './detect-type';
import { DocumentError } from './errors';
import { extractText } from './extract-text';
import { makeDocx, makePdf, makeXlsx } from './test-fixtures';

const analyzeBytes = (bytes: Uint8Array, fileName?: string) => analyzeDocument({ kind: 'bytes', bytes, fileName });
const utf8 = (text: string) => Buffer.from(text, 'utf8');

async function refusal(promise: Promise<unknown>): Promise<DocumentError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DocumentError);
  return error as DocumentError;
}

describe('plain text', () => {
  it('counts a UTF-8 file, with or without a BOM', async () => {
    expect(await analyzeBytes(utf8('One two three.\nFour five.'), 'a.txt')).toMatchObject({
      type: 'txt',
      words: 5,
      characters: 21,
      needsManualCount: false,
    });
    expect((await analyzeBytes(utf8('\uFEFFOne two'), 'a.txt')).words).toBe(2);
  });

  it('reads UTF-16 with a BOM, both byte orders', async () => {
    const text = 'Grüße aus 東京 today';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.from(le);
    be.swap16();
    // Grüße aus (2) 東京 (2) today (1)
    expect((await analyzeBytes(le, 'a.txt')).words).toBe(5);
    expect((await analyzeBytes(be, 'a.txt')).words).toBe(5);
  });

  it('reads a Windows-1252 file that is not valid UTF-8', async () => {
    const result = await extractText({
      kind: 'bytes',
      bytes: Buffer.from('caf\xe9 cr\xe8me', 'latin1'),
      fileName: 'a.txt',
    });
    expect(result.text).toBe('café crème');
  });

  it('counts pasted text', async () => {
    expect(await analyzeDocument({ kind: 'text', text: 'Paste me, please' })).toMatchObject({ type: 'txt', words: 3 });
  });

  it('counts a streamed text file as it streams, with the same result as whole', async () => {
    const text = 'Word counting in chunks: state-of-the-art 我爱北京 สวัสดีครับ.\n'.repeat(2000);
    const bytes = utf8(text);
    const chunks = [];
    for (let i = 0; i < bytes.length; i += 999) chunks.push(bytes.subarray(i, i + 999));
    const streamed = await analyzeDocument({ kind: 'stream', stream: Readable.from(chunks), fileName: 'big.txt' });
    const whole = await analyzeBytes(bytes, 'big.txt');
    expect(streamed).toEqual(whole);
    expect(streamed.words).toBe(2000 * (5 + 4 + 2));
  });

  it('refuses a stream over the size limit while reading it', async () => {
    const chunks = Array.from({ length: 10 }, () => Buffer.alloc(10_000, 0x61));
    const error = await analyzeDocument(
      { kind: 'stream', stream: Readable.from(chunks), fileName: 'a.txt' },
      { maxBytes: 50_000 },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileTooLargeError);
    expect((error as Error).message).toBe(ORDER_TEXTS.fileTooBig);
  });
});

describe('docx', () => {
  it('counts the words of every paragraph, runs joined as Word shows them', async () => {
    const docx = await makeDocx([
      'The first paragraph has six words.',
      ['Un', 'believ', 'able ', 'runs.'],
      '東京タワー',
    ]);
    const result = await analyzeBytes(docx, 'letter.docx');
    expect(result).toMatchObject({ type: 'docx', words: 6 + 2 + 5, needsManualCount: false });
    // paragraphs never run together
    expect((await extractText({ kind: 'bytes', bytes: docx })).text).toContain('words.\n');
  });

  it('gives 0 and the manual-count flag for a document without text', async () => {
    const result = await analyzeBytes(await makeDocx([]), 'empty.docx');
    expect(result).toMatchObject({ words: 0, needsManualCount: true, message: ORDER_TEXTS.cannotCountWords });
  });
});

describe('pdf', () => {
  it('counts the text of every page and reports the page count', async () => {
    const pdf = await makePdf(['Page one has five words.', 'And page two has 6 words.']);
    expect(await analyzeBytes(pdf, 'brochure.pdf')).toMatchObject({ type: 'pdf', words: 11, pages: 2 });
  });

  it('gives 0 and the manual-count flag for a PDF with only a drawn rectangle', async () => {
    const result = await analyzeBytes(await makePdf([null]), 'scan.pdf');
    expect(result).toMatchObject({
      type: 'pdf',
      words: 0,
      pages: 1,
      needsManualCount: true,
      message: ORDER_TEXTS.cannotCountWords,
    });
  });

  // How fast is a benchmark's question, not a test's (a timed test fails on a busy machine).
  it('extracts every page of a 100-page PDF', async () => {
    const page = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor. '.repeat(30);
    const pdf = await makePdf(Array.from({ length: 100 }, () => page));
    const result = await analyzeBytes(pdf, 'book.pdf');
    expect(result).toMatchObject({ pages: 100, words: 100 * 30 * 12 });
  });

  it('refuses a damaged PDF with a message a person can act on', async () => {
    const error = await refusal(analyzeBytes(Buffer.from('%PDF-1.7\nthis is not really a pdf'), 'x.pdf'));
    expect(error.code).toBe('unreadable');
    expect(error.message).toBe(ORDER_TEXTS.fileUnreadable);
  });
});

describe('xlsx', () => {
  it('counts text cells of every sheet, rich text, links and text formula results; not numbers', async () => {
    const xlsx = await makeXlsx(
      {
        Products: [
          ['Name', 'Price', 'Description'],
          ['Red apple', 1.5, 'Fresh from the farm'],
          ['Pear', 2, new Date('2024-01-01')],
        ],
        Notes: [[{ richText: [{ text: 'Bold ' }, { text: 'and plain' }] }, true, '42']],
      },
      (workbook) => {
        const sheet = workbook.getWorksheet('Notes')!;
        sheet.getCell('D1').value = { text: 'Our website', hyperlink: 'https://example.com' };
        sheet.getCell('E1').value = { formula: 'CONCATENATE("two ","words")', result: 'two words' };
        sheet.getCell('F1').value = { formula: 'SUM(1,2)', result: 3 };
      },
    );
    // Name Price Description (3) Red apple (2) Fresh from the farm (4) Pear (1)
    // Bold and plain (3) 42 (1) Our website (2) two words (2)
    expect(await analyzeBytes(xlsx, 'sheet.xlsx')).toMatchObject({ type: 'xlsx', words: 18, sheets: 2 });
  });

  it('counts a merged cell once', async () => {
    const xlsx = await makeXlsx({ Sheet1: [['Merged heading text']] }, (workbook) => {
      workbook.getWorksheet('Sheet1')!.mergeCells('A1:D3');
    });
    expect((await analyzeBytes(xlsx, 'merged.xlsx')).words).toBe(3);
  });

  it('gives 0 and the flag for a workbook of numbers only', async () => {
    const xlsx = await makeXlsx({
      Data: [
        [1, 2, 3],
        [4.5, 6, 7],
      ],
    });
    expect(await analyzeBytes(xlsx, 'numbers.xlsx')).toMatchObject({ words: 0, needsManualCount: true });
  });
});

describe('html', () => {
  it('counts visible text, the title and alt/title/placeholder attributes; not scripts or styles', async () => {
    const html = `<!doctype html><html><head><title>Page title here</title>
      <meta name="description" content="not counted at all"><style>body { color: red }</style>
      <script>var notCounted = "one two three";</script></head>
      <body><h1>Welcome</h1><p>First paragraph.</p><p>Second <b>bold</b> and un<i>believ</i>able.</p>
      <img src="a.png" alt="A smiling cat"><a href="/x" title="Go home">Home</a>
      <noscript>Please enable JavaScript</noscript><input placeholder="Your name">
      <!-- a comment is not text --><template><p>Not shown</p></template>
      <script type="application/ld+json">{"name": "not counted"}</script></body></html>`;
    // Page title here (3) Welcome (1) First paragraph (2) Second bold and unbelievable (4)
    // A smiling cat (3) Go home (2) Home (1) Your name (2)
    expect(await analyzeBytes(utf8(html), 'page.html')).toMatchObject({ type: 'html', words: 18 });
  });

  it('keeps words of adjacent blocks apart', async () => {
    expect((await analyzeBytes(utf8('<div>one</div><div>two</div><p>three<br>four</p>'), 'a.htm')).words).toBe(4);
  });

  it('decodes entities and honours a declared charset', async () => {
    const html = Buffer.concat([
      utf8('<html><head><meta charset="windows-1252"></head><body>'),
      Buffer.from('caf\xe9 &amp; cr\xe8me', 'latin1'),
      utf8('</body></html>'),
    ]);
    expect((await extractText({ kind: 'bytes', bytes: html, fileName: 'a.html' })).text).toContain('café & crème');
  });
});

describe('srt', () => {
  it('counts the subtitle text only: no cue numbers, timings or tags', async () => {
    const srt = [
      '1',
      '00:00:01,000 --> 00:00:04,000',
      'Hello there, <i>general</i> Kenobi.',
      '',
      '2',
      '00:00:05,500 --> 00:00:07,250',
      '{\\an8}Two lines',
      'of text here',
      '',
      '3',
      '00:01:00,000 --> 00:01:02,000',
      '42',
      '',
    ].join('\r\n');
    // Hello there general Kenobi (4) Two lines of text here (5) 42 (1)
    expect(await analyzeBytes(utf8(srt), 'movie.srt')).toMatchObject({ type: 'srt', words: 10 });
  });
});

describe('type detection', () => {
  it('trusts the content over the name for PDF and Office files', async () => {
    const pdf = await makePdf(['Three words here']);
    expect(detectType(pdf, 'renamed.docx')).toBe('pdf');
    expect(detectType(await makeDocx(['x']), 'no-extension')).toBe('docx');
    expect(detectType(await makeXlsx({ S: [['x']] }), undefined)).toBe('xlsx');
  });

  it('recognises html and srt without a name', () => {
    expect(detectType(utf8('<!DOCTYPE html><p>x</p>'))).toBe('html');
    expect(detectType(utf8('1\n00:00:01,000 --> 00:00:02,000\nHi\n'))).toBe('srt');
    expect(detectType(utf8('just text'))).toBe('txt');
  });

  it('refuses unsupported types with a typed error', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    expect((await refusal(analyzeBytes(png, 'photo.png'))).code).toBe('unsupported-type');
    const doc = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    expect((await refusal(analyzeBytes(doc, 'old.doc'))).code).toBe('unsupported-type');
    expect((await refusal(analyzeBytes(utf8('a,b'), 'data.csv'))).code).toBe('unsupported-type');
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4]);
    const error = await refusal(analyzeBytes(zip, 'archive.zip'));
    expect(error.code).toBe('unsupported-type');
    expect(error.message).toBe(ORDER_TEXTS.fileTypeUnsupported);
    expect(error.statusCode).toBe(415);
  });

  it('refuses an empty file and a .docx that is not one', async () => {
    expect((await refusal(analyzeBytes(new Uint8Array(0), 'a.txt'))).code).toBe('empty-file');
    expect((await refusal(analyzeBytes(utf8('plain text'), 'fake.docx'))).code).toBe('unreadable');
  });
});
