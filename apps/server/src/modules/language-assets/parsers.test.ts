import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { parseCsvTerms, parseTbxTerms, parseXlsxTerms, TermFormatError } from './terminology-parser';
import { readTmx, TmxFormatError, type TmxUnit } from './tmx-parser';

const TMX = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE tmx SYSTEM "tmx14.dtd">
<tmx version="1.4">
  <header creationtool="SDL Trados Studio" creationtoolversion="16" segtype="sentence" o-tmf="SDL TM8" adminlang="en-US" srclang="en-US" datatype="xml"/>
  <body>
    <tu tuid="1" creationdate="20240101T120000Z">
      <prop type="x-Domain">Legal</prop>
      <tuv xml:lang="en-US"><seg>Click <bpt i="1" x="1">&lt;b&gt;</bpt>Save<ept i="1">&lt;/b&gt;</ept> to keep &amp; close.</seg></tuv>
      <tuv xml:lang="de-DE"><seg>Klicken Sie auf <bpt i="1" x="1">&lt;b&gt;</bpt>Speichern<ept i="1">&lt;/b&gt;</ept>.</seg></tuv>
      <tuv xml:lang="fr-fr"><seg>Cliquez sur <ph x="2">{0}</ph> Enregistrer.</seg></tuv>
    </tu>
    <tu>
      <tuv lang="EN-US"><seg>Page <it pos="begin">&lt;i&gt;</it>two<hi type="b">!</hi></seg></tuv>
      <tuv xml:lang="de-DE"><seg><![CDATA[Seite <zwei>]]></seg></tuv>
    </tu>
  </body>
