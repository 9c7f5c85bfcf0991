import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { extract, merge } from './index';
import { makeRichDocx, partText } from './test-documents';
import { exportXliff, importXliff, XLIFF_NS, type XliffJob, type XliffSegment } from './xliff';
import { childElements, parseXml, type XElement } from './xml-dom';

interface XmllintResult {
  valid: boolean;
  errors: { rawMessage: string }[];
}
interface Xmllint {
  validateXML(options: {
    xml: { fileName: string; contents: string }[];
    schema: { fileName: string; contents: string }[];
    preload?: { fileName: string; contents: string }[];
  }): Promise<XmllintResult>;
}
const xmllint = createRequire(import.meta.url)('xmllint-wasm') as Xmllint;

const schemaFile = (name: string) => readFileSync(new URL(`./xliff-schema/${name}`, import.meta.url), 'utf8');

async function validate(xml: string): Promise<XmllintResult> {
  return xmllint.validateXML({
    xml: [{ fileName: 'job.xlf', contents: xml }],
    schema: [{ fileName: 'xliff-core-essentials.xsd', contents: schemaFile('xliff-core-essentials.xsd') }],
    preload: [{ fileName: 'xml.xsd', contents: schemaFile('xml.xsd') }],
  });
}

const JOB: XliffJob = { jobId: '42', srcLang: 'en', trgLang: 'de', fileName: 'report.docx' };

async function jobSegments(): Promise<XliffSegment[]> {
  const { segments } = await extract(await makeRichDocx(), 'docx', 'en');
  return segments;
}

function all(doc: XElement, name: string): XElement[] {
  return Array.from(doc.getElementsByTagNameNS(XLIFF_NS, name));
}

/** The rules XLIFF 2.1 states in prose rather than in its schema, for the parts Parlance writes. */
function proseRuleProblems(xml: string): string[] {
  const root = parseXml(xml, 'export').documentElement;
  const problems: string[] = [];
  if (root.getAttribute('version') !== '2.1') problems.push('version is not 2.1');
  const unitIds = all(root, 'unit').map((unit) => unit.getAttribute('id'));
  if (new Set(unitIds).size !== unitIds.length) problems.push('unit ids repeat within the file');
  for (const unit of all(root, 'unit')) {
    const ids = [...all(unit, 'source').flatMap((s) => [...all(s, 'pc'), ...all(s, 'ph')])].map((el) =>
      el.getAttribute('id'),
    );
    if (new Set(ids).size !== ids.length) problems.push(`inline ids repeat in unit ${unit.getAttribute('id')}`);
    for (const target of all(unit, 'target')) {
      for (const code of [...all(target, 'pc'), ...all(target, 'ph')]) {
        if (!ids.includes(code.getAttribute('id')))
          problems.push(`target code without a source code in ${unit.getAttribute('id')}`);
      }
    }
    for (const code of [...all(unit, 'pc'), ...all(unit, 'ph')]) {
      const subType = code.getAttribute('subType');
      if (subType && !code.getAttribute('type')) problems.push('subType without type');
      if (/^xlf:(b|i|u|lb|pb)$/.test(subType ?? '') && code.getAttribute('type') !== 'fmt')
        problems.push(`${subType} needs type fmt`);
    }
    for (const segment of all(unit, 'segment')) {
      const state = segment.getAttribute('state') ?? 'initial';
      const hasTarget = childElements(segment).some((el) => el.localName === 'target');
      if (state !== 'initial' && !hasTarget) problems.push(`state ${state} without a target`);
    }
  }
  if (all(root, 'file').some((file) => !file.getAttribute('id'))) problems.push('file without id');
  return problems;
}

