import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_ASSET_TEXTS } from '@parlance/shared';
import { projects, terminologyTerms, tmSegments } from '../../db/schema';
import { authed, signUp, type TestSession } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { multipart, storedFiles } from '../wizard/wizard-test-helpers';

let t: TestApp;
let customer: TestSession;
let other: TestSession;
let translator: TestSession;

beforeAll(async () => {
  t = await createTestApp();
  customer = await signUp(t.app);
  other = await signUp(t.app);
  translator = await signUp(t.app, { user_type: 'translator' });
});

afterAll(async () => {
  await t?.close();
});

const as = (s: TestSession) => authed(t.app, s);
const upload = (
  s: TestSession,
  url: string,
  fields: Record<string, string>,
  filename: string,
  content: string | Buffer,
) => as(s).inject({ method: 'POST', url, ...multipart(fields, [{ filename, content }]) });

const CSV = 'source,target,note\n"Save, and close",Speichern und schließen,button\ninvoice,Rechnung,\n';
const TMX = `<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4">
  <header creationtool="test" srclang="en-US" datatype="plaintext" segtype="sentence" adminlang="en-US" o-tmf="x" creationtoolversion="1"/>
  <body>
    <tu><tuv xml:lang="en-US"><seg>Welcome to <bpt i="1">&lt;b&gt;</bpt>Parlance<ept i="1">&lt;/b&gt;</ept></seg></tuv><tuv xml:lang="de-DE"><seg>Willkommen bei Parlance</seg></tuv><tuv xml:lang="fr-FR"><seg>Bienvenue</seg></tuv></tu>
    <tu><tuv xml:lang="en-US"><seg>Welcome back</seg></tuv><tuv xml:lang="de-DE"><seg>Willkommen zurück</seg></tuv></tu>
    <tu><tuv xml:lang="en-US"><seg>Invoice <ph x="1">{0}</ph> is due</seg></tuv><tuv xml:lang="de-DE"><seg>Rechnung <ph x="1">{0}</ph> ist fällig</seg></tuv></tu>
  </body>
</tmx>
`;

