import type { MultipartFile } from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type FileUploadedAnswer, LIMITS, type PurchaseOrder, ORDER_TEXTS } from '@parlance/shared';
import type { Services } from '../../platform/services';
import { purchaseOrderFiles, purchaseOrders, users } from '../../db/schema';
import { sendMailsAfterCommit } from '../../platform/mail';
import { analyzeDocument, type DocumentAnalysis, DocumentError, type DocumentType } from '../../platform/documents';
import { badRequest, notFound } from '../../platform/errors';
import { FileTooLargeError, type StoredFile } from '../../platform/storage';
import type { Asker, OrderRow } from './policy';
import { presentOrderFile } from './present';
import { findOpenOrderFor, orderView, sourceFileCount } from './service';
import { warmQuoteAnalysis } from './quote-analysis';

// Files of an order: source files (streamed to storage under the upload limit, typed and counted)
// and reference files (stored, not counted). A request either stores all its files or none.

const MIME: Record<DocumentType, string> = {
  txt: 'text/plain',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  html: 'text/html',
  srt: 'application/x-subrip',
};

/** The upload limit: 250 MB, smaller only when a test says so. */
export function uploadLimit(deps: Services): number {
  return deps.config.wizardMaxUploadBytes ?? LIMITS.wizardMaxUploadBytes;
}

/** The name a person gave the file, without folders or control characters. */
function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we strip
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, 255) || 'file';
}

function cleanMime(mime: string): string {
  return /^[\w.+-]{1,100}\/[\w.+-]{1,100}$/.test(mime) ? mime.toLowerCase() : 'application/octet-stream';
}

interface Received {
  stored: StoredFile;
  fileName: string;
  mime: string;
  analysis: DocumentAnalysis | null;
}

/** Streams one part into storage; over the limit (ours or the multipart parser's) is FileTooLargeError. */
async function storePart(deps: Services, part: MultipartFile, maxBytes: number): Promise<StoredFile> {
  let stored: StoredFile;
  try {
    stored = await deps.storage.put(part.file, { maxBytes });
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new FileTooLargeError(maxBytes);
    throw error;
  }
  if (part.file.truncated) {
    await deps.storage.delete(stored.id);
    throw new FileTooLargeError(maxBytes);
  }
  if (stored.size === 0) {
    await deps.storage.delete(stored.id);
    throw new DocumentError('empty-file');
  }
  return stored;
}

async function receiveSource(deps: Services, part: MultipartFile, maxBytes: number): Promise<Received> {
  const stored = await storePart(deps, part, maxBytes);
  const fileName = cleanFileName(part.filename);
  try {
    const stream = await deps.storage.get(stored.id);
    const analysis = await analyzeDocument({ kind: 'stream', stream, fileName }, { maxBytes });
    return { stored, fileName, mime: MIME[analysis.type], analysis };
  } catch (error) {
    await deps.storage.delete(stored.id);
    throw error;
  }
}

async function receiveReference(deps: Services, part: MultipartFile, maxBytes: number): Promise<Received> {
  const stored = await storePart(deps, part, maxBytes);
  return { stored, fileName: cleanFileName(part.filename), mime: cleanMime(part.mimetype), analysis: null };
}

interface ReceiveOptions {
  context: 'source' | 'reference';
  /** the order's pid from the path or query string; else the `pid` field, sent before the files */
  pid?: string;
}

/**
 * Reads a multipart request: the order's pid, then its files. The parser's own size limit is set one
 * byte above ours so that our limit (with the spec's message) is the one that answers. When any file
 * fails, the files stored so far are removed again.
 */
async function receiveFiles(deps: Services, request: FastifyRequest, asker: Asker, options: ReceiveOptions) {
  if (!request.isMultipart()) throw badRequest(ORDER_TEXTS.wizardAttachFile, { file: ORDER_TEXTS.wizardAttachFile });
  const maxBytes = uploadLimit(deps);
  const received: Received[] = [];
  let pid = options.pid;
  let context: string | undefined;
  let order: OrderRow | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes + 1, files: 20 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'pid' && pid === undefined) pid = String(part.value);
        if (part.fieldname === 'context') context = String(part.value);
        continue;
      }
      if (!order) {
        if (!pid) throw badRequest(ORDER_TEXTS.wizardSendPidFirst, { pid: ORDER_TEXTS.wizardSendPidFirst });
        order = await findOpenOrderFor(deps.db, asker, pid);
      }
      received.push(
        options.context === 'source'
          ? await receiveSource(deps, part, maxBytes)
          : await receiveReference(deps, part, maxBytes),
      );
    }
    if (!order) {
      if (pid) await findOpenOrderFor(deps.db, asker, pid);
      throw badRequest(ORDER_TEXTS.wizardAttachFile, { file: ORDER_TEXTS.wizardAttachFile });
    }
    if (options.context === 'reference' && context !== undefined && context !== 'reference') {
      throw badRequest(ORDER_TEXTS.wizardReferenceContext, { context: ORDER_TEXTS.wizardReferenceContext });
    }
    return { order, received };
  } catch (error) {
    await Promise.all(received.map((r) => deps.storage.delete(r.stored.id)));
    throw error;
  }
}

