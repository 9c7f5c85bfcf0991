// Seeds a database for the team-chat benchmark (npm run bench, BENCH_ONLY=chat): migrations and the
// demo accounts, then
//   live     BENCH_CHAT_CLIENTS (1,000) users in team groups of 10 (one group each);
//   archive  BENCH_CHAT_MESSAGES (1,000,000) messages in 100 groups of 10,000, written by INSERT ...
//            SELECT generate_series with words from a small vocabulary (the search index is real);
//            one archive reader is a member of 10 of them (100,000 messages in reach).
// then ANALYZE. Signs a bearer token for every user with the server's own key (the key lives in the
// database, so the server started afterwards accepts them). Writes BENCH_CHAT_OUT (JSON) and prints
// one JSON line of timings. Reads DATABASE_URL or DATA_DIR like the server.
import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase, runMigrations } from '../src/db/client';
import { isNewDatabase, seedDemoData } from '../src/db/seed/demo';
import { JwtSigner } from '../src/platform/jwt';
import { serverKey } from '../src/platform/keys';

const CLIENTS = Number(process.env.BENCH_CHAT_CLIENTS || 1000);
const GROUP = 10;
const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES || 1_000_000);
const ARCHIVE_CHATS = 100;
const READER_CHATS = 10;
const OUT = process.env.BENCH_CHAT_OUT;
if (!OUT) throw new Error('BENCH_CHAT_OUT is not set');

type Rows<T> = { rows: T[] };
const started = process.hrtime.bigint();
const seconds = () => Math.round(Number(process.hrtime.bigint() - started) / 1e8) / 10;
const database = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR ?? null,
});
try {
  await runMigrations(database);
  const db = database.db;
  if (await isNewDatabase(db)) await seedDemoData(db);
  const timings: Record<string, number> = {};

  // users: CLIENTS live clients and one archive reader
  await db.execute(sql`
    INSERT INTO users (type, email, name)
    SELECT 'customer', 'bench-chat-' || i || '@example.test', 'Bench chatter ' || i
    FROM generate_series(1, ${CLIENTS + 1}) AS s(i)`);
  const users = (
    (await db.execute(sql`SELECT id FROM users WHERE email LIKE 'bench-chat-%' ORDER BY id`)) as unknown as Rows<{
      id: number;
    }>
  ).rows.map((r) => Number(r.id));
  const reader = users[CLIENTS];
  const live = users.slice(0, CLIENTS);

  // live groups: members i*10 .. i*10+9, owned by the first
  const liveChats: { chatId: number; members: number[] }[] = [];
  for (let g = 0; g * GROUP < live.length; g++) {
    const members = live.slice(g * GROUP, g * GROUP + GROUP);
    const [chat] = (
      (await db.execute(
        sql`INSERT INTO chats (type, title, owner_id) VALUES ('custom', ${`Bench group ${g + 1}`}, ${members[0]}) RETURNING id`,
      )) as unknown as Rows<{ id: number }>
    ).rows;
    await db.execute(sql`INSERT INTO chat_members (chat_id, user_id)
      SELECT ${chat.id}, u FROM unnest(${`{${members.join(',')}}`}::int[]) AS u`);
    liveChats.push({ chatId: Number(chat.id), members });
  }
  timings.liveSeconds = seconds();

  // archive: 100 chats of the reader and 9 live users each; MESSAGES messages spread evenly
  const perChat = Math.ceil(MESSAGES / ARCHIVE_CHATS);
  const archive: number[] = [];
  for (let a = 0; a < ARCHIVE_CHATS; a++) {
    const members = [...live.slice((a * 9) % (CLIENTS - 9), ((a * 9) % (CLIENTS - 9)) + 9)];
    if (a < READER_CHATS) members.push(reader);
    const [chat] = (
      (await db.execute(
        sql`INSERT INTO chats (type, title, owner_id, last_seq, last_ordinal) VALUES ('custom', ${`Archive ${a + 1}`}, ${members[0]}, ${perChat}, ${perChat}) RETURNING id`,
      )) as unknown as Rows<{ id: number }>
    ).rows;
    await db.execute(sql`INSERT INTO chat_members (chat_id, user_id)
      SELECT ${chat.id}, u FROM unnest(${`{${members.join(',')}}`}::int[]) AS u`);
    archive.push(Number(chat.id));
  }
  const first = archive[0];
  const authors = `{${live.slice(0, 9).join(',')}}`;
  // one chat after the other (chat ids are consecutive), 100,000 rows a statement
  const WORDS = `{${[
    'invoice',
    'glossary',
    'deadline',
    'review',
    'launch',
    'pricing',
    'legal',
    'draft',
    'website',
    'manual',
    'subtitle',
    'contract',
    'brochure',
    'release',
    'feedback',
    'terminology',
  ].join(',')}}`;
  const STEP = 100_000;
  for (let from = 0; from < perChat * ARCHIVE_CHATS; from += STEP) {
    const to = Math.min(from + STEP, perChat * ARCHIVE_CHATS) - 1;
    // whole numbers written into the statement: generate_series needs typed bounds
    await db.execute(
      sql.raw(`
      INSERT INTO chat_messages (chat_id, seq, ordinal, author_id, text, status, created_at)
      SELECT ${first} + (i / ${perChat}), 1 + i % ${perChat}, 1 + i % ${perChat}, ('${authors}'::int[])[1 + i % 9],
        'Note ' || i || ': the ' || ('${WORDS}'::text[])[1 + i % 16] || ' for the ' || ('${WORDS}'::text[])[1 + (i / 16) % 16]
          || ' is ' || (ARRAY['ready','late','on review','approved','in progress'])[1 + (i / 7) % 5],
        'approved', now() - make_interval(secs => ${perChat * ARCHIVE_CHATS} - i)
      FROM generate_series(${from}, ${to}) AS s(i)`),
    );
  }
  await db.execute(sql`UPDATE chats c SET last_message_id = (SELECT max(id) FROM chat_messages m WHERE m.chat_id = c.id),
    last_message_at = now() WHERE c.id = ANY(${`{${archive.join(',')}}`}::int[])`);
  timings.archiveSeconds = seconds();
  await db.execute(sql`ANALYZE`);
  timings.analyzeSeconds = seconds();

  const signer = new JwtSigner(await serverKey(db, 'jwt'));
  const now = new Date();
  const tokenOf = (userId: number) => signer.sign({ userId, aclGroups: [] }, now);
  const clients = [];
  for (const chat of liveChats)
    for (const userId of chat.members) clients.push({ userId, chatId: chat.chatId, token: await tokenOf(userId) });
  const [{ count }] = (
    (await db.execute(sql`SELECT count(*)::int AS count FROM chat_messages`)) as unknown as Rows<{ count: number }>
  ).rows;
  writeFileSync(
    OUT,
    JSON.stringify({
      clients,
      reader: { userId: reader, token: await tokenOf(reader), chats: archive.slice(0, READER_CHATS) },
      archivePerChat: perChat,
    }),
  );
  console.log(JSON.stringify({ clients: clients.length, messages: Number(count), seconds: seconds(), ...timings }));
} finally {
  await database.close();
}
