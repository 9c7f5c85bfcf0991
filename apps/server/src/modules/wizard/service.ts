import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ENTRY_TYPES,
  MATERIALS_OPTIONS,
  type OrderContent,
  planMisfit,
  type PurchaseOrder,
  type PurchaseOrderUpdate,
  TYPES_WITHOUT_EXPERTISE,
  ORDER_TEXTS,
} from '@parlance/shared';
import type { Services } from '../../platform/services';
import type { Db, Tx } from '../../db/client';
import { expertises, languages, purchaseOrderFiles, purchaseOrders } from '../../db/schema';
import { AppError, badRequest, notFound, unauthorized } from '../../platform/errors';
import { orderToPriceOf, priceOrder } from '../pricing/price-order';
import { ensureGuestToken, guestTokenHash } from './guest';
import { whyMtChoicesInvalid } from './mt-params';
import type { MtEngines } from '../../platform/mt';
import { authorize, can } from '../../platform/permissions';
import { type Asker, canTypeWordCount, type OrderRow, whyOrderIsClosed } from './policy';
import { presentOrder } from './present';
import { signResumeToken, verifyResumeToken } from './resume-token';
import { warmQuoteAnalysis } from './quote-analysis';

// Purchase orders of the wizard: create, find for the asker, update the fields of each step,
// finish later (mail a link that resumes), finalize (quote and put in the cart).

export function askerOf(request: FastifyRequest): Asker {
  return { auth: request.auth, user: request.auth?.user ?? null, guestHash: guestTokenHash(request) };
}

const newKey = () => randomBytes(18).toString('base64url');

/** The order with this pid if the asker may touch it; 404 otherwise (also for malformed pids). */
export async function findOrderFor(db: Db | Tx, asker: Asker, pid: string, forUpdate = false): Promise<OrderRow> {
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(pid)) throw notFound();
  const query = db.select().from(purchaseOrders).where(eq(purchaseOrders.key, pid));
  const [order] = forUpdate ? await query.for('update') : await query;
  if (!order || !can(asker.auth, 'order.touch', { order, guestHash: asker.guestHash })) throw notFound();
  return order;
}

/** As findOrderFor, and the order must still be open to changes (409 otherwise). */
export async function findOpenOrderFor(db: Db | Tx, asker: Asker, pid: string, forUpdate = false): Promise<OrderRow> {
  const order = await findOrderFor(db, asker, pid, forUpdate);
  const closed = whyOrderIsClosed(order);
  if (closed) throw new AppError(409, closed);
  return order;
}

export async function orderView(db: Db | Tx, order: OrderRow): Promise<PurchaseOrder> {
  const files = await db
    .select()
    .from(purchaseOrderFiles)
    .where(eq(purchaseOrderFiles.purchaseOrderId, order.id))
    .orderBy(asc(purchaseOrderFiles.id));
  return presentOrder(order, files);
}

/**
 * The asker's draft changed last (a customer's, or the guest's on this browser), or null: /wizard
 * offers to continue it rather than starting an order on every visit (ADR 0048).
 */
export async function openDraftFor(db: Db, asker: Asker): Promise<PurchaseOrder | null> {
  const owner = asker.user
    ? eq(purchaseOrders.customerId, asker.user.id)
    : asker.guestHash
      ? and(isNull(purchaseOrders.customerId), eq(purchaseOrders.guestTokenHash, asker.guestHash))
      : null;
  if (!owner) return null;
  const [order] = await db
    .select()
    .from(purchaseOrders)
    .where(and(owner, eq(purchaseOrders.status, 'draft')))
    .orderBy(desc(purchaseOrders.updatedAt), desc(purchaseOrders.id))
    .limit(1);
  return order ? orderView(db, order) : null;
}

export async function viewOrderFor(db: Db, asker: Asker, pid: string): Promise<PurchaseOrder> {
  return orderView(db, await findOrderFor(db, asker, pid));
}

type OrderChanges = Partial<typeof purchaseOrders.$inferInsert>;

async function knownLanguages(db: Db | Tx, slugs: string[]): Promise<Set<string>> {
  if (slugs.length === 0) return new Set();
  const rows = await db.select({ slug: languages.slug }).from(languages).where(inArray(languages.slug, slugs));
  return new Set(rows.map((r) => r.slug));
}

