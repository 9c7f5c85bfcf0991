import JSZip from 'jszip';
import mammoth from 'mammoth';
import { describe, expect, it } from 'vitest';
import { countWords } from '../count-words';
import { makeDocx } from '../test-fixtures';
import { extractDocx, wordXmlToText } from './docx';

/** A docx whose body is the given WordprocessingML (inside w:body). */
async function docxWithBody(body: string): Promise<Buffer> {
  const zip = await JSZip.loadAsync(await makeDocx(['placeholder']));
  zip.file(
    'word/document.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
      `<w:body>${body}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer' });
}

const BODIES = {
  runs: '<w:p><w:r><w:t>Hello</w:t></w:r><w:r><w:t xml:space="preserve"> big </w:t></w:r><w:r><w:t>world.</w:t></w:r></w:p>',
  paragraphs: '<w:p><w:r><w:t>one</w:t></w:r></w:p><w:p><w:r><w:t>two</w:t></w:r></w:p><w:p/>',
  tabsAndHyphens: '<w:p><w:r><w:t>left</w:t><w:tab/><w:t>right</w:t><w:noBreakHyphen/><w:t>joined</w:t></w:r></w:p>',
  entities: '<w:p><w:r><w:t>Fish &amp; chips &lt;3 &#x4E2D;&#25991; caf&#233;</w:t></w:r></w:p>',
  table:
    '<w:tbl><w:tr><w:tc><w:p><w:r><w:t>cell one</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>cell two</w:t></w:r></w:p></w:tc></w:tr></w:tbl>',
  deleted:
    '<w:p><w:r><w:t>kept</w:t></w:r><w:del><w:r><w:delText>removed words</w:delText></w:r></w:del><w:ins><w:r><w:t xml:space="preserve"> added</w:t></w:r></w:ins></w:p>',
};

describe('docx text', () => {
  it.each(Object.entries(BODIES))('%s: the same word count as mammoth', async (_name, body) => {
    const docx = await docxWithBody(body);
    const ours = (await extractDocx(docx)).text;
    const theirs = (await mammoth.extractRawText({ buffer: docx })).value;
    expect(countWords(ours)).toBe(countWords(theirs));
    expect(countWords(ours)).toBeGreaterThan(0);
  });

  it('keeps paragraphs, tabs and breaks apart and decodes entities', () => {
    expect(wordXmlToText(BODIES.tabsAndHyphens)).toBe('left\tright\u2011joined\n\n');
    // a line break separates words (mammoth's raw text drops it and joins them)
    expect(wordXmlToText('<w:p><w:r><w:t>end</w:t><w:br/><w:t>start</w:t></w:r></w:p>')).toBe('end\nstart\n\n');
    expect(wordXmlToText(BODIES.entities)).toBe('Fish & chips <3 中文 café\n\n');
    expect(wordXmlToText(BODIES.deleted)).toBe('kept added\n\n');
  });

  it('reads the main part that _rels/.rels names', async () => {
    const zip = await JSZip.loadAsync(await makeDocx(['alpha beta gamma']));
    const xml = await zip.file('word/document.xml')?.async('string');
    zip.remove('word/document.xml');
    zip.file('word/main.xml', xml ?? '');
    const rels = (await zip.file('_rels/.rels')?.async('string')) ?? '';
    zip.file('_rels/.rels', rels.replace('word/document.xml', '/word/main.xml'));
    const moved = await zip.generateAsync({ type: 'nodebuffer' });
    expect(countWords((await extractDocx(moved)).text)).toBe(3);
  });

  it('refuses a zip that is not a Word document', async () => {
    const zip = new JSZip();
    zip.file('readme.txt', 'not a document');
    await expect(extractDocx(await zip.generateAsync({ type: 'nodebuffer' }))).rejects.toThrow();
  });
});
