import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { FakeTelegram } from '../../test/fake-telegram';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  createTelegramProvider,
  grammyTelegramProvider,
  outboxTelegramProvider,
  SANDBOX_BOT,
  startCodeOf,
  TELEGRAM_MAX_TEXT,
} from './provider';

const TOKEN = '123456:TEST-token_abcdefghijklmnop';
let fake: FakeTelegram;
let apiRoot: string;
let t: TestApp;

beforeAll(async () => {
  fake = new FakeTelegram();
  apiRoot = await fake.start();
  t = await createTestApp();
});

afterAll(async () => {
  await fake?.stop();
  await t?.close();
});

it('reads the code of a /start message and nothing else', () => {
  expect(startCodeOf('/start abc_DEF-123')).toBe('abc_DEF-123');
  expect(startCodeOf('/start@ParlanceBot abc')).toBe('abc');
  expect(startCodeOf('/start')).toBeNull();
  expect(startCodeOf('hello /start abc')).toBeNull();
  expect(startCodeOf('/start abc; drop table')).toBeNull();
  expect(startCodeOf(undefined)).toBeNull();
});

it('without a token, messages go to the outbox the admin reads and the bot is the sandbox bot', async () => {
  const provider = createTelegramProvider(t.database.db, {});
  expect(provider.sandbox).toBe(true);
  expect(await provider.botUsername()).toBe(SANDBOX_BOT);
  await provider.send('sandbox-7', 'A project matching your languages is open');
  const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'telegram:sandbox-7'));
  expect(rows.map((r) => r.text)).toEqual(['A project matching your languages is open']);
  expect(await provider.receivedStarts()).toEqual([]);
  // Telegram's limit holds in the sandbox too
  await outboxTelegramProvider(t.database.db).send('sandbox-8', 'x'.repeat(5000));
  const [long] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'telegram:sandbox-8'));
  expect(long.text.length).toBe(TELEGRAM_MAX_TEXT);
});

it('with a token, grammY calls the Bot API with it: getMe, sendMessage, and getUpdates once per update', async () => {
  const provider = createTelegramProvider(t.database.db, { telegramBotToken: TOKEN, telegramApiRoot: apiRoot });
  expect(provider.sandbox).toBe(false);
  expect(await provider.botUsername()).toBe('ParlanceTestBot');
  await provider.send('555', 'Hello from Parlance');
  expect(fake.sent.at(-1)).toEqual({ chat_id: '555', text: 'Hello from Parlance' });
  expect(fake.calls.every((c) => c.token === TOKEN)).toBe(true);

  fake.userWrites(555, '/start CODE123', 'anna');
  fake.userWrites(556, 'just chatting');
  fake.userWrites(557, '/start OTHER');
  const [a, b] = await Promise.all([provider.receivedStarts(), provider.receivedStarts()]);
  // two callers at once share one poll's answer or get nothing twice
  const all = [...a, ...b];
  expect(all.filter((s) => s.code === 'CODE123')).toEqual([{ chatId: '555', code: 'CODE123', username: 'anna' }]);
  expect(all.map((s) => s.code).sort()).toEqual(['CODE123', 'OTHER']);
  // confirmed: asked again, the same updates are not handed out twice
  expect(await provider.receivedStarts()).toEqual([]);
});

it('a refusal of the Bot API is an error the caller sees', async () => {
  const provider = grammyTelegramProvider(TOKEN, { apiRoot });
  fake.failWith = { status: 403, description: 'Forbidden: bot was blocked by the user' };
  try {
    await expect(provider.send('555', 'hi')).rejects.toThrow(/blocked/);
  } finally {
    fake.failWith = null;
  }
});
