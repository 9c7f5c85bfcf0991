import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_LIMITS } from '@parlance/shared';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import {
  languages,
  ledgerTransactions,
  mtJobs,
  projectEvents,
  projectResources,
  purchaseOrders,
  terminologySets,
  terminologyTerms,
  users,
} from '../../db/schema';
import { mtEnginesOf } from '../../platform/mt';
import { OpenAiCompatibleEngine } from '../../platform/mt/openai-compatible';
import { fakeLibreTranslate, fakeOpenAi, type FakeEngineServer } from '../../platform/mt/mt-test-servers';
import { balanceOfOwner, verifyLedger } from '../../platform/ledger';
import { createScheduler, inProcessLock } from '../../platform/scheduler';
import { partText } from '../../platform/segments/test-documents';
import { pgTaskLock } from '../../platform/task-lock';
import { CapturingMailer, createTestApp, type TestApp } from '../../test/harness';
import { detailOf, newCustomer, type Person, projectRow } from '../projects/projects-test-helpers';
import { DOCX_MIME, paidMtProject, run, smallDocx } from './mt-test-helpers';
import { mtTaskDeps, pageFetcher } from './deps';
import { setupOf } from './engine-choice';
import { MT_TASK, retryDelayMs, runMtJobs } from './task';

// The machine-translation queue end to end, against local engines that answer as LibreTranslate and
// an OpenAI-compatible endpoint document: a paid order is translated, delivered in its formats and
// completes; failures are retried or handed to translators; a stop half-way resumes; two schedulers
// deliver once.

let t: TestApp;
let mailer: CapturingMailer;
let libre: FakeEngineServer;
let openAi: FakeEngineServer;
let customer: Person;

beforeAll(async () => {
  libre = await fakeLibreTranslate();
  openAi = await fakeOpenAi('sk-right');
  mailer = new CapturingMailer();
  t = await createTestApp(
    {
      mt: {
        deepl: null,
        libreTranslate: { url: libre.url },
        // a refused key: every call fails for good
        openAi: { baseUrl: `${openAi.url}/v1`, apiKey: 'sk-wrong', model: 'gpt-test' },
      },
    },
    { mailer },
  );
  customer = await newCustomer(t.app);
  await t.app.deps.db.insert(users).values({
    email: 'mt-admin@example.test',
    name: 'MT Admin',
    type: 'admin',
    passwordHash: 'x',
  } as typeof users.$inferInsert);
});
afterAll(async () => {
  await t?.close();
  await libre?.close();
  await openAi?.close();
});

const db = () => t.app.deps.db;
const run1 = (limits = {}) => runMtJobs(mtTaskDeps(t.app.deps), t.clock.now(), limits);
const jobOf = async (projectId: number) => (await db().select().from(mtJobs).where(eq(mtJobs.projectId, projectId)))[0];
const actions = async (id: number) =>
  (await db().select().from(projectEvents).where(eq(projectEvents.projectId, id)).orderBy(projectEvents.id)).map(
    (e) => e.action,
  );
const delivered = (id: number) =>
  db()
    .select()
    .from(projectResources)
    .where(and(eq(projectResources.projectId, id), eq(projectResources.context, 'translation')))
    .orderBy(projectResources.id);
const bytesOf = async (storageId: string) => buffer(await t.app.deps.storage.get(storageId));
const translateCalls = () => libre.seen.filter((r) => r.path === '/translate').length;

/** A plain-text file of n sentences, one paragraph each. */
const sentences = (n: number) => Array.from({ length: n }, (_, i) => `Sentence number ${i + 1} is here.`).join('\n\n');

