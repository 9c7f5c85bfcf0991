import mammoth from 'mammoth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROJECT_GUIDES, DEMO_PROJECT_STEPS, demoProjectSchema } from '@parlance/shared';
import { createTestApp, type TestApp } from '../../test/harness';
import { newPerson } from '../project-lists/list-test-helpers';
import { authed } from '../../test/auth-helpers';

// The sample project of /project/demo: open to guests and users alike, labelled as a sample,
// its timeline in order with dates relative to now, and real files the server serves.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 3_600_000;

describe('GET /api/2/projects/demo', () => {
  it('answers a guest with the sample: its steps in order, each with its guidance, dates in the past days', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/2/projects/demo' });
    expect(res.statusCode).toBe(200);
    const demo = demoProjectSchema.parse(res.json());
    expect(demo.sample).toBe(true);
    expect(demo.events.map((e) => e.step)).toEqual([...DEMO_PROJECT_STEPS]);
    expect(demo.events.map((e) => e.guide)).toEqual(DEMO_PROJECT_STEPS.map((s) => DEMO_PROJECT_GUIDES[s]));
    expect(demo.events.map((e) => e.toStatus)).toEqual(['PENDING', 'IN_PROGRESS', 'IN_PROGRESS', 'READY', 'COMPLETED']);
    const times = demo.events.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const now = t.app.deps.clock.now().getTime();
    expect(now - times[0]).toBeGreaterThan(3 * DAY);
    expect(now - times[0]).toBeLessThan(8 * DAY);
    expect(times[times.length - 1]).toBeLessThan(now);
    expect(Date.parse(demo.completedAt)).toBe(times[times.length - 1]);
  });

  it('counts its words from its own source files', async () => {
    const demo = demoProjectSchema.parse((await t.app.inject({ method: 'GET', url: '/api/2/projects/demo' })).json());
    let words = 0;
    for (const f of demo.files.filter((x) => x.context === 'source')) {
      const file = await t.app.inject({ method: 'GET', url: f.downloadUrl });
      const text = f.name.endsWith('.docx')
        ? (await mammoth.extractRawText({ buffer: file.rawPayload })).value
        : file.body;
      words += text.split(/\s+/).filter((w) => /\p{L}|\p{N}/u.test(w)).length;
    }
    expect(demo.wordCount).toBe(words);
    expect(demo.wordCount).toBeGreaterThan(50);
  });

  it('answers a signed-in user the same sample', async () => {
    const person = await newPerson(t.app, 'client', 'Nora New');
    const res = await authed(t.app, person.session).get('/api/2/projects/demo');
    expect(res.statusCode).toBe(200);
    expect(res.json().title).toBe('Welcome letter for e-bike buyers');
  });
});

describe('the sample files', () => {
  it('serves each listed file at its size: text opens in the browser, a Word file downloads', async () => {
    const demo = demoProjectSchema.parse((await t.app.inject({ method: 'GET', url: '/api/2/projects/demo' })).json());
    expect(demo.files.map((f) => [f.context, f.name])).toEqual([
      ['source', 'welcome-letter-en.docx'],
      ['source', 'glossary-en.txt'],
      ['translation', 'welcome-letter-de.docx'],
      ['translation', 'glossary-de.txt'],
    ]);
    for (const f of demo.files) {
      const res = await t.app.inject({ method: 'GET', url: f.url });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBe(f.size);
      expect(res.headers['content-type']).toContain(f.mime);
      const disposition = String(res.headers['content-disposition']);
      expect(disposition).toContain(f.name.endsWith('.txt') ? 'inline' : 'attachment');
      const download = await t.app.inject({ method: 'GET', url: f.downloadUrl });
      expect(String(download.headers['content-disposition'])).toBe(`attachment; filename="${f.name}"`);
    }
    const letter = await t.app.inject({ method: 'GET', url: '/api/2/projects/demo/files/welcome-letter-de.docx' });
    const { value } = await mammoth.extractRawText({ buffer: letter.rawPayload });
    expect(value).toContain('Willkommen bei Lakeside Cycles');
    const glossary = await t.app.inject({ method: 'GET', url: '/api/2/projects/demo/files/glossary-de.txt' });
    expect(glossary.body).toContain('tyre pressure = Reifendruck');
  });

  it('serves nothing else: unknown names and paths outside the folder are 404', async () => {
    for (const name of ['secret.txt', '..%2F..%2Fpackage.json', '%2E%2E%2Fsample.ts']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/2/projects/demo/files/${name}` });
      expect(res.statusCode).toBe(404);
    }
  });

  it('leaves real projects as they were: /api/2/projects/{id} still asks who is calling', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/2/projects/1' })).statusCode).toBe(401);
  });
});
