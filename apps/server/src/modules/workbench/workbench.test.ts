import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type ProjectDetail,
  type SegmentSaved,
  statusCountsOf,
  type SegmentSuggestions,
  type WorkbenchJob,
  type WorkbenchJobList,
  type WorkbenchSegmentPage,
  WORKBENCH_LIMITS,
  WORKBENCH_TEXTS,
} from '@parlance/shared';
import {
  languages,
  mtJobs,
  projectResources,
  terminologySets,
  terminologyTerms,
  tmImports,
  tmSegments,
  workbenchDocuments,
  users,
  workbenchDeliveredReads,
  workbenchSegments,
} from '../../db/schema';
import { AppError } from '../../platform/errors';
import { extract } from '../../platform/segments';
import { authContextOf } from '../../platform/session';
import { authed, loginDemo } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { keyOf } from '../machine-translation/source-files';
import { readTmx, TMX_TAIL, type TmxUnit, tmxHead, tmxUnitXml } from '../language-assets/tmx-parser';
import { DOCX_MIME, paidMtProject, run, smallDocx } from '../machine-translation/mt-test-helpers';
import { segmentAccess } from './access';
import { deliverFromEditor } from './deliver';
import { saveWithAccess } from './save';
import { moveContextOf } from '../projects/moves/context';
import {
  deliver as deliverFiles,
  detailOf,
  newCustomer,
  newTranslator,
  type Person,
  projectRow,
} from '../projects/projects-test-helpers';

// The workbench's server core through the API on real projects with real Word files: the first
// open stores the segments, saves guard their revision, confirming checks the target and fills
// repetitions, who opens what, and a delivery from the editor that gives the customer a Word file
// with the translation in the source's formatting and fills their translation memory.

let t: TestApp;
let admin: Person;
let customer: Person;
let stranger: Person;
let tom: Person; // translates
let otto: Person; // another translator of the pair

const SOURCE_PARAGRAPHS = [
  run('Welcome to the ') + run('annual', '<w:b/>') + run(' report.'),
  run('Click Save.'),
  run('Read the notes.'),
  run('Click Save.'),
];
const TARGETS: Record<string, string> = {
  'Click Save.': 'Haga clic en Guardar.',
  'Read the notes.': 'Lea las notas.',
};

