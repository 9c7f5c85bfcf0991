import type { APIRequestContext } from '@playwright/test';
import { type Account, csrfHeaders, expect, type NewAccount } from './fixtures';
import { makeDocx } from './ordering-helpers';
import { putOrderInCart, type SourceFile } from './purchase';

// Projects of a test's own, made through the calls the screens make (the screens have journeys of
// their own): a customer's paid order, taken and delivered by a translator, approved by the
// customer; and a QA or LL job an admin opens over it. So a test that needs a project in some
// status never takes, delivers or approves one of the demo accounts' projects, which other tests read.

/** A delivered file: its name and text. */
export interface DeliveredFile {
  name: string;
  text: string;
  /** the file's bytes instead of `text` (a translated Word file), with their type */
  buffer?: Buffer;
  mimeType?: string;
}

export type ProjectStage = 'paid' | 'taken' | 'delivered' | 'completed';

export interface ProjectOrder {
  /** the project's name (unique by default) */
  name?: string;
  /** the word count of the order (General expertise) */
  words?: number;
  /** the target language's slug (from American English): french by default */
  target?: string;
  /** how far the project goes: paid (Pending Linguist), taken, delivered or completed */
  stage?: ProjectStage;
  /** the files the translator delivers (one small .txt by default) */
  files?: DeliveredFile[];
  /** a source file to order the translation of (its words are counted) instead of a typed count */
  source?: SourceFile;
}

export interface OwnProject {
  id: number;
  name: string;
  words: number;
  files: DeliveredFile[];
}

