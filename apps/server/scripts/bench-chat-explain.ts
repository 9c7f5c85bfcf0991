// Times the team chat's reads one at a time on a database seeded by bench-chat-seed.ts (DATABASE_URL
// or DATA_DIR like the server; BENCH_CHAT_OUT names the seed's JSON): history pages at several
// depths, a jump, in-chat and global search for common and rare words. Prints the median and the
// worst of BENCH_CHAT_REPEAT (5) runs per read, in ms: where the time goes without HTTP or queueing.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../src/db/client';
import { globalSearch, historyPage, messageWithPage, searchInChat, type Viewer } from '../src/modules/chat/service';

const OUT = process.env.BENCH_CHAT_OUT;
if (!OUT) throw new Error('BENCH_CHAT_OUT is not set');
const REPEAT = Number(process.env.BENCH_CHAT_REPEAT || 5);
const setup = JSON.parse(readFileSync(OUT, 'utf8')) as {
  reader: { userId: number; chats: number[] };
  archivePerChat: number;
};
const database = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR ?? null,
});
const db = database.db;
const viewer: Viewer = { id: setup.reader.userId, type: 'customer', isAdmin: false, name: 'reader' };
const chat = setup.reader.chats[0];
const lastPage = Math.ceil(setup.archivePerChat / 30);
const { data } = await historyPage(db, viewer, chat, { page: Math.ceil(lastPage / 2) });
const reads: [string, () => Promise<unknown>][] = [
  ['history page 1', () => historyPage(db, viewer, chat, { page: 1 })],
  ['history middle page', () => historyPage(db, viewer, chat, { page: Math.ceil(lastPage / 2) })],
  ['history last page', () => historyPage(db, viewer, chat, { page: lastPage })],
  ['history before a message', () => historyPage(db, viewer, chat, { before: data[0].id })],
  ['jump to a message', () => messageWithPage(db, viewer, data[0].id)],
  ['in-chat search, common', () => searchInChat(db, viewer, chat, 'contract')],
  ['in-chat search, rare', () => searchInChat(db, viewer, chat, '4242')],
  ['global search, common', () => globalSearch(db, viewer, 'glossary')],
  ['global search, phrase', () => globalSearch(db, viewer, 'deadline review')],
  ['global search, rare', () => globalSearch(db, viewer, '123456')],
];
try {
  for (const [label, read] of reads) {
    const times: number[] = [];
    for (let i = 0; i < REPEAT; i++) {
      const started = performance.now();
      await read();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const ms = (v: number) => Math.round(v * 10) / 10;
    console.log(
      `${label.padEnd(28)} median ${ms(times[Math.floor(times.length / 2)])} ms, worst ${ms(times.at(-1) ?? 0)} ms`,
    );
  }
} finally {
  await database.close();
}
