import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  annotationErrorTable,
  matchPercent,
  reviewScore,
  type SegmentAnnotation,
  type SegmentSuggestions,
  WORKBENCH_TEXTS,
  type XliffImportResult,
} from '@parlance/shared';
import { projectReviews, projects, segmentAnnotations, workbenchSegments } from '../../db/schema';
import { fakeLibreTranslate, type FakeEngineServer } from '../../platform/mt/mt-test-servers';
import { authed, loginDemo } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  detailOf,
  newCustomer,
  newTranslator,
  paidProject,
  type Person,
  takeAndDeliver,
} from '../projects/projects-test-helpers';
import { multipart } from '../wizard/wizard-test-helpers';
import { seedMemory, seedSegments, seedTerms } from './assist-test-helpers';

// The workbench's helpers through the API: a segment's suggestions (memory, terms, the engine's
// translation kept), a reviewer's MQM annotations counted in the review's score, and a job as
// XLIFF to a CAT tool and back. Each call: who may and may not, bad input changing nothing.

let t: TestApp;
let libre: FakeEngineServer;
let admin: Person;
let customer: Person;
let tom: Person; // translates the job
let rita: Person; // reviews the completed project
let otto: Person; // no part in anything here (translates into Dutch)
let job: number;
let ids: number[];

const SOURCES = [
  'The quick brown fox jumps over the lazy dog.',
  'The quick brown fox jumps over the lazy cat.',
  'Press <pc id="1">Save</pc> to keep your changes.',
  'Our purchase order covers every delivery this year.',
  'Nothing in the memory looks like this sentence at all.',
  'Thank you for reading.',
];
const TAGS = { '1': { kind: 'pc', type: 'fmt', subType: 'xlf:b', disp: 'bold' } };

beforeAll(async () => {
  libre = await fakeLibreTranslate();
  t = await createTestApp({ mt: { deepl: null, libreTranslate: { url: libre.url }, openAi: null } }, { demo: true });
  const adminSession = await loginDemo(t.app, 'admin');
  admin = { session: adminSession, id: adminSession.user.id, api: authed(t.app, adminSession) };
  customer = await newCustomer(t.app);
  tom = await newTranslator(t.app);
  rita = await newTranslator(t.app);
  otto = await newTranslator(t.app, { pairs: [['american-english', 'dutch']] });
  job = await paidProject(t.app, customer, { words: 60 });
  expect((await tom.api.post(`/api/2/job/${job}/take`)).statusCode).toBe(200);
  ids = await seedSegments(
    db(),
    job,
    SOURCES.map((source) => ({ source, tags: source.includes('<pc') ? TAGS : {} })),
  );
  await seedMemory(db(), customer.id, [
    ['The quick brown fox jumps over the lazy dog.', 'El rápido zorro marrón salta sobre el perro perezoso.'],
    ['Thank you for reading!', '¡Gracias por leer!'],
    ['Completely unrelated words in a memory unit.', 'Palabras sin relación.'],
  ]);
  await seedTerms(
    db(),
    customer.id,
    ['american-english', 'spanish'],
    [
      { source: 'purchase order', target: 'orden de compra', note: 'never "pedido"' },
      { source: 'order', target: 'pedido' },
    ],
  );
});

afterAll(async () => {
  await t?.close();
  await libre?.close();
});

const db = () => t.app.deps.db;
const suggestions = (who: Person, id: number | string) => who.api.get(`/api/2/workbench/segments/${id}/suggestions`);
const segmentRow = async (id: number) =>
  (await db().select().from(workbenchSegments).where(eq(workbenchSegments.id, id)))[0];
const translateCalls = () => libre.seen.filter((r) => r.path === '/translate').length;

