// Where a page's load spends the phone's main thread: loads the page in Chromium with the CPU slowed
// (RATE, default 4) against a fresh server with the demo data, and prints each main-thread task
// longer than MIN_MS (default 50) with its split (script, style, layout, paint) and the functions
// sampled in it. DUMP=<ms> also prints, for tasks longer than that, every function's share
// (inclusive and self). For names, build with `npx vite build --minify false` into apps/web/dist
// first. COLD=1 skips the warm load before the traced one. Lighthouse (scripts/bench-lighthouse.mjs)
// says how long; this says what.
//   node scripts/trace-page.mjs /dashboard translator@parlance.test
// The second argument is the demo account to sign in as ('-' for a guest).
import { chromium } from 'playwright-core';
import { startServer } from './bench-tools.mjs';
const [path = '/my-projects', as = 'customer@parlance.test'] = process.argv.slice(2);
const server = await startServer({ env: { BENCH_HELLO: '0' } });
let sid = null;
if (as !== '-') {
  const res = await fetch(`${server.base}/api/2/account/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: as, pwd: 'Parlance-demo1!' }).toString(),
  });
  sid = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('sid='));
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const ctx = await browser.newContext({
  viewport: { width: 412, height: 823 },
  isMobile: true,
  deviceScaleFactor: 1.75,
});
if (sid) await ctx.addCookies([{ name: 'sid', value: sid.slice(4), url: server.base }]);
const page = await ctx.newPage();
// a warm load first (code cache, HTTP cache), as a returning person has it; COLD=1 traces the first
// visit instead, as Lighthouse does (every function compiled on its first call)
if (!process.env.COLD) {
  await page.goto(server.base + path);
  await page.waitForTimeout(1500);
  await page.goto('about:blank');
}
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.RATE || 4) });
await browser.startTracing(page, {
  categories: [
    'devtools.timeline',
    'disabled-by-default-devtools.timeline',
    'v8.execute',
    'blink.user_timing',
    'loading',
    'disabled-by-default-v8.cpu_profiler',
  ],
});
await page.goto(server.base + path);
await page.waitForTimeout(6000);
const buf = await browser.stopTracing();
const events = JSON.parse(buf.toString()).traceEvents;
// CPU samples from the trace's profile chunks: [ts, stack of names]
const pnodes = new Map();
const samples = [];
{
  let t = null;
  const pparent = new Map();
  for (const e of events.filter((e) => e.name === 'Profile' || e.name === 'ProfileChunk')) {
    if (e.name === 'Profile') {
      t = e.args.data.startTime;
      continue;
    }
    const cp = e.args.data.cpuProfile ?? {};
    for (const n of cp.nodes ?? []) {
      pnodes.set(n.id, n);
      if (n.parent) pparent.set(n.id, n.parent);
    }
    const deltas = e.args.data.timeDeltas ?? [];
    (cp.samples ?? []).forEach((id, i) => {
      t += deltas[i] ?? 0;
      samples.push([t, id]);
    });
  }
  globalThis.stackOf = (id) => {
    const out = [];
    while (id) {
      const n = pnodes.get(id);
      if (!n) break;
      out.push(n.callFrame.functionName || '(anon)');
      id = pparent.get(id);
    }
    return out;
  };
}
const start =
  events.find((e) => e.name === 'navigationStart' || e.name === 'TracingStartedInBrowser')?.ts ?? events[0].ts;
const main = events.filter((e) => e.name === 'RunTask' && e.dur > Number(process.env.MIN_MS || 50) * 1000);
// main thread = thread with most RunTask time of the renderer
const byTid = new Map();
for (const e of events.filter((e) => e.name === 'RunTask'))
  byTid.set(`${e.pid}:${e.tid}`, (byTid.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
const tn = events.find(
  (e) =>
    e.name === 'thread_name' &&
    e.args?.name === 'CrRendererMain' &&
    events.some((x) => x.pid === e.pid && x.name === 'firstContentfulPaint'),
);
const mainTid = tn ? `${tn.pid}:${tn.tid}` : [...byTid].sort((a, b) => b[1] - a[1])[0][0];
const nav = events.find((e) => e.name === 'navigationStart' && `${e.pid}:${e.tid}` === mainTid)?.ts ?? start;
const mark = (n) =>
  events.filter((e) => e.name === n && `${e.pid}:${e.tid}` === mainTid).map((e) => ((e.ts - nav) / 1000).toFixed(0));
console.log('FCP', mark('firstContentfulPaint'), 'LCP cand', mark('largestContentfulPaint::Candidate'));
const kids = (t) =>
  events.filter(
    (e) => `${e.pid}:${e.tid}` === mainTid && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur && e !== t,
  );
let tbt = 0;
for (const t of main.filter((e) => `${e.pid}:${e.tid}` === mainTid)) {
  tbt += Math.max(0, t.dur / 1000 - 50);
  const k = kids(t);
  const sum = (n) => k.filter((e) => e.name === n).reduce((s, e) => s + e.dur, 0) / 1000;
  const forced = k
    .filter((e) => (e.name === 'Layout' || e.name === 'UpdateLayoutTree') && e.args?.beginData?.stackTrace?.length)
    .map((e) => `${e.name}:${(e.dur / 1000).toFixed(0)}@${e.args.beginData.stackTrace[0].functionName}`);
  const fn = k
    .filter((e) => e.name === 'FunctionCall' || e.name === 'EvaluateScript' || e.name === 'v8.compile')
    .map((e) =>
      e.name === 'EvaluateScript'
        ? `eval ${(e.args?.data?.url ?? '').split('/').pop()}`
        : e.args?.data?.functionName || e.name,
    )
    .slice(0, 3);
  const inTask = samples.filter(([ts]) => ts >= t.ts && ts <= t.ts + t.dur);
  const agg = new Map();
  for (const [, id] of inTask)
    for (const f of new Set(stackOf(id)))
      if (
        /^[A-Z]|^(commitRoot|performSyncWorkOnRoot|renderRootConcurrent|flushPassiveEffects|insert|parse|fetch|forceStoreRerender|evaluate|compile)$/.test(
          f,
        )
      )
        agg.set(f, (agg.get(f) ?? 0) + 1);
  const topf = [...agg]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 14)
    .map(([f, c]) => `${f} ${Math.round((100 * c) / Math.max(1, inTask.length))}%`)
    .join(', ');
  if (process.env.DUMP && t.dur / 1000 > Number(process.env.DUMP)) {
    const inc = new Map(),
      slf = new Map();
    for (const [, id] of inTask) {
      const st = stackOf(id);
      slf.set(st[0], (slf.get(st[0]) ?? 0) + 1);
      for (const f of new Set(st)) inc.set(f, (inc.get(f) ?? 0) + 1);
    }
    const pc = (c) => Math.round((100 * c) / Math.max(1, inTask.length));
    console.log(
      '   INCL',
      [...inc]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 60)
        .map(([f, c]) => `${f} ${pc(c)}`)
        .join(', '),
    );
    console.log(
      '   SELF',
      [...slf]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 25)
        .map(([f, c]) => `${f} ${pc(c)}`)
        .join(', '),
    );
  }
  console.log(
    `@${((t.ts - nav) / 1000).toFixed(0)} ${(t.dur / 1000).toFixed(0)} ms: js ${(sum('FunctionCall') + sum('EvaluateScript') + sum('TimerFire')).toFixed(0)} style ${sum('UpdateLayoutTree').toFixed(0)} layout ${sum('Layout').toFixed(0)} paint ${(sum('Paint') + sum('PrePaint') + sum('Layerize')).toFixed(0)} parseHTML ${sum('ParseHTML').toFixed(0)} gc ${(sum('MinorGC') + sum('MajorGC')).toFixed(0)} | ${fn.join(', ')} | forced: ${forced.slice(0, 6).join(' ')}\n      ${topf}`,
  );
}
console.log('sum of (task - 50 ms):', tbt.toFixed(0));
if (process.env.TRACE_OUT) (await import('node:fs')).writeFileSync(process.env.TRACE_OUT, buf);
await browser.close();
await server.close();
