import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DisputedSegmentList, type WorkbenchJob, WORKBENCH_LIMITS, WORKBENCH_TEXTS } from '@parlance/shared';
import { disputedSegments } from '../../db/schema';
import { authed, loginDemo } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { DOCX_MIME, paidMtProject, run, smallDocx } from '../machine-translation/mt-test-helpers';
import { detailOf, newCustomer, newTranslator, type Person, projectRow } from '../projects/projects-test-helpers';

// A customer's dispute that points at segments of the editor (ADR 0112): stored with the dispute
// when each segment is the project's own, refused (nothing disputed) otherwise, and read back with
// source, target and comment by the translator, the admin and the editor.

let t: TestApp;
let admin: Person;
let customer: Person;
let stranger: Person;
let tom: Person;

const PARAGRAPHS = [run('Click Save.'), run('Read the notes.'), run('Close the door.')];
const TARGETS: Record<string, string> = {
  'Click Save.': 'Haga clic en Guardar.',
  'Read the notes.': 'Lea las notas.',
  'Close the door.': 'Cierre la puerta.',
};

beforeAll(async () => {
  t = await createTestApp({}, { demo: true });
  const session = await loginDemo(t.app, 'admin');
  admin = { session, id: session.user.id, api: authed(t.app, session) };
  customer = await newCustomer(t.app);
  stranger = await newCustomer(t.app);
  tom = await newTranslator(t.app, { pairs: [['american-english', 'catalan']] });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

async function takenProject(): Promise<number> {
  const id = await paidMtProject(t.app, customer.id, {
    type: 'translation',
    target: 'catalan',
    files: [{ name: 'guide.docx', content: await smallDocx(PARAGRAPHS), mime: DOCX_MIME }],
  });
  detailOf(await tom.api.post(`/api/2/job/${id}/take`));
  return id;
}

async function job(who: Person, id: number): Promise<WorkbenchJob> {
  const res = await who.api.get(`/api/2/workbench/projects/${id}`);
  if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode}: ${res.body}`);
  return res.json() as WorkbenchJob;
}

async function deliveredProject(): Promise<{ id: number; segments: WorkbenchJob['segments'] }> {
  const id = await takenProject();
  for (const s of (await job(tom, id)).segments) {
    const res = await tom.api.inject({
      method: 'PUT',
      url: `/api/2/workbench/segments/${s.id}`,
      payload: { target: TARGETS[s.source], status: 'translated', revision: s.revision },
    });
    expect(res.statusCode).toBe(200);
  }
  const delivered = await tom.api.postJson(`/api/2/workbench/projects/${id}/deliver`, { acceptWarnings: true });
  expect(delivered.statusCode).toBe(200);
  return { id, segments: (await job(tom, id)).segments };
}

const REASON = 'Two sentences are translated wrongly.';
const dispute = (who: Person, id: number, segments: unknown) =>
  who.api.postJson(`/api/2/projects/${id}/dispute`, { reason: REASON, segments });
const listed = (who: Person, id: number) => who.api.get(`/api/2/workbench/projects/${id}/disputed-segments`);

describe('a dispute that points at segments', () => {
  let project: { id: number; segments: WorkbenchJob['segments'] };
  let otherSegmentId: number;
  beforeAll(async () => {
    project = await deliveredProject();
    const other = await takenProject();
    otherSegmentId = (await job(tom, other)).segments[0].id;
  }, 120_000);

  it('refuses segments of another project, unknown ids and bad lists, disputing nothing', async () => {
    const [first] = project.segments;
    const foreign = await dispute(customer, project.id, [{ id: first.id }, { id: otherSegmentId }]);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().message).toBe(WORKBENCH_TEXTS.disputeSegmentsForeign(String(otherSegmentId)));
    const unknown = await dispute(customer, project.id, [{ id: 9_999_999 }]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toContain('9999999');

    const twice = await dispute(customer, project.id, [{ id: first.id }, { id: first.id }]);
    expect(twice.statusCode).toBeGreaterThanOrEqual(400);
    expect(twice.statusCode).toBeLessThan(500);
    expect(twice.body).toContain(WORKBENCH_TEXTS.disputeSegmentTwice);
    const many = Array.from({ length: WORKBENCH_LIMITS.disputedSegmentsMax + 1 }, (_, i) => ({ id: i + 1 }));
    const tooMany = await dispute(customer, project.id, many);
    expect(tooMany.statusCode).toBeLessThan(500);
    expect(tooMany.body).toContain(WORKBENCH_TEXTS.disputeTooManySegments);
    const long = await dispute(customer, project.id, [
      { id: first.id, comment: 'x'.repeat(WORKBENCH_LIMITS.disputeCommentMax + 1) },
    ]);
    expect(long.statusCode).toBeLessThan(500);
    expect(long.body).toContain(WORKBENCH_TEXTS.disputeCommentTooLong);
    const notId = await dispute(customer, project.id, [{ id: 'abc' }]);
    expect(notId.statusCode).toBeGreaterThanOrEqual(400);
    expect(notId.statusCode).toBeLessThan(500);

    expect((await projectRow(t.app, project.id)).status).toBe('READY');
    const stored = await t.database.db
      .select()
      .from(disputedSegments)
      .where(eq(disputedSegments.projectId, project.id));
    expect(stored).toEqual([]);
  });

  it('is the customer’s alone: the translator gets 403, a stranger 404', async () => {
    const picked = [{ id: project.segments[0].id }];
    expect((await dispute(tom, project.id, picked)).statusCode).toBe(403);
    expect((await dispute(stranger, project.id, picked)).statusCode).toBe(404);
    expect((await projectRow(t.app, project.id)).status).toBe('READY');
  });

  it('stores the picked segments with the dispute for the translator, the admin and the editor', async () => {
    const [, second, third] = project.segments;
    const res = await dispute(customer, project.id, [
      { id: third.id, comment: '  "puerta" should be "porta" in Catalan  ' },
      { id: second.id },
    ]);
    expect(res.statusCode).toBe(200);
    expect((await projectRow(t.app, project.id)).status).toBe('DISPUTED');

    const expected = [
      { segmentId: second.id, ordinal: second.ordinal, source: second.source, target: 'Lea las notas.', comment: '' },
      {
        segmentId: third.id,
        ordinal: third.ordinal,
        source: third.source,
        target: 'Cierre la puerta.',
        comment: '"puerta" should be "porta" in Catalan',
      },
    ];
    for (const who of [tom, admin, customer]) {
      const answer = await listed(who, project.id);
      expect(answer.statusCode).toBe(200);
      expect((answer.json() as DisputedSegmentList).results).toEqual(expected);
    }
    expect((await listed(stranger, project.id)).statusCode).toBe(404);
    // the editor marks them
    expect((await job(tom, project.id)).disputed).toEqual([
      { segmentId: second.id, comment: '' },
      { segmentId: third.id, comment: '"puerta" should be "porta" in Catalan' },
    ]);
  });

  it('keeps a dispute without segments working as before', async () => {
    const plain = await deliveredProject();
    const res = await customer.api.postJson(`/api/2/projects/${plain.id}/dispute`, { reason: REASON });
    expect(res.statusCode).toBe(200);
    expect((await listed(tom, plain.id)).json()).toEqual({ results: [] });
  });
});
