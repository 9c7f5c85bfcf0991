import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { moderationHistory, moderationLanguages, moderations, moderationWords, users } from '../../db/schema';
import { freshDatabase } from '../../test/harness';
import { checkMessage } from './engine';
import { decideModeration, holdMessage, type ModerationRow, registerModerationSource } from './queue';
import { forgetVocabulary, loadVocabulary, touchVocabulary } from './store';

let database: Database;
let drop: () => Promise<void>;
let authorId: number;

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  forgetVocabulary();
  const [author] = await database.db
    .insert(users)
    .values({ email: 'author@example.test', name: 'Author', type: 'translator', passwordHash: 'x' })
    .returning();
  authorId = author.id;
});
afterAll(async () => {
  await drop();
});

describe('the vocabulary cache', () => {
  it('recompiles when a change touches the stamp, and only then', async () => {
    const db = database.db;
    const [english] = await db.insert(moderationLanguages).values({ name: 'English', nameKey: 'english' }).returning();
    await db.insert(moderationWords).values({ languageId: english.id, word: 'idiot', wordKey: 'idiot' });
    await touchVocabulary(db);
    const first = await loadVocabulary(db);
    expect(checkMessage({ text: 'you idiot', language: 'English' }, first).flagged).toBe(true);
    expect(await loadVocabulary(db)).toBe(first);
    await db.insert(moderationWords).values({ languageId: english.id, word: 'moron', wordKey: 'moron' });
    // not touched: still the compiled copy
    expect(checkMessage({ text: 'moron', language: 'English' }, await loadVocabulary(db)).flagged).toBe(false);
    await touchVocabulary(db);
    const second = await loadVocabulary(db);
    expect(second).not.toBe(first);
    expect(checkMessage({ text: 'moron', language: 'English' }, second).flagged).toBe(true);
  });
});

describe('holding and deciding', () => {
  it('approving twice delivers once; a decided row cannot be decided the other way', async () => {
    const delivered: ModerationRow[] = [];
    registerModerationSource('blendTalk', {
      approved: async (_tx, row) => {
        delivered.push(row);
        return {};
      },
      declined: async () => ({}),
    });
    const now = new Date();
    const row = await database.db.transaction((tx) =>
      holdMessage(tx, {
        source: 'blendTalk',
        messageRef: 'm-1',
        authorId,
        title: 'Team chat',
        language: 'English',
        message: 'call me 415 555 1234',
        reasons: [{ type: 'phone', match: '415 555 1234' }],
        link: '/blend-talk/chat/1',
        now,
      }),
    );
    expect(row.status).toBe('pending');
    const decide = (status: 'approved' | 'declined') =>
      database.db.transaction((tx) =>
        decideModeration(tx, { id: row.id, status, actorId: authorId, now, publicUrl: '' }),
      );
    expect((await decide('approved')).kind).toBe('decided');
    expect((await decide('approved')).kind).toBe('unchanged');
    expect((await decide('declined')).kind).toBe('conflict');
    expect(delivered).toHaveLength(1);
    const history = await database.db.select().from(moderationHistory);
    expect(history.map((h) => h.status)).toEqual(['pending', 'approved']);
    const [stored] = await database.db.select().from(moderations);
    expect(stored.status).toBe('approved');
    expect(
      (
        await database.db.transaction((tx) =>
          decideModeration(tx, { id: 999, status: 'approved', actorId: authorId, now, publicUrl: '' }),
        )
      ).kind,
    ).toBe('notFound');
  });
});
