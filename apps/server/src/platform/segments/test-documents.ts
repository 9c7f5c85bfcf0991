// Real documents made at test time for the segment tests (no binaries in the repository): a Word
// package written part by part with jszip, as Word lays it out.
import JSZip from 'jszip';

const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** A run of text with optional properties (the inside of <w:rPr>). */
export const run = (text: string, rPr = '') =>
  `<w:r>${rPr ? `<w:rPr>${rPr}</w:rPr>` : ''}<w:t xml:space="preserve">${text}</w:t></w:r>`;

export const paragraph = (content: string, style?: string) =>
  `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}${content}</w:p>`;

/**
 * A Word document: a heading; a paragraph whose bold stretches over two sentences, with italic,
 * a hyperlink, a tab, a line break and a bookmark; a run Word split in two for spelling marks; a
 * 2x2 table; a PAGE field and a figure number; a header and a footnote.
 */
export async function makeRichDocx(): Promise<Buffer> {
  const body = [
    paragraph(run('Annual report'), 'Heading1'),
    paragraph(
      run('The year was ') +
        run('good. Sales grew', '<w:b/>') +
        run(' in every ') +
        run('region', '<w:i/>') +
        run('. Read the ') +
        '<w:hyperlink r:id="rId10" w:history="1">' +
        run('full results', '<w:rStyle w:val="Hyperlink"/>') +
        '</w:hyperlink>' +
        run(' online.') +
        '<w:bookmarkStart w:id="0" w:name="summary"/>' +
        '<w:r><w:tab/></w:r>' +
        run('Thank you') +
        '<w:bookmarkEnd w:id="0"/>' +
        '<w:r><w:br/></w:r>' +
        run('for reading.'),
    ),
    paragraph(
      `<w:r><w:t xml:space="preserve">Spel</w:t></w:r><w:proofErr w:type="spellStart"/><w:r><w:t>ling is </w:t></w:r><w:proofErr w:type="spellEnd"/>${run('fine & dandy', '<w:u w:val="single"/>')}${run('.')}` +
        '<w:r><w:footnoteReference w:id="1"/></w:r>',
    ),
    '<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr><w:tblGrid><w:gridCol w:w="4000"/><w:gridCol w:w="4000"/></w:tblGrid>' +
      `<w:tr><w:tc>${paragraph(run('Region'))}</w:tc><w:tc>${paragraph(run('Sales', '<w:b/>'))}</w:tc></w:tr>` +
      `<w:tr><w:tc>${paragraph(run('North'))}</w:tc><w:tc>${paragraph(run('1200'))}</w:tc></w:tr>` +
      '</w:tbl>',
    paragraph(
      `${run('See figure ')}<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> SEQ Figure \\* ARABIC </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>${run('1')}<w:r><w:fldChar w:fldCharType="end"/></w:r>${run(' below.')}`,
    ),
  ].join('');
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>' +
      '<Override PartName="/word/header1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml"/>' +
      '<Override PartName="/word/footnotes.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml"/>' +
      '</Types>',
  );
  zip.file(
    '_rels/.rels',
    `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
      '</Relationships>',
  );
  zip.file(
    'word/_rels/document.xml.rels',
    `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
      '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/header" Target="header1.xml"/>' +
      '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes" Target="footnotes.xml"/>' +
      '<Relationship Id="rId10" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://example.com/results?year=2025&amp;view=full" TargetMode="External"/>' +
      '</Relationships>',
  );
  zip.file(
    'word/styles.xml',
    `${HEAD}<w:styles xmlns:w="${W_NS}">` +
      '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>' +
      '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:rPr><w:b/><w:sz w:val="32"/></w:rPr></w:style>' +
      '<w:style w:type="character" w:styleId="Hyperlink"><w:name w:val="Hyperlink"/><w:rPr><w:color w:val="0563C1"/><w:u w:val="single"/></w:rPr></w:style>' +
      '</w:styles>',
  );
  zip.file(
    'word/document.xml',
    `${HEAD}<w:document xmlns:w="${W_NS}" xmlns:r="${R_NS}"><w:body>${body}` +
      '<w:sectPr><w:headerReference w:type="default" r:id="rId2"/><w:pgSz w:w="11906" w:h="16838"/></w:sectPr></w:body></w:document>',
  );
  zip.file(
    'word/header1.xml',
    `${HEAD}<w:hdr xmlns:w="${W_NS}" xmlns:r="${R_NS}">${paragraph(`${run('Confidential draft, page ')}<w:fldSimple w:instr=" PAGE "><w:r><w:t>1</w:t></w:r></w:fldSimple>`, 'Header')}</w:hdr>`,
  );
  zip.file(
    'word/footnotes.xml',
    `${HEAD}<w:footnotes xmlns:w="${W_NS}" xmlns:r="${R_NS}">` +
      '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>' +
      `<w:footnote w:id="1">${paragraph(`<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteRef/></w:r>${run(' Figures are unaudited.')}`)}</w:footnote>` +
      '</w:footnotes>',
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** The part names of a zip package (not its folders), sorted. */
export async function partNames(file: Uint8Array): Promise<string[]> {
  return Object.keys((await JSZip.loadAsync(file)).files)
    .filter((name) => !name.endsWith('/'))
    .sort();
}

export async function partText(file: Uint8Array, name: string): Promise<string> {
  return (await JSZip.loadAsync(file)).file(name)!.async('string');
}