async function expertiseExists(db: Db | Tx, slug: string): Promise<boolean> {
  const [row] = await db.select({ id: expertises.id }).from(expertises).where(eq(expertises.slug, slug));
  return row !== undefined;
}

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** Checks the fields sent and turns them into column changes; every failing field at once (400). */
async function changesOf(
  db: Db | Tx,
  mt: MtEngines,
  order: OrderRow | null,
  input: PurchaseOrderUpdate,
): Promise<OrderChanges> {
  const errors: Record<string, string> = {};
  const changes: OrderChanges = {};
  if (input.type !== undefined) changes.projectType = input.type;
  if (input.name !== undefined) changes.name = input.name === '' ? null : input.name;
  const source = input.source_language ?? order?.sourceLanguage ?? null;
  if (input.source_language !== undefined) {
    const known = await knownLanguages(db, [input.source_language]);
    if (!known.has(input.source_language)) errors.source_language = ORDER_TEXTS.wizardSelectSourceLanguage;
    else changes.sourceLanguage = input.source_language;
  }
  if (input.target_languages !== undefined) {
    const targets = [...new Set(input.target_languages.map((t) => t.trim()).filter((t) => t !== ''))];
    const known = await knownLanguages(db, targets);
    if (targets.length === 0 || targets.some((t) => !known.has(t))) {
      errors.target_languages = ORDER_TEXTS.wizardSelectTargetLanguages;
    } else if (source !== null && targets.includes(source)) {
      errors.target_languages = ORDER_TEXTS.wizardTargetSameAsSource;
    } else changes.targetLanguages = targets;
  } else if (changes.sourceLanguage && order?.targetLanguages.includes(changes.sourceLanguage)) {
    // the new source language cannot stay a target
    changes.targetLanguages = order.targetLanguages.filter((t) => t !== changes.sourceLanguage);
  }
  if (input.expertise !== undefined) {
    if (input.expertise === '' || !(await expertiseExists(db, input.expertise))) {
      errors.expertise = ORDER_TEXTS.wizardChooseExpertise;
    } else changes.expertise = input.expertise;
  }
  if (input.needProofreading !== undefined) changes.needProofreading = input.needProofreading;
  if (input.materialsOption !== undefined) {
    if (isOneOf(MATERIALS_OPTIONS, input.materialsOption)) changes.materialsOption = input.materialsOption;
    else errors.materialsOption = ORDER_TEXTS.wizardSelectOption;
  }
  if (input.entryType !== undefined) {
    if (isOneOf(ENTRY_TYPES, input.entryType)) changes.entryType = input.entryType;
    else errors.entryType = ORDER_TEXTS.wizardSelectOption;
  }
  if (input.wordCount !== undefined) {
    if (order && !canTypeWordCount(order)) errors.wordCount = ORDER_TEXTS.wizardWordCountFixed;
    else {
      changes.wordCount = input.wordCount;
      changes.wordCountSource = 'manual';
    }
  }
  if (input.step !== undefined) changes.step = input.step === '' ? null : input.step;
  if (input.mtParams !== undefined && !errors.target_languages) {
    const type = changes.projectType ?? order?.projectType ?? 'translation';
    const targets = changes.targetLanguages ?? order?.targetLanguages ?? [];
    const invalid = await whyMtChoicesInvalid(
      db,
      mt,
      {
        projectType: type,
        sourceLanguage: changes.sourceLanguage ?? order?.sourceLanguage ?? null,
        targetLanguages: targets,
      },
      input.mtParams,
    );
    if (invalid) errors.mtParams = invalid;
    else changes.mtParams = input.mtParams;
  }
  if (changes.targetLanguages && order && changes.mtParams === undefined) {
    // choices of targets that are no longer ordered go with them
    const kept = changes.targetLanguages;
    changes.mtParams = Object.fromEntries(Object.entries(order.mtParams).filter(([target]) => kept.includes(target)));
  }
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
  return changes;
}

/** A new draft order for the customer, or for the guest on this browser (setting its cookie). */
export async function createOrder(
  deps: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  input: PurchaseOrderUpdate,
): Promise<PurchaseOrder> {
  const asker = askerOf(request);
  authorize(asker.auth, 'order.start', null);
  const changes = await changesOf(deps.db, deps.mt, null, input);
  const owner = asker.user
    ? { customerId: asker.user.id, guestTokenHash: null }
    : { customerId: null, guestTokenHash: ensureGuestToken(request, reply) };
  const now = deps.clock.now();
  const [order] = await deps.db
    .insert(purchaseOrders)
    .values({ ...changes, ...owner, key: newKey(), status: 'draft', createdAt: now, updatedAt: now })
    .returning();
  return orderView(deps.db, order);
}

async function saveChanges(db: Db | Tx, order: OrderRow, changes: OrderChanges, now: Date): Promise<OrderRow> {
  const [row] = await db
    .update(purchaseOrders)
    .set({ ...changes, updatedAt: now })
    .where(eq(purchaseOrders.id, order.id))
    .returning();
  return row;
}

