import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CERTIFICATE_NUMBER_PATTERN,
  CERTIFICATE_TEXTS,
  PROJECT_LIMITS,
  type ProjectCertificate,
  STAFF_GROUPS,
} from '@parlance/shared';
import { aclGroups, auditLog, certificates, projectResources, projects, userAclGroups, users } from '../../db/schema';
import { hashPassword } from '../../platform/passwords';
import { extractPdf } from '../../platform/documents/formats/pdf';
import { authed, login, TEST_PASSWORD, uniqueEmail } from '../../test/auth-helpers';
import { CapturingMailer, createTestApp, type TestApp } from '../../test/harness';
import {
  deliver,
  detailOf,
  newCustomer,
  newTranslator,
  paidProject,
  type Person,
  TRANSLATION_FILE,
  takeAndDeliver,
} from '../projects/projects-test-helpers';
import { autoComplete } from '../projects/timed-moves';

let t: TestApp;
let mailer: CapturingMailer;
let admin: Person;
let support: Person;

/** A staff member in one group (a language manager holds projects.write; support does not). */
async function staffUser(group: string): Promise<Person> {
  const email = uniqueEmail('staff');
  const db = t.app.deps.db;
  const [u] = await db
    .insert(users)
    .values({
      type: 'admin',
      isAdmin: false,
      email,
      name: 'Lena Staff',
      passwordHash: await hashPassword(TEST_PASSWORD, 'fast'),
    })
    .returning();
  const [g] = await db.select().from(aclGroups).where(eq(aclGroups.name, group));
  await db.insert(userAclGroups).values({ userId: u.id, groupId: g.id });
  const session = await login(t.app, email, TEST_PASSWORD);
  return { session, id: u.id, api: authed(t.app, session) };
}

