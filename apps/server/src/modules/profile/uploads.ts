import { and, count, eq } from 'drizzle-orm';
import { holds } from '../../platform/permissions';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { TRANSLATOR_TEXTS, UPLOAD_KINDS, type UploadKind } from '@parlance/shared';
import type { Services } from '../../platform/services';
import { profileUploads, users } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { AuthContext } from '../../platform/session';
import { uploadUrl } from './translator';

// Profile files (POST /service/uploadCV, uploadGovID, uploadCertification, uploadImage): one file
// per request, streamed to storage under the kind's size limit, its type checked by name and by
// its first bytes. CV, ID and photo replace the previous one; certifications add up (at most 10).

const MAX_CERTIFICATIONS = 10;

const MIME_BY_EXT: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
  rtf: 'application/rtf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** What the first bytes of a file must be for its extension (formats with a signature). */
function signatureMatches(ext: string, head: Buffer): boolean {
  const starts = (bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
  switch (ext) {
    case 'pdf':
      return starts([0x25, 0x50, 0x44, 0x46]);
    case 'png':
      return starts([0x89, 0x50, 0x4e, 0x47]);
    case 'jpg':
    case 'jpeg':
      return starts([0xff, 0xd8, 0xff]);
    case 'webp':
      return starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8);
    case 'docx':
    case 'odt':
      return starts([0x50, 0x4b, 0x03, 0x04]);
    case 'doc':
      return starts([0xd0, 0xcf, 0x11, 0xe0]);
    case 'rtf':
      return starts([0x7b, 0x5c, 0x72, 0x74, 0x66]);
    default:
      return false;
  }
}

export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // control characters (code points below 32, and 127) are dropped
  const clean = [...base].filter((c) => c.charCodeAt(0) >= 32 && c.charCodeAt(0) !== 127).join('');
  return clean.trim().slice(0, 255) || 'file';
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

function wrongType(kind: UploadKind): AppError {
  const message = `${TRANSLATOR_TEXTS.uploadWrongType}${UPLOAD_KINDS[kind].extensions.join(', ')}`;
  return new AppError(415, message, { file: message });
}

/** Streams the part into storage; answers the stored file or throws with a message (nothing kept). */
async function storePart(deps: Services, part: MultipartFile, kind: UploadKind) {
  const rule = UPLOAD_KINDS[kind];
  const fileName = cleanFileName(part.filename);
  const ext = fileName.includes('.') ? (fileName.split('.').pop() ?? '').toLowerCase() : '';
  if (!(rule.extensions as readonly string[]).includes(ext)) {
    part.file.resume();
    throw wrongType(kind);
  }
  const tooBig = () => {
    const message = `${TRANSLATOR_TEXTS.uploadTooBig}${megabytes(rule.maxBytes)}`;
    return new AppError(413, message, { file: message });
  };
  let stored: Awaited<ReturnType<Services['storage']['put']>>;
  try {
    stored = await deps.storage.put(part.file, { maxBytes: rule.maxBytes });
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 413) throw tooBig();
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooBig();
    throw error;
  }
  const discard = async (error: AppError) => {
    await deps.storage.delete(stored.id);
    return error;
  };
  if (part.file.truncated) throw await discard(tooBig());
  if (stored.size === 0)
    throw await discard(badRequest(TRANSLATOR_TEXTS.uploadEmpty, { file: TRANSLATOR_TEXTS.uploadEmpty }));
  const head = await readHead(deps, stored.id);
  if (!signatureMatches(ext, head)) throw await discard(wrongType(kind));
  return { stored, fileName, mime: MIME_BY_EXT[ext] };
}

export async function readHead(deps: Services, id: string): Promise<Buffer> {
  const stream = await deps.storage.get(id);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= 16) break;
  }
  stream.destroy();
  return Buffer.concat(chunks).subarray(0, 16);
}

/** Receives the one file of the request and records it; answers the new upload. */
export async function receiveUpload(deps: Services, request: FastifyRequest, auth: AuthContext, kind: UploadKind) {
  if (!request.isMultipart())
    throw badRequest(TRANSLATOR_TEXTS.uploadMissing, { file: TRANSLATOR_TEXTS.uploadMissing });
  const rule = UPLOAD_KINDS[kind];
  const part = await request.file({ limits: { fileSize: rule.maxBytes + 1, files: 1 } });
  if (!part) throw badRequest(TRANSLATOR_TEXTS.uploadMissing, { file: TRANSLATOR_TEXTS.uploadMissing });
  const { stored, fileName, mime } = await storePart(deps, part, kind);
  const userId = auth.user.id;
  const replaced: string[] = [];
  try {
    const row = await deps.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      if (kind === 'certification') {
        const [{ n }] = await tx
          .select({ n: count() })
          .from(profileUploads)
          .where(and(eq(profileUploads.userId, userId), eq(profileUploads.kind, kind)));
        if (n >= MAX_CERTIFICATIONS) throw badRequest(`You can upload at most ${MAX_CERTIFICATIONS} certifications`);
      } else {
        const old = await tx
          .delete(profileUploads)
          .where(and(eq(profileUploads.userId, userId), eq(profileUploads.kind, kind)))
          .returning({ storageId: profileUploads.storageId });
        replaced.push(...old.map((o) => o.storageId));
      }
      const [inserted] = await tx
        .insert(profileUploads)
        .values({
          userId,
          kind,
          storageId: stored.id,
          fileName,
          mime,
          sizeBytes: stored.size,
          createdAt: deps.clock.now(),
        })
        .returning();
      if (kind === 'avatar')
        await tx
          .update(users)
          .set({ thumbUrl: uploadUrl(inserted.id) })
          .where(eq(users.id, userId));
      return inserted;
    });
    await Promise.all(replaced.map((id) => deps.storage.delete(id)));
    return row;
  } catch (error) {
    await deps.storage.delete(stored.id);
    throw error;
  }
}

/**
 * An upload as someone may read it: its owner and staff; the avatar also to any signed-in user
 * (it is shown beside their name). Anyone else: 404.
 */
export async function readableUpload(deps: Services, auth: AuthContext, id: number) {
  const [row] = await deps.db.select().from(profileUploads).where(eq(profileUploads.id, id));
  if (!row) throw notFound();
  if (row.userId !== auth.user.id && !holds(auth, 'backoffice.read') && row.kind !== 'avatar') throw notFound();
  return row;
}

export async function deleteUpload(deps: Services, auth: AuthContext, id: number): Promise<void> {
  const [row] = await deps.db
    .delete(profileUploads)
    .where(and(eq(profileUploads.id, id), eq(profileUploads.userId, auth.user.id)))
    .returning();
  if (!row) throw notFound();
  if (row.kind === 'avatar') await deps.db.update(users).set({ thumbUrl: null }).where(eq(users.id, auth.user.id));
  await deps.storage.delete(row.storageId);
}

export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