describe('XLIFF 2.1', () => {
  it('exports a job as a valid XLIFF 2.1 file with tags, states and context', async () => {
    const segments = await jobSegments();
    segments[1].target = 'Das Jahr war <pc id="1">gut.</pc>';
    segments[1].state = 'reviewed';
    segments[3].target = 'Die <pc id="1">Ergebnisse</pc> stehen online.';
    segments[3].state = 'final';
    const xml = exportXliff(JOB, segments);
    const result = await validate(xml);
    expect(result.errors.map((e) => e.rawMessage)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(proseRuleProblems(xml)).toEqual([]);
    expect(xml).toContain(
      '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.1" srcLang="en" trgLang="de">\n  <file id="job-42" original="report.docx">',
    );
    expect(xml).toContain(
      [
        '    <unit id="p2.3">',
        '      <notes><note category="context">paragraph</note></notes>',
        '      <segment state="final">',
        '        <source>Read the <pc id="1" canDelete="no" type="link" dispStart="https://example.com/results?year=2025&amp;view=full">full results</pc> online.</source>',
        '        <target>Die <pc id="1" canDelete="no" type="link" dispStart="https://example.com/results?year=2025&amp;view=full">Ergebnisse</pc> stehen online.</target>',
      ].join('\n'),
    );
    expect(xml).toContain('<ph id="2" canDelete="no" type="fmt" subType="xlf:lb" equiv="&#10;"/>');
    expect(xml).toContain(
      '<unit id="p1.1">\n      <notes><note category="context">Heading1</note></notes>\n      <segment state="initial">',
    );
  });

  it('exports valid XLIFF for the segments of every format', async () => {
    const srt = Buffer.from(
      '1\n00:00:01,000 --> 00:00:02,000\n{\\an8}<font color="#ff0">Hello</font> <i>there</i>,\nfriend.\n',
    );
    const html = Buffer.from(
      '<p>See <a href="/a?b=1&amp;c=2" title="T">this "page"</a> &amp; <img src="x.png" alt="X"> now.</p>',
    );
    const { segments: fromSrt } = await extract(srt, 'srt', 'en');
    const { segments: fromHtml } = await extract(html, 'html', 'en');
    const segments = [...fromSrt, ...fromHtml, ...(await jobSegments())];
    const xml = exportXliff(JOB, segments);
    const result = await validate(xml);
    expect(result.errors.map((e) => e.rawMessage)).toEqual([]);
    expect(proseRuleProblems(xml)).toEqual([]);
    expect(xml).toContain(
      '<pc id="1" canDelete="no" type="fmt" dispStart="&lt;font color=&quot;#ff0&quot;&gt;">Hello</pc>',
    );
    expect(
      importXliff(
        exportXliff(
          JOB,
          segments.map((s) => ({ ...s, target: s.source })),
        ),
        JOB,
        segments,
      ).size,
    ).toBe(segments.length);
  });

  it('a file the schema refuses is caught by the check', async () => {
    const broken = exportXliff(JOB, await jobSegments()).replace('<segment state="initial">', '<segment state="done">');
    expect((await validate(broken)).valid).toBe(false);
    expect(
      proseRuleProblems(exportXliff(JOB, await jobSegments()).replace('state="initial"', 'state="final"')),
    ).toContain('state final without a target');
  });

  it('round-trips: a file whose targets repeat the sources comes back as the same segments', async () => {
    const segments = await jobSegments();
    const xml = exportXliff(
      JOB,
      segments.map((s) => ({ ...s, target: s.source, state: 'translated' as const })),
    );
    expect(importXliff(xml, JOB, segments)).toEqual(
      new Map(segments.map((s) => [s.id, { target: s.source, state: 'translated' }])),
    );
  });

  it('takes back its own file unchanged as the same segments, and a changed target', async () => {
    const segments = await jobSegments();
    segments[0].target = 'Jahresbericht';
    segments[0].state = 'translated';
    const xml = exportXliff(JOB, segments);
    expect(importXliff(xml, JOB, segments)).toEqual(
      new Map([['p1.1', { target: 'Jahresbericht', state: 'translated' }]]),
    );
    // the translator's tool fills in targets, moves tags and sets states
    const edited = xml
      .replace(
        /(<unit id="p2\.2">[\s\S]*?<segment) state="initial">([\s\S]*?<\/source>)/,
        '$1 state="final">$2<target><pc id="2">In jeder Region</pc> <pc id="1">wuchs der Umsatz</pc>.</target>',
      )
      .replace(
        /(<unit id="p3\.1">[\s\S]*?<segment) state="initial">([\s\S]*?<\/source>)/,
        '$1 state="translated">$2<target>Rechtschreibung ist <pc id="1">prima &amp; gut</pc>.</target>',
      );
    const taken = importXliff(edited, JOB, segments);
    expect(taken.get('p2.2')).toEqual({
      target: '<pc id="2">In jeder Region</pc> <pc id="1">wuchs der Umsatz</pc>.',
      state: 'final',
    });
    expect(taken.get('p3.1')).toEqual({
      target: 'Rechtschreibung ist <pc id="1">prima &amp; gut</pc>.',
      state: 'translated',
    });
    // and the targets go into the Word document
    const merged = await merge(
      await makeRichDocx(),
      'docx',
      'en',
      new Map([...taken].map(([id, { target }]) => [id, target])),
    );
    expect(await partText(merged, 'word/document.xml')).toContain(
      '<w:r><w:rPr><w:u w:val="single"/></w:rPr><w:t xml:space="preserve">prima &amp; gut</w:t></w:r>',
    );
  });

  it('joins a unit that a tool split into several segments, and reads annotations and code points', async () => {
    const segments: XliffSegment[] = [{ id: 'p1.1', source: 'One. <pc id="1">Two</pc>.', tags: { 1: { kind: 'pc' } } }];
    const xml = `<?xml version="1.0"?>
<xliff xmlns="${XLIFF_NS}" version="2.0" srcLang="en-US" trgLang="de-DE"><file id="job-42">
<unit id="p1.1"><segment state="translated"><source>One.</source><target>Eins.</target></segment><ignorable><source> </source></ignorable>
<segment state="reviewed"><source><pc id="1">Two</pc>.</source><target><mrk id="m1" type="term"><pc id="1">Zwei</pc></mrk><cp hex="00A0"/>!</target></segment></unit>
</file></xliff>`;
    expect(importXliff(xml, JOB, segments).get('p1.1')).toEqual({
      target: 'Eins. <pc id="1">Zwei</pc>\u00a0!',
      state: 'translated',
    });
    // an empty target is a segment nobody translated yet, not a deletion
    const empty = xml.replace(/<target>[\s\S]*?<\/target>/g, '<target/>');
    expect(importXliff(empty, JOB, segments).size).toBe(0);
  });

  it('reads a file as a CAT tool writes it back: groups, extensions, segment ids, its own attributes', async () => {
    const segments = await jobSegments();
    const tool = `<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="${XLIFF_NS}" xmlns:mda="urn:oasis:names:tc:xliff:metadata:2.0" version="2.1" srcLang="en" trgLang="de-DE">
  <file id="job-42" original="report.docx">
    <group id="g1" name="body">
      <unit id="p2.3" name="link sentence">
        <mda:metadata><mda:metaGroup category="tool"><mda:meta type="match">fuzzy</mda:meta></mda:metaGroup></mda:metadata>
        <segment id="s1" state="reviewed" subState="tool:checked">
          <source>Read the <pc id="1" type="link">full results</pc> online.</source>
          <target xml:lang="de-DE">Die <pc id="1" type="link" canDelete="no" dispStart="link">Ergebnisse</pc> stehen online.</target>
        </segment>
      </unit>
    </group>
  </file>
</xliff>`;
    expect((await validate(tool)).valid).toBe(true);
    expect(importXliff(tool, JOB, segments)).toEqual(
      new Map([['p2.3', { target: 'Die <pc id="1">Ergebnisse</pc> stehen online.', state: 'reviewed' }]]),
    );
  });

  it('refuses a file for another job or language pair, and says which', async () => {
    const segments = await jobSegments();
    const xml = exportXliff(JOB, segments);
    expect(() => importXliff(xml, { ...JOB, jobId: '43' }, segments)).toThrow(
      'This XLIFF file cannot be taken back: it belongs to another job (job-42).',
    );
    expect(() => importXliff(xml, { ...JOB, trgLang: 'fr' }, segments)).toThrow(
      'This XLIFF file cannot be taken back: it is for English to German, and this job is English to French.',
    );
    expect(() =>
      importXliff('<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"/>', JOB, segments),
    ).toThrow('it is XLIFF 1.2; export XLIFF 2.0 or 2.1 from your tool');
    expect(() => importXliff('<xliff', JOB, segments)).toThrow('it is not well-formed XML');
  });

  it('refuses unknown ids and broken tags, listing every problem', async () => {
    const segments = await jobSegments();
    const xml = exportXliff(JOB, segments)
      .replace('<unit id="p1.1">', '<unit id="p77.1">')
      .replace(
        /(<unit id="p2\.2">[\s\S]*?<\/source>)/,
        '$1<target>Umsatz <pc id="1">wuchs</pc> <pc id="9">x</pc>.</target>',
      )
      .replace(
        /(<unit id="p2\.3">[\s\S]*?<\/source>)/,
        '$1<target>Die <sc id="1"/>Ergebnisse<ec startRef="1"/>.</target>',
      )
      .replace(
        /(<unit id="p2\.4">[\s\S]*?<\/source>)/,
        '$1<target>Danke<ph id="1"/><ph id="1"/><ph id="2"/>fürs Lesen.</target>',
      );
    let error: unknown;
    try {
      importXliff(xml, JOB, segments);
    } catch (caught) {
      error = caught;
    }
    expect((error as { list: string[] }).list).toEqual([
      'unit p77.1 is not a segment of this job',
      'unit p2.2: tag 9 is not in the source',
      'unit p2.2: tag 2 of the source is missing',
      'unit p2.3: it splits a tag into start and end codes (<sc>); keep each tag whole around its words',
      'unit p2.3: it splits a tag into start and end codes (<ec>); keep each tag whole around its words',
      'unit p2.4: tag 1 appears twice',
    ]);
    expect((error as { statusCode: number }).statusCode).toBe(422);
  });
});