export async function updateOrder(
  deps: Services,
  asker: Asker,
  pid: string,
  input: PurchaseOrderUpdate,
): Promise<PurchaseOrder> {
  const { view, saved, languagesChanged } = await deps.db.transaction(async (tx) => {
    const order = await findOpenOrderFor(tx, asker, pid, true);
    const changes = await changesOf(tx, deps.mt, order, input);
    if (changes.entryType === 'file' && order.entryType !== 'file') {
      Object.assign(changes, await sourceFileCount(tx, order.id));
    }
    const row = await saveChanges(tx, order, changes, deps.clock.now());
    return {
      view: await orderView(tx, row),
      saved: row,
      languagesChanged: changes.sourceLanguage !== undefined || changes.targetLanguages !== undefined,
    };
  });
  // the files usually come before the languages: with both known, the plans' quote can be prepared
  if (languagesChanged) warmQuoteAnalysis(deps, saved);
  return view;
}

/** One column of an open order (brief, category, options), set by the small calls of the wizard. */
export async function setOrderFields(
  deps: Services,
  asker: Asker,
  pid: string,
  changes: OrderChanges,
): Promise<PurchaseOrder> {
  return deps.db.transaction(async (tx) => {
    const order = await findOpenOrderFor(tx, asker, pid, true);
    return orderView(tx, await saveChanges(tx, order, changes, deps.clock.now()));
  });
}

/** The count of an order's source files: their sum, from the files. */
export async function sourceFileCount(
  db: Db | Tx,
  orderId: number,
): Promise<Pick<OrderChanges, 'wordCount' | 'wordCountSource'>> {
  const rows = await db
    .select({ words: purchaseOrderFiles.words })
    .from(purchaseOrderFiles)
    .where(and(eq(purchaseOrderFiles.purchaseOrderId, orderId), eq(purchaseOrderFiles.context, 'source')));
  if (rows.length === 0) return { wordCount: 0, wordCountSource: null };
  return { wordCount: rows.reduce((sum, r) => sum + (r.words ?? 0), 0), wordCountSource: 'file' };
}

/** What an order still lacks before it can go to the cart, per field (empty when complete). */
export function missingForCart(order: OrderRow, sourceFiles: number): Record<string, string> {
  const missing: Record<string, string> = {};
  if (!order.sourceLanguage) missing.source_language = ORDER_TEXTS.wizardSelectSourceLanguage;
  if (order.targetLanguages.length === 0) missing.target_languages = ORDER_TEXTS.wizardSelectTargetLanguages;
  const needsExpertise = !(TYPES_WITHOUT_EXPERTISE as readonly string[]).includes(order.projectType);
  if (needsExpertise && !order.expertise) missing.expertise = ORDER_TEXTS.wizardChooseExpertise;
  if (order.wordCount <= 0) {
    if (order.materialsOption === 'upload' && sourceFiles === 0) missing.wordCount = ORDER_TEXTS.wizardAttachFile;
    else if (order.wordCountSource === null) missing.wordCount = ORDER_TEXTS.wizardAttachFileOrText;
    else missing.wordCount = ORDER_TEXTS.wizardWordCountRequired;
  }
  return missing;
}

/** Quotes a complete order and puts it in the cart (draft -> cart); a cart order is re-quoted. */
export async function finalizeOrder(deps: Services, asker: Asker, pid: string): Promise<PurchaseOrder> {
  if (!asker.user) {
    // a guest's order is claimed at sign-in; only then can it go to a cart. Outsiders still get 404.
    await findOrderFor(deps.db, asker, pid);
    throw unauthorized();
  }
  return deps.db.transaction(async (tx) => {
    const order = await findOpenOrderFor(tx, asker, pid, true);
    const sourceFiles = await countSourceFiles(tx, order.id);
    const missing = missingForCart(order, sourceFiles);
    const first = Object.values(missing)[0];
    if (first) throw badRequest(first, missing);
    const misfit = planMisfit(order.projectType, {
      ...(await orderContent(tx, order)),
      machineTranslation: deps.mt.list.length > 0,
    });
    if (misfit) throw badRequest(misfit, { type: misfit });
    const now = deps.clock.now();
    const price = await priceOrder(tx, orderToPriceOf(order), now);
    // a guest order opened by a signed-in user (its cookie still on this browser) becomes theirs here
    const owner = order.customerId === null ? { customerId: asker.user?.id, guestTokenHash: null } : {};
    const saved = await saveChanges(tx, order, { ...owner, status: 'cart', quotedCredits: price.subtotalCredits }, now);
    return orderView(tx, saved);
  });
}

