import mammoth from 'mammoth';
import { describe, expect, it } from 'vitest';
import { extract, merge } from '../index';
import { makeRichDocx, paragraph, partNames, partText, run } from '../test-documents';
import { mapText } from '../test-helpers';

const upper = (text: string) => text.toUpperCase();

async function html(file: Buffer): Promise<string> {
  return (await mammoth.convertToHtml({ buffer: file })).value;
}

describe('Word documents as segments', () => {
  it('splits paragraphs into sentences with formatting, links and objects as tags', async () => {
    const { segments, output } = await extract(await makeRichDocx(), 'docx', 'en');
    expect(output).toBe('docx');
    const byId = Object.fromEntries(segments.map((s) => [s.id, s]));
    expect(byId['p1.1']).toMatchObject({ source: 'Annual report', context: 'Heading1' });
    // the bold stretch runs over a sentence end: each sentence gets its own bold tag
    expect(byId['p2.1'].source).toBe('The year was <pc id="1">good.</pc>');
    expect(byId['p2.2'].source).toBe('<pc id="1">Sales grew</pc> in every <pc id="2">region</pc>.');
    expect(byId['p2.2'].tags).toEqual({
      1: { kind: 'pc', type: 'fmt', subType: 'xlf:b' },
      2: { kind: 'pc', type: 'fmt', subType: 'xlf:i' },
    });
    expect(byId['p2.2'].words).toBe(5);
    expect(byId['p2.3'].source).toBe('Read the <pc id="1">full results</pc> online.');
    expect(byId['p2.3'].tags['1']).toEqual({
      kind: 'pc',
      type: 'link',
      disp: 'https://example.com/results?year=2025&view=full',
    });
    // the bookmark and tab before "Thank you" are at the sentence's edge: skeleton, not tags
    expect(byId['p2.4'].source).toBe('Thank you<ph id="1"/><ph id="2"/>for reading.');
    expect(byId['p2.4'].tags['2']).toMatchObject({ kind: 'ph', subType: 'xlf:lb' });
    // a word Word split in two runs for its spelling marks is one word; & is escaped
    expect(byId['p3.1'].source).toBe('Spelling is <pc id="1">fine &amp; dandy</pc>.');
    expect(byId['p4.1']).toMatchObject({ source: 'Region', context: 'table cell' });
    // a field's code is one tag, its result (the figure number) stays between its tags
    expect(byId['p8.1'].source).toBe('See figure <ph id="1"/>1<ph id="2"/> below.');
    expect(byId['p8.1'].tags['1']).toMatchObject({ kind: 'ph', disp: 'field SEQ' });
    expect(byId['h1p1.1']).toMatchObject({ source: 'Confidential draft, page', context: 'header, Header' });
    expect(byId['fn2.1']).toMatchObject({ source: 'Figures are unaudited.', context: 'footnote' });
    // a number alone is not translated
    expect(segments.some((s) => s.source === '1200')).toBe(false);
  });

  it('gives the same ids every time the same file is read', async () => {
    const file = await makeRichDocx();
    const first = await extract(file, 'docx', 'en');
    const second = await extract(Buffer.from(file), 'docx', 'en');
    expect(second.segments).toEqual(first.segments);
  });

  it('an identity translation gives back the same text and structure', async () => {
    const file = await makeRichDocx();
    const { segments } = await extract(file, 'docx', 'en');
    const same = await merge(file, 'docx', 'en', new Map(segments.map((s) => [s.id, s.source])));
    expect(await partNames(same)).toEqual(await partNames(file));
    expect((await extract(same, 'docx', 'en')).segments).toEqual(segments);
    expect(await html(same)).toBe(await html(file));
  });

  it('a rewritten paragraph keeps its text in place with the same formatting as before', async () => {
    const file = await makeRichDocx();
    const { segments } = await extract(file, 'docx', 'en');
    // every paragraph rewritten: the document must read the same, in capitals
    const merged = await merge(file, 'docx', 'en', new Map(segments.map((s) => [s.id, mapText(s.source, upper)])));
    expect(await partNames(merged)).toEqual(await partNames(file));
    // the one difference: the space between two sentences of a bold stretch is no longer bold
    const expected = (await html(file)).replace('good. Sales grew', 'good.</strong> <strong>Sales grew');
    expect(await html(merged)).toBe(
      expected.replace(/>([^<]+)</g, (_, text: string) => `>${text.toUpperCase().replace(/&AMP;/g, '&amp;')}<`),
    );
    const again = await extract(merged, 'docx', 'en');
    expect(again.segments.map((s) => s.id)).toEqual(segments.map((s) => s.id));
    expect(again.segments.map((s) => s.source)).toEqual(segments.map((s) => mapText(s.source, upper)));
    const xml = await partText(merged, 'word/document.xml');
    expect(xml).toContain('<w:pStyle w:val="Heading1"/>');
    expect(xml).toContain('<w:bookmarkStart w:id="0" w:name="summary"/>');
    expect(xml).toContain('<w:instrText xml:space="preserve"> SEQ Figure \\* ARABIC </w:instrText>');
    expect(xml).toContain('<w:footnoteReference w:id="1"/>');
    // the header and the footnote were translated in their own parts
    expect(await partText(merged, 'word/header1.xml')).toContain('CONFIDENTIAL DRAFT, PAGE ');
    expect(await partText(merged, 'word/footnotes.xml')).toContain('FIGURES ARE UNAUDITED.');
  });

  it('a real translation moves tags with the words and leaves untouched paragraphs as they were', async () => {
    const file = await makeRichDocx();
    const translations = new Map([
      ['p2.2', 'In jeder <pc id="2">Region</pc> <pc id="1">wuchs der Umsatz</pc>.'],
      ['p2.3', 'Die <pc id="1">vollständigen Ergebnisse</pc> stehen\u0007 online.'],
    ]);
    const merged = await merge(file, 'docx', 'en', translations);
    const xml = await partText(merged, 'word/document.xml');
    expect(xml).toContain('<w:r><w:rPr><w:i/></w:rPr><w:t xml:space="preserve">Region</w:t></w:r>');
    expect(xml).toContain('<w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">wuchs der Umsatz</w:t></w:r>');
    expect(xml).toMatch(
      /<w:hyperlink r:id="rId10" w:history="1"><w:r><w:rPr><w:rStyle w:val="Hyperlink"\/><\/w:rPr><w:t xml:space="preserve">vollständigen Ergebnisse<\/w:t><\/w:r><\/w:hyperlink>/,
    );
    // the sentence before, in the same paragraph, is still there with its bold word
    expect(xml).toContain('<w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">good.</w:t></w:r>');
    // a control character pasted into a translation is not written: Word could not open the file
    expect(xml).toContain('<w:t xml:space="preserve"> stehen online.</w:t>');
    // an untouched paragraph keeps Word's own runs, spelling marks included
    expect(xml).toContain('<w:proofErr w:type="spellStart"/>');
    const text = (await mammoth.extractRawText({ buffer: merged })).value;
    expect(text).toContain(
      'The year was good. In jeder Region wuchs der Umsatz. Die vollständigen Ergebnisse stehen online.',
    );
  });

  it('refuses translations whose tags do not fit, or ids the file does not have, naming each', async () => {
    const file = await makeRichDocx();
    await expect(
      merge(
        file,
        'docx',
        'en',
        new Map([
          ['p2.2', 'Umsatz <pc id="1">wuchs</pc>.'],
          ['p2.3', 'Die <pc id="1">Ergebnisse <ph id="7"/></pc>'],
          ['p99.1', 'Hallo'],
        ]),
      ),
    ).rejects.toThrow(
      'A translation cannot be put into the file: segment p2.2: tag 2 of the source is missing; segment p2.3: tag 7 is not in the source; this file has no segment p99.1.',
    );
  });

  it('keeps a sentence-wide format around the sentence instead of showing it as a tag', async () => {
    const { makeDocx } = await import('../../documents/test-fixtures');
    const file = await makeDocx(['Plain text. More plain text.']);
    expect((await extract(file, 'docx', 'en')).segments.map((s) => s.source)).toEqual([
      'Plain text.',
      'More plain text.',
    ]);
    const zip = (await import('jszip')).default;
    const doc = await zip.loadAsync(file);
    doc.file(
      'word/document.xml',
      `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraph(
        run('Everything is bold here.', '<w:b/>') + run(' ') + run('Not here.'),
      )}</w:body></w:document>`,
    );
    const bold = await doc.generateAsync({ type: 'nodebuffer' });
    const { segments } = await extract(bold, 'docx', 'en');
    expect(segments.map((s) => s.source)).toEqual(['Everything is bold here.', 'Not here.']);
    const merged = await merge(bold, 'docx', 'en', new Map([['p1.1', 'Alles ist hier fett.']]));
    expect(await partText(merged, 'word/document.xml')).toContain(
      '<w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">Alles ist hier fett.</w:t></w:r>',
    );
  });

  it('refuses a part that declares entities instead of expanding them', async () => {
    const { default: JSZip } = await import('jszip');
    const zip = await JSZip.loadAsync(await makeRichDocx());
    const document = await zip.file('word/document.xml')!.async('string');
    zip.file(
      'word/document.xml',
      document
        .replace(
          '<w:document ',
          '<!DOCTYPE w:document [<!ENTITY a "aaaaaaaaaa"><!ENTITY b SYSTEM "file:///etc/passwd">]><w:document ',
        )
        .replace('Annual report', '&a;&b;'),
    );
    await expect(extract(await zip.generateAsync({ type: 'nodebuffer' }), 'docx', 'en')).rejects.toThrow(
      'This file cannot be read for translation: word/document.xml is not well-formed XML (entity not found:&a;).',
    );
  });

  it('says plainly when the file is not a Word document', async () => {
    await expect(extract(Buffer.from('not a zip'), 'docx', 'en')).rejects.toThrow(
      'This file cannot be read for translation',
    );
  });

  it('translates a text box once, where Word shows it, and keeps the picture around it', async () => {
    const { default: JSZip } = await import('jszip');
    const zip = await JSZip.loadAsync(await makeRichDocx());
    const box = (text: string) => `<w:txbxContent>${paragraph(run(text))}</w:txbxContent>`;
    const drawing =
      '<w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wp:inline><a:graphic><a:graphicData><wps:wsp><wps:txbx>' +
      box('Inside the box.') +
      '</wps:txbx></wps:wsp></a:graphicData></a:graphic></wp:inline></w:drawing></mc:Choice><mc:Fallback><w:pict><v:shape><v:textbox>' +
      box('Inside the box.') +
      '</v:textbox></v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:r>';
    const namespaces =
      'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" ' +
      'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" ' +
      'xmlns:v="urn:schemas-microsoft-com:vml"';
    const xml = (await zip.file('word/document.xml')!.async('string'))
      .replace('<w:document ', `<w:document ${namespaces} `)
      .replace(run('Annual report'), `${run('Annual report')}${drawing}${run(' for 2025')}`);
    zip.file('word/document.xml', xml);
    const file = await zip.generateAsync({ type: 'nodebuffer' });
    const { segments } = await extract(file, 'docx', 'en');
    expect(segments.slice(0, 2).map((s) => [s.id, s.source, s.context])).toEqual([
      ['p1.1', 'Annual report<ph id="1"/> for 2025', 'Heading1'],
      ['p2.1', 'Inside the box.', 'text box'],
    ]);
    expect(segments.filter((s) => s.source === 'Inside the box.')).toHaveLength(1);
    const merged = await merge(
      file,
      'docx',
      'en',
      new Map([
        ['p1.1', 'Jahresbericht<ph id="1"/> 2025'],
        ['p2.1', 'In der Box.'],
      ]),
    );
    const out = await partText(merged, 'word/document.xml');
    expect(out).toContain(
      '<w:t xml:space="preserve">Jahresbericht</w:t></w:r><w:r><mc:AlternateContent><mc:Choice Requires="wps">',
    );
    expect(out).toContain('<w:t xml:space="preserve">In der Box.</w:t>');
    expect(out).toContain('</mc:AlternateContent></w:r><w:r><w:t xml:space="preserve"> 2025</w:t></w:r>');
    expect((await extract(merged, 'docx', 'en')).segments.slice(0, 2).map((s) => s.source)).toEqual([
      'Jahresbericht<ph id="1"/> 2025',
      'In der Box.',
    ]);
  });

  it('marks translated text with the target language so Word checks its spelling', async () => {
    const { default: JSZip } = await import('jszip');
    const zip = await JSZip.loadAsync(await makeRichDocx());
    const styles = await zip.file('word/styles.xml')!.async('string');
    zip.file(
      'word/styles.xml',
      styles.replace(
        '<w:style ',
        '<w:docDefaults><w:rPrDefault><w:rPr><w:lang w:val="en-US" w:eastAsia="ja-JP" w:bidi="ar-SA"/></w:rPr></w:rPrDefault></w:docDefaults><w:style ',
      ),
    );
    const document = await zip.file('word/document.xml')!.async('string');
    zip.file(
      'word/document.xml',
      document
        .replace(run('Region'), run('Region', '<w:lang w:val="en-GB"/>'))
        .replace(run('North'), run('Carpe diem', '<w:lang w:val="la"/>')),
    );
    const file = await zip.generateAsync({ type: 'nodebuffer' });
    const merged = await merge(file, 'docx', 'en', new Map([['p4.1', 'Gebiet']]), { targetLang: 'de-DE' });
    expect(await partText(merged, 'word/styles.xml')).toContain(
      '<w:lang w:val="de-DE" w:eastAsia="ja-JP" w:bidi="ar-SA"/>',
    );
    const xml = await partText(merged, 'word/document.xml');
    expect(xml).toContain('<w:lang w:val="de-DE"/></w:rPr><w:t xml:space="preserve">Gebiet</w:t>');
    // a quotation in another language keeps its language
    expect(xml).toContain('<w:lang w:val="la"/></w:rPr><w:t xml:space="preserve">Carpe diem</w:t>');
  });

  it('keeps tracked changes and content controls around the translated words', async () => {
    const { default: JSZip } = await import('jszip');
    const zip = await JSZip.loadAsync(await makeRichDocx());
    const document = await zip.file('word/document.xml')!.async('string');
    const revised = paragraph(
      run('Before ') +
        '<w:ins w:id="1" w:author="Ann" w:date="2025-01-01T00:00:00Z">' +
        run('inserted words') +
        '</w:ins><w:del w:id="2" w:author="Ann" w:date="2025-01-01T00:00:00Z"><w:r><w:delText>removed</w:delText></w:r></w:del>' +
        run(' after. ') +
        '<w:sdt><w:sdtPr><w:alias w:val="Name"/><w:tag w:val="client"/></w:sdtPr><w:sdtContent>' +
        run('Client name') +
        '</w:sdtContent></w:sdt>' +
        run(' signs.'),
    );
    zip.file('word/document.xml', document.replace('<w:body>', `<w:body>${revised}`));
    const file = await zip.generateAsync({ type: 'nodebuffer' });
    const { segments } = await extract(file, 'docx', 'en');
    expect(segments.slice(0, 2).map((s) => [s.source, s.tags])).toEqual([
      [
        'Before <pc id="1">inserted words</pc><ph id="2"/> after.',
        {
          1: { kind: 'pc', type: 'other', disp: 'tracked insertion' },
          2: { kind: 'ph', type: 'other', disp: 'deleted text' },
        },
      ],
      ['<pc id="1">Client name</pc> signs.', { 1: { kind: 'pc', type: 'ui', disp: 'content control' } }],
    ]);
    const merged = await merge(
      file,
      'docx',
      'en',
      new Map([
        ['p1.1', 'Vorher <pc id="1">eingefügte Wörter</pc><ph id="2"/> danach.'],
        ['p1.2', '<pc id="1">Kundenname</pc>\tunterschreibt\nhier.'],
      ]),
    );
    const xml = await partText(merged, 'word/document.xml');
    expect(xml).toContain(
      '<w:ins w:id="1" w:author="Ann" w:date="2025-01-01T00:00:00Z"><w:r><w:t xml:space="preserve">eingefügte Wörter</w:t></w:r></w:ins>' +
        '<w:del w:id="2" w:author="Ann" w:date="2025-01-01T00:00:00Z"><w:r><w:delText>removed</w:delText></w:r></w:del>',
    );
    expect(xml).toContain(
      '<w:sdt><w:sdtPr><w:alias w:val="Name"/><w:tag w:val="client"/></w:sdtPr><w:sdtContent><w:r><w:t xml:space="preserve">Kundenname</w:t></w:r></w:sdtContent></w:sdt>' +
        '<w:r><w:tab/><w:t xml:space="preserve">unterschreibt</w:t><w:br/><w:t xml:space="preserve">hier.</w:t></w:r>',
    );
  });

  it('reads and writes a document whose parts name the namespace with another prefix', async () => {
    const { default: JSZip } = await import('jszip');
    const zip = await JSZip.loadAsync(await makeRichDocx());
    for (const name of ['word/document.xml', 'word/header1.xml', 'word/footnotes.xml']) {
      const xml = await zip.file(name)!.async('string');
      zip.file(
        name,
        xml
          .replace(/<(\/?)w:/g, '<$1ns0:')
          .replace(/ w:/g, ' ns0:')

          .replace(/xmlns:w=/g, 'xmlns:ns0='),
      );
    }
    const file = await zip.generateAsync({ type: 'nodebuffer' });
    const original = await extract(await makeRichDocx(), 'docx', 'en');
    const { segments } = await extract(file, 'docx', 'en');
    expect(segments).toEqual(original.segments);
    const merged = await merge(
      file,
      'docx',
      'en',
      new Map([['p2.2', '<pc id="1">Der Umsatz wuchs</pc> in jeder <pc id="2">Region</pc>.']]),
    );
    const xml = await partText(merged, 'word/document.xml');
    expect(xml).toContain(
      '<ns0:r><ns0:rPr><ns0:b/></ns0:rPr><ns0:t xml:space="preserve">Der Umsatz wuchs</ns0:t></ns0:r>',
    );
    expect(xml).not.toContain('<w:');
  });
});
