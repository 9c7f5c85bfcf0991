import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProjectDetail, type ProjectRow, REVIEW_TEXTS, reviewScore } from '@parlance/shared';
import { auditLog, projectEvents, projectReviews, projects, realtimeEvents } from '../../db/schema';
import { authed, loginDemo } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  deliver,
  detailOf,
  newCustomer,
  newTranslator,
  paidProject,
  type Person,
  projectRow,
  TRANSLATION_FILE,
  takeAndDeliver,
} from './projects-test-helpers';

// QA and LL review jobs: an admin opens one over a completed project, a matching translator who
// did not work on it takes it, reads the reviewed project and its files, and submits the score.

let t: TestApp;
let admin: Person;
let customer: Person;
let tom: Person; // translated the reviewed project
let rita: Person; // reviews it
let otto: Person; // another matching translator
let dora: Person; // another language pair
let reviewed: number;
let translationFileId: string;

beforeAll(async () => {
  t = await createTestApp({}, { demo: true });
  const session = await loginDemo(t.app, 'admin');
  admin = { session, id: session.user.id, api: authed(t.app, session) };
  customer = await newCustomer(t.app);
  tom = await newTranslator(t.app);
  rita = await newTranslator(t.app);
  otto = await newTranslator(t.app);
  dora = await newTranslator(t.app, { pairs: [['american-english', 'dutch']] });
  reviewed = await paidProject(t.app, customer, { words: 2000 });
  await takeAndDeliver(tom, reviewed);
  detailOf(await customer.api.post(`/api/2/projects/${reviewed}/approve`));
  const files = detailOf(await tom.api.get(`/api/2/projects/${reviewed}`)).files;
  const translation = files.find((f) => f.context === 'translation');
  if (!translation) throw new Error('no delivered file');
  translationFileId = translation.id;
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const createJob = (who: Person, projectId: number, kind: string) =>
  who.api.post(`/api/2/admin/projects/${projectId}/review-jobs`, { kind });
const review = (who: Person, jobId: number, body: unknown) => who.api.postJson(`/api/2/projects/${jobId}/review`, body);

let qaJob: number;

describe('POST /api/2/admin/projects/{id}/review-jobs', () => {
  it('is for admins only (customers and translators: 404)', async () => {
    expect((await createJob(customer, reviewed, 'qa')).statusCode).toBe(404);
    expect((await createJob(tom, reviewed, 'qa')).statusCode).toBe(404);
    const guest = await t.app.inject({
      method: 'POST',
      url: `/api/2/admin/projects/${reviewed}/review-jobs`,
      payload: { kind: 'qa' },
    });
    expect(guest.statusCode).toBe(401);
  });

  it('refuses a bad kind, an unknown project and a project that is not completed', async () => {
    const bad = await createJob(admin, reviewed, 'cqr');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('kind');
    expect((await createJob(admin, 999_999, 'qa')).statusCode).toBe(404);
    const running = await paidProject(t.app, customer);
    const refused = await createJob(admin, running, 'qa');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(REVIEW_TEXTS.notReviewable);
  });

  it('opens a PENDING job over a completed project, audited, on the timeline and announced', async () => {
    const job = detailOf(await createJob(admin, reviewed, 'qa'));
    qaJob = job.id;
    const source = await projectRow(t.app, reviewed);
    expect(job).toMatchObject({
      kind: 'qa',
      status: 'PENDING',
      name: `QA review: ${source.name}`,
      reviewedProjectId: reviewed,
      sourceLanguage: source.sourceLanguage,
      targetLanguage: source.targetLanguage,
      wordCount: 2000,
      priceCredits: 0,
      viewerRole: 'admin',
      review: null,
    });
    const row = await projectRow(t.app, job.id);
    expect(row.customerId).toBe(admin.id);
    // the reviewed project's customer never sees the job
    expect((await customer.api.get(`/api/2/projects/${job.id}`)).statusCode).toBe(404);
    const own = (await customer.api.get('/api/2/account/customer-projects?perPage=100')).json();
    expect(own.data.map((p: { id: number }) => p.id)).not.toContain(job.id);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, 'project.review-job'));
    expect(entry).toMatchObject({ actorId: admin.id, targetId: String(job.id) });
    const timeline = await db().select().from(projectEvents).where(eq(projectEvents.projectId, job.id));
    expect(timeline.map((e) => [e.action, e.toStatus])).toEqual([['create-review-job', 'PENDING']]);
    const opened = await db()
      .select()
      .from(realtimeEvents)
      .where(and(eq(realtimeEvents.type, 'project.opened'), eq(realtimeEvents.role, 'translator')));
    expect(opened.some((e) => e.payload.projectId === job.id)).toBe(true);
    // the admin sees the button on the completed project, not on the job
    expect(detailOf(await admin.api.get(`/api/2/projects/${reviewed}`)).actions).toContain('create-review-job');
    expect(job.actions).not.toContain('create-review-job');
  });

  it('refuses a second open job of the same kind, allows the other kind, never reviews a review job', async () => {
    const again = await createJob(admin, reviewed, 'qa');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REVIEW_TEXTS.reviewJobExists);
    const ll = detailOf(await createJob(admin, reviewed, 'll'));
    expect(ll).toMatchObject({ kind: 'll', name: expect.stringMatching(/^LL review: /), reviewedProjectId: reviewed });
    expect((await createJob(admin, qaJob, 'qa')).statusCode).toBe(409);
  });
});

