import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUALITY_REPORT_TEXTS, reviewScore } from '@parlance/shared';
import { auditLog, projectReviews, qualityReports } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { authed, login, loginDemo } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  detailOf,
  newCustomer,
  newTranslator,
  paidProject,
  type Person,
  takeAndDeliver,
} from '../projects/projects-test-helpers';

// Quality report editors: the reviewer of a QA job writes a free and a detailed report on files of the
// reviewed project; staff read them; the review's score counts their errors; everyone else is kept out.

let t: TestApp;
let admin: Person;
let finance: Person;
let customer: Person;
let tom: Person; // translated the reviewed project
let rita: Person; // reviews it
let otto: Person; // a translator with no part in it
let reviewed: number;
let job: number;
let translationUuid: string;

const WORDS = 2000;

beforeAll(async () => {
  t = await createTestApp({}, { demo: true });
  const adminSession = await loginDemo(t.app, 'admin');
  admin = { session: adminSession, id: adminSession.user.id, api: authed(t.app, adminSession) };
  const financeSession = await login(t.app, 'finance@parlance.test', DEMO_PASSWORD);
  finance = { session: financeSession, id: financeSession.user.id, api: authed(t.app, financeSession) };
  customer = await newCustomer(t.app);
  tom = await newTranslator(t.app);
  rita = await newTranslator(t.app);
  otto = await newTranslator(t.app, { pairs: [['american-english', 'dutch']] });
  reviewed = await paidProject(t.app, customer, { words: WORDS });
  await takeAndDeliver(tom, reviewed);
  detailOf(await customer.api.post(`/api/2/projects/${reviewed}/approve`));
  const files = detailOf(await tom.api.get(`/api/2/projects/${reviewed}`)).files;
  translationUuid = files.find((f) => f.context === 'translation')?.uuid ?? '';
  job = detailOf(await admin.api.post(`/api/2/admin/projects/${reviewed}/review-jobs`, { kind: 'qa' })).id;
  expect((await rita.api.post(`/api/2/job/${job}/take`)).statusCode).toBe(200);
});

afterAll(async () => {
  await t?.close();
});

const query = (kind: string, uuid = translationUuid, projectId: number | string = job) =>
  `/api/2/quality-report?project_id=${projectId}&resource_uuid=${encodeURIComponent(uuid)}&kind=${kind}`;
const save = (who: Person, body: Record<string, unknown>) =>
  who.api.postJson('/api/2/quality-report', { project_id: job, resource_uuid: translationUuid, ...body });
const reportRows = () => t.database.db.select().from(qualityReports).where(eq(qualityReports.jobId, job));

const DETAILED = {
  kind: 'detailed',
  errors: [
    { category: 'Accuracy', severity: 'major', count: 2 },
    { category: 'Terminology', severity: 'minor', count: 3 },
  ],
  summary: 'Two mistranslated headings; glossary terms not used.',
};

