// The `tmx` part of `npm run bench`: the demo customer imports a generated TMX of
// BENCH_TMX_UNITS (100,000) units in two languages with inline tags, streamed to POST /tmx/import,
// while the server's resident memory is sampled (idle before, the peak during the import; target
// under +150 MB); then GET /api/2/account/tmx/search by source-text prefix, one request at a time
// (BENCH_TMX_SEARCHES, 500), p50 and p99 (target under 20 ms), and the server-side query time.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { postFileStreamed } from '../../../scripts/bench-tools.mjs';

const UNITS = Number(process.env.BENCH_TMX_UNITS || 100_000);
const SEARCHES = Number(process.env.BENCH_TMX_SEARCHES || 500);
const WORDS = [
  'invoice',
  'payment',
  'delivery',
  'customer',
  'order',
  'account',
  'translation',
  'project',
  'balance',
  'credit',
  'report',
  'update',
  'review',
  'deadline',
  'service',
  'contract',
];
const DE = [
  'Rechnung',
  'Zahlung',
  'Lieferung',
  'Kunde',
  'Bestellung',
  'Konto',
  'Übersetzung',
  'Projekt',
  'Saldo',
  'Guthaben',
  'Bericht',
  'Aktualisierung',
  'Prüfung',
  'Frist',
  'Dienst',
  'Vertrag',
];

/** A deterministic source sentence for unit i (unique: it carries the number). */
function sentence(i) {
  const a = WORDS[i % WORDS.length];
  const b = WORDS[(i * 7) % WORDS.length];
  return [`The ${a} ${i} is linked to the ${b}.`, i];
}

function writeTmx(file) {
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4">\n<header creationtool="bench" creationtoolversion="1" segtype="sentence" o-tmf="bench" adminlang="en-US" srclang="en-US" datatype="plaintext"/>\n<body>\n',
  ];
  for (let i = 1; i <= UNITS; i++) {
    const [en] = sentence(i);
    const de = `Die ${DE[i % DE.length]} ${i} ist mit ${DE[(i * 7) % DE.length]} verknüpft.`;
    const tagged = i % 5 === 0;
    const enSeg = tagged ? en.replace(' is ', ' <bpt i="1">&lt;b&gt;</bpt>is<ept i="1">&lt;/b&gt;</ept> ') : en;
    const deSeg = tagged ? de.replace(' ist ', ' <ph x="1">{0}</ph> ist ') : de;
    parts.push(
      `<tu tuid="${i}"><tuv xml:lang="en-US"><seg>${enSeg}</seg></tuv><tuv xml:lang="de-DE"><seg>${deSeg}</seg></tuv></tu>\n`,
    );
  }
  parts.push('</body>\n</tmx>\n');
  writeFileSync(file, parts.join(''));
}

const rssOf = (pid) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;

/**
 * @param {'pglite'|'postgres'} engine
 * @param {string} databaseUrl
 * @param {{ startServer: Function, signIn: Function }} tools
 */
export async function benchTmx(engine, databaseUrl, tools) {
  console.log(`\n== translation memory (${engine}): ${UNITS.toLocaleString('en-US')} units ==`);
  const dir = mkdtempSync(join(tmpdir(), 'parlance-bench-tmx-'));
  const file = join(dir, 'bench.tmx');
  const started = await tools.startServer({ databaseUrl });
  try {
    writeTmx(file);
    const fileMb = statSync(file).size / 1024 / 1024;
    const cookie = await tools.signIn(started.base);
    const session = await (await fetch(`${started.base}/registry/get?data=Session`, { headers: { cookie } })).json();
    const headers = { cookie, 'x-csrf-token': session.results.CSRFToken };
    const pid = started.server.pid;
    await new Promise((r) => setTimeout(r, 500));
    const idleMb = rssOf(pid);
    let peakMb = idleMb;
    const sampler = setInterval(() => {
      peakMb = Math.max(peakMb, rssOf(pid));
    }, 50);
    const t0 = performance.now();
    const res = await postFileStreamed(`${started.base}/tmx/import`, headers, file, {
      filename: 'bench.tmx',
      contentType: 'application/x-tmx+xml',
    });
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    peakMb = Math.max(peakMb, rssOf(pid));
    if (res.status !== 200) throw new Error(`POST /tmx/import answered ${res.status}: ${res.body.slice(0, 300)}`);
    const imported = JSON.parse(res.body).results;

    // search: prefixes of real source sentences ("the invoice 4711"), one request at a time
    const latencies = [];
    let hits = 0;
    for (let n = 0; n < SEARCHES + 20; n++) {
      const i = 1 + Math.floor(Math.random() * UNITS);
      const [en] = sentence(i);
      const q = encodeURIComponent(en.split(' ').slice(0, 3).join(' '));
      const s = performance.now();
      const r = await fetch(`${started.base}/api/2/account/tmx/search?q=${q}&lang=en-US`, { headers: { cookie } });
      const body = await r.json();
      const ms = performance.now() - s;
      if (n >= 20) latencies.push(ms); // the first 20 warm up
      if (body.results?.length) hits++;
    }
    // the same loop on the lightest signed-in call (the session's user): the machine's floor
    const baseline = [];
    for (let n = 0; n < SEARCHES + 20; n++) {
      const s = performance.now();
      const r = await fetch(`${started.base}/registry/get?data=User`, { headers: { cookie } });
      await r.json();
      if (n >= 20) baseline.push(performance.now() - s);
    }
    latencies.sort((a, b) => a - b);
    baseline.sort((a, b) => a - b);
    const at = (list, p) =>
      Math.round(list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))] * 100) / 100;
    const pct = (p) => at(latencies, p);
    const out = {
      units: imported.unitCount,
      fileMb: Math.round(fileMb * 10) / 10,
      seconds: Math.round(seconds * 10) / 10,
      unitsPerSecond: Math.round(imported.unitCount / seconds),
      idleMb: Math.round(idleMb),
      peakMb: Math.round(peakMb),
      peakAboveIdleMb: Math.round(peakMb - idleMb),
      searches: latencies.length,
      searchHits: hits,
      searchP50Ms: pct(50),
      searchP99Ms: pct(99),
      userCallP50Ms: at(baseline, 50),
      userCallP99Ms: at(baseline, 99),
      loadAverage: Math.round(loadavg()[0] * 10) / 10,
    };
    console.log(`  ${JSON.stringify(out)}`);
    return out;
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  } finally {
    await started.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function tmxLines(results) {
  const lines = [];
  for (const [engine, r] of Object.entries(results ?? {})) {
    if (r?.error) {
      lines.push('', `translation memory (${engine}): failed (${r.error})`);
      continue;
    }
    lines.push(
      '',
      `translation memory (${engine}): import of ${r.units} units (${r.fileMb} MB TMX) in ${r.seconds} s (${r.unitsPerSecond} units/s); server memory ${r.idleMb} MB idle, peak ${r.peakMb} MB (+${r.peakAboveIdleMb} MB, target under +150 MB)`,
      `  search by source-text prefix: p50 ${r.searchP50Ms} ms, p99 ${r.searchP99Ms} ms over ${r.searches} requests (target p99 under 20 ms); ${r.searchHits} found units`,
      `  the same loop on GET /registry/get?data=User (signed in): p50 ${r.userCallP50Ms} ms, p99 ${r.userCallP99Ms} ms; load average ${r.loadAverage}`,
    );
  }
  return lines;
}
