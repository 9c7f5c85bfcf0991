import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_TEXTS } from '@parlance/shared';
import { projectResources, projects, purchaseOrderFiles, purchaseOrders, realtimeEvents, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { giveSkills, insertProject, newPerson, type Person } from '../project-lists/list-test-helpers';
import { signResourceToken } from './link-token';

let t: TestApp;
let alice: Person;
let bob: Person;
let tom: Person;
let tina: Person;
let candidate: Person;
let admin: Person;
const db = () => t.database.db;

async function store(text: string): Promise<{ id: string; size: number }> {
  const stored = await t.app.deps.storage.put(Readable.from([Buffer.from(text)]), { maxBytes: 1_000_000 });
  return { id: stored.id, size: stored.size };
}

async function sourceFile(
  orderId: number,
  name: string,
  text: string,
  mime = 'text/plain',
  context: 'source' | 'reference' = 'source',
) {
  const s = await store(text);
  const [row] = await db()
    .insert(purchaseOrderFiles)
    .values({
      purchaseOrderId: orderId,
      storageId: s.id,
      fileName: name,
      mime,
      sizeBytes: s.size,
      sha256: 'ab'.repeat(32),
      context,
    })
    .returning({ id: purchaseOrderFiles.id });
  return row.id;
}

async function addedFile(
  projectId: number,
  name: string,
  text: string,
  opts: { mime?: string; context?: 'translation' | 'edited' | 'reference'; by?: number } = {},
) {
  const s = await store(text);
  const uuid = randomUUID();
  const [row] = await db()
    .insert(projectResources)
    .values({
      uuid,
      projectId,
      context: opts.context ?? 'translation',
      storageId: s.id,
      fileName: name,
      mime: opts.mime ?? 'text/plain',
      sizeBytes: s.size,
      uploadedBy: opts.by ?? tom.id,
    })
    .returning({ id: projectResources.id });
  return { id: row.id, uuid };
}

function upload(fileName: string, content: string, contentType = 'application/octet-stream') {
  const boundary = `----parlance${randomBytes(8).toString('hex')}`;
  const payload =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n${content}\r\n` +
    `--${boundary}--\r\n`;
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let orderId: number;
let src: number;
let ref: number;
let pdf: number;
let project: number;
let unfinished: number;
let bobsProject: number;
let translation: { id: number; uuid: string };
let image: { id: number; uuid: string };

beforeAll(async () => {
  t = await createTestApp();
  alice = await newPerson(t.app, 'client', 'Alice Able');
  bob = await newPerson(t.app, 'client', 'Bob Baker');
  tom = await newPerson(t.app, 'translator', 'Tom Tanner');
  tina = await newPerson(t.app, 'translator', 'Tina Turner');
  candidate = await newPerson(t.app, 'translator', 'Carl Cole');
  admin = await newPerson(t.app, 'client', 'Ada Admin');
  await db().update(users).set({ type: 'admin', isAdmin: true }).where(eq(users.id, admin.id));
  await giveSkills(db(), candidate.id, ['american-english>spanish']);

  const [order] = await db()
    .insert(purchaseOrders)
    .values({
      key: randomBytes(16).toString('hex'),
      customerId: alice.id,
      status: 'paid',
      targetLanguages: ['spanish', 'french'],
    })
    .returning({ id: purchaseOrders.id });
  orderId = order.id;
  src = await sourceFile(orderId, 'manual.txt', 'source words here');
  ref = await sourceFile(orderId, 'glossary.txt', 'reference words', 'text/plain', 'reference');
  pdf = await sourceFile(orderId, 'scan é.pdf', '%PDF-1.4 fake', 'application/pdf');
  project = await insertProject(db(), {
    customerId: alice.id,
    name: 'Manual: spanish',
    status: 'READY',
    translatorId: tom.id,
    purchaseOrderId: orderId,
    fileIds: [src, ref, pdf],
  });
  unfinished = await insertProject(db(), {
    customerId: alice.id,
    name: 'Manual french',
    status: 'PENDING',
    targetLanguage: 'spanish',
    purchaseOrderId: orderId,
    fileIds: [src],
  });
  bobsProject = await insertProject(db(), {
    customerId: bob.id,
    name: 'Bob',
    status: 'COMPLETED',
    translatorId: tina.id,
  });
  translation = await addedFile(project, 'manual.es.txt', 'palabras traducidas');
  image = await addedFile(project, 'figure.png', 'PNGDATA', { mime: 'image/png' });
  await addedFile(bobsProject, 'bob.txt', 'bob secret', { by: tina.id });
});
afterAll(() => t.close());

async function link(p: Person, id: string) {
  const res = await p.api.get(`/api/2/resources/${id}`);
  return { res, body: res.json() as { download_url: string; file_mime: string } };
}

describe('GET /api/2/resources/{id} and the signed file', () => {
  it('gives the customer, the translator and an admin a link that serves the file', async () => {
    for (const p of [alice, tom, admin]) {
      const { res, body } = await link(p, `s${src}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(body.file_mime).toBe('text/plain');
      expect(body.download_url).toMatch(new RegExp(`^/api/2/resources/s${src}/file\\?token=`));
      const file = await p.api.get(body.download_url);
      expect(file.statusCode).toBe(200);
      expect(file.body).toBe('source words here');
      expect(file.headers['content-type']).toContain('text/plain');
      expect(file.headers['content-disposition']).toBe(
        `attachment; filename="manual.txt"; filename*=UTF-8''manual.txt`,
      );
      expect(file.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('shows PDFs and images inline with their names', async () => {
    const { body } = await link(alice, `s${pdf}`);
    expect(body.file_mime).toBe('application/pdf');
    const file = await alice.api.get(body.download_url);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `inline; filename="scan _.pdf"; filename*=UTF-8''scan%20%C3%A9.pdf`,
    );
    const png = await alice.api.get((await link(alice, `r${image.id}`)).body.download_url);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toMatch(/^inline; filename="figure.png"/);
    // the app's viewer frames them; no other site may
    expect(file.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(png.headers['content-security-policy']).toBe("frame-ancestors 'self'");
  });

  it('answers 404 to outsiders, 403 to a candidate of the open job, 404 for unknown ids', async () => {
    for (const p of [bob, tina]) {
      expect((await link(p, `s${src}`)).res.statusCode).toBe(404);
      expect((await link(p, `r${translation.id}`)).res.statusCode).toBe(404);
    }
    const asCandidate = await link(candidate, `s${src}`);
    expect(asCandidate.res.statusCode).toBe(403);
    // only the open project holds the candidate; the other files are simply not theirs
    expect((await link(candidate, `r${translation.id}`)).res.statusCode).toBe(404);
    for (const id of ['s999999', 'r999999', 'x1', 's0', 's-1', '12', 'sabc']) {
      expect((await link(alice, id)).res.statusCode, id).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/2/resources/s${src}` })).statusCode).toBe(401);
  });

  it('a link works only for its user and resource, only signed by us, only for a while', async () => {
    const { body } = await link(alice, `s${src}`);
    expect((await bob.api.get(body.download_url)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: body.download_url })).statusCode).toBe(401);
    const token = new URL(body.download_url, 'http://x').searchParams.get('token') as string;
    expect(
      (await alice.api.get(`/api/2/resources/r${translation.id}/file?token=${encodeURIComponent(token)}`)).statusCode,
    ).toBe(403);
    expect(
      (
        await alice.api.get(
          `/api/2/resources/s${src}/file?token=${encodeURIComponent(signResourceToken('wrong', `s${src}`, alice.id, new Date()))}`,
        )
      ).statusCode,
    ).toBe(403);
    t.clock.advance(6 * 60 * 1000);
    expect((await alice.api.get(body.download_url)).statusCode).toBe(403);
    t.clock.advance(-6 * 60 * 1000);
    expect((await alice.api.get(body.download_url)).statusCode).toBe(200);
  });

  it('a link made for Bob to his own file does not open Alice’s', async () => {
    const { body } = await link(tina, `r${translation.id + 2}`);
    expect(body.download_url).toBeTruthy();
    const token = new URL(body.download_url, 'http://x').searchParams.get('token') as string;
    expect(
      (await tina.api.get(`/api/2/resources/r${translation.id}/file?token=${encodeURIComponent(token)}`)).statusCode,
    ).toBe(403);
  });
});

describe('GET /registry/get?data=PostResource', () => {
  it('answers the file and a link to its people, 404 to others', async () => {
    const url = `/registry/get?data=PostResource&project_id=${project}&resource_uuid=${translation.uuid}&_token=${alice.session.csrf}`;
    const res = await alice.api.get(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toMatchObject({
      id: `r${translation.id}`,
      uuid: translation.uuid,
      name: 'manual.es.txt',
      context: 'translation',
      projectId: project,
      file_mime: 'text/plain',
    });
    expect(res.json().results.download_url).toMatch(/^\/api\/2\/resources\/r\d+\/file\?token=/);
    expect((await alice.api.get(url.replace(alice.session.csrf, 'nope'))).statusCode).toBe(403);
    const bobUrl = `/registry/get?data=PostResource&project_id=${project}&resource_uuid=${translation.uuid}`;
    expect((await bob.api.get(bobUrl)).statusCode).toBe(404);
    expect(
      (
        await alice.api.get(
          `/registry/get?data=PostResource&project_id=${bobsProject}&resource_uuid=${translation.uuid}`,
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('GET /api/2/projects/download', () => {
  it('zips finished projects: sources, references and translations, or translations only', async () => {
    const res = await alice.api.inject({ method: 'GET', url: `/api/2/projects/download?ids=${project}&option=all` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="project-\d+.zip"/);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files)
      .filter((n) => !zip.files[n].dir)
      .sort();
    const folder = `${project} - Manual_ spanish`;
    expect(names).toEqual(
      [
        `${folder}/reference/glossary.txt`,
        `${folder}/source/manual.txt`,
        `${folder}/source/scan é.pdf`,
        `${folder}/translation/figure.png`,
        `${folder}/translation/manual.es.txt`,
      ].sort(),
    );
    expect(await zip.file(`${folder}/translation/manual.es.txt`)?.async('string')).toBe('palabras traducidas');
    const only = await alice.api.inject({
      method: 'GET',
      url: `/api/2/projects/download?ids=${project}&option=translated`,
    });
    const onlyZip = await JSZip.loadAsync(only.rawPayload);
    expect(
      Object.keys(onlyZip.files)
        .filter((n) => !onlyZip.files[n].dir)
        .every((n) => n.includes('/translation/')),
    ).toBe(true);
    const asAdmin = await admin.api.inject({
      method: 'GET',
      url: `/api/2/projects/download?ids=${project},${bobsProject}`,
    });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.headers['content-disposition']).toMatch(/filename="projects.zip"/);
  });

  it('leaves out a file lost from storage instead of breaking the zip', async () => {
    const lost = await addedFile(project, 'lost.txt', 'gone soon');
    const [row] = await db().select().from(projectResources).where(eq(projectResources.id, lost.id));
    await t.app.deps.storage.delete(row.storageId);
    const res = await alice.api.inject({
      method: 'GET',
      url: `/api/2/projects/download?ids=${project}&option=translated`,
    });
    expect(res.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files).filter((n) => !zip.files[n].dir);
    expect(names.some((n) => n.endsWith('lost.txt'))).toBe(false);
    expect(names.some((n) => n.endsWith('manual.es.txt'))).toBe(true);
    await db().delete(projectResources).where(eq(projectResources.id, lost.id));
  });

  it('refuses unfinished projects (409), other people’s (404), translators (403) and bad ids (400)', async () => {
    const unfinishedRes = await alice.api.get(`/api/2/projects/download?ids=${project},${unfinished}`);
    expect(unfinishedRes.statusCode).toBe(409);
    expect(unfinishedRes.json().message).toBe(PROJECT_TEXTS.downloadOnlyFinished);
    expect((await alice.api.get(`/api/2/projects/download?ids=${bobsProject}`)).statusCode).toBe(404);
    expect((await alice.api.get('/api/2/projects/download?ids=999999')).statusCode).toBe(404);
    expect((await tom.api.get(`/api/2/projects/download?ids=${project}`)).statusCode).toBe(403);
    for (const q of ['ids=', 'ids=a,b', `ids=${project}&option=some`, 'ids=-1']) {
      expect((await alice.api.get(`/api/2/projects/download?${q}`)).statusCode, q).toBe(400);
    }
  });
});

describe('POST /api/2/projects/{id}/resource/{uuid}', () => {
  it('the uploader replaces a delivered file; the customer hears of it; the old bytes go', async () => {
    const [before] = await db().select().from(projectResources).where(eq(projectResources.id, translation.id));
    const body = upload('manual.es.v2.txt', 'mejores palabras');
    const res = await tom.api.inject({
      method: 'POST',
      url: `/api/2/projects/${project}/resource/${translation.uuid}`,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'OK',
      file: {
        id: `r${translation.id}`,
        uuid: translation.uuid,
        name: 'manual.es.v2.txt',
        mime: 'text/plain',
        size: 16,
      },
    });
    expect(await t.app.deps.storage.stat(before.storageId)).toBeNull();
    const file = await alice.api.get((await link(alice, `r${translation.id}`)).body.download_url);
    expect(file.body).toBe('mejores palabras');
    const events = await db().select().from(realtimeEvents).where(eq(realtimeEvents.userId, alice.id));
    expect(events.at(-1)).toMatchObject({ type: 'project.updated', payload: { projectId: project, status: 'READY' } });
  });

  it('refuses others (404 outsiders, 403 people who did not upload it), wrong statuses, types and empty requests', async () => {
    const url = `/api/2/projects/${project}/resource/${translation.uuid}`;
    expect((await bob.api.inject({ method: 'POST', url, ...upload('a.txt', 'x') })).statusCode).toBe(404);
    expect((await tina.api.inject({ method: 'POST', url, ...upload('a.txt', 'x') })).statusCode).toBe(404);
    expect((await alice.api.inject({ method: 'POST', url, ...upload('a.txt', 'x') })).statusCode).toBe(403);
    expect(
      (
        await tom.api.inject({
          method: 'POST',
          url: `/api/2/projects/${project}/resource/nope`,
          ...upload('a.txt', 'x'),
        })
      ).statusCode,
    ).toBe(404);
    const badType = await tom.api.inject({ method: 'POST', url, ...upload('virus.exe', 'MZ') });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toBe(PROJECT_TEXTS.fileTypeNotAllowed);
    const empty = await tom.api.inject({ method: 'POST', url, ...upload('empty.txt', '') });
    expect(empty.statusCode).toBe(400);
    expect((await tom.api.post(url, { file: 'not a file' })).statusCode).toBe(400);
    await db().update(projects).set({ status: 'COMPLETED' }).where(eq(projects.id, project));
    const done = await tom.api.inject({ method: 'POST', url, ...upload('late.txt', 'late') });
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(PROJECT_TEXTS.moveNotAllowed);
    await db().update(projects).set({ status: 'READY' }).where(eq(projects.id, project));
  });

  it('refuses a file over the limit with the delivery text', async () => {
    const small = await createTestApp({ wizardMaxUploadBytes: 10 });
    try {
      const c = await newPerson(small.app, 'client');
      const tr = await newPerson(small.app, 'translator');
      const p = await insertProject(small.database.db, {
        customerId: c.id,
        status: 'IN_PROGRESS',
        translatorId: tr.id,
      });
      const s = await small.app.deps.storage.put(Readable.from([Buffer.from('abc')]), { maxBytes: 100 });
      const uuid = randomUUID();
      await small.database.db.insert(projectResources).values({
        uuid,
        projectId: p,
        context: 'translation',
        storageId: s.id,
        fileName: 'a.txt',
        mime: 'text/plain',
        sizeBytes: 3,
        uploadedBy: tr.id,
      });
      const res = await tr.api.inject({
        method: 'POST',
        url: `/api/2/projects/${p}/resource/${uuid}`,
        ...upload('b.txt', 'x'.repeat(50)),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe(PROJECT_TEXTS.fileTooBig);
    } finally {
      await small.close();
    }
  });
});

describe('GET /api/3/tasks/form-types', () => {
  it('answers the forms of a QA or LL task to its reviewer, a matching translator and admins', async () => {
    const qa = await insertProject(db(), {
      customerId: alice.id,
      kind: 'qa',
      status: 'IN_PROGRESS',
      translatorId: tom.id,
    });
    const ll = await insertProject(db(), { customerId: alice.id, kind: 'll' });
    const classic = await insertProject(db(), { customerId: alice.id });
    const qaForms = await tom.api.get(`/api/3/tasks/form-types?task_uuid=${qa}`);
    expect(qaForms.statusCode, qaForms.body).toBe(200);
    expect(qaForms.json().map((f: { type: string }) => f.type)).toEqual(['detailed', 'free']);
    expect((await candidate.api.get(`/api/3/tasks/form-types?task_uuid=${ll}`)).json()).toEqual([
      { type: 'detailed', name: 'Language lead review (LISA error table)' },
    ]);
    expect((await admin.api.get(`/api/3/tasks/form-types?task_uuid=${qa}`)).statusCode).toBe(200);
    expect((await tina.api.get(`/api/3/tasks/form-types?task_uuid=${qa}`)).statusCode).toBe(404);
    expect((await tom.api.get(`/api/3/tasks/form-types?task_uuid=${classic}`)).statusCode).toBe(404);
    expect((await tom.api.get('/api/3/tasks/form-types?task_uuid=abc')).statusCode).toBe(404);
    expect((await tom.api.get('/api/3/tasks/form-types')).statusCode).toBe(400);
    expect((await alice.api.get(`/api/3/tasks/form-types?task_uuid=${qa}`)).statusCode).toBe(403);
  });
});