async function ok(what: string, res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<void> {
  expect(res.ok(), `${what} answered ${res.status()} ${await res.text()}`).toBeTruthy();
}

/**
 * Pays the customer's cart with credits as the cart's "Pay with credits" does (POST
 * /ajax/cart/translateNow with the cart key); answers the new projects' ids.
 */
export async function payCartWithCredits(api: APIRequestContext): Promise<number[]> {
  const cart = await api.get('/api/2/cart/all');
  expect(cart.ok(), `GET /api/2/cart/all answered ${cart.status()}`).toBeTruthy();
  const { ck } = ((await cart.json()) as { results: { ck: string } }).results;
  const key = `pay-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const paid = await api.post('/ajax/cart/translateNow', {
    headers: { ...(await csrfHeaders(api)), 'idempotency-key': key },
    multipart: { ck, idempotency_key: key },
  });
  await ok('paying the cart with credits', paid);
  return ((await paid.json()) as { projects: { id: number }[] }).projects.map((p) => p.id);
}

/** The translator takes the job (POST /api/2/job/{id}/take), as "Take this project" does. */
export async function takeJob(api: APIRequestContext, id: number): Promise<void> {
  await ok(`taking job ${id}`, await api.post(`/api/2/job/${id}/take`, { headers: await csrfHeaders(api) }));
}

/** The translator delivers files (multipart POST /api/2/projects/{id}/deliver), as the Deliver dialog does. */
export async function deliverFiles(api: APIRequestContext, id: number, files: DeliveredFile[]): Promise<void> {
  // Playwright's multipart takes one value per field name: the dialog sends each file as `file`,
  // so the form is built by hand for several
  const form = new FormData();
  for (const f of files) {
    const body = f.buffer ? new Uint8Array(f.buffer) : f.text;
    form.append('file', new Blob([body], { type: f.mimeType ?? 'text/plain' }), f.name);
  }
  const res = await api.post(`/api/2/projects/${id}/deliver`, { headers: await csrfHeaders(api), multipart: form });
  await ok(`delivering project ${id}`, res);
}

/** The customer approves the delivered work (POST /api/2/projects/{id}/approve). */
export async function approveProject(api: APIRequestContext, id: number): Promise<void> {
  await ok(
    `approving project ${id}`,
    await api.post(`/api/2/projects/${id}/approve`, { headers: await csrfHeaders(api) }),
  );
}

/**
 * A project of the customer's own, American English -> French (or `target`), brought to `stage` (completed by
 * default) by the translator, who must have that pair. The customer needs the credits to pay it.
 */
export async function makeProject(
  customer: Account,
  translator: Account | undefined,
  order: ProjectOrder = {},
): Promise<OwnProject> {
  const name = order.name ?? `Own project ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const words = order.words ?? 120;
  const stage = order.stage ?? 'completed';
  const files = order.files ?? [{ name: 'own-project-fr.txt', text: 'Bonjour, ceci est la traduction.' }];
  await putOrderInCart(customer.api, name, words, { target: order.target, file: order.source });
  const [id] = await payCartWithCredits(customer.api);
  expect(id, 'the paid cart made a project').toBeGreaterThan(0);
  if (stage !== 'paid') {
    if (!translator) throw new Error(`a project ${stage} needs a translator`);
    await takeJob(translator.api, id);
    if (stage !== 'taken') {
      await deliverFiles(translator.api, id, files);
      if (stage === 'completed') await approveProject(customer.api, id);
    }
  }
  return { id, name, words, files };
}

/**
 * An admin opens a QA (or LL) job over a completed project (POST
 * /api/2/admin/projects/{id}/review-jobs), as the project page's "Create QA job" does; answers the
 * job's project id.
 */
export async function openReviewJob(
  admin: APIRequestContext,
  reviewedId: number,
  kind: 'qa' | 'll' = 'qa',
): Promise<number> {
  const res = await admin.post(`/api/2/admin/projects/${reviewedId}/review-jobs`, {
    headers: await csrfHeaders(admin),
    data: { kind },
  });
  await ok(`opening a ${kind} job over project ${reviewedId}`, res);
  const body = (await res.json()) as { id?: number; results?: { id: number } };
  const id = body.id ?? body.results?.id;
  expect(id, 'the review job has an id').toBeGreaterThan(0);
  return id as number;
}

/** The customer adds the translator to their My Team (POST /api/2/account/my-team), as /my-team does. */
export async function addToMyTeam(customer: APIRequestContext, translatorId: number): Promise<void> {
  const res = await customer.post('/api/2/account/my-team', {
    headers: await csrfHeaders(customer),
    data: { translatorId },
  });
  await ok(`adding translator ${translatorId} to My Team`, res);
}

/** Posts to a project's discussion (POST /api/2/projects/{id}/messages), as its message box does. */
export async function postProjectMessage(api: APIRequestContext, id: number, body: string): Promise<void> {
  const res = await api.post(`/api/2/projects/${id}/messages`, { headers: await csrfHeaders(api), data: { body } });
  await ok(`posting to project ${id}`, res);
}

/** The customer tags a project (POST /api/2/projects/{id}/tags), as My Projects' tag field does. */
export async function tagProject(api: APIRequestContext, id: number, tags: string[]): Promise<void> {
  const res = await api.post(`/api/2/projects/${id}/tags`, { headers: await csrfHeaders(api), data: { tags } });
  await ok(`tagging project ${id}`, res);
}

/**
 * The customer rates a completed project (POST /api/2/projects/{id}/rating), as the Rate dialog
 * does; a rating of 3 or less carries a reason and a comment, as the dialog asks.
 */
export async function rateProject(api: APIRequestContext, id: number, rating: number): Promise<void> {
  const low = rating <= 3;
  const res = await api.post(`/api/2/projects/${id}/rating`, {
    headers: await csrfHeaders(api),
    data: low ? { rating, reasons: ['overly_literal'], comment: 'Too literal in places.' } : { rating },
  });
  await ok(`rating project ${id}`, res);
}

/**
 * Staff add credits to an account (POST /ajax/creditActions/add, as the back office's New credit
 * action does): for a translator, to the available balance, which payouts are asked from; so a
 * new translator can ask for a payout without waiting for earnings to be released.
 */
export async function addCredits(staff: APIRequestContext, userId: number, amount: number): Promise<void> {
  const reasons = await staff.get('/api/2/credit_action/action/reason?type=addcredit');
  expect(reasons.ok(), `the add-credit reasons answered ${reasons.status()}`).toBeTruthy();
  const [reason] = ((await reasons.json()) as { results: { id: string }[] }).results;
  await addCreditAction(staff, userId, { type: 'addcredit', reason: reason.id, amount, remarks: 'e2e' });
}

export interface CreditAction {
  type: 'addcredit' | 'buycredit' | 'removecredit';
  /** one of the type's reasons (packages/shared credit-actions.ts) */
  reason: string;
  amount: number;
  remarks: string;
  recurrence?: 'none' | 'monthly';
}

/**
 * A credit action of any type and reason on an account (POST /ajax/creditActions/add), as the back
 * office's New credit action dialog saves it; a monthly one runs again every month.
 */
export async function addCreditAction(staff: APIRequestContext, userId: number, action: CreditAction): Promise<void> {
  const res = await staff.post('/ajax/creditActions/add', {
    headers: await csrfHeaders(staff),
    form: {
      uid: String(userId),
      type: action.type,
      reason: action.reason,
      amount: String(action.amount),
      remarks: action.remarks,
      recurrence: action.recurrence ?? 'none',
    },
  });
  await ok(`adding a ${action.type} credit action of ${action.amount} to user ${userId}`, res);
}

/**
 * The translator asks for a payout (POST /api/2/account/convert/request), as /balance's Request
 * payout does; `amount` in cents of USD (2000 = the minimum, 20.00). Answers the request's id.
 */
export async function requestPayout(
  api: APIRequestContext,
  amount = 2000,
  method: 'paypal' | 'payoneer' | 'wire' = 'paypal',
): Promise<number> {
  const res = await api.post('/api/2/account/convert/request', {
    data: { amount, method },
    headers: { ...(await csrfHeaders(api)), 'idempotency-key': `e2e-${Date.now()}-${Math.random()}` },
  });
  await ok('requesting a payout', res);
  return ((await res.json()) as { id: number }).id;
}

/**
 * Finance pays a pending request out (POST /adminService/payout_update with the typed word, as
 * /convert's Pay out does) and settles it as paid by hand (POST
 * /api/2/admin/creditsConvert/updateConversion), without waiting for the sandbox provider to settle it.
 */
export async function payOutAsPaid(finance: APIRequestContext, requestId: number): Promise<void> {
  const headers = await csrfHeaders(finance);
  await ok(
    `paying out request ${requestId}`,
    await finance.post('/adminService/payout_update', { headers, data: { reqs: [requestId], confirm: 'payout' } }),
  );
  const res = await finance.post('/api/2/admin/creditsConvert/updateConversion', {
    headers,
    data: { req: [requestId], status: 'paid' },
  });
  await ok(`marking request ${requestId} paid`, res);
  const { updated } = (await res.json()) as { updated: unknown[] };
  expect(updated, `request ${requestId} is paid`).toHaveLength(1);
}

/** A translator puts a payout method on file (POST /api/2/account/convert/methods), as /balance does. */
export async function addPayoutMethod(
  api: APIRequestContext,
  method: 'paypal' | 'payoneer' | 'wire',
  account: string,
): Promise<void> {
  const res = await api.post('/api/2/account/convert/methods', {
    headers: await csrfHeaders(api),
    data: { method, account },
  });
  await ok(`adding the ${method} payout method`, res);
}

/** The customer imports a TMX file into their translation memory (POST /tmx/import), as the profile does. */
export async function importMemory(customer: APIRequestContext, tmx: string, fileName = 'memory.tmx'): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([tmx], { type: 'application/x-tmx+xml' }), fileName);
  await ok(
    'importing a translation memory',
    await customer.post('/tmx/import', { headers: await csrfHeaders(customer), multipart: form }),
  );
}

