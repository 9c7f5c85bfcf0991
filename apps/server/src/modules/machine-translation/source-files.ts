import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { purchaseOrderFiles, purchaseOrders } from '../../db/schema';
import { detectFormat, extract, merge, type Segment, type SegmentFormat } from '../../platform/segments';
import type { Storage } from '../../platform/storage';
import { deliveryMimeOf } from '../projects/deliver';

// A project's source files as segments to translate, and back as translated files of the same
// format (a PDF as a Word document). The stored upload is the skeleton: nothing else is kept but
// the translations, keyed "<order file id>:<segment id>".

export interface SourceFile {
  id: number;
  fileName: string;
  bytes: Uint8Array;
  format: SegmentFormat;
  output: string;
  segments: Segment[];
}

export const keyOf = (fileId: number, segmentId: string) => `${fileId}:${segmentId}`;

/** The name of the translation of an order's pasted text. */
export const PASTED_TEXT_NAME = 'pasted-text.txt';

/**
 * The project's source files (not the brief's reference files), read and segmented; an order of
 * pasted text or of a web page is one file (id 0): pasted-text.txt, or the page as HTML.
 */
export async function sourceFilesOf(
  db: Db,
  storage: Storage,
  project: { fileIds: number[]; purchaseOrderId: number | null },
  sourceIso: string,
  fetchPage?: FetchPage,
): Promise<SourceFile[]> {
  const rows =
    project.fileIds.length === 0
      ? []
      : await db
          .select()
          .from(purchaseOrderFiles)
          .where(and(inArray(purchaseOrderFiles.id, project.fileIds), eq(purchaseOrderFiles.context, 'source')))
          .orderBy(asc(purchaseOrderFiles.id));
  if (rows.length === 0) return orderTextOf(db, project.purchaseOrderId, sourceIso, fetchPage);
  const files: SourceFile[] = [];
  for (const row of rows) {
    const bytes = new Uint8Array(await buffer(await storage.get(row.storageId)));
    const format = detectFormat(bytes, row.fileName);
    const { output, segments } = await extract(bytes, format, sourceIso);
    files.push({ id: row.id, fileName: row.fileName, bytes, format, output, segments });
  }
  return files;
}

/** Reads an order's web page when the task runs (the same safeguards as the wizard's word count). */
export type FetchPage = (url: string) => Promise<{ bytes: Uint8Array; contentType: string }>;

/** "https://shop.example/en/about" -> "shop.example-about.html" */
export function pageFileName(url: string, output: string): string {
  try {
    const u = new URL(url);
    const last =
      u.pathname
        .split('/')
        .filter(Boolean)
        .pop()
        ?.replace(/\.[a-z0-9]+$/i, '') ?? '';
    const base = [u.hostname, last]
      .filter(Boolean)
      .join('-')
      .replace(/[^\w.-]+/g, '-');
    return `${base || 'page'}.${output}`;
  } catch {
    return `page.${output}`;
  }
}

/**
 * An order of pasted text is one plain-text file; an order of a web page address is the page as it
 * is when the work starts (as a translator would open it), read as HTML, or as text when the
 * address serves plain text.
 */
async function orderTextOf(
  db: Db,
  orderId: number | null,
  sourceIso: string,
  fetchPage: FetchPage | undefined,
): Promise<SourceFile[]> {
  if (!orderId) return [];
  const [order] = await db
    .select({ pastedText: purchaseOrders.pastedText, url: purchaseOrders.url })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.id, orderId));
  if (order?.pastedText?.trim()) {
    const bytes = new TextEncoder().encode(order.pastedText);
    const { output, segments } = await extract(bytes, 'txt', sourceIso);
    return [{ id: 0, fileName: PASTED_TEXT_NAME, bytes, format: 'txt', output, segments }];
  }
  if (!order?.url || !fetchPage) return [];
  const page = await fetchPage(order.url);
  const format: SegmentFormat = /^text\/plain\b/i.test(page.contentType) ? 'txt' : 'html';
  const { output, segments } = await extract(page.bytes, format, sourceIso);
  return [{ id: 0, fileName: pageFileName(order.url, output), bytes: page.bytes, format, output, segments }];
}

/** "report.pdf" translated is "report.docx"; other names stay. */
export function outputName(fileName: string, output: string): string {
  const dot = fileName.lastIndexOf('.');
  const base = dot > 0 ? fileName.slice(0, dot) : fileName;
  return `${base}.${output}`;
}

export interface MergedFile {
  storageId: string;
  fileName: string;
  mime: string;
  size: number;
}

/** Each file with its translations in place, stored; `name` gives the stored file's name. */
export async function mergeAndStore(
  storage: Storage,
  files: SourceFile[],
  translations: Record<string, string>,
  languages: { source: string; target: string },
  name: (file: SourceFile) => string = (f) => outputName(f.fileName, f.output),
): Promise<MergedFile[]> {
  const stored: MergedFile[] = [];
  try {
    for (const file of files) {
      const targets = new Map<string, string>();
      for (const s of file.segments) {
        const target = translations[keyOf(file.id, s.id)];
        if (target !== undefined) targets.set(s.id, target);
      }
      const merged = await merge(file.bytes, file.format, languages.source, targets, { targetLang: languages.target });
      const saved = await storage.put(Readable.from([merged]), { maxBytes: Number.MAX_SAFE_INTEGER });
      const fileName = name(file);
      stored.push({
        storageId: saved.id,
        fileName,
        mime: deliveryMimeOf(fileName) ?? 'application/octet-stream',
        size: saved.size,
      });
    }
  } catch (error) {
    await Promise.all(stored.map((f) => storage.delete(f.storageId)));
    throw error;
  }
  return stored;
}
