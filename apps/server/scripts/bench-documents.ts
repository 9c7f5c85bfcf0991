// Word-count throughput (npm run bench): a 50 MB text file streamed through the counter and a
// .docx holding about 20 MB of text, each beside `wc -w` on the same text. Prints one JSON line.
import { spawnSync } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyzeDocument } from '../src/platform/documents';
import { makeDocx } from '../src/platform/documents/test-fixtures';

const WORDS = 'the quick brown fox jumps over a lazy dog while translators review every sentence carefully'.split(' ');

/** About `bytes` of English-like text in lines of 12 words. */
function text(bytes: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line = Array.from({ length: 12 }, (_, j) => WORDS[(i * 7 + j * 3) % WORDS.length]).join(' ');
    lines.push(line);
    size += line.length + 1;
  }
  return `${lines.join('\n')}\n`;
}

function wc(path: string): { words: number; seconds: number } {
  const started = process.hrtime.bigint();
  const out = spawnSync('wc', ['-w', path], { encoding: 'utf8' });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { words: Number(out.stdout.trim().split(/\s+/)[0]), seconds };
}

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const started = process.hrtime.bigint();
  const value = await fn();
  return { value, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

const dir = mkdtempSync(join(tmpdir(), 'parlance-bench-docs-'));
try {
  const txtPath = join(dir, 'fifty.txt');
  writeFileSync(txtPath, text(50 * 1024 * 1024));
  const txtMb = statSync(txtPath).size / 1024 / 1024;
  const txt = await timed(() =>
    analyzeDocument({ kind: 'stream', stream: createReadStream(txtPath), fileName: 'fifty.txt' }),
  );
  const txtWc = wc(txtPath);

  const docText = text(20 * 1024 * 1024);
  const paragraphs = docText.trimEnd().split('\n');
  const docxPath = join(dir, 'twenty.docx');
  writeFileSync(docxPath, await makeDocx(paragraphs));
  const plainPath = join(dir, 'twenty.txt');
  writeFileSync(plainPath, docText);
  const docx = await timed(async () => {
    const { readFile } = await import('node:fs/promises');
    return analyzeDocument({ kind: 'bytes', bytes: await readFile(docxPath), fileName: 'twenty.docx' });
  });
  const docxWc = wc(plainPath);
  const textMb = Buffer.byteLength(docText) / 1024 / 1024;

  const round = (n: number) => Math.round(n * 10) / 10;
  console.log(
    JSON.stringify({
      txt: {
        mb: round(txtMb),
        words: txt.value.words,
        seconds: round(txt.seconds),
        mbPerSecond: round(txtMb / txt.seconds),
        wcWords: txtWc.words,
        wcMbPerSecond: round(txtMb / txtWc.seconds),
      },
      docx: {
        textMb: round(textMb),
        fileMb: round(statSync(docxPath).size / 1024 / 1024),
        words: docx.value.words,
        seconds: round(docx.seconds),
        mbPerSecond: round(textMb / docx.seconds),
        wcWords: docxWc.words,
        wcMbPerSecond: round(textMb / docxWc.seconds),
      },
    }),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