describe('terminology', () => {
  it('imports CSV for a pair, lists it, shows its terms page by page, and asks before replacing', async () => {
    const res = await upload(
      customer,
      '/terminology/import',
      { srcLang: 'american-english', tarLang: 'german' },
      'terms.csv',
      CSV,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toMatchObject({ termCount: 2, format: 'csv', srcLang: { slug: 'american-english' } });
    const list = (await as(customer).get('/terminology/list')).json();
    expect(list.totalCount).toBe(1);
    expect(list.results[0]).toMatchObject({ fileName: 'terms.csv', tarLang: { name: 'German' } });
    const terms = (
      await as(customer).get('/terminology?srcLang=american-english&tarLang=german&limit=1&page=2')
    ).json();
    expect(terms.results.totalCount).toBe(2);
    expect(terms.results.terms).toEqual([{ source: 'invoice', target: 'Rechnung', note: '' }]);

    const again = await upload(
      customer,
      '/terminology/import',
      { srcLang: 'american-english', tarLang: 'german' },
      'v2.csv',
      'a,b\n',
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(LANGUAGE_ASSET_TEXTS.terminologyExists);
    const replaced = await upload(
      customer,
      '/terminology/import',
      { srcLang: 'american-english', tarLang: 'german', replace: '1' },
      'v2.csv',
      'credit;Guthaben\n',
    );
    expect(replaced.statusCode).toBe(200);
    const after = (await as(customer).get('/terminology?srcLang=american-english&tarLang=german')).json().results;
    expect(after.terms).toEqual([{ source: 'credit', target: 'Guthaben', note: '' }]);
    expect((await as(customer).get('/terminology/list')).json().totalCount).toBe(1);
  });

  it('imports XLSX and TBX', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Sheet1').addRows([
      ['source', 'target'],
      ['order', 'commande'],
    ]);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const x = await upload(
      customer,
      '/terminology/import',
      { srcLang: 'american-english', tarLang: 'french' },
      'fr.xlsx',
      xlsx,
    );
    expect(x.statusCode, x.body).toBe(200);
    expect(x.json().results.termCount).toBe(1);
    const tbx = `<?xml version="1.0"?><martif type="TBX-Basic"><text><body>
      <termEntry><langSet xml:lang="de"><tig><term>Rechnung</term></tig></langSet><langSet xml:lang="fr"><tig><term>facture</term></tig></langSet></termEntry>
    </body></text></martif>`;
    const b = await upload(customer, '/terminology/import', { srcLang: 'german', tarLang: 'french' }, 'de-fr.tbx', tbx);
    expect(b.statusCode, b.body).toBe(200);
    const terms = (await as(customer).get('/terminology?srcLang=german&tarLang=french')).json().results.terms;
    expect(terms).toEqual([{ source: 'Rechnung', target: 'facture', note: '' }]);
  });

  it('refuses bad files with the line, bad pairs and wrong types, and stores nothing', async () => {
    const before = (await t.database.db.select().from(terminologyTerms)).length;
    const bad = await upload(
      customer,
      '/terminology/import',
      { srcLang: 'american-english', tarLang: 'spanish' },
      't.csv',
      'a,b\nc,\n',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Line 2: each row needs a source term and a target term');
    const badXml = await upload(
      customer,
      '/terminology/import',
      { srcLang: 'american-english', tarLang: 'spanish' },
      't.tbx',
      '<martif>\n<text>\n</martif>',
    );
    expect(badXml.statusCode).toBe(400);
    expect(badXml.json().message).toMatch(/^Line 3: /);
    const type = await upload(
      customer,
      '/terminology/import',
      { srcLang: 'american-english', tarLang: 'spanish' },
      't.exe',
      'MZ',
    );
    expect(type.statusCode).toBe(415);
    expect(type.json().message).toBe(LANGUAGE_ASSET_TEXTS.terminologyWrongType);
    const same = await upload(
      customer,
      '/terminology/import',
      { srcLang: 'german', tarLang: 'german' },
      't.csv',
      'a,b\n',
    );
    expect(same.json().message).toBe(LANGUAGE_ASSET_TEXTS.samePair);
    const noLang = await upload(customer, '/terminology/import', { tarLang: 'german' }, 't.csv', 'a,b\n');
    expect(noLang.json().message).toBe(LANGUAGE_ASSET_TEXTS.chooseSource);
    const empty = await upload(customer, '/terminology/import', { srcLang: 'german', tarLang: 'spanish' }, 't.csv', '');
    expect(empty.json().message).toBe(LANGUAGE_ASSET_TEXTS.fileEmpty);
    const noFile = await as(customer).post('/terminology/import', { srcLang: 'german' });
    expect(noFile.json().message).toBe(LANGUAGE_ASSET_TEXTS.chooseFile);
    expect((await t.database.db.select().from(terminologyTerms)).length).toBe(before);
    expect((await as(customer).get('/terminology?srcLang=american-english&tarLang=spanish')).statusCode).toBe(404);
  });

  it("keeps one customer's terminology from others; deletes only one's own", async () => {
    const mine = (await as(customer).get('/terminology/list')).json().results as { id: number }[];
    expect((await as(other).get('/terminology/list')).json().totalCount).toBe(0);
    expect((await as(other).get('/terminology?srcLang=american-english&tarLang=german')).statusCode).toBe(404);
    expect((await as(other).delete(`/terminology/delete?ids[]=${mine[0].id}`)).statusCode).toBe(404);
    // one of the ids is not mine: nothing goes
    expect((await as(customer).delete(`/terminology/delete?ids[]=${mine[0].id}&ids[]=999999`)).statusCode).toBe(404);
    expect((await as(customer).get('/terminology/list')).json().totalCount).toBe(mine.length);
    expect((await as(customer).delete('/terminology/delete')).json().message).toBe(
      LANGUAGE_ASSET_TEXTS.chooseTerminology,
    );
    expect((await as(customer).delete('/terminology/delete?ids[]=abc')).statusCode).toBe(400);
    const del = await as(customer).delete(`/terminology/delete?ids[]=${mine[0].id}`);
    expect(del.statusCode).toBe(200);
    expect((await as(customer).get('/terminology/list')).json().totalCount).toBe(mine.length - 1);
    expect((await as(translator).get('/terminology/list')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/terminology/list' })).statusCode).toBe(401);
  });
});

describe('translation memory', () => {
  it('imports a multi-language TMX, lists its languages, searches it and downloads it as TMX', async () => {
    const res = await upload(customer, '/tmx/import', {}, 'memory.tmx', TMX);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toMatchObject({ unitCount: 3, languages: ['de-DE', 'en-US', 'fr-FR'] });
    expect(storedFiles(t.app).filter((f) => !f.includes('.tmp'))).toEqual([]);
    const langs = (await as(customer).get('/tmx/getxtmlanguages')).json().results;
    expect(langs).toEqual([
      { code: 'de-DE', name: 'German', segments: 3 },
      { code: 'en-US', name: 'American English', segments: 3 },
      { code: 'fr-FR', name: 'French', segments: 1 },
    ]);
    const hits = (await as(customer).get('/api/2/account/tmx/search?q=WELCOME%20&lang=en-US')).json().results;
    expect(hits).toHaveLength(2);
    expect(hits[0].variants).toEqual([
      { lang: 'en-US', text: 'Welcome back' },
      { lang: 'de-DE', text: 'Willkommen zurück' },
    ]);
    expect((await as(customer).get('/api/2/account/tmx/search?q=50%25&lang=en-US')).json().results).toEqual([]);
    expect((await as(customer).get('/api/2/account/tmx/search?q=w&lang=en-US')).statusCode).toBe(400);
    const dl = await as(customer).get('/tmx/getTMX');
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toContain('application/x-tmx+xml');
    expect(dl.body).toContain(
      '<tuv xml:lang="en-US"><seg>Welcome to <bpt i="1">&lt;b&gt;</bpt>Parlance<ept i="1">&lt;/b&gt;</ept></seg></tuv>',
    );
    expect(dl.body).toContain('<seg>Rechnung <ph x="1">{0}</ph> ist fällig</seg>');
    // the download is valid TMX: it imports again as the same units
    const other2 = await signUp(t.app);
    const back = await upload(other2, '/tmx/import', {}, 'again.tmx', dl.body);
    expect(back.json().results).toMatchObject({ unitCount: 3, languages: ['de-DE', 'en-US', 'fr-FR'] });
    const deOnly = await as(customer).get('/tmx/getTMX?langs[]=en-US&langs[]=fr-FR');
    expect(deOnly.body.match(/<tu>/g)).toHaveLength(1);
  });

  it('refuses a malformed TMX with its line and stores nothing', async () => {
    const before = (await t.database.db.select().from(tmSegments)).length;
    const broken = TMX.replace('<seg>Welcome back</seg>', '<seg>Welcome back</sg>');
    const res = await upload(customer, '/tmx/import', {}, 'broken.tmx', broken);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Line 6: /);
    expect((await t.database.db.select().from(tmSegments)).length).toBe(before);
    expect((await upload(customer, '/tmx/import', {}, 'x.xml', TMX)).json().message).toBe(
      LANGUAGE_ASSET_TEXTS.tmxWrongType,
    );
    expect((await as(customer).get('/api/2/account/tmx/imports')).json().totalCount).toBe(1);
    expect(storedFiles(t.app).filter((f) => !f.includes('.tmp'))).toEqual([]);
  });

  it('keeps memories apart; an import is deleted by its owner only', async () => {
    expect((await as(other).get('/tmx/getxtmlanguages')).json().results).toEqual([]);
    expect((await as(other).get('/tmx/getTMX')).statusCode).toBe(404);
    expect((await as(other).get('/api/2/account/tmx/search?q=welcome&lang=en-US')).json().results).toEqual([]);
    const [imp] = (await as(customer).get('/api/2/account/tmx/imports')).json().results;
    expect((await as(other).delete(`/api/2/account/tmx/imports/${imp.id}`)).statusCode).toBe(404);
    expect((await as(translator).get('/tmx/getxtmlanguages')).statusCode).toBe(403);
    const solo = await signUp(t.app);
    await upload(solo, '/tmx/import', {}, 'm.tmx', TMX);
    const [mine] = (await as(solo).get('/api/2/account/tmx/imports')).json().results;
    expect((await as(solo).delete(`/api/2/account/tmx/imports/${mine.id}`)).statusCode).toBe(200);
    expect((await as(solo).get('/tmx/getxtmlanguages')).json().results).toEqual([]);
  });
});

describe('glossary files', () => {
  it('uploads, lists, downloads and deletes; owner only', async () => {
    const id = customer.user.id;
    const up = await upload(customer, `/api/2/account/${id}/glossary`, {}, 'Glossar.txt', 'invoice = Rechnung\n');
    expect(up.statusCode, up.body).toBe(200);
    const file = up.json().results;
    expect(file).toMatchObject({ fileName: 'Glossar.txt', sizeBytes: 19 });
    expect((await as(customer).get(`/api/2/account/${id}/glossary`)).json().results).toEqual([file]);
    const dl = await as(customer).get(file.downloadUrl);
    expect(dl.body).toBe('invoice = Rechnung\n');
    expect(dl.headers['content-disposition']).toContain('attachment');
    expect((await as(other).get(file.downloadUrl)).statusCode).toBe(404);
    expect((await as(other).get(`/api/2/account/${id}/glossary`)).statusCode).toBe(404);
    expect((await as(other).get(`/api/2/account/${other.user.id}/glossary/${file.id}`)).statusCode).toBe(404);
    expect((await as(other).delete(`/api/2/account/${other.user.id}/glossary/${file.id}`)).statusCode).toBe(404);
    const exe = await upload(customer, `/api/2/account/${id}/glossary`, {}, 'run.exe', 'MZ');
    expect(exe.statusCode).toBe(415);
    expect((await as(customer).delete(`/api/2/account/${id}/glossary/${file.id}`)).statusCode).toBe(200);
    expect((await as(customer).get(`/api/2/account/${id}/glossary`)).json().totalCount).toBe(0);
    expect(storedFiles(t.app).filter((f) => !f.includes('.tmp'))).toEqual([]);
  });
});

describe('shared translation memory', () => {
  it('answers 400 in plain words, not 500, when a DELETE names no numeric group or translator', async () => {
    const id = customer.user.id;
    for (const url of [
      `/api/2/account/cat-tool-map/${id}/group`,
      `/api/2/account/cat-tool-map/${id}/group?group_id=abc`,
      `/api/2/account/cat-tool-map/${id}/group/user?group_id=1`,
      `/api/2/account/cat-tool-map/${id}/group/user?group_id=1&user_id=x`,
    ]) {
      const res = await as(customer).inject({ method: 'DELETE', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(LANGUAGE_ASSET_TEXTS.groupRefMissing);
    }
  });

  it('groups translators; a member downloads the memory from a project of the customer; others get 404', async () => {
    const id = customer.user.id;
    const map = as(customer);
    expect((await map.post(`/api/2/account/cat-tool-map/${id}/group`, { name: ' ' })).json().message).toBe(
      LANGUAGE_ASSET_TEXTS.groupNameRequired,
    );
    const group = (await map.post(`/api/2/account/cat-tool-map/${id}/group`, { name: 'Legal team' })).json().results;
    expect(group).toMatchObject({ name: 'Legal team', users: [] });
    const notTranslator = await map.post(`/api/2/account/cat-tool-map/${id}/group/user`, {
      group_id: group.id,
      email: other.user.email,
    });
    expect(notTranslator.json().message).toBe(LANGUAGE_ASSET_TEXTS.notATranslator);

    const [project] = await t.database.db
      .insert(projects)
      .values({ customerId: id, name: 'Contract', translatorId: translator.user.id, status: 'IN_PROGRESS' })
      .returning();
    // not yet in a group: no memory to show (an ordinary answer, not a 404 in the console), none to take
    const none = await as(translator).get(`/api/2/projects/${project.id}/translation-memory`);
    expect(none.statusCode).toBe(200);
    expect(none.json().results).toMatchObject({ available: false, languages: [] });
    expect((await as(translator).get(`/api/2/projects/${project.id}/translation-memory/download`)).statusCode).toBe(
      404,
    );

    const added = await map.post(`/api/2/account/cat-tool-map/${id}/group/user`, {
      group_id: group.id,
      email: translator.user.email.toUpperCase(),
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().results.users).toEqual([expect.objectContaining({ id: translator.user.id })]);
    const twice = await map.post(`/api/2/account/cat-tool-map/${id}/group/user`, {
      group_id: group.id,
      email: translator.user.email,
    });
    expect(twice.statusCode).toBe(409);
    expect((await map.get(`/api/2/account/cat-tool-map/${id}`)).json().results.groups).toHaveLength(1);
    expect((await map.get(`/api/2/account/cat-tool-map/${id}?user_id=${other.user.id}`)).json().results.groups).toEqual(
      [],
    );
    expect((await map.get(`/api/2/cat-tool-map-groups/${group.id}`)).json().results.users).toHaveLength(1);

    const info = await as(translator).get(`/api/2/projects/${project.id}/translation-memory`);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().results.available).toBe(true);
    const dl = await as(translator).get(info.json().results.downloadUrl);
    expect(dl.statusCode).toBe(200);
    expect(dl.body).toContain('<seg>Welcome back</seg>');

    // others: another customer, another translator, the map of someone else
    const stranger = await signUp(t.app, { user_type: 'translator' });
    expect((await as(stranger).get(`/api/2/projects/${project.id}/translation-memory/download`)).statusCode).toBe(404);
    expect((await as(other).get(`/api/2/projects/${project.id}/translation-memory`)).statusCode).toBe(403);
    expect((await as(other).get(`/api/2/account/cat-tool-map/${id}`)).statusCode).toBe(404);
    expect((await as(other).get(`/api/2/cat-tool-map-groups/${group.id}`)).statusCode).toBe(404);
    expect(
      (
        await as(other).post(`/api/2/account/cat-tool-map/${other.user.id}/group/user`, {
          group_id: group.id,
          email: stranger.user.email,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await as(other).inject({
          method: 'DELETE',
          url: `/api/2/account/cat-tool-map/${other.user.id}/group?group_id=${group.id}`,
        })
      ).statusCode,
    ).toBe(404);

    // removed from the group: the download is gone
    const removed = await map.inject({
      method: 'DELETE',
      url: `/api/2/account/cat-tool-map/${id}/group/user`,
      payload: { group_id: group.id, user_id: translator.user.id },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await as(translator).get(`/api/2/projects/${project.id}/translation-memory/download`)).statusCode).toBe(
      404,
    );
    const gone = await map.inject({
      method: 'DELETE',
      url: `/api/2/account/cat-tool-map/${id}/group?group_id=${group.id}`,
    });
    expect(gone.statusCode).toBe(200);
    expect((await map.get(`/api/2/cat-tool-map-groups/${group.id}`)).statusCode).toBe(404);
  });
});

it('GET /api/2/discover/languages answers the languages to anyone', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/2/discover/languages' });
  expect(res.statusCode).toBe(200);
  expect(res.json().results).toEqual(
    expect.arrayContaining([expect.objectContaining({ slug: 'german', iso: 'de', name: 'German' })]),
  );
});