/**
 * The customer imports terminology for a pair (language slugs) from a CSV of source,target,note
 * (POST /terminology/import: the pair first, then the file), as the profile does.
 */
export async function importTerminology(
  customer: APIRequestContext,
  [srcLang, tarLang]: [string, string],
  csv: string,
): Promise<void> {
  const form = new FormData();
  form.append('srcLang', srcLang);
  form.append('tarLang', tarLang);
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'terms.csv');
  await ok(
    'importing terminology',
    await customer.post('/terminology/import', { headers: await csrfHeaders(customer), multipart: form }),
  );
}

/**
 * A new customer and a new American English -> French translator in their team, with a taken job
 * whose source is a .docx of `paragraphs`: the job a translator opens in the editor.
 */
export async function takenDocxJob(
  newAccount: (options?: NewAccount) => Promise<Account>,
  paragraphs: string[],
  fileName = 'report.docx',
) {
  const [customer, translator] = await Promise.all([
    newAccount({ credits: 50_000 }),
    newAccount({ type: 'translator', pair: ['american-english', 'french'] }),
  ]);
  await addToMyTeam(customer.api, translator.id);
  const project = await makeProject(customer, translator, {
    stage: 'taken',
    source: {
      name: fileName,
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: await makeDocx(paragraphs),
    },
  });
  return { customer, translator, project };
}