/** Writes the file rows (and, for source files, the order's new count) in one transaction. */
async function saveFiles(
  deps: Services,
  asker: Asker,
  order: OrderRow,
  received: Received[],
  context: 'source' | 'reference',
) {
  try {
    return await deps.db.transaction(async (tx) => {
      const locked = await findOpenOrderFor(tx, asker, order.key, true);
      const rows = await tx
        .insert(purchaseOrderFiles)
        .values(
          received.map((r) => ({
            purchaseOrderId: locked.id,
            storageId: r.stored.id,
            fileName: r.fileName,
            mime: r.mime,
            sizeBytes: r.stored.size,
            sha256: r.stored.sha256,
            words: r.analysis ? r.analysis.words : null,
            context,
          })),
        )
        .returning();
      let saved = locked;
      if (context === 'source') {
        const count = await sourceFileCount(tx, locked.id);
        [saved] = await tx
          .update(purchaseOrders)
          .set({ ...count, entryType: 'file', updatedAt: deps.clock.now() })
          .where(eq(purchaseOrders.id, locked.id))
          .returning();
      }
      return { rows, order: saved };
    });
  } catch (error) {
    await Promise.all(received.map((r) => deps.storage.delete(r.stored.id)));
    throw error;
  }
}

/** POST /ajax/filepicker/fileUploaded: stores and counts the files; answers them and the order's count. */
export async function uploadSourceFiles(
  deps: Services,
  request: FastifyRequest,
  asker: Asker,
  pid: string | undefined,
): Promise<FileUploadedAnswer> {
  const { order, received } = await receiveFiles(deps, request, asker, { context: 'source', pid });
  const saved = await saveFiles(deps, asker, order, received, 'source');
  await mailWordCountChange(deps, order, saved.order);
  warmQuoteAnalysis(deps, saved.order);
  const files = saved.rows.map((row, i) => {
    const analysis = received[i].analysis;
    return {
      ...presentOrderFile(row),
      needsManualCount: analysis?.needsManualCount ?? false,
      ...(analysis?.message ? { message: analysis.message } : {}),
    };
  });
  const needsManualCount = saved.order.wordCount === 0;
  return {
    status: 'OK',
    files,
    wordCount: saved.order.wordCount,
    wordCountSource: saved.order.wordCountSource,
    needsManualCount,
    ...(needsManualCount ? { message: ORDER_TEXTS.cannotCountWords } : {}),
  };
}

/**
 * The customer typed a word count and the files now count differently (word_count_diff): the
 * price follows the files, so the customer hears of it, also when the files came through the API.
 */
async function mailWordCountChange(deps: Services, before: OrderRow, after: OrderRow): Promise<void> {
  if (before.customerId === null || before.wordCountSource !== 'manual' || after.wordCountSource !== 'file') return;
  if (after.wordCount === before.wordCount) return;
  const [customer] = await deps.db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, before.customerId));
  if (!customer) return;
  const name = after.name ? `"${after.name}"` : 'your order';
  await sendMailsAfterCommit(
    deps,
    [
      {
        to: customer.email,
        preference: { userId: before.customerId, flag: 'word_count_diff' },
        subject: `The word count of ${name} changed`,
        text: `Hello ${customer.name},\n\nYou entered ${before.wordCount} words for ${name}; the files you uploaded count ${after.wordCount} words. The quote now follows the files' count.\n\nCheck the order: ${deps.config.publicUrl}/wizard?pid=${encodeURIComponent(after.key)}\n`,
      },
    ],
    { orderId: after.id },
  );
}

/** POST /api/2/projects/{id}/addresource: reference files of the brief (stored, never counted). */
export async function uploadReferenceFiles(deps: Services, request: FastifyRequest, asker: Asker, pid: string) {
  const { order, received } = await receiveFiles(deps, request, asker, { context: 'reference', pid });
  const saved = await saveFiles(deps, asker, order, received, 'reference');
  return saved.rows.map(presentOrderFile);
}

/** Removes a file of an open order and its stored bytes; a source file's words leave the count. */
export async function deleteOrderFile(
  deps: Services,
  asker: Asker,
  pid: string,
  fileId: number,
): Promise<PurchaseOrder> {
  const { view, storageId } = await deps.db.transaction(async (tx) => {
    const order = await findOpenOrderFor(tx, asker, pid, true);
    const [file] = await tx
      .delete(purchaseOrderFiles)
      .where(and(eq(purchaseOrderFiles.id, fileId), eq(purchaseOrderFiles.purchaseOrderId, order.id)))
      .returning();
    if (!file) throw notFound();
    let saved = order;
    if (file.context === 'source' && order.wordCountSource === 'file') {
      [saved] = await tx
        .update(purchaseOrders)
        .set({ ...(await sourceFileCount(tx, order.id)), updatedAt: deps.clock.now() })
        .where(eq(purchaseOrders.id, order.id))
        .returning();
    }
    return { view: await orderView(tx, saved), storageId: file.storageId };
  });
  // after the commit: a failed delete leaves an unreferenced file, never a row without its bytes
  await deps.storage.delete(storageId);
  return view;
}