beforeAll(async () => {
  mailer = new CapturingMailer();
  t = await createTestApp({}, { mailer });
  admin = await staffUser(STAFF_GROUPS.languageManager);
  support = await staffUser(STAFF_GROUPS.support);
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const certificatesOf = (projectId: number) =>
  db().select().from(certificates).where(eq(certificates.projectId, projectId));
const guestGet = (url: string) => t.app.inject({ method: 'GET', url });

/** A certified project taken and delivered by a new translator; answers its people and id. */
async function deliveredCertified(certificate = true) {
  const customer = await newCustomer(t.app);
  const translator = await newTranslator(t.app);
  const id = await paidProject(t.app, customer, { certificate, name: 'Birth certificate' });
  await takeAndDeliver(translator, id);
  return { customer, translator, id };
}

async function certificateOf(person: Person, projectId: number): Promise<ProjectCertificate['certificate']> {
  const res = await person.api.get(`/api/2/projects/${projectId}/certificate`);
  expect(res.statusCode).toBe(200);
  return (res.json() as ProjectCertificate).certificate;
}

describe('issuing', () => {
  it('issues one certificate when the customer approves, also on a double approve, and mails the PDF', async () => {
    const { customer, translator, id } = await deliveredCertified();
    expect(await certificateOf(customer, id)).toBeNull();

    detailOf(await customer.api.post(`/api/2/projects/${id}/approve`));
    detailOf(await customer.api.post(`/api/2/projects/${id}/approve`));

    const rows = await certificatesOf(id);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row.number).toMatch(CERTIFICATE_NUMBER_PATTERN);
    expect(row.number.startsWith(`PC-${t.clock.now().getUTCFullYear()}-`)).toBe(true);
    expect(row.translatorId).toBe(translator.id);
    expect(row.files).toEqual([
      {
        name: TRANSLATION_FILE.filename,
        size: Buffer.byteLength(TRANSLATION_FILE.content as string),
        sha256: sha256(TRANSLATION_FILE.content as string),
      },
    ]);

    const seen = await certificateOf(customer, id);
    expect(seen).toMatchObject({
      number: row.number,
      status: 'valid',
      sourceLanguage: 'American English',
      targetLanguage: 'Spanish',
    });
    expect(seen?.verifyUrl).toBe(`${t.app.deps.config.publicUrl}/certificate/${row.number}`);
    // the translator sees it too
    expect((await certificateOf(translator, id))?.number).toBe(row.number);

    const mails = mailer.sent.filter(
      (m) => m.to === customer.session.user.email && m.preference?.flag === 'project_signed',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Certificate of translation accuracy for "Birth certificate"');
    expect(mails[0].attachments?.[0]).toMatchObject({ filename: `${row.number}.pdf`, contentType: 'application/pdf' });
    expect(mails[0].text).toContain(`/certificate/${row.number}`);
  });

  it('puts the number, languages, statement, files with their SHA-256 and the verify address in the PDF', async () => {
    const { customer, translator, id } = await deliveredCertified();
    detailOf(await customer.api.post(`/api/2/projects/${id}/approve`));
    const [row] = await certificatesOf(id);

    const res = await customer.api.get(`/api/2/projects/${id}/certificate/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { text } = await extractPdf(new Uint8Array(res.rawPayload));
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Certificate of Translation Accuracy');
    expect(flat).toContain(row.number);
    expect(flat).toContain('American English into Spanish');
    expect(flat).toContain(`I, ${translator.session.user.name}, certify`);
    expect(flat).toContain(TRANSLATION_FILE.filename);
    expect(flat).toContain(sha256(TRANSLATION_FILE.content as string));
    expect(flat).toContain(`${t.app.deps.config.publicUrl}/certificate/${row.number}`);
    expect(flat).toContain(row.issuedAt.toISOString().slice(0, 10));

    // the mailed attachment is the same document
    const mail = mailer.sent.find((m) => m.attachments?.[0]?.filename === `${row.number}.pdf`);
    const mailed = await extractPdf(new Uint8Array(mail?.attachments?.[0].content ?? Buffer.alloc(0)));
    expect(mailed.text.replace(/\s+/g, ' ')).toContain(sha256(TRANSLATION_FILE.content as string));
  });

  it('issues none for a project ordered without the certificate', async () => {
    const { customer, id } = await deliveredCertified(false);
    detailOf(await customer.api.post(`/api/2/projects/${id}/approve`));
    expect(await certificatesOf(id)).toHaveLength(0);
    expect(await certificateOf(customer, id)).toBeNull();
    expect((await customer.api.get(`/api/2/projects/${id}/certificate/pdf`)).statusCode).toBe(404);
  });

  it('issues it when the project completes by itself, hashing every delivered file', async () => {
    const customer = await newCustomer(t.app);
    const translator = await newTranslator(t.app);
    const id = await paidProject(t.app, customer, { certificate: true });
    detailOf(await translator.api.post(`/api/2/job/${id}/take`));
    detailOf(
      await deliver(translator, id, [
        { filename: 'a.txt', content: 'first words' },
        { filename: 'b.txt', content: 'more words' },
      ]),
    );
    t.clock.advance(PROJECT_LIMITS.autoCompleteAfterMs + 60_000);
    const deps = t.app.deps;
    await autoComplete(
      {
        db: deps.db,
        bus: deps.bus,
        mailer,
        logger: deps.logger,
        publicUrl: deps.config.publicUrl,
        storage: deps.storage,
      },
      t.clock.now(),
    );
    const [row] = await certificatesOf(id);
    expect(row.files.map((f) => [f.name, f.sha256])).toEqual([
      ['a.txt', sha256('first words')],
      ['b.txt', sha256('more words')],
    ]);
    expect(mailer.sent.some((m) => m.attachments?.[0]?.filename === `${row.number}.pdf`)).toBe(true);
  });

  it('shows the certificate to nobody outside the project', async () => {
    const { customer, id } = await deliveredCertified();
    detailOf(await customer.api.post(`/api/2/projects/${id}/approve`));
    const stranger = await newCustomer(t.app, 0);
    expect((await stranger.api.get(`/api/2/projects/${id}/certificate`)).statusCode).toBe(404);
    expect((await stranger.api.get(`/api/2/projects/${id}/certificate/pdf`)).statusCode).toBe(404);
    expect((await guestGet(`/api/2/projects/${id}/certificate/pdf`)).statusCode).toBe(401);
  });
});

describe('verifying', () => {
  it('lets a guest verify by number: languages, files and SHA-256, date, translator, no private content', async () => {
    const { customer, translator, id } = await deliveredCertified();
    detailOf(await customer.api.post(`/api/2/projects/${id}/approve`));
    const [row] = await certificatesOf(id);

    const res = await guestGet(`/api/2/certificates/${row.number.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      number: row.number,
      status: 'valid',
      issuedAt: row.issuedAt.toISOString(),
      revokedAt: null,
      projectReference: `Project #${id}`,
      translatorName: translator.session.user.name,
      sourceLanguage: 'American English',
      targetLanguage: 'Spanish',
      files: [
        {
          name: TRANSLATION_FILE.filename,
          size: row.files[0].size,
          sha256: sha256(TRANSLATION_FILE.content as string),
        },
      ],
      statement: expect.stringContaining('true, complete and accurate translation'),
    });
    expect(res.body).not.toContain(customer.session.user.email);
    expect(res.body).not.toContain('Birth certificate');
  });

  it('answers an unknown or malformed number 404 with the plain sentence', async () => {
    for (const number of ['PC-2026-2222-2222', 'nothing', "PC-2026-'; DROP", 'x'.repeat(40)]) {
      const res = await guestGet(`/api/2/certificates/${encodeURIComponent(number)}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: CERTIFICATE_TEXTS.notFound });
    }
    expect((await guestGet(`/api/2/certificates/${'x'.repeat(41)}`)).statusCode).toBe(400);
  });
});

describe('revoking', () => {
  it('lets staff with projects.write revoke with a reason, audited once; a second revoke answers the first', async () => {
    const { customer, translator, id } = await deliveredCertified();
    detailOf(await customer.api.post(`/api/2/projects/${id}/approve`));
    const [row] = await certificatesOf(id);
    const url = `/api/2/admin/certificates/${row.number}/revoke`;

    expect((await customer.api.postJson(url, { reason: 'mine' })).statusCode).toBe(404);
    expect((await translator.api.postJson(url, { reason: 'mine' })).statusCode).toBe(404);
    // staff without projects.write read, but may not revoke
    expect((await support.api.postJson(url, { reason: 'mine' })).statusCode).toBe(403);
    expect((await certificateOf(support, id))?.status).toBe('valid');
    const empty = await admin.api.postJson(url, { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(CERTIFICATE_TEXTS.revokeReasonRequired);
    expect(
      (await admin.api.postJson('/api/2/admin/certificates/PC-2026-2222-2222/revoke', { reason: 'x' })).statusCode,
    ).toBe(404);

    const first = await admin.api.postJson(url, { reason: 'The source document was forged' });
    expect(first.statusCode).toBe(200);
    const revoked = (first.json() as ProjectCertificate).certificate;
    expect(revoked).toMatchObject({ status: 'revoked', revokeReason: 'The source document was forged' });
    t.clock.advance(60_000);
    const second = await admin.api.postJson(url, { reason: 'Another reason' });
    expect(second.statusCode).toBe(200);
    expect((second.json() as ProjectCertificate).certificate).toEqual(revoked);

    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'certificate.revoke'), eq(auditLog.targetId, String(id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: admin.id, targetType: 'project' });
    expect(audits[0].details).toEqual({ number: row.number, reason: 'The source document was forged' });

    const pub = (await guestGet(`/api/2/certificates/${row.number}`)).json();
    expect(pub).toMatchObject({ status: 'revoked', revokedAt: revoked?.revokedAt });
    expect(JSON.stringify(pub)).not.toContain('forged');
  });
});

describe('a missing delivered file', () => {
  it('refuses the approval plainly and changes nothing, rather than certify an unknown file', async () => {
    const { customer, id } = await deliveredCertified();
    const [resource] = await db().select().from(projectResources).where(eq(projectResources.projectId, id));
    await t.app.deps.storage.delete(resource.storageId);
    const res = await customer.api.post(`/api/2/projects/${id}/approve`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: expect.stringContaining('certificate cannot be issued') });
    expect(await certificatesOf(id)).toHaveLength(0);
    expect((await t.app.deps.db.select().from(projects).where(eq(projects.id, id)))[0].status).toBe('READY');
  });
});