describe('taking a review job', () => {
  it('is offered to matching translators, never to the reviewed translator', async () => {
    const qaList = (who: Person) =>
      who.api.get('/api/2/account/project/qa').then((r) => (r.json() as { data: ProjectRow[] }).data.map((p) => p.id));
    expect(await qaList(rita)).toContain(qaJob);
    expect(await qaList(tom)).not.toContain(qaJob);
    expect(await qaList(dora)).not.toContain(qaJob);
    const asCandidate = detailOf(await rita.api.get(`/api/2/projects/${qaJob}`));
    expect(asCandidate).toMatchObject({ viewerRole: 'candidate', actions: ['take'], reviewedProjectId: reviewed });
    expect((await tom.api.get(`/api/2/projects/${qaJob}`)).statusCode).toBe(404);
    // before taking it, the candidate cannot read the reviewed project
    expect((await rita.api.get(`/api/2/projects/${reviewed}`)).statusCode).toBe(404);
  });

  it('refuses the reviewed translator, another pair and a customer', async () => {
    const own = await tom.api.post(`/api/2/job/${qaJob}/take`);
    expect(own.statusCode).toBe(403);
    expect((await dora.api.post(`/api/2/job/${qaJob}/take`)).statusCode).toBe(403);
    expect((await customer.api.post(`/api/2/job/${qaJob}/take`)).statusCode).toBe(404);
    expect((await projectRow(t.app, qaJob)).translatorId).toBeNull();
  });

  it('gives the job to one of two translators taking at once', async () => {
    const [a, b] = await Promise.all([
      rita.api.post(`/api/2/job/${qaJob}/take`),
      otto.api.post(`/api/2/job/${qaJob}/take`),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const row = await projectRow(t.app, qaJob);
    const winner = row.translatorId === rita.id ? rita : otto;
    if (winner !== rita) {
      // the rest of the suite reviews as Rita: give her the job the way an admin would
      await db().update(projects).set({ translatorId: rita.id }).where(eq(projects.id, qaJob));
    }
    expect(row.status).toBe('IN_PROGRESS');
    expect(row.translatorEarningsCredits).toBe(0);
    const mine = detailOf(await rita.api.get(`/api/2/projects/${qaJob}`));
    expect(mine.viewerRole).toBe('translator');
    // the reviewer marks errors on the reviewed project's segments in the editor, then submits
    expect(mine.actions).toEqual(['open-editor', 'review', 'message']);
    // a review being worked on reads as Underway, not as a translation in progress
    expect(mine).toMatchObject({ status: 'IN_PROGRESS', statusLabel: 'Underway' });
  });

  it('is not delivered like a translation', async () => {
    expect((await deliver(rita, qaJob, [TRANSLATION_FILE])).statusCode).toBe(403);
  });
});

describe('the reviewer reads the reviewed project', () => {
  it('sees it read-only with its files, and may open them; others still get 404', async () => {
    const view = detailOf(await rita.api.get(`/api/2/projects/${reviewed}`));
    expect(view.viewerRole).toBe('reviewer');
    expect(view.actions).toEqual([]);
    expect(view.files.map((f) => f.context)).toContain('translation');
    expect(view.messages).toEqual([]);
    expect(view.events).toEqual([]);
    expect(view.earningsCredits).toBeUndefined();
    const file = await rita.api.get(`/api/2/resources/${translationFileId}`);
    expect(file.statusCode).toBe(200);
    expect(file.json().download_url).toMatch(/\/file\?token=/);
    expect((await otto.api.get(`/api/2/projects/${reviewed}`)).statusCode).toBe(404);
    expect((await otto.api.get(`/api/2/resources/${translationFileId}`)).statusCode).toBe(404);
  });
});

describe('POST /api/2/projects/{id}/review', () => {
  const good = {
    errors: [
      { category: 'Accuracy', severity: 'minor', count: 2 },
      { category: 'Terminology', severity: 'major', count: 1 },
      { category: 'Style', severity: 'critical', count: 1 },
    ],
    comment: 'Accurate overall; one term and one mistranslated heading.',
  };

  it('answers field errors for bad inputs', async () => {
    const noComment = await review(rita, qaJob, { errors: [] });
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json().errors).toHaveProperty('comment');
    const short = await review(rita, qaJob, { errors: [], comment: '  x ' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.comment).toBe(REVIEW_TEXTS.commentLength);
    const zero = await review(rita, qaJob, {
      ...good,
      errors: [{ category: 'Accuracy', severity: 'minor', count: 0 }],
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors).toHaveProperty(['errors.0.count']);
    const category = await review(rita, qaJob, {
      ...good,
      errors: [{ category: 'Grammar', severity: 'minor', count: 1 }],
    });
    expect(category.json().errors).toHaveProperty(['errors.0.category']);
    const severity = await review(rita, qaJob, {
      ...good,
      errors: [{ category: 'Style', severity: 'fatal', count: 1 }],
    });
    expect(severity.json().errors).toHaveProperty(['errors.0.severity']);
    const tooMany = await review(rita, qaJob, {
      ...good,
      errors: Array.from({ length: 51 }, () => ({ category: 'Style', severity: 'minor', count: 1 })),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toHaveProperty('errors');
    expect(await db().select().from(projectReviews).where(eq(projectReviews.jobId, qaJob))).toHaveLength(0);
  });

  it('is for the job reviewer only: 404 for outsiders, 404 for the reviewed project customer, 403 for admins', async () => {
    expect((await review(tom, qaJob, good)).statusCode).toBe(404);
    expect((await review(otto, qaJob, good)).statusCode).toBe(404);
    expect((await review(customer, qaJob, good)).statusCode).toBe(404);
    expect((await review(admin, qaJob, good)).statusCode).toBe(403);
    // not a review job at all
    const row = await projectRow(t.app, reviewed);
    expect(row.translatorId).toBe(tom.id);
    expect((await review(tom, reviewed, good)).statusCode).toBe(409);
  });

  it('scores out of 1000 as documented, completes the job, and a double submit writes one review', async () => {
    // 2 minor + 1 major + 1 critical = 2 + 5 + 10 = 17 penalty points over 2,000 words
    // = 8.5 points per 1,000 words; 1000 - 10 × 8.5 = 915
    const [a, b] = await Promise.all([review(rita, qaJob, good), review(rita, qaJob, good)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const done = (a.statusCode === 200 ? a : b).json() as ProjectDetail;
    expect(done.status).toBe('COMPLETED');
    expect(done.actions).not.toContain('review');
    expect(done.review).toEqual({ score: 915, errors: good.errors, comment: good.comment });
    const rows = await db().select().from(projectReviews).where(eq(projectReviews.jobId, qaJob));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      projectId: reviewed,
      reviewerId: rita.id,
      translatorId: tom.id,
      kind: 'qa',
      score: 915,
    });
    expect((await review(rita, qaJob, good)).statusCode).toBe(409);
    const timeline = await db().select().from(projectEvents).where(eq(projectEvents.projectId, qaJob));
    expect(timeline.map((e) => e.action)).toEqual(['create-review-job', 'take', 'review']);
    // the job's page shows the review to the admin too; the reviewer still reads the reviewed project
    expect(detailOf(await admin.api.get(`/api/2/projects/${qaJob}`)).review?.score).toBe(915);
    expect(detailOf(await rita.api.get(`/api/2/projects/${reviewed}`)).viewerRole).toBe('reviewer');
  });

  it("puts the score in the reviewed translator's Reviewed by QA/LL list", async () => {
    const res = await tom.api.get('/api/2/account/translator-qa-ll-projects');
    const list = res.json() as { data: (ProjectRow & { reviews: { kind: string; score: number }[] })[] };
    const row = list.data.find((r) => r.id === reviewed);
    expect(row?.reviews).toEqual([expect.objectContaining({ kind: 'qa', score: 915 })]);
  });

  it('scores an empty table 1000 and floors at 0', async () => {
    expect(reviewScore([], 2000)).toBe(1000);
    expect(reviewScore([{ severity: 'minor', count: 1 }], 1000)).toBe(990);
    expect(reviewScore([{ severity: 'major', count: 3 }], 1500)).toBe(900);
    expect(reviewScore([{ severity: 'critical', count: 999 }], 1000)).toBe(0);
    expect(reviewScore([{ severity: 'minor', count: 1 }], 0)).toBe(0);
    expect(reviewScore([{ severity: 'minor', count: 1 }], 3000)).toBe(997); // 996.67 rounds up
  });
});

describe('the API document', () => {
  it('describes the review calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/2/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toContain('/api/2/admin/projects/{id}/review-jobs');
    expect(paths).toContain('/api/2/projects/{id}/review');
  });
});
