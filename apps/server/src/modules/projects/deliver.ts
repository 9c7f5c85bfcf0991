import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { MAIL_ATTACHMENT_LIMIT_BYTES, PROJECT_LIMITS, PROJECT_TEXTS } from '@parlance/shared';
import type { Services } from '../../platform/services';
import { projectResources } from '../../db/schema';
import { AppError, badRequest, forbidden } from '../../platform/errors';
import { authorize } from '../../platform/permissions';
import './policy';
import type { AuthContext } from '../../platform/session';
import { FileTooLargeError, type StoredFile } from '../../platform/storage';
import { buffer } from 'node:stream/consumers';
import { type DeliveredFiles, deliveredMail, withNames } from './mails';
import { wantsMail } from '../../platform/mail-preferences';
import { needsEditing } from './matching';
import type { MoveContext } from './moves';
import type { ProjectRecord } from './present';
import {
  findProject,
  moveNotAllowed,
  type Outcome,
  personOf,
  projectNotFound,
  requireViewing,
  tryMove,
} from './service';

// Delivering work (POST /api/2/projects/{id}/deliver, multipart `file` parts): the translator's
// translation (IN_PROGRESS, DELAYED) or the editor's edited result (IN_REVIEW). Who and when is
// checked before a byte is stored; the files are streamed to storage under the size limit; the rows
// and the move commit together, and a failure removes the stored files again.

/** Accepted delivery types by extension: office documents, PDF, text, subtitles, XLIFF, archives, images, HTML, CSV. */
export const DELIVERY_TYPES: Record<string, string> = {
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  rtf: 'application/rtf',
  pdf: 'application/pdf',
  txt: 'text/plain',
  md: 'text/markdown',
  srt: 'application/x-subrip',
  vtt: 'text/vtt',
  xliff: 'application/xliff+xml',
  xlf: 'application/xliff+xml',
  sdlxliff: 'application/xliff+xml',
  zip: 'application/zip',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  html: 'text/html',
  htm: 'text/html',
  csv: 'text/csv',
};

/** The name a person gave the file, without folders or control characters. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we strip
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, 255) || 'file';
}

/** The stored MIME type of an accepted file name, or null when the type is not accepted. */
export function deliveryMimeOf(fileName: string): string | null {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return null;
  return DELIVERY_TYPES[fileName.slice(dot + 1).toLowerCase()] ?? null;
}

export interface Received {
  stored: StoredFile;
  fileName: string;
  mime: string;
}

export type Delivery = 'deliver' | 'deliver-edit';

/** Which delivery this user may make now: 404 outsiders, 403 others, 409 from a wrong status. */
async function deliveryOf(deps: Services, actor: AuthContext, projectId: number): Promise<Delivery> {
  const { project, role } = await requireViewing(deps.db, actor, projectId, deps.clock.now());
  const delivery: Delivery = role === 'editor' ? 'deliver-edit' : 'deliver';
  authorize(actor, `project.${delivery}`, { project, role });
  return delivery;
}

/** The largest delivered file. */
export function deliveryMaxBytes(deps: Services): number {
  return deps.config.wizardMaxUploadBytes ?? PROJECT_LIMITS.deliveryMaxBytes;
}

/**
 * Streams one delivered file into storage with its type and size checked (also for replacing a
 * delivered file): a wrong type, an empty file or one over `limit` is refused and leaves nothing.
 */
export async function storeDeliveredPart(deps: Services, part: MultipartFile, limit: number): Promise<Received> {
  const fileName = cleanFileName(part.filename);
  const mime = deliveryMimeOf(fileName);
  if (!mime) {
    part.file.resume();
    throw badRequest(PROJECT_TEXTS.fileTypeNotAllowed, { file: PROJECT_TEXTS.fileTypeNotAllowed });
  }
  let stored: StoredFile;
  try {
    stored = await deps.storage.put(part.file, { maxBytes: limit });
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || error instanceof FileTooLargeError) {
      throw new AppError(413, PROJECT_TEXTS.fileTooBig, { file: PROJECT_TEXTS.fileTooBig });
    }
    throw error;
  }
  if (part.file.truncated) {
    await deps.storage.delete(stored.id);
    throw new AppError(413, PROJECT_TEXTS.fileTooBig, { file: PROJECT_TEXTS.fileTooBig });
  }
  if (stored.size === 0) {
    await deps.storage.delete(stored.id);
    throw badRequest(PROJECT_TEXTS.deliveryNeedsFile, { file: PROJECT_TEXTS.deliveryNeedsFile });
  }
  return { stored, fileName, mime };
}

async function receive(deps: Services, request: FastifyRequest): Promise<Received[]> {
  if (!request.isMultipart()) {
    throw badRequest(PROJECT_TEXTS.deliveryNeedsFile, { file: PROJECT_TEXTS.deliveryNeedsFile });
  }
  const limit = deliveryMaxBytes(deps);
  const received: Received[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: limit + 1, files: 20 } })) {
      if (part.type === 'field') continue;
      received.push(await storeDeliveredPart(deps, part, limit));
    }
  } catch (error) {
    await Promise.all(received.map((r) => deps.storage.delete(r.stored.id)));
    throw error;
  }
  if (received.length === 0) {
    throw badRequest(PROJECT_TEXTS.deliveryNeedsFile, { file: PROJECT_TEXTS.deliveryNeedsFile });
  }
  return received;
}

