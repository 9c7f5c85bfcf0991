import { and, eq } from 'drizzle-orm';
import type { Response } from 'light-my-request';
import type { ProjectDetail } from '@parlance/shared';
import type { App } from '../../platform/services';
import { projects, translatorExpertises, translatorLanguagePairs, translatorProfiles } from '../../db/schema';
import { hashRequest } from '../../platform/ledger';
import { authed, signUp, type TestSession } from '../../test/auth-helpers';
import { computeCart } from '../cart/cart';
import { addCartOrder, giveCredits, type TestOrder } from '../cart/cart-test-helpers';
import { payCartWithCredits } from '../cart/pay-with-credits';
import { multipart, type UploadFile } from '../wizard/wizard-test-helpers';

// Helpers of the project lifecycle's API tests: people with skills, paid projects, deliveries.

export interface Person {
  session: TestSession;
  id: number;
  api: ReturnType<typeof authed>;
}

export async function newCustomer(app: App, credits = 1_000_000): Promise<Person> {
  const session = await signUp(app, { user_type: 'client' });
  if (credits > 0) await giveCredits(app.deps.db, session.user.id, credits);
  return { session, id: session.user.id, api: authed(app, session) };
}

export interface Skills {
  pairs?: [string, string][];
  expertises?: string[];
  level?: number;
  isEditor?: boolean;
  active?: boolean;
}

/** A translator with language pairs (default American English -> Spanish) and a profile. */
export async function newTranslator(app: App, skills: Skills = {}): Promise<Person> {
  const session = await signUp(app, { user_type: 'translator' });
  const id = session.user.id;
  const db = app.deps.db;
  const pairs = skills.pairs ?? [['american-english', 'spanish']];
  if (pairs.length > 0) {
    await db
      .insert(translatorLanguagePairs)
      .values(pairs.map(([sourceLanguage, targetLanguage]) => ({ userId: id, sourceLanguage, targetLanguage })));
  }
  if (skills.expertises?.length) {
    await db.insert(translatorExpertises).values(skills.expertises.map((expertise) => ({ userId: id, expertise })));
  }
  await db.insert(translatorProfiles).values({
    userId: id,
    level: skills.level ?? 1,
    isEditor: skills.isEditor ?? false,
    active: skills.active ?? true,
  });
  return { session, id, api: authed(app, session) };
}

let payments = 0;
/** Orders and pays (with credits, through the real payment service); answers the new project ids. */
export async function paidProjects(app: App, customer: Person, order: TestOrder = {}): Promise<number[]> {
  const db = app.deps.db;
  await addCartOrder(db, customer.id, order);
  const now = app.deps.clock.now();
  const cart = await computeCart(db, customer.id, now);
  payments += 1;
  const result = await payCartWithCredits(
    db,
    {
      userId: customer.id,
      ck: cart.ck,
      idempotencyKey: `test-pay-${payments}`,
      requestHash: hashRequest({ test: payments, ck: cart.ck }),
      now,
    },
    { bus: app.deps.bus, mailer: app.deps.mailer, logger: app.deps.logger, publicUrl: app.deps.config.publicUrl },
  );
  return result.body.projects.map((p) => p.id);
}

export async function paidProject(app: App, customer: Person, order: TestOrder = {}): Promise<number> {
  const [id] = await paidProjects(app, customer, { targets: ['spanish'], ...order });
  return id;
}

export async function projectRow(app: App, id: number) {
  const [row] = await app.deps.db.select().from(projects).where(eq(projects.id, id));
  return row;
}

export async function setStatus(app: App, id: number, status: (typeof projects.$inferSelect)['status']) {
  await app.deps.db
    .update(projects)
    .set({ status })
    .where(and(eq(projects.id, id)));
}

export function detailOf(res: Response): ProjectDetail {
  if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode}: ${res.body}`);
  return res.json() as ProjectDetail;
}

/** POST /api/2/projects/{id}/deliver with these files. */
export function deliver(person: Person, projectId: number, files: UploadFile[]) {
  const body = multipart({}, files);
  return person.api.inject({
    method: 'POST',
    url: `/api/2/projects/${projectId}/deliver`,
    payload: body.payload,
    headers: body.headers,
  });
}

export const TRANSLATION_FILE: UploadFile = { filename: 'translation.docx', content: 'PK translated words' };

/** Takes and delivers: the project ends READY (or IN_REVIEW with an editing step). */
export async function takeAndDeliver(translator: Person, projectId: number): Promise<ProjectDetail> {
  detailOf(await translator.api.post(`/api/2/job/${projectId}/take`));
  return detailOf(await deliver(translator, projectId, [TRANSLATION_FILE]));
}
