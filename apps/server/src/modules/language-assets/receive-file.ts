import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { LANGUAGE_ASSET_TEXTS } from '@parlance/shared';
import { AppError, badRequest } from '../../platform/errors';
import type { Services } from '../../platform/services';

// The one file of a multipart request, with its extension checked before a byte is stored and its
// size limited while it streams. Form fields sent before the file come back too.

export interface ReceiveRule {
  extensions: readonly string[];
  maxBytes: number;
  wrongType: string;
  tooBig: string;
}

export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base].filter((c) => c.charCodeAt(0) >= 32 && c.charCodeAt(0) !== 127).join('');
  return clean.trim().slice(0, 255) || 'file';
}

export function extensionOf(fileName: string): string {
  return fileName.includes('.') ? (fileName.split('.').pop() ?? '').toLowerCase() : '';
}

export interface ReceivedPart {
  part: MultipartFile;
  fileName: string;
  ext: string;
  fields: Record<string, string>;
}

export async function receivePart(request: FastifyRequest, rule: ReceiveRule): Promise<ReceivedPart> {
  const missing = () => badRequest(LANGUAGE_ASSET_TEXTS.chooseFile, { file: LANGUAGE_ASSET_TEXTS.chooseFile });
  if (!request.isMultipart()) throw missing();
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize: rule.maxBytes, files: 1, fields: 20 } });
  } catch {
    throw badRequest('The upload could not be read: send it as multipart/form-data');
  }
  if (!part) throw missing();
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(part.fields)) {
    const one = Array.isArray(value) ? value[0] : value;
    if (one && one.type === 'field') fields[key] = String(one.value);
  }
  const fileName = cleanFileName(part.filename);
  const ext = extensionOf(fileName);
  if (!rule.extensions.includes(ext)) {
    part.file.resume();
    throw new AppError(415, rule.wrongType, { file: rule.wrongType });
  }
  return { part, fileName, ext, fields };
}

/** Reads the part whole (small files only: terminology); 413 past the limit, 400 when empty. */
export async function partBuffer(received: ReceivedPart, rule: ReceiveRule): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await received.part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, rule.tooBig, { file: rule.tooBig });
    throw error;
  }
  if (received.part.file.truncated) throw new AppError(413, rule.tooBig, { file: rule.tooBig });
  if (bytes.length === 0) throw badRequest(LANGUAGE_ASSET_TEXTS.fileEmpty, { file: LANGUAGE_ASSET_TEXTS.fileEmpty });
  return bytes;
}

/** Streams the part to storage; 413 past the limit (nothing kept), 400 when empty. */
export async function partToStorage(deps: Services, received: ReceivedPart, rule: ReceiveRule) {
  let stored: Awaited<ReturnType<Services['storage']['put']>>;
  try {
    stored = await deps.storage.put(received.part.file, { maxBytes: rule.maxBytes });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if ((error instanceof AppError && error.statusCode === 413) || code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, rule.tooBig, { file: rule.tooBig });
    throw error;
  }
  if (received.part.file.truncated) {
    await deps.storage.delete(stored.id);
    throw new AppError(413, rule.tooBig, { file: rule.tooBig });
  }
  if (stored.size === 0) {
    await deps.storage.delete(stored.id);
    throw badRequest(LANGUAGE_ASSET_TEXTS.fileEmpty, { file: LANGUAGE_ASSET_TEXTS.fileEmpty });
  }
  return stored;
}

export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