describe('a paid machine-translation order', () => {
  it('is translated, delivered in its formats with formatting kept, and completes like any delivery', async () => {
    const docx = await smallDocx([
      run('Hello ') + run('bold world', '<w:b/>') + run(' and more.'),
      run('Good morning.'),
    ]);
    const id = await paidMtProject(t.app, customer.id, {
      engine: 'libretranslate',
      files: [
        { name: 'letter.docx', content: docx, mime: DOCX_MIME },
        { name: 'notes.txt', content: 'First sentence. Second one.\n\nThird paragraph.', mime: 'text/plain' },
      ],
    });
    // nobody can take it while the machine works
    expect((await projectRow(t.app, id)).status).toBe('PREPROCESSING');
    const before = await balanceOfOwner(db(), customer.id, 'customer_credits');

    await t.app.deps.scheduler.runOnce();

    const row = await projectRow(t.app, id);
    expect(row.status).toBe('READY');
    expect(row.translatorId).toBeNull();
    expect(await actions(id)).toEqual(['paid', 'machine-deliver']);
    const files = await delivered(id);
    expect(files.map((f) => [f.fileName, f.mime, f.uploadedBy])).toEqual([
      ['letter.docx', DOCX_MIME, null],
      ['notes.txt', 'text/plain', null],
    ]);
    const xml = await partText(await bytesOf(files[0].storageId), 'word/document.xml');
    // the sentence translated whole by an engine that keeps its tags (ADR 0113), the bold run still bold
    expect(xml).toContain('[es] Hello ');
    expect(xml).toMatch(/<w:b\/><\/w:rPr><w:t[^>]*>bold world<\/w:t>/);
    expect(xml).toContain('[es] Good morning.');
    expect(xml).not.toContain('>Good morning.<');
    expect((await bytesOf(files[1].storageId)).toString()).toBe(
      '[es] First sentence. [es] Second one.\n\n[es] Third paragraph.',
    );
    const job = await jobOf(id);
    expect(job).toMatchObject({ state: 'done', engine: 'libretranslate', segmentsDone: 5, segmentsTotal: 5 });
    expect(
      mailer.sent.some(
        (m) => m.to === customer.session.user.email && m.subject === `Your translation of "MT order" is ready`,
      ),
    ).toBe(true);

    // the customer sees the files and the progress, and the project completes by itself after 7 days
    const detail = detailOf(await customer.api.get(`/api/2/projects/${id}`));
    expect(detail.machineTranslation).toEqual({
      state: 'done',
      segmentsDone: 5,
      segmentsTotal: 5,
      wordsDone: job.wordsDone,
      wordsTotal: job.wordsTotal,
      error: null,
    });
    t.clock.advance(PROJECT_LIMITS.autoCompleteAfterMs + 60_000);
    await t.app.deps.scheduler.runOnce();
    const completed = await projectRow(t.app, id);
    expect(completed.status).toBe('COMPLETED');
    // no translator: no earnings are posted, the price stays with the platform, the customer pays nothing more
    expect(completed).toMatchObject({ translatorId: null, translatorEarningsCredits: 0 });
    expect(await db().select().from(ledgerTransactions).where(eq(ledgerTransactions.kind, 'earning'))).toEqual([]);
    expect(await balanceOfOwner(db(), customer.id, 'customer_credits')).toBe(before);
    expect((await verifyLedger(db())).ok).toBe(true);
  });

  it('tries again after a retryable engine failure, and succeeds', async () => {
    const id = await paidMtProject(t.app, customer.id, {
      engine: 'libretranslate',
      files: [{ name: 'a.txt', content: 'Try me again.', mime: 'text/plain' }],
    });
    libre.failNext('/translate', 503);
    const at = t.clock.now().getTime();
    await run1();
    const after = t.clock.now().getTime();
    const waiting = await jobOf(id);
    expect(waiting).toMatchObject({ state: 'queued', attempts: 1 });
    expect(waiting.lastError).toMatch(/503/);
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(at + retryDelayMs(1));
    expect(waiting.nextAttemptAt.getTime()).toBeLessThanOrEqual(after + retryDelayMs(1));
    // not due yet
    await run1();
    expect((await jobOf(id)).attempts).toBe(1);
    t.clock.advance(retryDelayMs(1));
    await run1();
    expect((await jobOf(id)).state).toBe('done');
    expect((await projectRow(t.app, id)).status).toBe('READY');
  });

  it('fails for good on a refused key: the project opens to translators, customer and admins are told', async () => {
    const id = await paidMtProject(t.app, customer.id, {
      engine: 'openai',
      files: [{ name: 'b.txt', content: 'This will not work.', mime: 'text/plain' }],
    });
    await run1();
    const job = await jobOf(id);
    expect(job.state).toBe('failed');
    expect(job.lastError).toMatch(/401/);
    expect((await projectRow(t.app, id)).status).toBe('PENDING');
    expect(await actions(id)).toEqual(['paid', 'hand-over']);
    expect(mailer.last(customer.session.user.email)?.subject).toMatch(/failed: a translator will take over/);
    expect(mailer.last('mt-admin@example.test')?.subject).toBe(`Machine translation failed: project #${id}`);
    const detail = detailOf(await customer.api.get(`/api/2/projects/${id}`));
    expect(detail.machineTranslation?.state).toBe('failed');
    expect(detail.machineTranslation?.error).toMatch(/401/);
    // nothing more happens on the next runs
    await run1();
    expect(await actions(id)).toEqual(['paid', 'hand-over']);
  });

  it('resumes after a stop half-way without translating or delivering twice', async () => {
    const id = await paidMtProject(t.app, customer.id, {
      engine: 'libretranslate',
      files: [{ name: 'long.txt', content: sentences(120), mime: 'text/plain' }],
    });
    const calls = translateCalls();
    await run1({ maxBatches: 1 });
    expect(await jobOf(id)).toMatchObject({ state: 'running', segmentsDone: 50, segmentsTotal: 120 });
    expect((await projectRow(t.app, id)).status).toBe('PREPROCESSING');
    const detail = detailOf(await customer.api.get(`/api/2/projects/${id}`));
    expect(detail.machineTranslation).toMatchObject({ state: 'running', segmentsDone: 50, segmentsTotal: 120 });
    // as after a restart: a new run finds the job due and goes on from segment 51
    await run1();
    await run1();
    expect(translateCalls() - calls).toBe(3);
    expect(await actions(id)).toEqual(['paid', 'machine-deliver']);
    const files = await delivered(id);
    expect(files).toHaveLength(1);
    const text = (await bytesOf(files[0].storageId)).toString();
    expect(text.split('\n\n')).toHaveLength(120);
    expect(text.split('\n\n').every((p, i) => p === `[es] Sentence number ${i + 1} is here.`)).toBe(true);
  });

  it('translates an order of pasted text into a plain-text file', async () => {
    const id = await paidMtProject(t.app, customer.id, {
      engine: 'libretranslate',
      files: [],
      pastedText: 'Pasted words. More of them.',
    });
    await run1();
    const files = await delivered(id);
    expect(files.map((f) => f.fileName)).toEqual(['pasted-text.txt']);
    expect((await bytesOf(files[0].storageId)).toString()).toBe('[es] Pasted words. [es] More of them.');
  });

  it('translates an order of a web page, read when the work starts, into an HTML file', async () => {
    const site = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        '<!doctype html><html lang="en"><body><h1>Our shop</h1><p>We open at <b>nine</b> daily.</p></body></html>',
      );
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(site.address() as AddressInfo).port}/en/about`;
      const id = await paidMtProject(t.app, customer.id, { engine: 'libretranslate', files: [], url });
      await runMtJobs({ ...mtTaskDeps(t.app.deps), fetchPage: pageFetcher(true) }, t.clock.now());
      const files = await delivered(id);
      expect(files.map((f) => f.fileName)).toEqual(['127.0.0.1-about.html']);
      const html = (await bytesOf(files[0].storageId)).toString();
      expect(html).toContain('<h1>[es] Our shop</h1>');
      expect(html).toContain('[es] We open at <b>nine</b> daily.');
      expect((await projectRow(t.app, id)).status).toBe('READY');
    } finally {
      site.close();
    }
  });

  it('does not read a private address unless configured to, and says why for good', async () => {
    const refused = pageFetcher(false)('http://127.0.0.1:9/page');
    await expect(refused).rejects.toMatchObject({ name: 'MtError', retryable: false });
    await expect(refused).rejects.toThrow(/The web page http:\/\/127\.0\.0\.1:9\/page could not be read/);
  });

  it('asks the chosen engine with the customer terms when the choice asks for the glossary', async () => {
    const [en, es] = await db()
      .select()
      .from(languages)
      .where(inArray(languages.slug, ['american-english', 'spanish']))
      .orderBy(languages.slug);
    const [set] = await db()
      .insert(terminologySets)
      .values({
        userId: customer.id,
        sourceLangId: en.id,
        targetLangId: es.id,
        fileName: 't.csv',
        format: 'csv',
        termCount: 1,
        createdAt: new Date(),
      })
      .returning();
    await db().insert(terminologyTerms).values({ setId: set.id, position: 1, source: 'shop', target: 'tienda' });
    const project = { customerId: customer.id, sourceLanguage: 'american-english', targetLanguage: 'spanish' };
    const [order] = await db()
      .insert(purchaseOrders)
      .values({
        key: `terms-${Date.now()}`,
        customerId: customer.id,
        status: 'paid',
        projectType: 'ai-translation',
        sourceLanguage: 'american-english',
        targetLanguages: ['spanish'],
        mtParams: { spanish: { engine: 'openai', formality: 'formal', glossary: true } },
      })
      .returning();
    const right = new OpenAiCompatibleEngine({ baseUrl: `${openAi.url}/v1`, apiKey: 'sk-right', model: 'gpt-test' });
    const setup = await setupOf(db(), mtEnginesOf([right, ...t.app.deps.mt.list.filter((e) => e.slug !== 'openai')]), {
      ...project,
      purchaseOrderId: order.id,
    });
    expect(setup).toMatchObject({ formality: 'formal', terms: [{ source: 'shop', target: 'tienda' }] });
    expect(setup.engine.slug).toBe('openai');
    expect(await setup.engine.translate({ ...setup, texts: ['Visit the shop.'] })).toEqual([
      '[es formal] Visit the tienda.',
    ]);
    // the chosen engine not connected: the first that serves the pair, without terms it cannot take
    const fallback = await setupOf(db(), mtEnginesOf(t.app.deps.mt.list.filter((e) => e.slug !== 'openai')), {
      ...project,
      purchaseOrderId: order.id,
    });
    expect(fallback).toMatchObject({ formality: 'default', terms: [] });
    expect(fallback.engine.slug).toBe('libretranslate');
  });

  it('falls back to the first connected engine when the stored choice is absent', async () => {
    const id = await paidMtProject(t.app, customer.id, {
      files: [{ name: 'c.txt', content: 'No choice stored.', mime: 'text/plain' }],
    });
    await run1();
    expect((await jobOf(id)).engine).toBe('libretranslate');
    expect((await projectRow(t.app, id)).status).toBe('READY');
  });

  it('gives a post-editing project the machine draft as reference files', async () => {
    const id = await paidMtProject(t.app, customer.id, {
      type: 'post-editing',
      engine: 'libretranslate',
      files: [{ name: 'guide.txt', content: 'Edit this draft.', mime: 'text/plain' }],
    });
    // a person's job from the start
    expect((await projectRow(t.app, id)).status).toBe('PENDING');
    await run1();
    expect((await projectRow(t.app, id)).status).toBe('PENDING');
    const refs = await db()
      .select()
      .from(projectResources)
      .where(and(eq(projectResources.projectId, id), eq(projectResources.context, 'reference')));
    expect(refs.map((r) => r.fileName)).toEqual(['guide (machine translation).txt']);
    expect((await bytesOf(refs[0].storageId)).toString()).toBe('[es] Edit this draft.');
    const detail = detailOf(await customer.api.get(`/api/2/projects/${id}`));
    expect(detail.files.map((f) => f.name)).toContain('guide (machine translation).txt');
  });

  it('is delivered once by two schedulers running at the same time', async () => {
    const id = await paidMtProject(t.app, customer.id, {
      engine: 'libretranslate',
      files: [{ name: 'twice.txt', content: sentences(80), mime: 'text/plain' }],
    });
    const lock = t.database.engine === 'postgres' && t.database.pool ? pgTaskLock(t.database.pool) : inProcessLock;
    const schedulers = [createScheduler(t.clock, () => {}, lock), createScheduler(t.clock, () => {}, lock)];
    for (const s of schedulers)
      s.add({ name: MT_TASK, everyMs: 0, run: (now) => runMtJobs(mtTaskDeps(t.app.deps), now) });
    const calls = translateCalls();
    await Promise.all(schedulers.map((s) => s.runOnce()));
    await Promise.all(schedulers.map((s) => s.runOnce()));
    expect(await actions(id)).toEqual(['paid', 'machine-deliver']);
    expect(await delivered(id)).toHaveLength(1);
    // on PostgreSQL the task lock lets one instance translate; elsewhere the runs overlap but deliver once
    if (t.database.engine === 'postgres') expect(translateCalls() - calls).toBe(2);
  });
});
