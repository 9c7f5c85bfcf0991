// The `storage` part of `npm run bench`: a BENCH_STORAGE_MB (200) MB delivery uploaded and downloaded
// through the server, with the files on the local disk and in a bucket (a local S3-compatible
// server, s3rver, started here; S3_* point the server at it, so the demo data is seeded there too).
// The demo translator takes an open job and delivers one .txt file (POST /api/2/projects/{id}/deliver,
// multipart, streamed), then downloads it (GET /api/2/resources/{id}, then its signed file, streamed
// through the server). The server's resident memory is sampled every 20 ms: idle before, the peak
// during each transfer (target under +150 MB, as for every upload). Both sides stream: the figure
// measures the server, not the client.
import { closeSync, createReadStream, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { DEMO, freePort, loadAverage, postFileStreamed, round, startServer } from '../../../scripts/bench-tools.mjs';

const FILE_MB = Number(process.env.BENCH_STORAGE_MB || 200);
const TRANSLATOR = 'translator@parlance.test';
const BUCKET = 'parlance-bench';

/** s3rver on a free port with one bucket; its folder is removed by close(). */
async function startBucket() {
  const directory = mkdtempSync(join(tmpdir(), 'parlance-bench-s3-'));
  const port = await freePort();
  const s3rver = new S3rver({
    silent: true,
    directory,
    port,
    address: '127.0.0.1',
    configureBuckets: [{ name: BUCKET }],
  });
  await s3rver.run();
  return {
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    close: async () => {
      await s3rver.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

function rssMb(pid) {
  return Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
}

/** Runs `work` while sampling the server's memory; answers seconds, idle and peak (MB). */
async function sampled(pid, work) {
  const idleMb = rssMb(pid);
  let peakMb = idleMb;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(pid));
  }, 20);
  const started = Date.now();
  try {
    const answer = await work();
    return {
      answer,
      seconds: round((Date.now() - started) / 1000, 1),
      idleMb: round(idleMb, 1),
      peakMb: round(peakMb, 1),
      peakAboveIdleMb: round(peakMb - idleMb, 1),
    };
  } finally {
    clearInterval(sampler);
  }
}

async function signInTranslator(base) {
  const res = await fetch(`${base}/api/2/account/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: TRANSLATOR, pwd: DEMO.password }).toString(),
  });
  const sid = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('sid='));
  if (!res.ok || !sid) throw new Error(`the demo translator's sign-in answered ${res.status}`);
  const session = await (await fetch(`${base}/registry/get?data=Session`, { headers: { cookie: sid } })).json();
  return { cookie: sid, 'x-csrf-token': session.results.CSRFToken };
}

/** Reads the answer to the end without keeping it; answers the status and the byte count. */
function getCounted(url, headers) {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (d) => {
        bytes += d.length;
      });
      res.on('end', () => resolve({ status: res.statusCode, bytes }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** One server on this store: deliver the file, download it back. */
async function benchStore(label, env, file) {
  console.log(`  ${label}: deliver and download ${FILE_MB} MB`);
  const started = await startServer({ env });
  const { base, server } = started;
  try {
    const headers = await signInTranslator(base);
    const open = await (await fetch(`${base}/api/2/job/open`, { headers })).json();
    const job = open.data?.[0]?.id;
    if (!job) throw new Error('the demo translator has no open job to take');
    const took = await fetch(`${base}/api/2/job/${job}/take`, { method: 'POST', headers });
    if (!took.ok) throw new Error(`taking job ${job} answered ${took.status}`);
    const up = await sampled(server.pid, () =>
      postFileStreamed(`${base}/api/2/projects/${job}/deliver`, headers, file, { filename: 'bench-delivery.txt' }),
    );
    if (up.answer.status !== 200)
      throw new Error(`the delivery answered ${up.answer.status}: ${up.answer.body.slice(0, 200)}`);
    const delivered = JSON.parse(up.answer.body).files.find((f) => f.name === 'bench-delivery.txt');
    const link = await (await fetch(`${base}/api/2/resources/${delivered.id}`, { headers })).json();
    const down = await sampled(server.pid, () => getCounted(`${base}${link.download_url}`, headers));
    if (down.answer.status !== 200) throw new Error(`the download answered ${down.answer.status}`);
    if (down.answer.bytes !== statSync(file).size) throw new Error(`the download had ${down.answer.bytes} bytes`);
    const row = {
      upload: { seconds: up.seconds, idleMb: up.idleMb, peakMb: up.peakMb, peakAboveIdleMb: up.peakAboveIdleMb },
      download: {
        seconds: down.seconds,
        idleMb: down.idleMb,
        peakMb: down.peakMb,
        peakAboveIdleMb: down.peakAboveIdleMb,
      },
    };
    console.log(
      `    upload ${row.upload.seconds} s (+${row.upload.peakAboveIdleMb} MB), download ${row.download.seconds} s (+${row.download.peakAboveIdleMb} MB)`,
    );
    return row;
  } finally {
    await started.close();
  }
}

export async function benchStorage() {
  console.log('\n== storage ==');
  const dir = mkdtempSync(join(tmpdir(), 'parlance-bench-storage-'));
  const file = join(dir, 'delivery.txt');
  const line = 'la traducción revisada de cada frase del manual, entregada por el traductor\n';
  const chunk = Buffer.from(line.repeat(Math.ceil((1024 * 1024) / Buffer.byteLength(line))));
  const fd = openSync(file, 'w');
  for (let written = 0; written < FILE_MB * 1024 * 1024; written += chunk.length) writeSync(fd, chunk);
  closeSync(fd);
  const result = { fileMb: round(statSync(file).size / 1024 / 1024, 1), loadAverage: loadAverage() };
  try {
    try {
      result.disk = await benchStore('local disk', {}, file);
    } catch (err) {
      console.log(`    failed: ${err.message}`);
      result.disk = { error: err.message };
    }
    const bucket = await startBucket();
    try {
      result.s3 = await benchStore('S3 (s3rver)', bucket.env, file);
    } catch (err) {
      console.log(`    failed: ${err.message}`);
      result.s3 = { error: err.message };
    } finally {
      await bucket.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return result;
}

export function storageLines(result) {
  const lines = [
    '',
    `a ${result.fileMb} MB delivery through the server (load average ${result.loadAverage}; server memory: idle, peak, above idle):`,
  ];
  for (const [key, label] of [
    ['disk', 'local disk '],
    ['s3', 'S3 (s3rver)'],
  ]) {
    const r = result[key];
    if (!r) continue;
    if (r.error) {
      lines.push(`  ${label}  failed (${r.error})`);
      continue;
    }
    const part = (x) => `${x.seconds} s, ${x.idleMb} -> ${x.peakMb} MB (+${x.peakAboveIdleMb} MB)`;
    lines.push(`  ${label}  upload ${part(r.upload)}; download ${part(r.download)}`);
  }
  return lines;
}
