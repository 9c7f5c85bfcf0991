// `npm run bench`: the figures of the foundation and ordering issues. For each database engine (embedded PGlite,
// and PostgreSQL when one answers) it starts the server as a child process on a free port with a
// fresh data directory and demo data, signs in as the demo customer, and measures with autocannon
// (10 connections, 5 s each, after a 1 s warm-up):
//   hello  GET /bench/hello, a bare route of the same server (BENCH_ROUTES=true): the baseline
//   user   GET /registry/get?data=User, signed in
//   login  POST /api/2/account/auth/login, form-encoded demo credentials (argon2id on every call)
//   quote  POST /api/2/wizard/pricequote, a guest's word-count quote for two target languages
// On PGlite it also streams a BENCH_UPLOAD_MB (200) MB text file to the wizard's upload call and
// samples the server's memory. Then, per engine, the customer's project list on a database where the
// demo customer has 100,000 projects (apps/server/scripts/bench-projects.mjs), and the language-manager
// dashboard (its 8 tile calls together, one by one, and one project-table page) on a database of
// 1,000,000 projects (apps/server/scripts/bench-lm-dashboard.mjs; BENCH_LM_PROJECTS). Then word-count throughput (50 MB .txt, .docx with 20 MB of text)
// beside `wc -w`, the gzipped JavaScript of each page's first load as the web build reports it, and
// Lighthouse (mobile) on five pages (scripts/bench-lighthouse.mjs).
// Prints a table and writes bench-results/latest.json. Settings: BENCH_DURATION (s),
// BENCH_CONNECTIONS, BENCH_PG_URL (an administrator URL; default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_ONLY (one part: engines, project-list, lm-dashboard, money, public-api, chat, ops, documents, moderation, tmx, storage, editor or web).
// The editor part (a job of 10,000 segments: opening it, saving, suggestions, the page in Chromium):
// apps/server/scripts/bench-editor.mjs.
// The ops part (PostgreSQL only): the chat's live run over two instances, and a rolling restart of two
// instances under the User call: apps/server/scripts/bench-ops.mjs.
// The storage part delivers and downloads a 200 MB file through the server, on the local disk and in a
// bucket of a local S3-compatible server (time, peak memory): apps/server/scripts/bench-storage.mjs.
// The money part (statement over 100,000 ledger rows, the /convert CSV's memory): apps/server/scripts/bench-money.mjs.
// The tmx part imports a generated 100,000-unit TMX (time, peak memory) and searches it (p99): apps/server/scripts/bench-tmx.mjs.
// The team chat (1,000 WebSocket clients, reconnects, history and search over 1,000,000 messages):
// apps/server/scripts/bench-chat.mjs.
// The moderation part checks one message at a time against 50,000 words in 10 languages (p99, messages/s).
// The customer API (key-path quote and project read beside hello, webhook delivery of 10,000 events):
// apps/server/scripts/bench-public-api.mjs.
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { benchChat, chatLines } from '../apps/server/scripts/bench-chat.mjs';
import { benchEditor, editorLines } from '../apps/server/scripts/bench-editor.mjs';
import { benchLmDashboard, lmDashboardLines } from '../apps/server/scripts/bench-lm-dashboard.mjs';
import { benchMoney, moneyLines } from '../apps/server/scripts/bench-money.mjs';
import { benchFanOut, benchRolling, opsLines } from '../apps/server/scripts/bench-ops.mjs';
import { benchProjectList, projectListLines } from '../apps/server/scripts/bench-projects.mjs';
import { benchPublicApi, publicApiLines } from '../apps/server/scripts/bench-public-api.mjs';
import { benchStorage, storageLines } from '../apps/server/scripts/bench-storage.mjs';
import { benchTmx, tmxLines } from '../apps/server/scripts/bench-tmx.mjs';
import {
  benchFloor,
  CONNECTIONS,
  DEMO,
  DURATION,
  freePort,
  measure,
  postFileStreamed,
  round,
  signIn,
  startServer,
  stop,
  waitForHealth,
} from './bench-tools.mjs';
import { benchLighthouse, TARGETS } from './bench-lighthouse.mjs';
import { ensureWebBuild, ROOT } from './start.mjs';

const PG_ADMIN_URL = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const LOGIN_BODY = new URLSearchParams({ username: DEMO.email, pwd: DEMO.password }).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const QUOTE_BODY = JSON.stringify({
  source_language: 'american-english',
  target_languages: ['french', 'german'],
  word_count: 2500,
});
const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB || 200);

