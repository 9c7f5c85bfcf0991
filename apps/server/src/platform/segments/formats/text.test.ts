import { describe, expect, it } from 'vitest';
import { makePdf } from '../../documents/test-fixtures';
import { extract, merge } from '../index';
import { partNames, partText } from '../test-documents';
import { mapText } from '../test-helpers';

const upper = (text: string) => mapText(text, (t) => t.toUpperCase());

const SRT = [
  '1',
  '00:00:01,000 --> 00:00:03,500',
  'Hello, this is the first',
  'subtitle. <i>Is it clear?</i>',
  '',
  '2',
  '00:00:04,000 --> 00:00:06,000',
  '{\\an8}<b>Loud noise</b>',
  '',
  '3',
  '00:00:07,000 --> 00:00:08,000',
  '42',
  '',
  '4',
  '00:00:09,000 --> 00:00:10,000',
  '<font color="#ffff00">- Yes.</font>',
  '- No!',
  '',
].join('\r\n');

describe('subtitles as segments', () => {
  it('keeps numbers and timings out; a sentence over two lines is one segment with a line break tag', async () => {
    const { segments } = await extract(Buffer.from(SRT), 'srt', 'en');
    expect(segments.map((s) => [s.id, s.source, s.context])).toEqual([
      ['c1.1', 'Hello, this is the first<ph id="1"/>subtitle.', 'cue 1, 00:00:01,000'],
      ['c1.2', 'Is it clear?', 'cue 1, 00:00:01,000'],
      ['c2.1', 'Loud noise', 'cue 2, 00:00:04,000'],
      // a dash starts another speaker's line, and so a sentence; the colour around it all is skeleton
      ['c4.1', '- Yes.', 'cue 4, 00:00:09,000'],
      ['c4.2', '- No!', 'cue 4, 00:00:09,000'],
    ]);
    expect(segments[0].tags).toEqual({ 1: { kind: 'ph', type: 'fmt', subType: 'xlf:lb', equiv: '\n' } });
  });

  it('an identity translation gives back the same file, and a change keeps timings, tags and line ends', async () => {
    const file = Buffer.from(SRT);
    const { segments } = await extract(file, 'srt', 'en');
    const same = await merge(file, 'srt', 'en', new Map(segments.map((s) => [s.id, s.source])));
    expect(same.toString()).toBe(SRT);
    const merged = await merge(file, 'srt', 'en', new Map(segments.map((s) => [s.id, upper(s.source)])));
    expect(merged.toString()).toBe(
      SRT.replace('Hello, this is the first', 'HELLO, THIS IS THE FIRST')
        .replace('subtitle. <i>Is it clear?</i>', 'SUBTITLE. <i>IS IT CLEAR?</i>')
        .replace('Loud noise', 'LOUD NOISE')
        .replace('- Yes.', '- YES.')
        .replace('- No!', '- NO!'),
    );
    const moved = await merge(
      file,
      'srt',
      'en',
      new Map([['c1.1', 'Hallo, das ist der erste Untertitel.<ph id="1"/>']]),
    );
    expect(moved.toString()).toContain(
      '00:00:01,000 --> 00:00:03,500\r\nHallo, das ist der erste Untertitel.\r\n <i>Is it clear?</i>\r\n',
    );
  });

  it('refuses a translation that adds a blank line inside a cue by folding it into one line end', async () => {
    const merged = await merge(Buffer.from(SRT), 'srt', 'en', new Map([['c2.1', 'Lautes\n\nGeräusch']]));
    expect(merged.toString()).toContain('{\\an8}<b>Lautes\r\nGeräusch</b>\r\n\r\n3\r\n');
  });
});

const TXT = 'First paragraph. It has two sentences.\nAnd a second line.\n\n2025\n\n  Indented last one!\n';

describe('plain text as segments', () => {
  it('splits paragraphs into sentences and keeps line breaks and blank lines', async () => {
    const file = Buffer.from(TXT);
    const { segments } = await extract(file, 'txt', 'en');
    expect(segments.map((s) => [s.id, s.source])).toEqual([
      ['p1.1', 'First paragraph.'],
      ['p1.2', 'It has two sentences.'],
      ['p1.3', 'And a second line.'],
      ['p3.1', 'Indented last one!'],
    ]);
    expect((await merge(file, 'txt', 'en', new Map(segments.map((s) => [s.id, s.source])))).toString()).toBe(TXT);
    const merged = await merge(file, 'txt', 'en', new Map(segments.map((s) => [s.id, upper(s.source)])));
    expect(merged.toString()).toBe(
      'FIRST PARAGRAPH. IT HAS TWO SENTENCES.\nAND A SECOND LINE.\n\n2025\n\n  INDENTED LAST ONE!\n',
    );
  });

  it('splits sentences by the rules of the source language', async () => {
    const { segments } = await extract(Buffer.from('今日は晴れです。明日は雨です。'), 'txt', 'ja');
    expect(segments.map((s) => s.source)).toEqual(['今日は晴れです。', '明日は雨です。']);
  });
});

describe('PDF as segments', () => {
  it('reads pages into paragraphs and delivers a Word document with the translation', async () => {
    const pdf = await makePdf([
      'The first page has one paragraph. It has two sentences.',
      'The second page speaks of tea.',
    ]);
    const { segments, output } = await extract(pdf, 'pdf', 'en');
    expect(output).toBe('docx');
    expect(segments.map((s) => [s.id, s.source, s.context])).toEqual([
      ['pg1p1.1', 'The first page has one paragraph.', 'page 1'],
      ['pg1p1.2', 'It has two sentences.', 'page 1'],
      ['pg2p1.1', 'The second page speaks of tea.', 'page 2'],
    ]);
    const docx = await merge(pdf, 'pdf', 'en', new Map([['pg2p1.1', 'Die zweite Seite spricht von Tee.']]));
    expect(await partNames(docx)).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
    const xml = await partText(docx, 'word/document.xml');
    expect(xml).toContain('The first page has one paragraph. It has two sentences.');
    expect(xml).toContain('<w:br w:type="page"/>');
    expect(xml).toContain('Die zweite Seite spricht von Tee.');
    // the Word document reads back as the same segments, translated
    const back = await extract(docx, 'docx', 'en');
    expect(back.segments.map((s) => s.source)).toEqual([
      'The first page has one paragraph.',
      'It has two sentences.',
      'Die zweite Seite spricht von Tee.',
    ]);
  });
});
