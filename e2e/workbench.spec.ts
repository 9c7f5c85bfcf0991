import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import JSZip from 'jszip';
import { expect, expectAccessible, shotPage, signInWith, test } from './fixtures';
import { addToMyTeam, importMemory, importTerminology, makeProject, takenDocxJob } from './fixtures-projects';
import { makeDocx } from './ordering-helpers';

// The translator's workbench (/ui-editor): a new translator opens a taken .docx job from its
// project page, sees the customer's memory match and term, confirms every segment from the
// keyboard, reloads mid-way without losing a word, and delivers after the quality warnings; the
// customer downloads a .docx holding the translation. Two tabs: a second one sees a save without
// a reload; a stale one gets both versions instead of overwriting.

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PARAGRAPHS = [
  'Welcome to the annual report.',
  'Click Save to keep your changes.',
  'The office opens at 9 o’clock.',
  'Read the notes before you start.',
];
const TMX = `<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4">
  <header creationtool="e2e" creationtoolversion="1" srclang="en-US" datatype="plaintext" segtype="sentence" adminlang="en-US" o-tmf="x"/>
  <body>
    <tu><tuv xml:lang="en-US"><seg>Welcome to the annual report.</seg></tuv><tuv xml:lang="fr-FR"><seg>Bienvenue dans le rapport annuel.</seg></tuv></tu>
  </body>
</tmx>
`;
const TERMS = 'source,target,note\nSave,Enregistrer,button\n';
const TRANSLATIONS = [
  'Bienvenue dans le rapport annuel.',
  'Cliquez sur Enregistrer pour garder vos modifications.',
  // no 9: the numbers check warns before delivery
  'Le bureau ouvre à neuf heures.',
  'Lisez les notes avant de commencer.',
];

const target = (page: Page, n: number) => page.getByRole('textbox', { name: `Segment ${n}, translation` });