const results = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: `${cpus().length} x ${cpus()[0]?.model ?? 'unknown'}`,
  connections: CONNECTIONS,
  durationSeconds: DURATION,
  engines: {},
  web: null,
};

const ONLY = process.env.BENCH_ONLY || '';
const part = (name) => !ONLY || ONLY === name;
const benchTools = { measure, signIn, waitForHealth, stop, freePort };
if (part('engines')) results.engines.pglite = await benchEngine('pglite');
if (part('project-list')) results.projectList = { pglite: await benchProjectList('pglite', '', benchTools) };
if (part('lm-dashboard')) results.lmDashboard = { pglite: await benchLmDashboard('pglite', '', benchTools) };
if (part('money')) results.money = { pglite: await benchMoney('pglite', '', benchTools) };
if (part('public-api')) results.publicApi = { pglite: await benchPublicApi('pglite', '') };
// the team chat (apps/server/scripts/bench-chat.mjs); BENCH_CHAT_ENGINES=postgres skips PGlite
const CHAT_ENGINES = (process.env.BENCH_CHAT_ENGINES || 'pglite,postgres').split(',');
if (part('chat')) results.chat = {};
if (part('chat') && CHAT_ENGINES.includes('pglite')) results.chat.pglite = await benchChat('pglite', '', benchTools);
if (part('editor')) results.editor = { pglite: await benchEditor('pglite', '', ROOT) };
if (await postgresAnswers()) {
  const name = `parlance_bench_${Date.now().toString(36)}`;
  /** Runs `fn` with the URL of a new database named `name + suffix`, dropped afterwards. */
  const withDatabase = async (suffix, fn) => {
    await adminQuery(`CREATE DATABASE ${name}${suffix}`);
    try {
      const url = new URL(PG_ADMIN_URL);
      url.pathname = `/${name}${suffix}`;
      return await fn(url.toString());
    } finally {
      await adminQuery(`DROP DATABASE IF EXISTS ${name}${suffix} WITH (FORCE)`);
    }
  };
  if (part('engines')) results.engines.postgres = await withDatabase('', (url) => benchEngine('postgres', url));
  // the project list on its own database: 100,000 projects of the demo customer
  if (part('project-list')) {
    results.projectList.postgres = await withDatabase('_lists', (url) => benchProjectList('postgres', url, benchTools));
  }
  // the language-manager dashboard on its own database: 1,000,000 projects
  if (part('public-api')) {
    results.publicApi.postgres = await withDatabase('_api', (url) => benchPublicApi('postgres', url));
  }
  if (part('editor'))
    results.editor.postgres = await withDatabase('_editor', (url) => benchEditor('postgres', url, ROOT));
  if (part('chat') && CHAT_ENGINES.includes('postgres')) {
    results.chat.postgres = await withDatabase('_chat', (url) => benchChat('postgres', url, benchTools));
  }
  // several instances on one database: the chat's fan-out over two, and a rolling restart
  if (part('ops')) {
    results.ops = {
      fanOut: await withDatabase('_fanout', (url) => benchFanOut(url)),
      rolling: await withDatabase('_rolling', (url) => benchRolling(url)),
    };
  }
  if (part('money'))
    results.money.postgres = await withDatabase('_money', (url) => benchMoney('postgres', url, benchTools));
  if (part('lm-dashboard')) {
    results.lmDashboard.postgres = await withDatabase('_lm', (url) => benchLmDashboard('postgres', url, benchTools));
  }
} else {
  console.log(`\nPostgreSQL does not answer at ${redact(PG_ADMIN_URL)}: PGlite only.`);
}
if (part('tmx')) results.tmx = { pglite: await benchTmx('pglite', '', { startServer, signIn }) };
if (part('storage')) results.storage = await benchStorage();
if (part('documents')) results.documents = documentsThroughput();
if (part('moderation')) results.moderation = moderationThroughput();
if (part('web')) {
  results.web = authFirstLoad();
  try {
    results.web.lighthouse = await benchLighthouse();
  } catch (err) {
    console.log(`  Lighthouse: ${err.message}`);
    results.web.lighthouse = { error: err.message };
  }
}

