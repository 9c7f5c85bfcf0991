import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModerationItem, VocabularyLanguage } from '@parlance/shared';
import { DEMO_PASSWORD, seedDemoData } from '../../db/seed/demo';
import { DEMO_MODERATOR } from '../../db/seed/demo-moderation';
import { authed, login } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

// The demo moderator signs in and finds a vocabulary and held messages of every status.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, { storage: t.app.deps.storage, passwordHashing: 'fast' });
});
afterAll(async () => {
  await t.close();
});

describe('moderation demo data', () => {
  it('the moderator sees languages with words and pending, approved and declined messages', async () => {
    const api = authed(t.app, await login(t.app, DEMO_MODERATOR.email, DEMO_PASSWORD));
    const languages = (await api.get('/moderation/api/languages')).json() as VocabularyLanguage[];
    expect(languages.length).toBeGreaterThanOrEqual(3);
    expect(languages.every((l) => l.words > 0)).toBe(true);
    const items = (await api.get('/moderation/api/moderations/search')).json() as ModerationItem[];
    expect(new Set(items.map((i) => i.status))).toEqual(new Set(['pending', 'approved', 'declined']));
    expect(items.every((i) => i.reasons.length > 0)).toBe(true);
    // the team chat's demo message on moderation
    const chat = items.filter((i) => i.source === 'blendTalk');
    expect(chat.map((i) => [i.status, i.reasons.map((r) => r.type)])).toEqual([['pending', ['email']]]);
  });
});