beforeAll(async () => {
  t = await createTestApp({}, { demo: true });
  const session = await loginDemo(t.app, 'admin');
  admin = { session, id: session.user.id, api: authed(t.app, session) };
  customer = await newCustomer(t.app);
  stranger = await newCustomer(t.app);
  tom = await newTranslator(t.app, { pairs: [['american-english', 'catalan']] });
  otto = await newTranslator(t.app, { pairs: [['american-english', 'catalan']] });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

async function docxProject(type = 'translation', paragraphs = SOURCE_PARAGRAPHS): Promise<number> {
  return paidMtProject(t.app, customer.id, {
    type,
    target: 'catalan',
    files: [{ name: 'guide.docx', content: await smallDocx(paragraphs), mime: DOCX_MIME }],
  });
}

async function takenProject(type = 'translation', paragraphs = SOURCE_PARAGRAPHS): Promise<number> {
  const id = await docxProject(type, paragraphs);
  detailOf(await tom.api.post(`/api/2/job/${id}/take`));
  return id;
}

const openIn = (who: Person, id: number) => who.api.get(`/api/2/workbench/projects/${id}`);
const job = async (who: Person, id: number): Promise<WorkbenchJob> => {
  const res = await openIn(who, id);
  if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode}: ${res.body}`);
  return res.json() as WorkbenchJob;
};
const save = (who: Person, segmentId: number, body: Record<string, unknown>) =>
  who.api.inject({ method: 'PUT', url: `/api/2/workbench/segments/${segmentId}`, payload: body });
const deliver = (who: Person, id: number, acceptWarnings = false) =>
  who.api.postJson(`/api/2/workbench/projects/${id}/deliver`, { acceptWarnings });

/** The target a translator types for a source: the bold run's tags kept around its word. */
function translate(source: string): string {
  if (source.includes('<pc'))
    return source.replace('Welcome to the ', 'Bienvenido al informe ').replace(' report.', '.');
  return TARGETS[source] ?? source;
}

describe('opening a job', () => {
  let id: number;
  beforeAll(async () => {
    id = await takenProject();
  });

  it('stores the files as segments on the first open, once, even from two tabs at once', async () => {
    const [a, b] = await Promise.all([openIn(tom, id), openIn(tom, id)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const first = a.json() as WorkbenchJob;
    expect(first.role).toBe('translator');
    expect(first.readOnly).toBeNull();
    expect(first.confirmStatus).toBe('translated');
    expect(first.canDeliver).toBe(true);
    expect(first.project).toMatchObject({ id, sourceLang: { iso: 'en-US' } });
    expect(first.documents).toEqual([
      expect.objectContaining({ fileName: 'guide.docx', format: 'docx', output: 'docx', segments: 4 }),
    ]);
    expect(first.segments.map((s) => s.ordinal)).toEqual([1, 2, 3, 4]);
    expect(first.segments[0].source).toBe('Welcome to the <pc id="1">annual</pc> report.');
    expect(first.segments[0].tags['1']).toMatchObject({ kind: 'pc', type: 'fmt' });
    expect(first.segments.every((s) => s.status === 'new' && s.target === '' && s.revision === 0)).toBe(true);
    expect((b.json() as WorkbenchJob).segments.map((s) => s.id)).toEqual(first.segments.map((s) => s.id));
    const stored = await db().select().from(workbenchSegments).where(eq(workbenchSegments.projectId, id));
    expect(stored).toHaveLength(4);
    expect(stored.find((s) => s.ordinal === 2)?.repetitionKey).toBe('click save.');
    // "Click Save." twice: each has one repetition; the others none (a confirm fills nothing)
    expect(stored.sort((x, y) => x.ordinal - y.ordinal).map((s) => s.repetitions)).toEqual([0, 1, 0, 1]);
    expect(first.segmentTotal).toBe(4);
    expect(first.progress).toMatchObject({ segments: 4, confirmedSegments: 0, words: first.documents[0].words });
  });

  it('lists the job for its translator, with its progress in words', async () => {
    const list = (await tom.api.get('/api/2/workbench/jobs')).json() as WorkbenchJobList;
    const row = list.data.find((r) => r.id === id);
    expect(row).toMatchObject({ role: 'translator', editable: true, opened: true, confirmedWords: 0 });
    expect(row?.words).toBeGreaterThan(0);
    expect(list.totalCount).toBeGreaterThanOrEqual(1);
    const paged = (await tom.api.get('/api/2/workbench/jobs?limit=1&page=1')).json() as WorkbenchJobList;
    expect(paged.data).toHaveLength(1);
    expect(paged.limit).toBe(1);
    expect((await stranger.api.get('/api/2/workbench/jobs')).json().data).toEqual([]);
    expect((await tom.api.get('/api/2/workbench/jobs?limit=1000')).statusCode).toBe(400);
  });

  it('is 404 to outsiders, 403 to the customer before delivery, read-only to staff', async () => {
    for (const who of [stranger, otto]) {
      const res = await openIn(who, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(WORKBENCH_TEXTS.notFound);
    }
    expect((await openIn(stranger, 999_999)).statusCode).toBe(404);
    expect((await openIn(customer, id)).statusCode).toBe(403);
    const staff = await job(admin, id);
    expect(staff).toMatchObject({ role: 'staff', readOnly: WORKBENCH_TEXTS.readOnly, canDeliver: false });
    const segment = staff.segments[1];
    const refused = await save(admin, segment.id, { target: 'x', status: 'draft', revision: segment.revision });
    expect(refused.statusCode).toBe(403);
    expect((await save(stranger, segment.id, { target: 'x', status: 'draft', revision: 0 })).statusCode).toBe(404);
    expect((await save(customer, segment.id, { target: 'x', status: 'draft', revision: 0 })).statusCode).toBe(403);
  });

  it('answers 409 for a project with no file the editor reads', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const noFiles = await paidMtProject(t.app, customer.id, {
      type: 'translation',
      target: 'catalan',
      files: [{ name: 'scan.png', content: png, mime: 'image/png' }],
    });
    detailOf(await tom.api.post(`/api/2/job/${noFiles}/take`));
    const res = await openIn(tom, noFiles);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(WORKBENCH_TEXTS.noFiles);
    expect(await db().select().from(workbenchDocuments).where(eq(workbenchDocuments.projectId, noFiles))).toEqual([]);
  });

  it('starts a post-editing job from the machine draft', async () => {
    const mtpe = await takenProject('post-editing');
    const file = await smallDocx(SOURCE_PARAGRAPHS);
    const { segments } = await extract(file, 'docx', 'en-US');
    const [order] = await db().select().from(workbenchDocuments).where(eq(workbenchDocuments.projectId, mtpe));
    expect(order).toBeUndefined();
    const row = await projectRow(t.app, mtpe);
    const translations = Object.fromEntries(
      segments.map((s) => [keyOf(row.fileIds[0], s.id), `MT ${translate(s.source)}`]),
    );
    await db().update(mtJobs).set({ translations, state: 'done' }).where(eq(mtJobs.projectId, mtpe));
    const opened = await job(tom, mtpe);
    expect(opened.segments.map((s) => [s.status, s.origin])).toEqual(segments.map(() => ['draft', 'machine']));
    expect(opened.segments[1].target).toBe('MT Haga clic en Guardar.');
  });
});

describe('opening a long job a page at a time', () => {
  const page = (who: Person, id: number, query: string) =>
    who.api.get(`/api/2/workbench/projects/${id}/segments?${query}`);

  it('answers the first segments on the open and the rest by pages after an ordinal', async () => {
    const count = WORKBENCH_LIMITS.openSegments + 5;
    const paragraphs = Array.from({ length: count }, (_, i) => run(`Sentence number ${i + 1} of the guide.`));
    const id = await takenProject('translation', paragraphs);
    const opened = await job(tom, id);
    expect(opened.segmentTotal).toBe(count);
    expect(opened.segments).toHaveLength(WORKBENCH_LIMITS.openSegments);
    expect(opened.segments.at(-1)?.ordinal).toBe(WORKBENCH_LIMITS.openSegments);

    const rest = (await page(tom, id, `after=${WORKBENCH_LIMITS.openSegments}`)).json() as WorkbenchSegmentPage;
    expect(rest.more).toBe(false);
    expect(rest.segments.map((s) => s.ordinal)).toEqual([201, 202, 203, 204, 205]);
    expect(rest.segments[4].source).toBe(`Sentence number ${count} of the guide.`);

    const middle = (await page(tom, id, 'after=10&limit=3')).json() as WorkbenchSegmentPage;
    expect(middle).toMatchObject({ more: true });
    expect(middle.segments.map((s) => s.source)).toEqual([
      'Sentence number 11 of the guide.',
      'Sentence number 12 of the guide.',
      'Sentence number 13 of the guide.',
    ]);
    // a save shows on the page read after it
    const target = middle.segments[1];
    expect((await save(tom, target.id, { target: 'Frase', status: 'draft', revision: 0 })).statusCode).toBe(200);
    const again = (await page(tom, id, 'after=10&limit=3')).json() as WorkbenchSegmentPage;
    expect(again.segments[1]).toMatchObject({ id: target.id, target: 'Frase', status: 'draft', revision: 1 });

    expect((await page(tom, id, `after=${count}`)).json()).toEqual({ segments: [], more: false });
    expect((await page(tom, id, `limit=${WORKBENCH_LIMITS.segmentsPageMax + 1}`)).statusCode).toBe(400);
    // whoever may not open the job may not read its pages either
    expect((await page(stranger, id, 'after=0')).statusCode).toBe(404);

    // the open counts every segment's status, also those of the pages not read yet
    const [late] = rest.segments;
    expect((await save(tom, late.id, { target: 'Frase', status: 'translated', revision: 0 })).statusCode).toBe(200);
    await db()
      .update(workbenchSegments)
      .set({ status: 'reviewed', target: 'Revisada' })
      .where(eq(workbenchSegments.id, rest.segments[1].id));
    const counted = (await job(tom, id)).progress;
    expect(statusCountsOf(counted)).toEqual({ new: count - 3, draft: 1, translated: 1, reviewed: 1 });
    expect(counted).toMatchObject({ segments: count, confirmedSegments: 2, reviewedSegments: 1 });
  });
});

describe('saving segments', () => {
  let id: number;
  let opened: WorkbenchJob;
  beforeAll(async () => {
    id = await takenProject();
    opened = await job(tom, id);
  });

  it('saves a draft and refuses a save over a newer revision with the segment as it is', async () => {
    const segment = opened.segments[2];
    const first = await save(tom, segment.id, { target: 'Lea', status: 'draft', revision: 0 });
    expect(first.statusCode).toBe(200);
    const saved = first.json() as SegmentSaved;
    expect(saved.segment).toMatchObject({ target: 'Lea', status: 'draft', revision: 1, origin: 'manual' });
    expect(saved.progress).toMatchObject({ draftSegments: 1, confirmedSegments: 0 });
    // a second tab still on revision 0
    const stale = await save(tom, segment.id, { target: 'Otra', status: 'draft', revision: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: WORKBENCH_TEXTS.conflict,
      segment: { id: segment.id, target: 'Lea', revision: 1 },
    });
  });

  it('refuses to confirm an empty target or one whose tags do not fit', async () => {
    const tagged = opened.segments[0];
    const empty = await save(tom, tagged.id, { target: ' <pc id="1"></pc> ', status: 'translated', revision: 0 });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe(WORKBENCH_TEXTS.confirmEmpty);
    const broken = await save(tom, tagged.id, {
      target: 'Bienvenido al informe anual.',
      status: 'translated',
      revision: 0,
    });
    expect(broken.statusCode).toBe(422);
    expect(broken.json()).toMatchObject({
      message: WORKBENCH_TEXTS.tagsBroken,
      problems: ['tag 1 of the source is missing'],
    });
    const [row] = await db().select().from(workbenchSegments).where(eq(workbenchSegments.id, tagged.id));
    expect(row).toMatchObject({ status: 'new', target: '', revision: 0 });
    // a translator confirms as translated; reviewed is the editor's
    const asEditor = await save(tom, tagged.id, { target: translate(tagged.source), status: 'reviewed', revision: 0 });
    expect(asEditor.statusCode).toBe(422);
  });

  it('fills the untouched repetitions when a segment is confirmed', async () => {
    const [, click, , again] = opened.segments;
    expect(again.source).toBe(click.source);
    const res = await save(tom, click.id, { target: 'Haga clic en Guardar.', status: 'translated', revision: 0 });
    expect(res.statusCode).toBe(200);
    const saved = res.json() as SegmentSaved;
    expect(saved.segment.status).toBe('translated');
    expect(saved.filled).toEqual([
      expect.objectContaining({
        id: again.id,
        target: 'Haga clic en Guardar.',
        status: 'translated',
        origin: 'repetition',
        revision: 1,
      }),
    ]);
    expect(saved.warnings).toEqual([]);
    expect(saved.progress).toMatchObject({ confirmedSegments: 2, segments: 4 });
    expect(saved.progress.confirmedWords).toBe(click.words * 2);
    // a segment whose source is unique in the job fills nothing
    const unique = opened.segments[2];
    const alone = await save(tom, unique.id, { target: 'Lea las notas.', status: 'translated', revision: 1 });
    expect(alone.statusCode).toBe(200);
    expect((alone.json() as SegmentSaved).filled).toEqual([]);
    expect((alone.json() as SegmentSaved).progress).toMatchObject({ confirmedSegments: 3 });
    // a repetition someone already typed into is left alone
    const retyped = await save(tom, click.id, { target: 'Pulse Guardar.', status: 'translated', revision: 1 });
    expect((retyped.json() as SegmentSaved).filled).toEqual([]);
  });

  it('keeps the progress equal to a count of the segments through every kind of change', async () => {
    const counted = async () => {
      const rows = await db().select().from(workbenchSegments).where(eq(workbenchSegments.projectId, id));
      const confirmed = rows.filter((r) => r.status === 'translated' || r.status === 'reviewed');
      return {
        segments: rows.length,
        words: rows.reduce((n, r) => n + r.words, 0),
        confirmedSegments: confirmed.length,
        confirmedWords: confirmed.reduce((n, r) => n + r.words, 0),
        draftSegments: rows.filter((r) => r.status === 'draft').length,
        reviewedSegments: rows.filter((r) => r.status === 'reviewed').length,
      };
    };
    const last = opened.segments[3];
    const [row] = await db().select().from(workbenchSegments).where(eq(workbenchSegments.id, last.id));
    // a confirmed repetition goes back to a draft, then back to new with an empty target
    const draft = (await save(tom, last.id, { target: 'Borrador', status: 'draft', revision: row.revision })).json();
    expect(draft.progress).toEqual(await counted());
    const emptied = await save(tom, last.id, { target: '', status: 'draft', revision: draft.segment.revision });
    expect((emptied.json() as SegmentSaved).progress).toEqual(await counted());
    expect((await job(tom, id)).progress).toEqual(await counted());
  });
});

describe('delivering from the editor', () => {
  let id: number;
  let opened: WorkbenchJob;
  beforeAll(async () => {
    id = await takenProject();
    opened = await job(tom, id);
  });

  it('is refused while segments are unconfirmed', async () => {
    await save(tom, opened.segments[1].id, { target: 'Haga clic en Guardar.', status: 'translated', revision: 0 });
    const res = await deliver(tom, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(WORKBENCH_TEXTS.unconfirmed(2));
    expect((await projectRow(t.app, id)).status).toBe('IN_PROGRESS');
    expect((await deliver(customer, id)).statusCode).toBe(403);
    expect((await deliver(stranger, id)).statusCode).toBe(404);
  });

  it('delivers the translated Word file, READY for the customer, and fills their memory', async () => {
    const now = await job(tom, id);
    for (const s of now.segments.filter((x) => x.status === 'new')) {
      const res = await save(tom, s.id, { target: translate(s.source), status: 'translated', revision: s.revision });
      expect(res.statusCode).toBe(200);
    }
    const res = await deliver(tom, id);
    expect(res.statusCode).toBe(200);
    const detail = res.json() as ProjectDetail;
    expect(detail.status).toBe('READY');

    // the customer downloads a Word file whose text is the translation, in the source's formatting
    const seen = detailOf(await customer.api.get(`/api/2/projects/${id}`));
    expect(seen.actions).toContain('open-editor');
    const file = seen.files.find((f) => f.context === 'translation');
    expect(file?.name).toBe('guide.docx');
    const link = (await customer.api.get(`/api/2/resources/${file?.id}`)).json() as { download_url: string };
    const download = await customer.api.get(link.download_url.replace(/^https?:\/\/[^/]+/, ''));
    expect(download.statusCode).toBe(200);
    const translated = await extract(new Uint8Array(download.rawPayload), 'docx', 'ca');
    expect(translated.segments.map((s) => s.source)).toEqual([
      'Bienvenido al informe <pc id="1">annual</pc>.',
      'Haga clic en Guardar.',
      'Lea las notas.',
      'Haga clic en Guardar.',
    ]);
    expect(translated.segments[0].tags['1']).toMatchObject({ kind: 'pc', subType: 'xlf:b' });

    // the memory holds each distinct pair once, under one import named after the project
    const imports = await db().select().from(tmImports).where(eq(tmImports.userId, customer.id));
    const name = WORKBENCH_TEXTS.memoryImportName(id, detail.name);
    expect(imports).toEqual([expect.objectContaining({ fileName: name, unitCount: 3 })]);
    const variants = await db()
      .select({ lang: tmSegments.lang, plain: tmSegments.plain })
      .from(tmSegments)
      .where(and(eq(tmSegments.importId, imports[0].id), eq(tmSegments.unitNo, 2)));
    expect(variants).toEqual(
      expect.arrayContaining([
        { lang: 'en-US', plain: 'Click Save.' },
        { lang: expect.stringMatching(/^ca/), plain: 'Haga clic en Guardar.' },
      ]),
    );

    // the bold word's tags are kept as TMX inline codes, read back as the same plain text
    const first = await db()
      .select({ lang: tmSegments.lang, content: tmSegments.content })
      .from(tmSegments)
      .where(and(eq(tmSegments.importId, imports[0].id), eq(tmSegments.unitNo, 1)));
    const bold = '<bpt i="1" x="1" type="bold">&lt;pc id=&quot;1&quot;&gt;</bpt>';
    const closed = '<ept i="1">&lt;/pc&gt;</ept>';
    expect(first.find((v) => v.lang === 'en-US')?.content).toBe(`Welcome to the ${bold}annual${closed} report.`);
    const targetContent = first.find((v) => v.lang !== 'en-US')?.content ?? '';
    expect(targetContent).toBe(`Bienvenido al informe ${bold}annual${closed}.`);
    const units: TmxUnit[] = [];
    const tmx = tmxHead('en-US') + tmxUnitXml(first) + TMX_TAIL;
    await readTmx([tmx], async (read) => {
      units.push(...read);
    });
    expect(units[0].variants.map((v) => v.plain)).toEqual(
      expect.arrayContaining(['Welcome to the annual report.', 'Bienvenido al informe annual.']),
    );

    // the customer reads the delivered job; nobody saves into it any more
    const read = await job(customer, id);
    expect(read).toMatchObject({ role: 'customer', canDeliver: false, canDispute: true });
    expect(read.readOnly).not.toBeNull();
    const late = await save(tom, read.segments[0].id, {
      target: 'x',
      status: 'draft',
      revision: read.segments[0].revision,
    });
    expect(late.statusCode).toBe(409);
    expect((await deliver(tom, id)).statusCode).toBe(409);
  });

  it('suggests the delivered segment on the customer’s next job with that segment’s tags', async () => {
    const next = await takenProject('translation', [
      run('Something else entirely.'),
      run('Welcome to the ') + run('annual', '<w:i/>') + run(' report.'),
    ]);
    const tagged = (await job(tom, next)).segments[1];
    expect(tagged.source).toBe('Welcome to the <pc id="1">annual</pc> report.');
    const res = await tom.api.get(`/api/2/workbench/segments/${tagged.id}/suggestions`);
    expect(res.statusCode).toBe(200);
    const match = (res.json() as SegmentSuggestions).memory.find((m) => m.from === 'memory');
    expect(match).toMatchObject({
      percent: 100,
      source: 'Welcome to the <pc id="1">annual</pc> report.',
      target: 'Bienvenido al informe <pc id="1">annual</pc>.',
    });
    // taken as it is, the suggestion passes the tag check of a confirm
    const taken = await save(tom, tagged.id, {
      target: match?.target,
      status: 'translated',
      revision: tagged.revision,
      origin: 'memory',
      matchPercent: 100,
    });
    expect(taken.statusCode).toBe(200);
    expect((taken.json() as SegmentSaved).warnings.filter((w) => w.check === 'tags')).toEqual([]);
  });

  it('refuses a save that was on its way while the job was delivered, changing nothing', async () => {
    const other = await takenProject();
    const ready = await job(tom, other);
    for (const s of ready.segments.filter((x) => x.status === 'new')) {
      await save(tom, s.id, { target: translate(s.source), status: 'translated', revision: s.revision });
    }
    const [user] = await db().select().from(users).where(eq(users.id, tom.id));
    const actor = authContextOf(user, 'session');
    const segment = ready.segments[2];
    // the save has read the job as editable; the delivery commits before its UPDATE runs
    const read = await segmentAccess(db(), actor, segment.id, new Date());
    const [before] = await db().select().from(workbenchSegments).where(eq(workbenchSegments.id, segment.id));
    expect((await deliver(tom, other)).statusCode).toBe(200);
    const late = saveWithAccess(
      db(),
      actor,
      read,
      {
        target: 'Cambiado tarde',
        status: 'translated',
        origin: 'manual',
        matchPercent: null,
        revision: before.revision,
      },
      new Date(),
    );
    await expect(late).rejects.toSatisfy(
      (e) => e instanceof AppError && e.statusCode === 409 && e.message === WORKBENCH_TEXTS.notEditable,
    );
    const [after] = await db().select().from(workbenchSegments).where(eq(workbenchSegments.id, segment.id));
    expect(after).toEqual(before);
    expect((await projectRow(t.app, other)).status).toBe('READY');
  });

  it('delivers nothing when a save lands between the read of the segments and the lock', async () => {
    const other = await takenProject();
    const ready = await job(tom, other);
    for (const s of ready.segments.filter((x) => x.status === 'new')) {
      await save(tom, s.id, { target: translate(s.source), status: 'translated', revision: s.revision });
    }
    const [user] = await db().select().from(users).where(eq(users.id, tom.id));
    const actor = authContextOf(user, 'session');
    const segment = (await job(tom, other)).segments[2];
    // the delivery has read and merged the segments; a save from another tab commits before the lock
    const delivering = deliverFromEditor(
      t.app.deps,
      actor,
      other,
      false,
      moveContextOf(t.app.deps, actor, '127.0.0.1'),
      async () => {
        const res = await save(tom, segment.id, {
          target: 'Lea las notas, por favor.',
          status: 'translated',
          revision: segment.revision,
        });
        expect(res.statusCode).toBe(200);
      },
    );
    await expect(delivering).rejects.toSatisfy(
      (e) => e instanceof AppError && e.statusCode === 409 && e.message === WORKBENCH_TEXTS.changedWhileDelivering,
    );
    expect((await projectRow(t.app, other)).status).toBe('IN_PROGRESS');
    const delivered = await db().select().from(projectResources).where(eq(projectResources.projectId, other));
    expect(delivered).toEqual([]);
    const [kept] = await db().select().from(workbenchSegments).where(eq(workbenchSegments.id, segment.id));
    expect(kept).toMatchObject({ target: 'Lea las notas, por favor.', revision: segment.revision + 1 });
    // delivered again, the file carries the save
    expect((await deliver(tom, other)).statusCode).toBe(200);
    const seen = detailOf(await customer.api.get(`/api/2/projects/${other}`));
    const file = seen.files.find((f) => f.context === 'translation');
    const link = (await customer.api.get(`/api/2/resources/${file?.id}`)).json() as { download_url: string };
    const download = await customer.api.get(link.download_url.replace(/^https?:\/\/[^/]+/, ''));
    const translated = await extract(new Uint8Array(download.rawPayload), 'docx', 'ca');
    expect(translated.segments.map((s) => s.source)).toContain('Lea las notas, por favor.');
  });

  it('lets the reviewer of a QA job read the reviewed segments, without saving', async () => {
    detailOf(await customer.api.post(`/api/2/projects/${id}/approve`));
    const qa = detailOf(await admin.api.post(`/api/2/admin/projects/${id}/review-jobs`, { kind: 'qa' }));
    detailOf(await otto.api.post(`/api/2/job/${qa.id}/take`));
    const review = await job(otto, qa.id);
    expect(review).toMatchObject({
      role: 'reviewer',
      reviewedProjectId: id,
      canAnnotate: true,
      canDeliver: false,
      canDispute: false,
      readOnly: WORKBENCH_TEXTS.readOnly,
    });
    expect(review.segments).toHaveLength(4);
    const refused = await save(otto, review.segments[0].id, {
      target: 'x',
      status: 'reviewed',
      revision: review.segments[0].revision,
    });
    expect(refused.statusCode).toBe(403);
    expect(detailOf(await otto.api.get(`/api/2/projects/${qa.id}`)).actions).toContain('open-editor');
    // the reviewed project itself is not opened directly
    expect((await openIn(otto, id)).statusCode).toBe(403);
  });
});

describe('a job delivered as files', () => {
  /** The delivered files taken out of storage: an open that read them would fail to. */
  const removeDeliveredFiles = async (id: number) => {
    const files = await db().select().from(projectResources).where(eq(projectResources.projectId, id));
    for (const f of files.filter((r) => r.context === 'translation')) await t.app.deps.storage.delete(f.storageId);
  };
  const source = [
    run('Welcome to the ') + run('annual', '<w:b/>') + run(' report.'),
    run('Click Save. Then wait.'),
    run('Read the notes.'),
  ];
  /** The translator's delivered file for `source`: one paragraph for each of its paragraphs. */
  const translatedDocx = () =>
    smallDocx([
      run('Bienvenido al informe ') + run('anual', '<w:b/>') + run('.'),
      run('Haga clic en Guardar y espere.'),
      run('Lea las notas.'),
    ]);

  it('shows its reviewer the delivered file as targets, aligned paragraph by paragraph', async () => {
    const id = await takenProject('translation', source);
    const file = await translatedDocx();
    detailOf(await deliverFiles(tom, id, [{ filename: 'guide.docx', content: file, type: DOCX_MIME }]));
    // read at the delivery: the file gone from storage afterwards changes nothing for the editor
    await removeDeliveredFiles(id);
    detailOf(await customer.api.post(`/api/2/projects/${id}/approve`));
    const qa = detailOf(await admin.api.post(`/api/2/admin/projects/${id}/review-jobs`, { kind: 'qa' }));
    detailOf(await otto.api.post(`/api/2/job/${qa.id}/take`));
    const review = await job(otto, qa.id);
    expect(review.deliveredNote).toBeNull();
    expect(review.segments.map((s) => [s.source, s.target, s.status])).toEqual([
      ['Welcome to the <pc id="1">annual</pc> report.', 'Bienvenido al informe <pc id="1">anual</pc>.', 'translated'],
      // one sentence delivered for two: the paragraph's translation on its first segment
      ['Click Save.', 'Haga clic en Guardar y espere.', 'translated'],
      ['Then wait.', '', 'translated'],
      ['Read the notes.', 'Lea las notas.', 'translated'],
    ]);
    expect(review.segments[0].origin).toBe('delivered');
    // read once: a second open finds the same targets, not read again
    const again = await job(otto, qa.id);
    expect(again.segments.map((s) => s.revision)).toEqual(review.segments.map((s) => s.revision));
  });

  it('keeps the targets empty with a note when the delivered file is of another format', async () => {
    const id = await takenProject('translation', source);
    detailOf(await deliverFiles(tom, id, [{ filename: 'translation.txt', content: 'Hola', type: 'text/plain' }]));
    // the failure is stored at the delivery, once
    const [stored] = await db().select().from(workbenchDeliveredReads).where(eq(workbenchDeliveredReads.projectId, id));
    expect(stored).toMatchObject({ unreadable: true });
    const reads = vi.spyOn(t.app.deps.storage, 'get');
    try {
      for (let i = 0; i < 2; i++) {
        const read = await job(customer, id);
        expect(read.deliveredNote).toBe(WORKBENCH_TEXTS.deliveredUnreadable);
        expect(read.segments.every((s) => s.target === '')).toBe(true);
      }
      // never tried again: no file read by the opens
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
    const [after] = await db().select().from(workbenchDeliveredReads).where(eq(workbenchDeliveredReads.projectId, id));
    expect(after.readAt).toEqual(stored.readAt);
  });

  it('reads a job delivered before reads were stored on its first open, once', async () => {
    const id = await takenProject('translation', source);
    const file = await translatedDocx();
    detailOf(await deliverFiles(tom, id, [{ filename: 'guide.docx', content: file, type: DOCX_MIME }]));
    // as a job delivered before: no stored read, no targets
    await db().delete(workbenchDeliveredReads).where(eq(workbenchDeliveredReads.projectId, id));
    await db()
      .update(workbenchSegments)
      .set({ target: '', status: 'new', origin: null })
      .where(eq(workbenchSegments.projectId, id));
    const read = await job(customer, id);
    expect(read.deliveredNote).toBeNull();
    expect(read.segments[3].target).toBe('Lea las notas.');
    const [stored] = await db().select().from(workbenchDeliveredReads).where(eq(workbenchDeliveredReads.projectId, id));
    expect(stored).toMatchObject({ unreadable: false });
    await removeDeliveredFiles(id);
    expect((await job(customer, id)).segments[3].target).toBe('Lea las notas.');
  });
});

describe('quality checks', () => {
  let id: number;
  let opened: WorkbenchJob;
  beforeAll(async () => {
    const langs = await db()
      .select({ id: languages.id, slug: languages.slug })
      .from(languages)
      .where(inArray(languages.slug, ['american-english', 'catalan']));
    const idOf = (slug: string) => langs.find((l) => l.slug === slug)?.id ?? 0;
    const [set] = await db()
      .insert(terminologySets)
      .values({
        userId: customer.id,
        sourceLangId: idOf('american-english'),
        targetLangId: idOf('catalan'),
        fileName: 'terms.csv',
        format: 'csv',
        termCount: 1,
        createdAt: t.clock.now(),
      })
      .returning();
    await db()
      .insert(terminologyTerms)
      .values({ setId: set.id, position: 1, source: 'invoice', target: 'factura', note: '' });
    id = await takenProject('translation', [run('Send the invoice by 30 June.'), run('Thank you.')]);
    opened = await job(tom, id);
  });

  it('warns on a confirmed segment: a number missing, a term not used', async () => {
    const [first] = opened.segments;
    const res = await save(tom, first.id, { target: 'Envíe el recibo en junio.', status: 'translated', revision: 0 });
    expect(res.statusCode).toBe(200);
    const checks = (res.json() as SegmentSaved).warnings.map((w) => [w.segmentId, w.check]);
    expect(checks).toEqual(
      expect.arrayContaining([
        [first.id, 'numbers'],
        [first.id, 'terms'],
      ]),
    );
    const qa = (await tom.api.get(`/api/2/workbench/projects/${id}/qa`)).json() as { warnings: { check: string }[] };
    expect(qa.warnings.map((w) => w.check)).toEqual(expect.arrayContaining(['numbers', 'terms']));
    expect((await stranger.api.get(`/api/2/workbench/projects/${id}/qa`)).statusCode).toBe(404);
  });

  it('delivers only once the warnings are accepted', async () => {
    const second = opened.segments[1];
    expect((await save(tom, second.id, { target: 'Gràcies.', status: 'translated', revision: 0 })).statusCode).toBe(
      200,
    );
    const refused = await deliver(tom, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(WORKBENCH_TEXTS.warningsToAccept);
    expect(refused.json().warnings.map((w: { check: string }) => w.check)).toEqual(
      expect.arrayContaining(['numbers', 'terms']),
    );
    expect((await projectRow(t.app, id)).status).toBe('IN_PROGRESS');
    const accepted = await deliver(tom, id, true);
    expect(accepted.statusCode).toBe(200);
    expect((accepted.json() as ProjectDetail).status).toBe('READY');
  });
});

describe('the terms a confirm checks against', () => {
  it('follows a new import of the pair: the replaced set’s terms are not used again', async () => {
    const owner = await newCustomer(t.app);
    const langs = await db()
      .select({ id: languages.id, slug: languages.slug })
      .from(languages)
      .where(inArray(languages.slug, ['american-english', 'catalan']));
    const idOf = (slug: string) => langs.find((l) => l.slug === slug)?.id ?? 0;
    const importSet = async (source: string, target: string) => {
      // as an import does: the pair's set replaced by a new one
      await db()
        .delete(terminologySets)
        .where(and(eq(terminologySets.userId, owner.id), eq(terminologySets.sourceLangId, idOf('american-english'))));
      const [set] = await db()
        .insert(terminologySets)
        .values({
          userId: owner.id,
          sourceLangId: idOf('american-english'),
          targetLangId: idOf('catalan'),
          fileName: 'terms.csv',
          format: 'csv',
          termCount: 1,
          createdAt: t.clock.now(),
        })
        .returning();
      await db().insert(terminologyTerms).values({ setId: set.id, position: 1, source, target, note: '' });
    };
    await importSet('invoice', 'factura');
    const id = await paidMtProject(t.app, owner.id, {
      type: 'translation',
      target: 'catalan',
      files: [
        {
          name: 'terms.docx',
          content: await smallDocx([run('The invoice and the receipt.'), run('The invoice and the receipt again.')]),
          mime: DOCX_MIME,
        },
      ],
    });
    detailOf(await tom.api.post(`/api/2/job/${id}/take`));
    const [first, second] = (await job(tom, id)).segments;
    const termWarnings = async (segmentId: number) => {
      const res = await save(tom, segmentId, { target: 'El document i el tiquet.', status: 'translated', revision: 0 });
      expect(res.statusCode).toBe(200);
      return (res.json() as SegmentSaved).warnings.filter((w) => w.check === 'terms').map((w) => w.message);
    };
    expect(await termWarnings(first.id)).toEqual([expect.stringContaining('"invoice"')]);
    await importSet('receipt', 'rebut');
    expect(await termWarnings(second.id)).toEqual([expect.stringContaining('"receipt"')]);
  });
});