printTable();
mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
writeFileSync(join(ROOT, 'bench-results/latest.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log('\nwritten to bench-results/latest.json');

/** Starts a server on the engine, measures the three calls, stops it. */
async function benchEngine(engine, databaseUrl = '') {
  console.log(`\n== ${engine} ==`);
  // The first start seeds the demo data; the figures are taken on a second start on the same data,
  // as a server runs after its first day: the process that just seeded carries the seed's heap, and
  // V8 collects young objects several times slower there for a while (docs/performance.md).
  const seeding = await startServer({ databaseUrl });
  await seeding.stop();
  const started = await startServer({ databaseUrl, dataDir: seeding.dataDir });
  const { base } = started;
  const row = {};
  try {
    row.hello = await measure('hello', { url: `${base}/bench/hello` });
    let cookie = null;
    try {
      cookie = await signIn(base);
    } catch (err) {
      console.log(`  sign-in failed: ${err.message}`);
      row.user = { error: err.message };
    }
    if (cookie) row.user = await measure('user', { url: `${base}/registry/get?data=User`, headers: { cookie } });
    row.login = await measure('login', {
      url: `${base}/api/2/account/auth/login`,
      method: 'POST',
      headers: FORM,
      body: LOGIN_BODY,
    });
    row.quote = await measure('quote', {
      url: `${base}/api/2/wizard/pricequote`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: QUOTE_BODY,
    });
    if (cookie && engine === 'pglite') row.upload = await uploadMemory(base, cookie, started.server.pid);
    await started.stop();
    // the floor on the same database (PGlite: once Parlance has let go of the directory)
    const floor = await benchFloor(started.dataDir, databaseUrl, cookie);
    row.floorHello = floor.hello;
    if (floor.user) row.floorUser = floor.user;
  } finally {
    await started.close();
    await seeding.close();
  }
  for (const key of ['user', 'login', 'quote']) {
    if (row[key]?.rps && row.hello?.rps) row[key].ratioToHello = round(row[key].rps / row.hello.rps, 3);
  }
  if (row.hello?.rps && row.floorHello?.rps) row.hello.ratioToFloor = round(row.hello.rps / row.floorHello.rps, 3);
  if (row.user?.rps && row.floorUser?.rps) row.user.ratioToFloor = round(row.user.rps / row.floorUser.rps, 3);
  return row;
}

async function postgresAnswers() {
  try {
    await adminQuery('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

async function adminQuery(sql) {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Runs apps/server/scripts/bench-moderation.ts: one message against 50,000 words in 10 languages. */
function moderationThroughput() {
  console.log('\n== moderation check ==');
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-moderation.ts'], {
    cwd: join(ROOT, 'apps/server'),
    encoding: 'utf8',
    maxBuffer: 1024 * 1024,
  });
  const line = run.stdout.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(line);
  } catch {
    return { error: `${run.stderr || run.stdout}`.trim().split('\n').slice(-3).join(' ') };
  }
}

/** Runs apps/server/scripts/bench-documents.ts: word-count throughput beside wc -w. */
function documentsThroughput() {
  console.log('\n== word counts ==');
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-documents.ts'], {
    cwd: join(ROOT, 'apps/server'),
    encoding: 'utf8',
    maxBuffer: 1024 * 1024,
  });
  const line = run.stdout.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(line);
  } catch {
    return { error: `${run.stderr || run.stdout}`.trim().split('\n').slice(-3).join(' ') };
  }
}

/**
 * Streams a large text file to the wizard's upload call (multipart, not buffered on either side)
 * while sampling the server's resident memory: idle before, the peak during the upload.
 */