describe('GET /api/2/workbench/segments/{id}/suggestions', () => {
  it("finds the customer's memory: an exact match at 100 and a fuzzy one with its percent", async () => {
    const exact = await suggestions(tom, ids[0]);
    expect(exact.statusCode).toBe(200);
    const body = exact.json() as SegmentSuggestions;
    expect(body.memory[0]).toEqual({
      source: 'The quick brown fox jumps over the lazy dog.',
      target: 'El rápido zorro marrón salta sobre el perro perezoso.',
      percent: 100,
      from: 'memory',
      label: 'memory.tmx',
    });
    // the unrelated unit is below the lowest band and not shown
    expect(body.memory.map((m) => m.source)).not.toContain('Completely unrelated words in a memory unit.');

    const fuzzy = (await suggestions(tom, ids[1])).json() as SegmentSuggestions;
    const expected = matchPercent(SOURCES[1], SOURCES[0]);
    expect(expected).toBeGreaterThanOrEqual(75);
    expect(expected).toBeLessThan(100);
    expect(fuzzy.memory).toEqual([expect.objectContaining({ source: SOURCES[0], percent: expected, from: 'memory' })]);

    const none = (await suggestions(tom, ids[4])).json() as SegmentSuggestions;
    expect(none.memory).toEqual([]);
  });

  it("finds the job's own confirmed segments, and sees a confirmed target change", async () => {
    await db()
      .update(workbenchSegments)
      .set({
        target: 'El rápido zorro marrón salta sobre el gato perezoso.',
        status: 'translated',
        updatedAt: new Date(),
      })
      .where(eq(workbenchSegments.id, ids[1]));
    const first = (await suggestions(tom, ids[0])).json() as SegmentSuggestions;
    expect(first.memory).toContainEqual({
      source: SOURCES[1],
      target: 'El rápido zorro marrón salta sobre el gato perezoso.',
      percent: matchPercent(SOURCES[0], SOURCES[1]),
      from: 'job',
      label: 'This job',
    });
    // the segment's own target is never its own suggestion
    const self = (await suggestions(tom, ids[1])).json() as SegmentSuggestions;
    expect(self.memory.filter((m) => m.from === 'job')).toEqual([]);

    await db()
      .update(workbenchSegments)
      .set({ target: 'Otro texto.', status: 'translated', updatedAt: new Date(Date.now() + 1000) })
      .where(eq(workbenchSegments.id, ids[1]));
    const changed = (await suggestions(tom, ids[0])).json() as SegmentSuggestions;
    expect(changed.memory.find((m) => m.from === 'job')?.target).toBe('Otro texto.');

    // a segment back to draft is no suggestion any more
    await db()
      .update(workbenchSegments)
      .set({ status: 'draft', updatedAt: new Date(Date.now() + 2000) })
      .where(eq(workbenchSegments.id, ids[1]));
    const unconfirmed = (await suggestions(tom, ids[0])).json() as SegmentSuggestions;
    expect(unconfirmed.memory.filter((m) => m.from === 'job')).toEqual([]);
  });

  it('sees a new import of the memory at once', async () => {
    await seedMemory(
      db(),
      customer.id,
      [['Nothing in the memory looks like this sentence at all!', 'Nada.']],
      ['en', 'es'],
      'later.tmx',
    );
    const body = (await suggestions(tom, ids[4])).json() as SegmentSuggestions;
    expect(body.memory).toEqual([expect.objectContaining({ target: 'Nada.', from: 'memory', label: 'later.tmx' })]);
  });

  it("finds the customer's terms in the source, the longer term first", async () => {
    const body = (await suggestions(tom, ids[3])).json() as SegmentSuggestions;
    const start = SOURCES[3].indexOf('purchase order');
    expect(body.terms).toEqual([
      { source: 'purchase order', target: 'orden de compra', note: 'never "pedido"', start, end: start + 14 },
    ]);
  });

  it('asks the engine once, keeps its translation with the tags in place, and never asks again', async () => {
    const before = translateCalls();
    const first = (await suggestions(tom, ids[2])).json() as SegmentSuggestions;
    expect(first.machine).toEqual({ engine: 'libretranslate', target: expect.stringContaining('<pc id="1">') });
    expect(first.machine?.target).toContain('[es]');
    expect(first.machineNote).toBeNull();
    expect(translateCalls()).toBeGreaterThan(before);
    const stored = await segmentRow(ids[2]);
    expect(stored.machineTarget).toBe(first.machine?.target);
    expect(stored.machineEngine).toBe('libretranslate');

    const asked = translateCalls();
    const again = (await suggestions(tom, ids[2])).json() as SegmentSuggestions;
    expect(again.machine).toEqual(first.machine);
    expect(translateCalls()).toBe(asked);
  });

  it('answers without a machine suggestion and with the reason when the engine fails', async () => {
    libre.failNext('/translate', 500);
    const res = await suggestions(tom, ids[5]);
    expect(res.statusCode).toBe(200);
    const body = res.json() as SegmentSuggestions;
    expect(body.machine).toBeNull();
    expect(body.machineNote).toBe(WORKBENCH_TEXTS.machineFailed);
    expect(body.memory.length).toBeGreaterThan(0);
    expect((await segmentRow(ids[5])).machineTarget).toBeNull();
    // the engine is back: the next opening asks it
    const later = (await suggestions(tom, ids[5])).json() as SegmentSuggestions;
    expect(later.machine?.target).toContain('[es]');
  });

  it('says no engine serves a pair none is connected for', async () => {
    const dutch = await paidProject(t.app, customer, { targets: ['dutch'], words: 10 });
    expect((await otto.api.post(`/api/2/job/${dutch}/take`)).statusCode).toBe(200);
    const [id] = await seedSegments(db(), dutch, [{ source: 'Hello there.' }]);
    const before = translateCalls();
    const body = (await suggestions(otto, id)).json() as SegmentSuggestions;
    expect(body).toEqual({ memory: [], terms: [], machine: null, machineNote: WORKBENCH_TEXTS.machineUnavailable });
    expect(translateCalls()).toBe(before);
  });

  it('keeps out who may not read the segment, and refuses a bad id', async () => {
    expect((await suggestions(otto, ids[0])).statusCode).toBe(404);
    expect((await suggestions(rita, ids[0])).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/2/workbench/segments/${ids[0]}/suggestions` })).statusCode,
    ).toBe(401);
    expect((await suggestions(tom, 'abc')).statusCode).toBe(400);
    expect((await suggestions(tom, 987654321)).statusCode).toBe(404);
  });
});

describe('annotations of a QA review', () => {
  let reviewed: number;
  let reviewJob: number;
  let segs: number[];
  const annotate = (who: Person, id: number, body: Record<string, unknown>) =>
    who.api.postJson(`/api/2/workbench/segments/${id}/annotations`, body);
  const stored = async () => db().select().from(segmentAnnotations).where(inArray(segmentAnnotations.segmentId, segs));

  beforeAll(async () => {
    reviewed = await paidProject(t.app, customer, { words: 2000 });
    await takeAndDeliver(tom, reviewed);
    detailOf(await customer.api.post(`/api/2/projects/${reviewed}/approve`));
    segs = await seedSegments(db(), reviewed, [
      { source: 'One sentence.', target: 'Una frase.', status: 'translated' },
      { source: 'Two sentences.', target: 'Dos frase.', status: 'translated' },
    ]);
    reviewJob = detailOf(await admin.api.post(`/api/2/admin/projects/${reviewed}/review-jobs`, { kind: 'qa' })).id;
    expect((await rita.api.post(`/api/2/job/${reviewJob}/take`)).statusCode).toBe(200);
  });

  it('refuses bad input with a clear message and keeps nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ category: 'spelling', severity: 'minor', comment: '' }, 'Choose an error category'],
      [{ category: 'accuracy', severity: 'fatal', comment: '' }, 'Choose a severity'],
      [{ category: 'accuracy', severity: 'minor', comment: 'x'.repeat(1001) }, WORKBENCH_TEXTS.annotationCommentLength],
    ];
    for (const [body, message] of cases) {
      const res = await annotate(rita, segs[0], body);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(message);
    }
    expect(await stored()).toEqual([]);
  });

  it('lets only the reviewer of the open job annotate', async () => {
    // the reviewed project's translator reads its segments but marks no errors in them
    const byTom = await annotate(tom, segs[0], { category: 'accuracy', severity: 'major', comment: '' });
    expect(byTom.statusCode).toBe(403);
    expect((await annotate(otto, segs[0], { category: 'accuracy', severity: 'major', comment: '' })).statusCode).toBe(
      404,
    );
    expect(await stored()).toEqual([]);
  });

  it('counts the annotations in the quality reports and the score', async () => {
    const made: SegmentAnnotation[] = [];
    for (const body of [
      { category: 'accuracy', severity: 'major', comment: 'Wrong number' },
      { category: 'linguistic', severity: 'minor', comment: 'Agreement: "Dos frases"' },
      { category: 'linguistic', severity: 'minor', comment: '' },
      { category: 'style', severity: 'critical', comment: 'to be removed' },
    ]) {
      const res = await annotate(rita, segs[1], body);
      expect(res.statusCode).toBe(200);
      made.push(res.json() as SegmentAnnotation);
    }
    expect(made[0]).toMatchObject({ segmentId: segs[1], category: 'accuracy', severity: 'major', canDelete: true });

    // staff do not remove a reviewer's annotation, outsiders do not know it, its author does
    expect((await admin.api.delete(`/api/2/workbench/annotations/${made[3].id}`)).statusCode).toBe(403);
    expect((await otto.api.delete(`/api/2/workbench/annotations/${made[3].id}`)).statusCode).toBe(404);
    expect((await rita.api.delete(`/api/2/workbench/annotations/${made[3].id}`)).statusCode).toBe(204);
    expect((await rita.api.delete(`/api/2/workbench/annotations/${made[3].id}`)).statusCode).toBe(404);

    const expectedRows = [
      { category: 'Accuracy', severity: 'major', count: 1 },
      { category: 'Language', severity: 'minor', count: 2 },
    ];
    const reports = await rita.api.get(`/api/2/projects/${reviewJob}/quality-reports`);
    expect(reports.statusCode).toBe(200);
    expect(reports.json().results.annotations).toEqual(expectedRows);
    expect(reports.json().results.errors).toEqual(expectedRows);

    const submitted = await rita.api.postJson(`/api/2/projects/${reviewJob}/review`, {
      errors: [{ category: 'Style', severity: 'minor', count: 1 }],
      comment: 'Reviewed in the editor',
    });
    expect(submitted.statusCode).toBe(200);
    const [review] = await db().select().from(projectReviews).where(eq(projectReviews.jobId, reviewJob));
    const table = [{ category: 'Style', severity: 'minor', count: 1 }, ...expectedRows];
    expect(review.errors).toEqual(table);
    // 1 + 5 + 2 penalty points over 2,000 words
    expect(review.score).toBe(reviewScore(table, 2000));
    expect(review.score).toBe(960);

    // the job is closed: its annotations stay as they were scored
    expect((await rita.api.delete(`/api/2/workbench/annotations/${made[0].id}`)).statusCode).toBe(409);
    const late = await annotate(rita, segs[0], { category: 'accuracy', severity: 'minor', comment: '' });
    expect([403, 404]).toContain(late.statusCode);
    expect(annotationErrorTable(await stored())).toEqual(expectedRows);
  });
});

// ---- XLIFF ----

interface XmllintResult {
  valid: boolean;
  errors: { rawMessage: string }[];
}
const xmllint = createRequire(import.meta.url)('xmllint-wasm') as {
  validateXML(options: {
    xml: { fileName: string; contents: string }[];
    schema: { fileName: string; contents: string }[];
    preload?: { fileName: string; contents: string }[];
  }): Promise<XmllintResult>;
};
const schemaFile = (name: string) =>
  readFileSync(new URL(`../../platform/segments/xliff-schema/${name}`, import.meta.url), 'utf8');
const validate = (xml: string) =>
  xmllint.validateXML({
    xml: [{ fileName: 'job.xlf', contents: xml }],
    schema: [{ fileName: 'xliff-core-essentials.xsd', contents: schemaFile('xliff-core-essentials.xsd') }],
    preload: [{ fileName: 'xml.xsd', contents: schemaFile('xml.xsd') }],
  });

describe('XLIFF per job', () => {
  let xjob: number;
  let xids: number[];
  const upload = (who: Person, id: number, content: string, filename = 'job.xlf') => {
    const body = multipart({}, [{ filename, content }]);
    return who.api.inject({
      method: 'POST',
      url: `/api/2/workbench/projects/${id}/xliff`,
      payload: body.payload,
      headers: body.headers,
    });
  };
  const rows = async () =>
    db()
      .select()
      .from(workbenchSegments)
      .where(eq(workbenchSegments.projectId, xjob))
      .orderBy(workbenchSegments.ordinal);

  beforeAll(async () => {
    xjob = await paidProject(t.app, customer, { words: 40 });
    await db().update(projects).set({ name: 'Annual report' }).where(eq(projects.id, xjob));
    expect((await tom.api.post(`/api/2/job/${xjob}/take`)).statusCode).toBe(200);
    const first = await seedSegments(
      db(),
      xjob,
      [
        {
          source: 'Sales <pc id="1">grew</pc> this year.',
          tags: TAGS,
          target: 'Las ventas <pc id="1">crecieron</pc>.',
          status: 'translated',
        },
        { source: 'Costs fell.' },
      ],
      { fileName: 'report.docx', fileId: 1, position: 1 },
    );
    const second = await seedSegments(
      db(),
      xjob,
      [{ source: 'Thanks for reading.' }, { source: 'See you next year.', target: 'Hasta', status: 'draft' }],
      { fileName: 'notes.txt', fileId: 2, position: 2, firstOrdinal: 3 },
    );
    xids = [...first, ...second];
  });

  it('exports every document of the job as XLIFF 2.1 that validates, named for the job', async () => {
    const res = await tom.api.get(`/api/2/workbench/projects/${xjob}/xliff`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xliff+xml');
    expect(res.headers['content-disposition']).toContain('filename="Annual report-en-US-es.xlf"');
    const xml = res.body;
    const check = await validate(xml);
    expect(check.errors).toEqual([]);
    expect(check.valid).toBe(true);
    expect(xml.match(/<unit /g)).toHaveLength(4);
    expect(xml).toContain(`<unit id="${xids[0]}">`);
    expect(xml).toContain('report.docx');
    expect(xml).toContain('notes.txt');
    expect(xml).toContain('<target>Las ventas <pc id="1"');
    expect(xml).toMatch(new RegExp(`<unit id="${xids[3]}">[\\s\\S]*?<segment state="initial">`));
  });

  it('takes back what a CAT tool changed: exactly those segments, and lists targets whose tags do not fit', async () => {
    const exported = (await tom.api.get(`/api/2/workbench/projects/${xjob}/xliff`)).body;
    const before = await rows();
    // as a tool writes it: targets added after the sources, states set
    const edited = exported
      .replace(
        new RegExp(`(<unit id="${xids[1]}">[\\s\\S]*?<segment) state="initial">([\\s\\S]*?</source>)`),
        '$1 state="translated">$2<target>Los costes bajaron.</target>',
      )
      .replace(
        new RegExp(`(<unit id="${xids[2]}">[\\s\\S]*?</source>)`),
        '$1<target>Gracias por <pc id="7">leer</pc>.</target>',
      )
      .replace(
        new RegExp(`(<unit id="${xids[3]}">[\\s\\S]*?)<target>Hasta</target>`),
        '$1<target>Hasta el año que viene.</target>',
      );
    expect((await validate(edited)).valid).toBe(true);
    const res = await upload(tom, xjob, edited);
    expect(res.statusCode).toBe(200);
    const result = res.json() as XliffImportResult;
    expect(result.updated).toBe(2);
    expect(result.unchanged).toBe(1);
    expect(result.problems).toEqual([`unit ${xids[2]}: tag 7 is not in the source`]);
    const after = await rows();
    expect(after[0]).toEqual(before[0]);
    expect(after[2]).toEqual(before[2]);
    expect(after[1]).toMatchObject({
      target: 'Los costes bajaron.',
      status: 'translated',
      origin: 'xliff',
      revision: before[1].revision + 1,
      updatedBy: tom.id,
    });
    // a target the tool left in its initial state stays a draft
    expect(after[3]).toMatchObject({ target: 'Hasta el año que viene.', status: 'draft', origin: 'xliff' });

    // the same file again changes nothing
    const again = (await upload(tom, xjob, edited)).json() as XliffImportResult;
    expect(again.updated).toBe(0);
    expect(await rows()).toEqual(after);
  });

  it('refuses a file of another job and saves nothing of it', async () => {
    const other = await paidProject(t.app, customer, { words: 10 });
    expect((await tom.api.post(`/api/2/job/${other}/take`)).statusCode).toBe(200);
    const [foreign] = await seedSegments(db(), other, [{ source: 'Elsewhere.' }]);
    const exported = (await tom.api.get(`/api/2/workbench/projects/${xjob}/xliff`)).body;
    const before = await rows();
    // a unit of another job slipped into this job's file
    const mixed = exported.replace(
      new RegExp(`<unit id="${xids[1]}">([\\s\\S]*?)</source>`),
      `<unit id="${foreign}">$1</source><target>Otro.</target>`,
    );
    const res = await upload(tom, xjob, mixed);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain(WORKBENCH_TEXTS.xliffNotForJob);
    // the other job's own file
    const otherFile = (await tom.api.get(`/api/2/workbench/projects/${other}/xliff`)).body;
    const wrong = await upload(tom, xjob, otherFile);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toContain(WORKBENCH_TEXTS.xliffNotForJob);
    expect(await rows()).toEqual(before);
  });

  it('refuses what is no XLIFF file, with the reason', async () => {
    const before = await rows();
    const notXml = await upload(tom, xjob, 'this is not xml');
    expect(notXml.statusCode).toBe(422);
    expect(notXml.json().message).toContain('not well-formed XML');
    expect((await upload(tom, xjob, 'x', 'job.docx')).statusCode).toBe(415);
    expect((await upload(tom, xjob, '', 'job.xlf')).statusCode).toBe(400);
    const noFile = await tom.api.postJson(`/api/2/workbench/projects/${xjob}/xliff`, {});
    expect(noFile.statusCode).toBe(400);
    const latin1 = Buffer.from('<?xml version="1.0"?><xliff>caf\xe9</xliff>', 'latin1').toString('binary');
    expect([400, 422]).toContain((await upload(tom, xjob, latin1)).statusCode);
    expect(await rows()).toEqual(before);
  });

  it('is only for who may edit the job', async () => {
    const exported = (await tom.api.get(`/api/2/workbench/projects/${xjob}/xliff`)).body;
    expect((await otto.api.get(`/api/2/workbench/projects/${xjob}/xliff`)).statusCode).toBe(404);
    expect((await upload(otto, xjob, exported)).statusCode).toBe(404);
    const byCustomer = await customer.api.get(`/api/2/workbench/projects/${xjob}/xliff`);
    expect([403, 404]).toContain(byCustomer.statusCode);
    expect([403, 404]).toContain((await upload(customer, xjob, exported)).statusCode);
    const count = await db()
      .select()
      .from(workbenchSegments)
      .where(and(eq(workbenchSegments.projectId, xjob), eq(workbenchSegments.origin, 'xliff')));
    expect(count).toHaveLength(2);
  });
});
