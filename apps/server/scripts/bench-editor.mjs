// The editor figures of `npm run bench` (BENCH_ONLY=editor; called by scripts/bench.mjs). A server on
// a database seeded by bench-editor-seed.ts (the demo translator's taken job: one generated document
// of 10,000 sentences; the customer's memory of 20,000 units and 300 terms), then:
//   open         GET /api/2/workbench/projects/{id}: the first open (the document split into segments
//                and stored) and the second (read back), time and bytes (gzip asked, as a browser does);
//                the open answers the first segments, then every page of GET .../segments is read as
//                the editor does behind them (time and bytes of all pages)
//   save         PUT /api/2/workbench/segments/{id}, an autosave (draft) of a different segment each
//                time, autocannon with 10 connections: p50, p90, p99 (target p99 < 50 ms); then the
//                same with confirms (translated) of segments whose source is unique in the job
//   suggestions  GET /api/2/workbench/segments/{id}/suggestions over 500 segments: the first (the
//                memory indexed), then p50/p99 (memory and job matches, terms; no engine connected)
//   browser      Chromium (/usr/bin/chromium, CHROMIUM_PATH) from navigation to /ui-editor/{id} until
//                the first segment rows are visible, when the web app has the editor page
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { measure, round, runSeed, startServer } from '../../../scripts/bench-tools.mjs';
import { ensureWebBuild } from '../../../scripts/start.mjs';

const TRANSLATOR = 'translator@parlance.test';
const PASSWORD = 'Parlance-demo1!';
const SEGMENTS = Number(process.env.BENCH_EDITOR_SEGMENTS || 10_000);
const SUGGESTION_SEGMENTS = 500;
const EDITOR_PAGE = 'apps/web/src/features/workbench/pages/WorkbenchPage.tsx';
// BENCH_EDITOR_SKIP=suggestions,browser measures the rest only (a quicker loop while tuning one part)
const SKIP = new Set((process.env.BENCH_EDITOR_SKIP || '').split(',').filter(Boolean));

/**
 * @param {'pglite' | 'postgres'} engine
 * @param {string} databaseUrl empty for PGlite
 * @param {string} root the repository
 */
export async function benchEditor(engine, databaseUrl, root) {
  console.log(`\n== ${engine}: the editor, a job of ${SEGMENTS.toLocaleString('en-US')} segments ==`);
  const dataDir = mkdtempSync(join(tmpdir(), 'parlance-bench-editor-'));
  const out = join(dataDir, 'bench-editor.json');
  const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, BENCH_EDITOR_OUT: out };
  const row = { segments: SEGMENTS };
  let started = null;
  try {
    row.seed = runSeed('scripts/bench-editor-seed.ts', { ...env, BENCH_EDITOR_SEGMENTS: String(SEGMENTS) });
    console.log(`  seeded the job and ${row.seed.memoryUnits} memory units in ${row.seed.seconds} s`);
    const { projectId } = JSON.parse(readFileSync(out, 'utf8'));
    // the server serves the web build it finds when it starts
    if (existsSync(join(root, EDITOR_PAGE))) ensureWebBuild({ quiet: true });
    started = await startServer({ databaseUrl, dataDir, env });
    const { base } = started;
    const headers = await signInTranslator(base);
    row.loadBefore = round(loadavg()[0], 2);
    // the bare route of the same server: what the shared machine's load leaves of any call
    row.hello = await measure('hello', { url: `${base}/bench/hello` });

    row.firstOpen = await openJob(base, headers, projectId);
    row.secondOpen = await openJob(base, headers, projectId);
    const job = row.secondOpen.body;
    delete row.firstOpen.body;
    delete row.secondOpen.body;
    console.log(
      `  open: first ${row.firstOpen.ms} ms, second ${row.secondOpen.ms} ms; ${row.secondOpen.kb} kB (${row.secondOpen.gzipKb} kB gzipped), ${job.segments.length} of ${job.segmentTotal ?? job.segments.length} segments`,
    );
    row.allPages = await readPages(base, headers, projectId, job);
    if (row.allPages.pages > 0)
      console.log(
        `  the rest: ${row.allPages.pages} pages in ${row.allPages.ms} ms, ${row.allPages.kb} kB (${row.allPages.gzipKb} kB gzipped); ${job.segments.length} segments in all`,
      );

    if (!SKIP.has('save')) {
      const revisions = new Map(job.segments.map((s) => [s.id, s.revision]));
      row.save = await measureSaves(base, headers, job.segments, revisions, 'draft');
      // the segments from the end whose source no other segment has: a confirm with nothing to fill
      const count = new Map();
      for (const s of job.segments) count.set(s.source, (count.get(s.source) ?? 0) + 1);
      const unique = job.segments.filter((s) => count.get(s.source) === 1).reverse();
      row.confirm = await measureSaves(base, headers, unique, revisions, 'translated');
    }
    if (!SKIP.has('suggestions')) row.suggestions = await measureSuggestions(base, headers, job.segments);
    if (!SKIP.has('browser')) row.browser = await browserOpen(base, headers, projectId, root);
    row.loadAfter = round(loadavg()[0], 2);
  } catch (err) {
    console.log(`  editor bench failed: ${err.message}`);
    row.error = err.message;
  } finally {
    if (started) await started.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return row;
}