/** What the plans' fit is judged on: the source files' types and whether the text came from a URL. */
async function orderContent(
  db: Db | Tx,
  order: { id: number; entryType: string | null },
): Promise<Omit<OrderContent, 'machineTranslation'>> {
  const rows = await db
    .select({ mime: purchaseOrderFiles.mime })
    .from(purchaseOrderFiles)
    .where(and(eq(purchaseOrderFiles.purchaseOrderId, order.id), eq(purchaseOrderFiles.context, 'source')));
  return { mimes: rows.map((r) => r.mime), fromUrl: order.entryType === 'url' };
}

async function countSourceFiles(db: Db | Tx, orderId: number): Promise<number> {
  const rows = await db
    .select({ id: purchaseOrderFiles.id })
    .from(purchaseOrderFiles)
    .where(and(eq(purchaseOrderFiles.purchaseOrderId, orderId), eq(purchaseOrderFiles.context, 'source')));
  return rows.length;
}

/** Stores the step and mails a link that resumes the order (to the given address, or the customer's own). */
export async function finishLater(
  deps: Services,
  resumeKey: string,
  asker: Asker,
  input: { pid: string; email?: string; step?: string },
): Promise<{ sent: true; email: string }> {
  const order = await findOpenOrderFor(deps.db, asker, input.pid);
  const email = input.email ?? asker.user?.email;
  if (!email) throw badRequest(ORDER_TEXTS.wizardEmailRequired, { email: ORDER_TEXTS.wizardEmailRequired });
  const now = deps.clock.now();
  if (input.step !== undefined) await saveChanges(deps.db, order, { step: input.step || null }, now);
  const token = signResumeToken(resumeKey, order.key, now);
  const link = `${deps.config.publicUrl}/wizard?pid=${encodeURIComponent(order.key)}&resume=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    to: email,
    subject: 'Your Parlance order is saved',
    text: `Your order is saved. Continue where you left off:\n\n${link}\n\nThe link works for 30 days.`,
    html: `<p>Your order is saved.</p><p><a href="${link}">Continue your order</a></p><p>The link works for 30 days.</p>`,
  });
  return { sent: true, email };
}

/**
 * Opens the order of a finish-later link. A guest's order moves to this browser (the link is the
 * proof); a signed-in non-owner claims a guest order; a customer's order needs that customer.
 */
export async function resumeOrder(
  deps: Services,
  resumeKey: string,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { pid: string; resume: string },
): Promise<PurchaseOrder> {
  const now = deps.clock.now();
  if (!verifyResumeToken(resumeKey, input.pid, input.resume, now)) throw notFound(ORDER_TEXTS.wizardResumeInvalid);
  const [order] = await deps.db
    .select()
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.key, input.pid), ne(purchaseOrders.status, 'deleted')));
  if (!order) throw notFound(ORDER_TEXTS.wizardResumeInvalid);
  const user = request.auth?.user ?? null;
  if (order.customerId !== null) {
    if (!user) throw unauthorized();
    if (user.id !== order.customerId) throw notFound(ORDER_TEXTS.wizardResumeInvalid);
    return orderView(deps.db, order);
  }
  const owner =
    user && user.type !== 'translator'
      ? { customerId: user.id, guestTokenHash: null }
      : { guestTokenHash: ensureGuestToken(request, reply) };
  return orderView(deps.db, await saveChanges(deps.db, order, owner, now));
}

/** Target languages for a source language: every language but itself (400 for an unknown source). */
export async function availableTargetLanguages(db: Db, slug: string) {
  const all = await db.select().from(languages).orderBy(asc(languages.id));
  if (!all.some((l) => l.slug === slug)) {
    throw badRequest(ORDER_TEXTS.wizardSelectSourceLanguage, { slug: ORDER_TEXTS.wizardSelectSourceLanguage });
  }
  return all
    .filter((l) => l.slug !== slug)
    .map((l) => ({ id: l.id, slug: l.slug, name: l.name, iso: l.iso, flag: l.flag }));
}

/** GET /registry/get?data=PurchaseOrder&pid=: the order with its files (400 without pid, 404 for outsiders). */
export async function loadPurchaseOrderForRegistry(
  db: Db,
  request: FastifyRequest,
  pid: unknown,
): Promise<PurchaseOrder> {
  if (typeof pid !== 'string' || pid.trim() === '') throw badRequest('pid is required', { pid: 'is required' });
  return viewOrderFor(db, askerOf(request), pid.trim());
}