async function uploadMemory(base, cookie, pid) {
  console.log(`  upload of ${UPLOAD_MB} MB with memory sampling`);
  const dir = mkdtempSync(join(tmpdir(), 'parlance-bench-upload-'));
  const file = join(dir, 'big.txt');
  try {
    const line = 'the quick brown fox jumps over a lazy dog while translators review every sentence\n';
    const chunk = Buffer.from(line.repeat(Math.ceil((1024 * 1024) / line.length)));
    const fd = openSync(file, 'w');
    for (let written = 0; written < UPLOAD_MB * 1024 * 1024; written += chunk.length) writeSync(fd, chunk);
    closeSync(fd);
    const size = statSync(file).size;
    const session = await (await fetch(`${base}/registry/get?data=Session`, { headers: { cookie } })).json();
    const headers = { cookie, 'x-csrf-token': session.results.CSRFToken };
    const po = await fetch(`${base}/api/2/po`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Benchmark upload' }),
    });
    if (!po.ok) throw new Error(`POST /api/2/po answered ${po.status}`);
    const { pid: orderId } = (await po.json()).results;
    const rss = () => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
    const idleMb = rss();
    let peakMb = idleMb;
    const sampler = setInterval(() => {
      peakMb = Math.max(peakMb, rss());
    }, 20);
    const started = Date.now();
    const answer = await postFileStreamed(`${base}/ajax/filepicker/fileUploaded`, headers, file, {
      filename: 'big.txt',
      fields: { pid: orderId },
    });
    clearInterval(sampler);
    if (answer.status !== 200) throw new Error(`upload answered ${answer.status}: ${answer.body.slice(0, 200)}`);
    const result = {
      fileMb: round(size / 1024 / 1024, 1),
      seconds: round((Date.now() - started) / 1000, 1),
      words: JSON.parse(answer.body).wordCount,
      idleMb: round(idleMb, 1),
      peakMb: round(peakMb, 1),
      peakAboveIdleMb: round(peakMb - idleMb, 1),
    };
    console.log(`  peak ${result.peakMb} MB, idle ${result.idleMb} MB, +${result.peakAboveIdleMb} MB`);
    return result;
  } catch (err) {
    console.log(`  upload failed: ${err.message}`);
    return { error: err.message };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Builds the web app when stale, then reads the first-load figure from its chunk report. */
function authFirstLoad() {
  console.log('\n== web ==');
  try {
    ensureWebBuild({ quiet: true });
  } catch (err) {
    console.log(`  ${err.message}`);
    return { error: err.message };
  }
  const report = spawnSync(process.execPath, ['apps/web/scripts/report-chunks.mjs'], { cwd: ROOT, encoding: 'utf8' });
  const m = report.stdout.match(/first load of \/auth: ([\d.]+) kB .*?\(budget ([\d.]+) kB\) in (\d+) files/);
  if (!m) return { error: `no figure in the chunk report:\n${report.stdout}${report.stderr}` };
  const web = { authFirstLoadGzipKb: Number(m[1]), budgetKb: Number(m[2]), files: Number(m[3]) };
  web.withinBudget = web.authFirstLoadGzipKb <= web.budgetKb;
  console.log(`  first load of /auth: ${m[1]} kB gzipped JavaScript in ${m[3]} files (budget ${m[2]} kB)`);
  // every page's first load (none above 225 kB, /auth 170), and the heaviest
  const pages = [...report.stdout.matchAll(/^\s+([\d.]+) kB {2}(\w+) \(\d+ files\)/gm)].map((p) => ({
    page: p[2],
    kb: Number(p[1]),
  }));
  const within = report.stdout.match(/pages within 225 kB: (\d+) of (\d+)/);
  if (within && pages.length > 0) {
    const heaviest = pages.reduce((a, b) => (b.kb > a.kb ? b : a));
    web.pagesWithin225 = Number(within[1]);
    web.pages = Number(within[2]);
    web.heaviestPage = heaviest;
    console.log(`  pages within 225 kB: ${within[1]} of ${within[2]}; heaviest ${heaviest.page} ${heaviest.kb} kB`);
  }
  return web;
}

function printTable() {
  const lines = [
    '',
    `Parlance benchmark: ${CONNECTIONS} connections, ${DURATION} s per call, ${results.cpus}, Node ${process.version}`,
    '',
    `${'engine'.padEnd(8)}  ${'call'.padEnd(40)}  ${'req/s'.padStart(8)}  ${'p99 ms'.padStart(7)}  ${'vs hello'.padStart(8)}  ${'vs floor'.padStart(8)}`,
    `${'-'.repeat(8)}  ${'-'.repeat(40)}  ${'-'.repeat(8)}  ${'-'.repeat(7)}  ${'-'.repeat(8)}  ${'-'.repeat(8)}`,
  ];
  const calls = [
    ['floorHello', 'floor: bare Fastify hello'],
    ['floorUser', 'floor: bare Fastify session lookup'],
    ['hello', 'GET /bench/hello (baseline)'],
    ['user', 'GET /registry/get?data=User (signed in)'],
    ['login', 'POST /api/2/account/auth/login'],
    ['quote', 'POST /api/2/wizard/pricequote (guest)'],
  ];
  for (const [engine, row] of Object.entries(results.engines)) {
    for (const [key, label] of calls) {
      const r = row[key];
      if (!r) continue;
      if (r.rps === undefined) {
        lines.push(`${engine.padEnd(8)}  ${label.padEnd(40)}  ${'failed'.padStart(8)}  ${r.error}`);
        continue;
      }
      const ratio = key === 'hello' ? '1' : r.ratioToHello === undefined ? '-' : `${r.ratioToHello}`;
      const toFloor = r.ratioToFloor === undefined ? '-' : `${r.ratioToFloor}`;
      const mark = r.error ? '  (not all 2xx)' : '';
      lines.push(
        `${engine.padEnd(8)}  ${label.padEnd(40)}  ${String(r.rps).padStart(8)}  ${String(r.p99Ms).padStart(7)}  ${ratio.padStart(8)}  ${toFloor.padStart(8)}${mark}`,
      );
    }
  }
  if (results.projectList) lines.push(...projectListLines(results.projectList));
  if (results.lmDashboard) lines.push(...lmDashboardLines(results.lmDashboard));
  if (results.money) lines.push(...moneyLines(results.money));
  if (results.publicApi) lines.push(...publicApiLines(results.publicApi));
  if (results.tmx) lines.push(...tmxLines(results.tmx));
  if (results.chat) lines.push(...chatLines(results.chat));
  if (results.editor) lines.push(...editorLines(results.editor));
  if (results.ops) lines.push(...opsLines(results.ops));
  if (results.storage) lines.push(...storageLines(results.storage));
  const upload = results.engines.pglite?.upload;
  if (upload?.peakAboveIdleMb !== undefined) {
    lines.push(
      '',
      `upload of a ${upload.fileMb} MB file (PGlite): ${upload.seconds} s, ${upload.words} words counted; server memory ${upload.idleMb} MB idle, peak ${upload.peakMb} MB (+${upload.peakAboveIdleMb} MB, target under +150 MB)`,
    );
  } else if (upload?.error) lines.push('', `upload memory: failed (${upload.error})`);
  const docs = results.documents;
  if (docs?.txt) {
    lines.push(
      '',
      `word counts: ${docs.txt.mb} MB .txt streamed at ${docs.txt.mbPerSecond} MB/s (wc -w: ${docs.txt.wcMbPerSecond} MB/s, same count: ${docs.txt.words === docs.txt.wcWords})`,
      `             .docx with ${docs.docx.textMb} MB of text at ${docs.docx.mbPerSecond} MB/s (wc -w on its text: ${docs.docx.wcMbPerSecond} MB/s, same count: ${docs.docx.words === docs.docx.wcWords})`,
    );
  } else if (docs?.error) lines.push('', `word counts: failed (${docs.error})`);
  const mod = results.moderation;
  if (mod?.ownLanguage) {
    const row = (label, r) =>
      `  ${label}: p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms (CPU time p99 ${r.cpuP99Ms} ms), ${r.messagesPerSecond} msg/s (${r.messagesPerCpuSecond} per CPU second)`;
    lines.push(
      '',
      `moderation check against ${mod.words} words in ${mod.languages} languages (compiled in ${mod.compileMs} ms; load average ${mod.loadAverage}):`,
      row("the message's language", mod.ownLanguage),
      row('all 10 vocabularies  ', mod.allLanguages),
    );
  } else if (mod?.error) lines.push('', `moderation check: failed (${mod.error})`);
  const web = results.web;
  lines.push('');
  if (!web) {
    // BENCH_ONLY left the web build out
  } else if (web.authFirstLoadGzipKb !== undefined) {
    const verdict = web.withinBudget ? 'within' : 'OVER';
    lines.push(`/auth first load: ${web.authFirstLoadGzipKb} kB gzipped JS (${verdict} the ${web.budgetKb} kB budget)`);
    if (web.pages)
      lines.push(
        `pages' first loads within 225 kB: ${web.pagesWithin225} of ${web.pages} (heaviest: ${web.heaviestPage.page}, ${web.heaviestPage.kb} kB)`,
      );
    if (Array.isArray(web.lighthouse)) {
      lines.push(
        `Lighthouse mobile (targets: score >= ${TARGETS.score}, LCP <= ${TARGETS.lcpMs / 1000} s, TBT <= ${TARGETS.tbtMs} ms, CLS <= ${TARGETS.cls}):`,
      );
      for (const r of web.lighthouse)
        lines.push(
          `  ${r.page.padEnd(17)} ${String(r.score).padStart(3)}  LCP ${(r.lcpMs / 1000).toFixed(1)} s  TBT ${r.tbtMs} ms  CLS ${r.cls}${r.withinTargets ? '' : '  (outside)'}`,
        );
    } else if (web.lighthouse?.error) lines.push(`Lighthouse: failed (${web.lighthouse.error.split('\n')[0]})`);
  } else {
    lines.push(`/auth first load: unavailable (${web?.error?.split('\n')[0].replace(/:$/, '')}; see above)`);
  }
  console.log(lines.join('\n'));
}

function redact(url) {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}