async function signInTranslator(base) {
  const res = await fetch(`${base}/api/2/account/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: TRANSLATOR, pwd: PASSWORD }).toString(),
  });
  const sid = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('sid='));
  if (!res.ok || !sid) throw new Error(`the demo translator's sign-in answered ${res.status}`);
  const session = await (await fetch(`${base}/registry/get?data=Session`, { headers: { cookie: sid } })).json();
  return { cookie: sid, 'x-csrf-token': session.results.CSRFToken };
}

/** One open of the job: time to the last byte, its size as sent and as JSON. */
async function openJob(base, headers, projectId) {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/2/workbench/projects/${projectId}`, {
    headers: { ...headers, 'accept-encoding': 'gzip' },
  });
  const text = await res.text();
  const ms = round(performance.now() - t0, 0);
  if (!res.ok)
    throw new Error(`GET /api/2/workbench/projects/${projectId} answered ${res.status}: ${text.slice(0, 200)}`);
  return {
    ms,
    kb: round(Buffer.byteLength(text) / 1024, 0),
    gzipKb: round(gzipSync(text).length / 1024, 0),
    sentEncoding: res.headers.get('content-encoding') ?? 'identity',
    body: JSON.parse(text),
  };
}

/** Every page of GET .../segments after the open's segments (appended to job.segments), timed. */
async function readPages(base, headers, projectId, job) {
  const out = { pages: 0, ms: 0, kb: 0, gzipKb: 0 };
  if (job.segmentTotal === undefined) return out;
  let after = job.segments.at(-1)?.ordinal ?? 0;
  let bytes = 0;
  let gzipBytes = 0;
  const t0 = performance.now();
  for (;;) {
    const res = await fetch(`${base}/api/2/workbench/projects/${projectId}/segments?after=${after}`, {
      headers: { ...headers, 'accept-encoding': 'gzip' },
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`GET .../segments answered ${res.status}: ${text.slice(0, 200)}`);
    bytes += Buffer.byteLength(text);
    gzipBytes += gzipSync(text).length;
    const page = JSON.parse(text);
    out.pages += 1;
    job.segments.push(...page.segments);
    after = page.segments.at(-1)?.ordinal ?? after;
    if (!page.more || page.segments.length === 0) break;
  }
  return {
    ...out,
    ms: round(performance.now() - t0, 0),
    kb: round(bytes / 1024, 0),
    gzipKb: round(gzipBytes / 1024, 0),
  };
}

/**
 * Saves (autosaves as drafts, or confirms): each request the next segment, from the revision it
 * has (every pass adds one).
 */
async function measureSaves(base, headers, segments, revisions, status) {
  const ids = segments.map((s) => s.id);
  let next = 0;
  const check = await fetch(`${base}/api/2/workbench/segments/${ids[0]}`, {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ target: 'Borrador', status, revision: revisions.get(ids[0]) }),
  });
  if (!check.ok) throw new Error(`PUT /api/2/workbench/segments/{id} answered ${check.status}: ${await check.text()}`);
  revisions.set(ids[0], revisions.get(ids[0]) + 1);
  next = 1;
  const r = await measure(status === 'draft' ? 'save' : 'confirm', {
    url: base,
    requests: [
      {
        method: 'PUT',
        setupRequest: (req) => {
          const id = ids[next % ids.length];
          next += 1;
          const revision = revisions.get(id);
          revisions.set(id, revision + 1);
          return {
            ...req,
            path: `/api/2/workbench/segments/${id}`,
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ target: `Borrador ${revision + 1} del segmento`, status, revision }),
          };
        },
      },
    ],
  });
  console.log(
    `  ${status === 'draft' ? 'save' : 'confirm (unique source)'}: p50 ${r.p50Ms} ms, p90 ${r.p90Ms} ms, p99 ${r.p99Ms} ms (target p99 < 50 ms), ${r.rps} req/s${r.non2xx ? `, ${r.non2xx} not 2xx` : ''}`,
  );
  return r;
}

/** The first suggestion (the memory indexed), then a cycle over SUGGESTION_SEGMENTS segments. */
async function measureSuggestions(base, headers, segments) {
  const picked = segments.filter((_, i) => i % Math.max(1, Math.floor(segments.length / SUGGESTION_SEGMENTS)) === 0);
  const path = (s) => `/api/2/workbench/segments/${s.id}/suggestions`;
  const t0 = performance.now();
  const first = await fetch(`${base}${path(picked[0])}`, { headers });
  const body = await first.json();
  const firstMs = round(performance.now() - t0, 0);
  if (!first.ok) throw new Error(`GET suggestions answered ${first.status}: ${JSON.stringify(body)}`);
  let withMemory = 0;
  for (const s of picked.slice(0, 50)) {
    const b = await (await fetch(`${base}${path(s)}`, { headers })).json();
    if (b.memory.length > 0) withMemory += 1;
  }
  const r = await measure('suggestions', {
    url: base,
    headers,
    requests: picked.map((s) => ({ method: 'GET', path: path(s) })),
  });
  console.log(
    `  suggestions: first ${firstMs} ms (memory indexed), then p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms; ${withMemory} of 50 with memory matches`,
  );
  return { ...r, firstMs, withMemoryOf50: withMemory };
}

/** Chromium from navigation to the first visible segment rows, when the web app has the editor. */
async function browserOpen(base, headers, projectId, root) {
  if (!existsSync(join(root, EDITOR_PAGE))) {
    console.log('  browser: the editor page is not in this build yet; not measured');
    return { skipped: 'the editor page is not in this build' };
  }
  const { chromium } = await import('playwright');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
  try {
    const runs = [];
    for (let i = 0; i < 3; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const [name, value] = headers.cookie.split('=');
      await context.addCookies([{ name, value, url: base }]);
      const page = await context.newPage();
      const t0 = performance.now();
      await page.goto(`${base}/ui-editor/${projectId}`, { waitUntil: 'commit' });
      await page.locator('[data-segment]').first().waitFor({ state: 'visible', timeout: 60_000 });
      runs.push(round(performance.now() - t0, 0));
      await context.close();
    }
    console.log(`  browser: first rows visible after ${runs.join(', ')} ms (three fresh page loads)`);
    return { runsMs: runs, bestMs: Math.min(...runs) };
  } catch (err) {
    console.log(`  browser: failed (${err.message})`);
    return { error: err.message };
  } finally {
    await browser.close();
  }
}

/** The editor's lines of the bench table. */
export function editorLines(results) {
  const lines = ['', 'editor (a job of 10,000 segments; the demo translator):'];
  for (const [engine, r] of Object.entries(results)) {
    if (!r) continue;
    if (r.error) {
      lines.push(`  ${engine}: failed (${r.error})`);
      continue;
    }
    lines.push(
      `  ${engine}: hello p99 ${r.hello?.p99Ms} ms (load ${r.loadBefore}); open ${r.firstOpen.ms} ms first, ${r.secondOpen.ms} ms again (${r.secondOpen.kb} kB, ${r.secondOpen.gzipKb} kB gzipped)${r.allPages?.pages ? `, the rest in ${r.allPages.pages} pages ${r.allPages.ms} ms (${r.allPages.kb} kB)` : ''}; ${r.save ? `save p50 ${r.save.p50Ms} / p90 ${r.save.p90Ms} / p99 ${r.save.p99Ms} ms` : 'save skipped'}${r.confirm ? `, confirm ${r.confirm.p50Ms} / ${r.confirm.p90Ms} / ${r.confirm.p99Ms} ms` : ''}; ${r.suggestions ? `suggestions first ${r.suggestions.firstMs} ms, p99 ${r.suggestions.p99Ms} ms` : 'suggestions skipped'}`,
    );
    if (r.browser?.runsMs) lines.push(`  ${engine}: browser, first rows after ${r.browser.runsMs.join(' / ')} ms`);
  }
  return lines;
}