export interface DeliveredFile {
  storageId: string;
  fileName: string;
  mime: string;
  size: number;
}

/**
 * The delivery's rows and move, in the caller's transaction: the files as project resources
 * ('translation' from the translator, 'edited' from the editor) and the move to READY (or to
 * IN_REVIEW when an editor comes next). Reaching READY starts the customer's 7-day window.
 */
export async function saveDelivery(
  ctx: MoveContext,
  projectId: number,
  delivery: Delivery,
  files: DeliveredFile[],
): Promise<Outcome> {
  const { tx, user } = ctx;
  if (files.length === 0) throw badRequest(PROJECT_TEXTS.deliveryNeedsFile, { file: PROJECT_TEXTS.deliveryNeedsFile });
  const project = await findProject(tx, projectId, true);
  if (!project) throw projectNotFound();
  const mine = delivery === 'deliver' ? project.translatorId === user.id : project.editorId === user.id;
  if (!mine) throw forbidden();
  return recordDelivery(ctx, project, delivery, files, user.id);
}

/** What recording a delivery needs: the transaction, the clock, links and the stored files. */
export type DeliveryContext = Pick<MoveContext, 'tx' | 'now' | 'publicUrl' | 'storage'>;

/**
 * A delivery's move and rows, whoever delivers: the move (a person's `deliver`/`deliver-edit`, or
 * the machine-translation task's `machine-deliver` with no uploader), the files as project
 * resources, and the customer's delivery mail when the project reaches READY.
 */
export async function recordDelivery(
  ctx: DeliveryContext,
  project: ProjectRecord,
  move: Delivery | 'machine-deliver',
  files: DeliveredFile[],
  uploadedBy: number | null,
): Promise<Outcome> {
  const { tx } = ctx;
  const row = await tryMove(tx, project, move, {
    actorId: uploadedBy,
    now: ctx.now,
    note: files
      .map((f) => f.fileName)
      .join(', ')
      .slice(0, 1000),
    set: move !== 'deliver' || !needsEditing(project) ? { deliveredAt: ctx.now } : {},
  });
  if (!row) throw moveNotAllowed();
  const context: 'translation' | 'edited' = move === 'deliver-edit' ? 'edited' : 'translation';
  await tx.insert(projectResources).values(
    files.map((f) => ({
      uuid: randomUUID(),
      projectId: row.id,
      context,
      storageId: f.storageId,
      fileName: f.fileName,
      mime: f.mime,
      sizeBytes: f.size,
      uploadedBy,
      createdAt: ctx.now,
    })),
  );
  if (row.status !== 'READY') return { projectId: row.id, mails: [], changed: true };
  const customer = await personOf(tx, row.customerId);
  if (!customer) return { projectId: row.id, mails: [], changed: true };
  const delivered = await filesForMail(ctx, customer.id, files);
  return {
    projectId: row.id,
    mails: [deliveredMail(ctx.publicUrl, customer, await withNames(tx, row), delivered)],
    changed: true,
  };
}

/**
 * The delivered files for the delivery mail: attached when the customer turned
 * email_project_files_attach on and they fit MAIL_ATTACHMENT_LIMIT_BYTES together; otherwise named,
 * for the project page's download.
 */
async function filesForMail(ctx: DeliveryContext, customerId: number, files: DeliveredFile[]): Promise<DeliveredFiles> {
  const total = files.reduce((sum, f) => sum + f.size, 0);
  if (total > MAIL_ATTACHMENT_LIMIT_BYTES || !(await wantsMail(ctx.tx, customerId, 'email_project_files_attach'))) {
    return { attach: [], named: files.map((f) => f.fileName) };
  }
  const attach = [];
  for (const f of files) {
    attach.push({
      filename: f.fileName,
      content: await buffer(await ctx.storage.get(f.storageId)),
      contentType: f.mime,
    });
  }
  return { attach, named: [] };
}

/** POST /api/2/projects/{id}/deliver */
export async function deliverWork(
  deps: Services,
  request: FastifyRequest,
  actor: AuthContext,
  projectId: number,
  ctxOf: (tx: MoveContext['tx']) => MoveContext,
): Promise<Outcome> {
  const delivery = await deliveryOf(deps, actor, projectId);
  const received = await receive(deps, request);
  try {
    return await deps.db.transaction((tx) =>
      saveDelivery(
        ctxOf(tx),
        projectId,
        delivery,
        received.map((r) => ({ storageId: r.stored.id, fileName: r.fileName, mime: r.mime, size: r.stored.size })),
      ),
    );
  } catch (error) {
    await Promise.all(received.map((r) => deps.storage.delete(r.stored.id)));
    throw error;
  }
}