test.describe('the workbench', () => {
  test.describe.configure({ mode: 'serial' });

  test('a translator translates a docx job in the editor and the customer gets the .docx', async ({
    page,
    browser,
    newAccount,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    const pair: [string, string] = ['american-english', 'french'];
    const [customer, translator] = await Promise.all([
      newAccount({ credits: 50_000, name: 'Wanda Workbench' }),
      newAccount({ type: 'translator', name: 'Theo Translator', pair }),
    ]);
    await addToMyTeam(customer.api, translator.id);
    await importMemory(customer.api, TMX);
    await importTerminology(customer.api, pair, TERMS);
    const project = await makeProject(customer, translator, {
      stage: 'taken',
      source: { name: 'report.docx', mimeType: DOCX, buffer: await makeDocx(PARAGRAPHS) },
    });

    await signInWith(page, translator);
    await page.goto('/ui-editor');
    await expect(page.getByRole('heading', { name: 'Editor', level: 1 })).toBeVisible();
    const jobs = page.getByRole('list', { name: 'Jobs in the editor' });
    await expect(jobs).toContainText(project.name);
    await expect(jobs).toContainText('You translate · In Progress');
    await shotPage(page, 'workbench-1-jobs');

    await page.goto(`/project/${project.id}`);
    await page.getByRole('link', { name: 'Open in editor' }).click();
    await page.waitForURL(`**/ui-editor/${project.id}`);
    await expect(page.getByRole('heading', { name: project.name, level: 1 })).toBeVisible();
    await expect(page.getByText(/^0 of \d+ words confirmed \(0%\)/)).toBeVisible();

    // the first segment has the focus, its memory match is in the side panel
    await expect(target(page, 1)).toBeFocused();
    const panel = page.getByRole('complementary', { name: 'Suggestions' });
    const memory = panel.getByRole('list', { name: 'Memory matches' });
    await expect(memory).toContainText('100%');
    await expect(memory).toContainText(TRANSLATIONS[0]);
    await shotPage(page, 'workbench-2-editor');
    await page.keyboard.press('Control+1');
    await expect(target(page, 1)).toHaveValue(TRANSLATIONS[0]);
    await page.keyboard.press('Control+Enter');

    // the term is listed and marked in the source
    await expect(target(page, 2)).toBeFocused();
    await expect(panel.getByRole('list', { name: 'Terms' })).toContainText('Save → Enregistrer');
    await expect(page.getByRole('group', { name: 'Segment 2' }).locator('mark')).toHaveText('Save');
    await page.keyboard.type(TRANSLATIONS[1]);
    await page.keyboard.press('Control+Enter');
    await expect(page.getByRole('group', { name: 'Segment 2' })).toContainText('Translated');

    // a reload before the autosave's pause loses nothing
    await expect(target(page, 3)).toBeFocused();
    await page.keyboard.type(TRANSLATIONS[2]);
    await page.reload();
    await expect(target(page, 3)).toHaveValue(TRANSLATIONS[2]);
    await expect(target(page, 3)).toBeFocused();
    await page.keyboard.press('Control+Enter');
    await expect(target(page, 4)).toBeFocused();
    await page.keyboard.type(TRANSLATIONS[3]);
    await page.keyboard.press('Control+Enter');
    await expect(page.getByText(/^(\d+) of \1 words confirmed \(100%\)/)).toBeVisible();

    // the shortcuts sheet
    await page.keyboard.press('Control+/');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(sheet).toContainText('Ctrl+Enter');
    await expectAccessible(page, '[role="dialog"]');
    await shotPage(page, 'workbench-3-shortcuts');
    await sheet.getByRole('button', { name: 'Close' }).click();
    await expectAccessible(page);

    // delivery lists the quality warnings first
    await page.getByRole('button', { name: 'Deliver' }).click();
    const deliver = page.getByRole('dialog', { name: 'Deliver the translation' });
    await expect(deliver.getByRole('progressbar', { name: 'Checking the translation' })).toHaveCount(0);
    const warnings = deliver.getByRole('list', { name: 'Quality warnings' });
    // the warnings the server lists must be accepted before the delivery goes
    await expect(warnings).toContainText('The number 9 is missing from the translation');
    await shotPage(page, 'workbench-4-deliver');
    await expect(deliver.getByRole('button', { name: 'Deliver' })).toBeDisabled();
    await deliver.getByLabel('I have looked at these warnings and deliver anyway').check();
    await deliver.getByRole('button', { name: 'Deliver' }).click();
    await page.waitForURL(`**/project/${project.id}`);
    expect(consoleErrors).toEqual([]);

    // the customer downloads a Word file holding the translation
    const customerContext = await browser.newContext({ storageState: customer.storageState });
    const customerPage = await customerContext.newPage();
    await customerPage.goto(`/project/${project.id}`);
    const translation = customerPage.getByRole('list', { name: 'Translation' });
    const [download] = await Promise.all([
      customerPage.waitForEvent('download'),
      translation.getByRole('button', { name: /Download .*\.docx/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.docx$/);
    const zip = await JSZip.loadAsync(readFileSync(await download.path()));
    const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
    for (const text of TRANSLATIONS) expect(xml).toContain(text);
    expect(xml).not.toContain('Read the notes');
    await customerContext.close();
  });

  test('a second tab sees a save, and a stale tab is shown both versions', async ({ page, browser, newAccount }) => {
    test.setTimeout(120_000);
    const { translator, project } = await takenDocxJob(newAccount, PARAGRAPHS, 'notes.docx');
    await signInWith(page, translator);
    await page.goto(`/ui-editor/${project.id}`);
    await expect(target(page, 1)).toBeFocused();

    // a second tab of the same browser: told of each save through the BroadcastChannel
    const second = await page.context().newPage();
    await second.goto(`/ui-editor/${project.id}`);
    await expect(target(second, 1)).toBeVisible();
    // a stale tab: another browser, which hears nothing
    const otherContext = await browser.newContext({ storageState: translator.storageState });
    const stale = await otherContext.newPage();
    await stale.goto(`/ui-editor/${project.id}`);
    await expect(target(stale, 1)).toBeVisible();

    await page.bringToFront();
    await target(page, 1).fill('Bonjour à tous.');
    await target(page, 2).focus();
    await expect(target(second, 1)).toHaveValue('Bonjour à tous.');

    await stale.bringToFront();
    await target(stale, 1).fill('Salut tout le monde.');
    await target(stale, 2).focus();
    const notice = stale.getByRole('group', { name: 'Segment 1' }).getByRole('alert');
    await expect(notice).toContainText('Bonjour à tous.');
    await expect(target(stale, 1)).toHaveValue('Salut tout le monde.');
    await shotPage(stale, 'workbench-5-conflict');
    await notice.getByRole('button', { name: 'Keep mine' }).click();
    await expect(notice).toHaveCount(0);
    await page.reload();
    await expect(target(page, 1)).toHaveValue('Salut tout le monde.');
    await otherContext.close();
  });

  test('replace all reaches the segments whose page has not arrived yet', async ({ page, newAccount }) => {
    await signInWith(page, await newAccount({ type: 'translator' }));
    // 600 segments: the open answers the first 200, the rest is held back until replace all is asked
    const segments = Array.from({ length: 600 }, (_, i) => ({
      id: i + 1,
      documentId: 1,
      ordinal: i + 1,
      source: `Read report ${i + 1}.`,
      tags: {},
      context: '',
      words: 3,
      target: i % 3 === 0 ? `Lisez le rapport ${i + 1}.` : `Lisez la note ${i + 1}.`,
      status: 'draft',
      origin: 'manual',
      matchPercent: null,
      revision: 1,
      annotations: [],
    }));
    const progress = {
      segments: 600,
      words: 1800,
      confirmedSegments: 0,
      confirmedWords: 0,
      draftSegments: 600,
      reviewedSegments: 0,
    };
    const job = shapedJob({ id: 990002, name: 'Six hundred', fileName: 'notes.docx', words: 1800, segments, progress });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/2/workbench/projects/990002', (route) => route.fulfill({ json: job }));
    await page.route('**/api/2/workbench/projects/990002/segments?*', async (route) => {
      const after = Number(new URL(route.request().url()).searchParams.get('after'));
      await held;
      await route.fulfill({ json: { segments: segments.slice(after), more: false } });
    });
    await page.route('**/api/2/workbench/segments/*/suggestions', (route) =>
      route.fulfill({ json: { memory: [], terms: [], machine: null, machineNote: null } }),
    );
    const saved = new Map<number, string>();
    await page.route(/\/api\/2\/workbench\/segments\/\d+$/, (route) => {
      const id = Number(route.request().url().split('/').pop());
      const draft = route.request().postDataJSON() as { target: string; status: string; revision: number };
      saved.set(id, draft.target);
      const segment = { ...segments[id - 1], target: draft.target, status: draft.status, revision: draft.revision + 1 };
      return route.fulfill({ json: { segment, warnings: [], filled: [], progress } });
    });
    await page.goto('/ui-editor/990002');
    await expect(target(page, 1)).toBeFocused();

    const tools = page.getByRole('search', { name: 'Find and replace' });
    await tools.getByLabel('Find in target').fill('rapport');
    // the find has not seen the segments still on their way, and says so
    await expect(tools.getByRole('status')).toHaveText('Searching all segments…');
    await tools.getByLabel('Replace with').fill('bilan');
    await tools.getByRole('button', { name: 'Replace all' }).click();
    // nothing is replaced on the loaded rows alone: the replace waits for the rest of the job
    await expect(page.getByText(/^Replaced in/)).toHaveCount(0);
    expect(saved.size).toBe(0);
    release();
    await expect(page.getByText('Replaced in 200 segments.')).toBeVisible();
    await expect(tools.getByRole('status')).toHaveText('0 segments match');
    await expect.poll(() => saved.size).toBe(200);
    expect(saved.get(598)).toBe('Lisez le bilan 598.');
    expect([...saved.values()].every((t) => t.includes('bilan'))).toBe(true);
  });

  test('the status counts and the find cover every segment before the last page arrives', async ({
    page,
    newAccount,
  }) => {
    await signInWith(page, await newAccount({ type: 'translator' }));
    // 500 segments: the first 200 are new; of the 300 held back, 120 drafts, 100 translated, 80 reviewed
    const statusOf = (i: number) => (i < 200 ? 'new' : i < 320 ? 'draft' : i < 420 ? 'translated' : 'reviewed');
    const segments = Array.from({ length: 500 }, (_, i) => ({
      id: i + 1,
      documentId: 1,
      ordinal: i + 1,
      source: `Check invoice ${i + 1}.`,
      tags: {},
      context: '',
      words: 3,
      target: statusOf(i) === 'new' ? '' : `Vérifiez la facture ${i + 1}.`,
      status: statusOf(i),
      origin: statusOf(i) === 'new' ? null : 'manual',
      matchPercent: null,
      revision: statusOf(i) === 'new' ? 0 : 1,
      annotations: [],
    }));
    const progress = {
      segments: 500,
      words: 1500,
      confirmedSegments: 180,
      confirmedWords: 540,
      draftSegments: 120,
      reviewedSegments: 80,
    };
    const job = shapedJob({
      id: 990003,
      name: 'Five hundred',
      fileName: 'invoices.docx',
      words: 1500,
      segments,
      progress,
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/2/workbench/projects/990003', (route) => route.fulfill({ json: job }));
    await page.route('**/api/2/workbench/projects/990003/segments?*', async (route) => {
      const after = Number(new URL(route.request().url()).searchParams.get('after'));
      await held;
      await route.fulfill({ json: { segments: segments.slice(after), more: false } });
    });
    await page.route('**/api/2/workbench/segments/*/suggestions', (route) =>
      route.fulfill({ json: { memory: [], terms: [], machine: null, machineNote: null } }),
    );
    const confirmed = { ...progress, confirmedSegments: 181, confirmedWords: 543 };
    await page.route(/\/api\/2\/workbench\/segments\/\d+$/, (route) => {
      const id = Number(route.request().url().split('/').pop());
      const sent = route.request().postDataJSON() as { target: string; status: string; revision: number };
      const segment = { ...segments[id - 1], target: sent.target, status: sent.status, revision: sent.revision + 1 };
      return route.fulfill({ json: { segment, warnings: [], filled: [], progress: confirmed } });
    });
    await page.goto('/ui-editor/990003');
    await expect(target(page, 1)).toBeFocused();

    // only the first 200 (all new) are loaded; the counts are the whole job's
    const byStatus = page.getByRole('group', { name: 'Show segments by status' });
    await expect(byStatus.getByRole('button', { name: 'New (200)' })).toBeVisible();
    await expect(byStatus.getByRole('button', { name: 'Draft (120)' })).toBeVisible();
    await expect(byStatus.getByRole('button', { name: 'Translated (100)' })).toBeVisible();
    await expect(byStatus.getByRole('button', { name: 'Reviewed (80)' })).toBeVisible();
    await expect(page.getByText('540 of 1,500 words confirmed (36%)', { exact: false })).toBeVisible();

    // a confirm moves the counts as the server counts them
    await target(page, 1).fill('Vérifiez la facture 1.');
    await target(page, 1).press('Control+Enter');
    await expect(byStatus.getByRole('button', { name: 'Translated (101)' })).toBeVisible();
    await expect(byStatus.getByRole('button', { name: 'New (199)' })).toBeVisible();

    // a find while the rest is on its way says it has not seen every segment yet
    const tools = page.getByRole('search', { name: 'Find and replace' });
    await tools.getByLabel('Find in source').fill('invoice 45');
    await expect(tools.getByRole('status')).toHaveText('Searching all segments…');
    await expectAccessible(page);
    release();
    // 45 and 450..459
    await expect(tools.getByRole('status')).toHaveText('11 segments match');
    await expect(page.getByRole('group', { name: 'Segment 450' })).toBeVisible();
  });

  test('10,000 segments open in under 2 s and scroll rendering only the rows in view', async ({ page, newAccount }) => {
    test.setTimeout(60_000);
    await signInWith(page, await newAccount({ type: 'translator' }));
    // the editor's own speed, apart from the server's: the job's answer is shaped here
    const segments = Array.from({ length: 10_000 }, (_, i) => ({
      id: i + 1,
      documentId: 1,
      ordinal: i + 1,
      source: `Sentence number ${i + 1} of the <pc id="1">long</pc> document.`,
      tags: { '1': { kind: 'pc', type: 'fmt' } },
      context: '',
      words: 7,
      target: i % 3 === 0 ? `Phrase numéro ${i + 1} du <pc id="1">long</pc> document.` : '',
      status: i % 3 === 0 ? 'translated' : 'new',
      origin: null,
      matchPercent: null,
      revision: i % 3 === 0 ? 1 : 0,
      annotations: [],
    }));
    const job = shapedJob({
      id: 990001,
      name: 'Ten thousand',
      fileName: 'long.docx',
      words: 70_000,
      segments,
      progress: {
        segments: 10_000,
        words: 70_000,
        confirmedSegments: 3334,
        confirmedWords: 23_338,
        draftSegments: 0,
        reviewedSegments: 0,
      },
    });
    await page.route('**/api/2/workbench/projects/990001', (route) => route.fulfill({ json: job }));
    const pagesAsked: number[] = [];
    await page.route('**/api/2/workbench/projects/990001/segments?*', (route) => {
      const query = new URL(route.request().url()).searchParams;
      const after = Number(query.get('after'));
      const limit = Number(query.get('limit'));
      pagesAsked.push(after);
      return route.fulfill({
        json: { segments: segments.slice(after, after + limit), more: after + limit < segments.length },
      });
    });
    await page.route('**/api/2/workbench/segments/*/suggestions', (route) =>
      route.fulfill({ json: { memory: [], terms: [], machine: null, machineNote: null } }),
    );
    await page.goto('/ui-editor');
    await expect(page.getByRole('heading', { name: 'Editor', level: 1 })).toBeVisible();
    // Playwright hands the shaped 3 MB answer over slowly (its own protocol): the clock starts when
    // the page has it, as it would from a server on the same network; the page's chunk is counted
    const answered = page.waitForResponse('**/api/2/workbench/projects/990001').then(() => Date.now());
    const navigated = Date.now();
    await page.evaluate(() => {
      history.pushState({}, '', '/ui-editor/990001');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(target(page, 2)).toBeFocused();
    const started = await answered;
    console.log(`10,000 segments: answer handed over in ${started - navigated} ms`);
    const opened = Date.now() - started;
    console.log(`10,000 segments: editor ready in ${opened} ms`);
    expect(opened).toBeLessThan(2_000);
    expect(await page.getByRole('group', { name: /^Segment \d+$/ }).count()).toBeLessThan(60);
    // the status counts are the whole job's from the start; the rest arrives behind the first rows
    await expect(page.getByRole('button', { name: 'Translated (3334)' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New (6666)' })).toBeVisible();
    await expect.poll(() => pagesAsked).toEqual([200, 2200, 4200, 6200, 8200]);

    const list = page.getByRole('region', { name: 'Segments' });
    // every row is in the list (its height counts them all) before the scrolling is timed
    await expect.poll(() => list.evaluate((el) => el.scrollHeight)).toBeGreaterThan(500_000);
    const frames = await list.evaluate(async (el) => {
      const gaps: number[] = [];
      let last = performance.now();
      for (let i = 1; i <= 60; i++) {
        el.scrollTop = (el.scrollHeight * i) / 60;
        await new Promise(requestAnimationFrame);
        const now = performance.now();
        gaps.push(now - last);
        last = now;
      }
      return gaps;
    });
    // each step jumps 166 rows, so every frame renders rows it has never seen: a harsh test
    const worst = Math.max(...frames);
    const median = [...frames].sort((a, b) => a - b)[Math.floor(frames.length / 2)];
    console.log(
      `10,000 segments: frames while scrolling: median ${median.toFixed(1)} ms, worst ${worst.toFixed(1)} ms`,
    );
    expect(median).toBeLessThan(50);
    expect(worst).toBeLessThan(400);
    // the rows' real heights replace the estimates as they render: the end moves until all are measured
    await expect
      .poll(async () => {
        await list.evaluate((el) => {
          el.scrollTop = el.scrollHeight;
        });
        return page.getByRole('group', { name: 'Segment 10000' }).isVisible();
      })
      .toBe(true);
    expect(await page.getByRole('group', { name: /^Segment \d+$/ }).count()).toBeLessThan(60);
  });
});

/**
 * A translator's job as the editor's open answers it (the first 200 segments, the total, no
 * disputes), for the tests that shape the server's answers to measure the page alone.
 */
function shapedJob(job: {
  id: number;
  name: string;
  fileName: string;
  words: number;
  segments: { id: number }[];
  progress: Record<string, number>;
}) {
  return {
    project: {
      id: job.id,
      name: job.name,
      status: 'In Progress',
      type: 'translation',
      sourceLang: { iso: 'en-US', name: 'American English' },
      targetLang: { iso: 'fr-FR', name: 'French' },
      deadline: null,
    },
    reviewedProjectId: null,
    role: 'translator',
    readOnly: null,
    confirmStatus: 'translated',
    canDeliver: true,
    canAnnotate: false,
    machineTranslation: null,
    documents: [
      {
        id: 1,
        fileName: job.fileName,
        format: 'docx',
        output: 'docx',
        segments: job.segments.length,
        words: job.words,
      },
    ],
    // as the server answers: the first 200, then pages after an ordinal
    segments: job.segments.slice(0, 200),
    segmentTotal: job.segments.length,
    disputed: [],
    progress: job.progress,
  };
}
