import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_TEXTS } from '@parlance/shared';
import { createTestApp, type TestApp } from '../../test/harness';
import { newCustomer, newTranslator, paidProject, projectRow, takeAndDeliver } from './projects-test-helpers';

// The take race: exactly one translator wins, the others are told 'already taken' (409)
// and the winner clicking again gets 200; never "does not match" computed from a row that changed
// under the request. Run on PostgreSQL too (npm run test:api:pg), where requests really overlap.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('translators taking one job at the same moment', () => {
  it('one wins, the losers get 409 already taken, the winner clicking again gets 200 (8 rounds)', async () => {
    const customer = await newCustomer(t.app);
    const translators = await Promise.all(
      [1, 2, 3].map(() => newTranslator(t.app, { pairs: [['american-english', 'italian']] })),
    );
    for (let round = 0; round < 8; round++) {
      const id = await paidProject(t.app, customer, { targets: ['italian'], words: 500 });
      const calls = translators.map((tr) => tr.api.post(`/api/2/job/${id}/take`));
      // each translator clicks again while the first clicks are still running
      const again = translators.map((tr) => tr.api.post(`/api/2/job/${id}/take`));
      const first = await Promise.all(calls);
      const second = await Promise.all(again);
      const row = await projectRow(t.app, id);
      const winnerIndex = translators.findIndex((tr) => tr.id === row.translatorId);
      expect(winnerIndex, `round ${round}`).toBeGreaterThanOrEqual(0);
      [...first, ...second].forEach((res, i) => {
        const who = i % translators.length;
        if (who === winnerIndex) {
          expect(res.statusCode, `round ${round}, winner: ${res.body}`).toBe(200);
        } else {
          expect(res.statusCode, `round ${round}, loser: ${res.body}`).toBe(409);
          expect(res.json().message).toBe(PROJECT_TEXTS.alreadyTaken);
        }
      });
    }
  });

  it('a translator the job never matched gets 404 on a taken job and on a take-edit that is not open', async () => {
    const customer = await newCustomer(t.app);
    const taker = await newTranslator(t.app, { pairs: [['american-english', 'dutch']] });
    const stranger = await newTranslator(t.app, { pairs: [['american-english', 'korean']], isEditor: true });
    const id = await paidProject(t.app, customer, { targets: ['dutch'], needProofreading: true });
    // not open for editing yet (translation pending): the stranger learns nothing
    const early = await stranger.api.post(`/api/2/job/${id}/take-edit`);
    expect(early.statusCode, early.body).toBe(404);
    await takeAndDeliver(taker, id);
    const taken = await stranger.api.post(`/api/2/job/${id}/take`);
    expect(taken.statusCode, taken.body).toBe(404);
    // a matching editor is told the truth about a job it could have had
    const editor = await newTranslator(t.app, { pairs: [['american-english', 'dutch']], isEditor: true });
    const other = await newTranslator(t.app, { pairs: [['american-english', 'dutch']], isEditor: true });
    expect((await editor.api.post(`/api/2/job/${id}/take-edit`)).statusCode).toBe(200);
    const late = await other.api.post(`/api/2/job/${id}/take-edit`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(PROJECT_TEXTS.alreadyTaken);
    expect((await stranger.api.post(`/api/2/job/${id}/take-edit`)).statusCode).toBe(404);
  });
});