describe('quality report editors', () => {
  it('opens empty and writable for the reviewer, with the file and the reviewed project', async () => {
    const res = await rita.api.get(query('detailed'));
    expect(res.statusCode).toBe(200);
    const { results } = res.json();
    expect(results).toMatchObject({
      report: null,
      readOnly: false,
      job: { id: job, kind: 'qa', status: 'IN_PROGRESS' },
      reviewedProject: { id: reviewed, wordCount: WORDS },
      file: { uuid: translationUuid },
    });
    expect(results.file.name).not.toBe('');
  });

  it('saves a detailed report and a free report; saving again replaces, never duplicates', async () => {
    const first = await save(rita, DETAILED);
    expect(first.statusCode).toBe(200);
    expect(first.json().results.report).toMatchObject({ kind: 'detailed', errors: DETAILED.errors });
    const again = await save(rita, { ...DETAILED, errors: [{ category: 'Accuracy', severity: 'major', count: 1 }] });
    expect(again.json().results.report.errors).toEqual([{ category: 'Accuracy', severity: 'major', count: 1 }]);
    expect(await reportRows()).toHaveLength(1);

    const free = await rita.api.postJson('/api/2/quality-report', {
      project_id: String(job),
      resource_uuid: translationUuid,
      kind: 'free',
      summary: 'The source has two unclear sentences; the translation handles them well.',
      errors: [{ category: 'General', severity: 'critical', count: 1 }],
    });
    expect(free.statusCode).toBe(200);
    expect((await reportRows()).map((r) => r.kind).sort()).toEqual(['detailed', 'free']);
    // each editor keeps its own report of the file
    expect((await rita.api.get(query('free'))).json().results.report).toMatchObject({
      kind: 'free',
      errors: [{ category: 'General', severity: 'critical', count: 1 }],
    });
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'quality-report.save'));
    expect(audits).toHaveLength(3);
    // put the detailed report back
    await save(rita, DETAILED);
  });

  it('refuses bad input with a message and saves nothing', async () => {
    const before = JSON.stringify(await reportRows());
    const cases: [Record<string, unknown>, number, string?][] = [
      [{ kind: 'free', summary: '', errors: [] }, 400, QUALITY_REPORT_TEXTS.freeNeedsText],
      [{ kind: 'free', summary: 'ok', errors: [{ category: 'Accuracy', severity: 'minor', count: 1 }] }, 400],
      [{ kind: 'detailed', errors: [{ category: 'General', severity: 'minor', count: 1 }] }, 400],
      [{ kind: 'detailed', errors: [{ category: 'Accuracy', severity: 'fatal', count: 1 }] }, 400],
      [{ kind: 'detailed', errors: [{ category: 'Accuracy', severity: 'minor', count: 0 }] }, 400],
      [{ kind: 'detailed', errors: [{ category: 'Accuracy', severity: 'minor', count: 1000 }] }, 400],
      [{ kind: 'detailed', summary: 'x'.repeat(5001) }, 400, QUALITY_REPORT_TEXTS.summaryLength],
      [{ kind: 'other' }, 400],
      [{ kind: 'detailed', resource_uuid: '' }, 400],
      [{ kind: 'detailed', resource_uuid: 'no-such-file' }, 404, QUALITY_REPORT_TEXTS.notFound],
      [{ kind: 'detailed', resource_uuid: 's999999' }, 404, QUALITY_REPORT_TEXTS.notFound],
      [{ kind: 'detailed', project_id: 'abc' }, 400],
      [{ kind: 'detailed', project_id: reviewed }, 404, QUALITY_REPORT_TEXTS.notFound],
      [{ kind: 'detailed', project_id: 999_999 }, 404, QUALITY_REPORT_TEXTS.notFound],
    ];
    for (const [body, status, message] of cases) {
      const res = await save(rita, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      if (message) expect(res.json().message).toBe(message);
    }
    expect(JSON.stringify(await reportRows())).toBe(before);
  });

  it('staff read it read-only; the translator, the customer and outsiders get 404; guests 401', async () => {
    for (const staff of [finance, admin]) {
      const res = await staff.api.get(query('detailed'));
      expect(res.statusCode).toBe(200);
      expect(res.json().results).toMatchObject({ readOnly: true, report: { errors: DETAILED.errors } });
      const write = await save(staff, DETAILED);
      expect(write.statusCode).toBe(403);
      expect(write.json().message).toBe(QUALITY_REPORT_TEXTS.readOnly);
    }
    for (const outsider of [tom, customer, otto]) {
      expect((await outsider.api.get(query('detailed'))).statusCode).toBe(404);
      expect((await save(outsider, DETAILED)).statusCode).toBe(404);
      expect((await outsider.api.get(`/api/2/projects/${job}/quality-reports`)).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: query('detailed') })).statusCode).toBe(401);
  });

  it("the review's score counts the reports' errors; afterwards the reports are read-only", async () => {
    const listed = (await rita.api.get(`/api/2/projects/${job}/quality-reports`)).json().results;
    expect(listed.reports).toHaveLength(2);
    expect(listed.errors).toEqual([
      { category: 'Accuracy', severity: 'major', count: 2 },
      { category: 'Terminology', severity: 'minor', count: 3 },
      { category: 'General', severity: 'critical', count: 1 },
    ]);
    const form = [{ category: 'Accuracy' as const, severity: 'major' as const, count: 1 }];
    const res = await rita.api.postJson(`/api/2/projects/${job}/review`, {
      errors: form,
      comment: 'See the quality reports of both files.',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(projectReviews).where(eq(projectReviews.jobId, job));
    const all = [
      { category: 'Accuracy', severity: 'major', count: 3 },
      { category: 'Terminology', severity: 'minor', count: 3 },
      { category: 'General', severity: 'critical', count: 1 },
    ];
    expect(row.errors).toEqual(all);
    // 3 x 5 + 3 x 1 + 1 x 10 = 28 penalty points over 2,000 words: 1000 - 10 x 14 = 860
    expect(row.score).toBe(reviewScore(all, WORDS));
    expect(row.score).toBe(860);

    const after = await rita.api.get(query('detailed'));
    expect(after.json().results.readOnly).toBe(true);
    const late = await save(rita, DETAILED);
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe(QUALITY_REPORT_TEXTS.readOnly);
  });
});