</tmx>
`;

async function* chunks(text: string, size = 7) {
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function readAll(text: string) {
  const units: TmxUnit[] = [];
  const result = await readTmx(chunks(text), async (batch) => {
    units.push(...batch);
  });
  return { ...result, units };
}

describe('TMX reader', () => {
  it('reads a multi-language memory with inline tags, in small chunks', async () => {
    const { units, languages } = await readAll(TMX);
    expect(units).toHaveLength(2);
    expect(languages).toEqual(['de-DE', 'en-US', 'fr-FR']);
    const [first, second] = units;
    expect(first.variants.map((v) => v.lang)).toEqual(['en-US', 'de-DE', 'fr-FR']);
    expect(first.variants[0].plain).toBe('Click Save to keep & close.');
    expect(first.variants[0].content).toBe(
      'Click <bpt i="1" x="1">&lt;b&gt;</bpt>Save<ept i="1">&lt;/b&gt;</ept> to keep &amp; close.',
    );
    expect(first.variants[2].content).toBe('Cliquez sur <ph x="2">{0}</ph> Enregistrer.');
    expect(first.variants[2].plain).toBe('Cliquez sur Enregistrer.');
    expect(second.variants[0]).toMatchObject({ lang: 'en-US', plain: 'Page two!' });
    expect(second.variants[1]).toMatchObject({ plain: 'Seite <zwei>', content: 'Seite &lt;zwei&gt;' });
  });

  it('refuses malformed XML with the line it failed on', async () => {
    const broken = TMX.replace('<seg>Page', '<seg>Page <b>');
    await expect(readAll(broken)).rejects.toThrow(TmxFormatError);
    await expect(readAll(broken)).rejects.toMatchObject({ line: 13 });
    const unclosed = TMX.replace('</tu>\n  </body>', '\n  </body>');
    const err = await readAll(unclosed).catch((e) => e);
    expect(err).toBeInstanceOf(TmxFormatError);
    expect(err.message).toMatch(/^Line \d+: /);
  });

  it('refuses a file that is not TMX, a tuv without a language, and a memory without units', async () => {
    await expect(readAll('<?xml version="1.0"?><html><body/></html>')).rejects.toThrow(/root element must be <tmx>/);
    await expect(readAll(TMX.replace('xml:lang="de-DE"><seg>Klicken', '><seg>Klicken'))).rejects.toMatchObject({
      line: 9,
      reason: '<tuv> has no xml:lang',
    });
    await expect(readAll('<tmx version="1.4"><header/><body></body></tmx>')).rejects.toThrow(/no translation units/);
    await expect(readAll('')).rejects.toThrow(/root element/);
  });
});

describe('terminology files', () => {
  it('reads CSV with a header, quotes, embedded commas and newlines, and notes', () => {
    const csv =
      'source,target,note\n"Save, and close","Speichern und schließen",button\n"He said ""hi""",Er sagte „hallo“,\n\n"multi\nline",mehrzeilig,\n';
    expect(parseCsvTerms(Buffer.from(`\uFEFF${csv}`))).toEqual([
      { source: 'Save, and close', target: 'Speichern und schließen', note: 'button' },
      { source: 'He said "hi"', target: 'Er sagte „hallo“', note: '' },
      { source: 'multi line', target: 'mehrzeilig', note: '' },
    ]);
  });

  it('reads semicolon CSV without a header; refuses a row without a target with its line', () => {
    expect(parseCsvTerms(Buffer.from('invoice;Rechnung\nbalance;Saldo\n'))).toHaveLength(2);
    const err = (() => {
      try {
        parseCsvTerms(Buffer.from('en,de\ninvoice,Rechnung\ncredit,\n'));
      } catch (e) {
        return e as TermFormatError;
      }
    })();
    expect(err).toBeInstanceOf(TermFormatError);
    expect(err?.line).toBe(3);
    expect(err?.message).toBe('Line 3: each row needs a source term and a target term');
  });

  it('refuses CSV with an unclosed quote, with a line', () => {
    expect(() => parseCsvTerms(Buffer.from('a,b\n"open,quote\n'))).toThrow(/^Line \d+: /);
  });

  it('reads the first worksheet of an XLSX workbook and names the failing row', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Terms');
    ws.addRow(['English', 'German']);
    ws.addRow(['invoice', 'Rechnung', 'finance']);
    ws.addRow([{ richText: [{ text: 'due ' }, { text: 'date' }] }, 'Fälligkeitsdatum']);
    const good = Buffer.from(await wb.xlsx.writeBuffer());
    // "English" is not a column word: the first row is a term pair then
    expect(await parseXlsxTerms(good)).toEqual([
      { source: 'English', target: 'German', note: '' },
      { source: 'invoice', target: 'Rechnung', note: 'finance' },
      { source: 'due date', target: 'Fälligkeitsdatum', note: '' },
    ]);
    ws.addRow(['orphan']);
    const bad = Buffer.from(await wb.xlsx.writeBuffer());
    await expect(parseXlsxTerms(bad)).rejects.toMatchObject({ line: 4 });
    await expect(parseXlsxTerms(Buffer.from('not a zip'))).rejects.toThrow(/not a readable XLSX/);
  });

  it('reads TBX-Basic entries for the pair (regional tags match), preferring the first term', () => {
    const tbx = `<?xml version="1.0" encoding="UTF-8"?>
<martif type="TBX-Basic" xml:lang="en-US">
  <text><body>
    <termEntry id="c1">
      <descrip type="definition">A request for payment</descrip>
      <langSet xml:lang="en-US"><tig><term>invoice</term></tig><tig><term>bill</term></tig></langSet>
      <langSet xml:lang="de"><ntig><termGrp><term>Rechnung</term></termGrp></ntig></langSet>
    </termEntry>
    <termEntry id="c2">
      <langSet xml:lang="en"><tig><term>only English</term></tig></langSet>
    </termEntry>
    <conceptEntry id="c3">
      <langSec xml:lang="en"><termSec><term>balance</term></termSec></langSec>
      <langSec xml:lang="de-DE"><termSec><term>Saldo</term></termSec></langSec>
    </conceptEntry>
  </body></text>
</martif>`;
    expect(parseTbxTerms(Buffer.from(tbx), { sourceIso: 'en-US', targetIso: 'de' })).toEqual([
      { source: 'invoice', target: 'Rechnung', note: 'A request for payment' },
      { source: 'balance', target: 'Saldo', note: '' },
    ]);
    expect(() => parseTbxTerms(Buffer.from(tbx), { sourceIso: 'en-US', targetIso: 'fr' })).toThrow(
      /no entry has terms in both/,
    );
    expect(() =>
      parseTbxTerms(Buffer.from(tbx.replace('<term>Saldo</term>', '<term>Saldo</trm>')), {
        sourceIso: 'en',
        targetIso: 'de',
      }),
    ).toThrow(/^Line 14: /);
  });
});
