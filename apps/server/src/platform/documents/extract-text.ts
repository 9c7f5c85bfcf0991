import { LIMITS } from '@parlance/shared';
import { TextDecoder } from 'node:util';
import { decodeText } from './decode-text';
import { type DocumentType, detectType, extensionOf } from './detect-type';
import { FileTooLargeError } from '../storage';
import { type FetchUrlOptions, fetchUrl } from './fetch-url';
import { extractDocx } from './formats/docx';
import { extractHtml } from './formats/html';
import { extractPdf } from './formats/pdf';
import { extractSrt } from './formats/srt';
import { extractXlsx } from './formats/xlsx';

/** What a customer gives the wizard: a file (whole or streamed), pasted text, or a web page address. */
export type DocumentInput =
  | { kind: 'bytes'; bytes: Uint8Array; fileName?: string }
  | { kind: 'stream'; stream: AsyncIterable<Uint8Array>; fileName?: string }
  | { kind: 'text'; text: string }
  | { kind: 'url'; url: string };

export interface ExtractOptions {
  /** a streamed file is refused past this many bytes (default: the wizard's upload limit) */
  maxBytes?: number;
  /** for a URL: time and size limits, and allowPrivate for tests */
  fetch?: FetchUrlOptions;
}

export interface ExtractedText {
  type: DocumentType;
  text: string;
  /** PDF page count */
  pages?: number;
  /** workbook sheet count */
  sheets?: number;
  /** the page address after redirects, for a URL */
  url?: string;
}

/** The text of a file whose bytes are all here, by its detected type. */
export async function extractFromBytes(bytes: Uint8Array, fileName?: string): Promise<ExtractedText> {
  const type = detectType(bytes, fileName);
  switch (type) {
    case 'txt':
      return { type, text: decodeText(bytes) };
    case 'srt':
      return { type, ...extractSrt(decodeText(bytes)) };
    case 'html':
      return { type, ...extractHtml(decodeHtml(bytes, '')) };
    case 'docx':
      return { type, ...(await extractDocx(bytes)) };
    case 'pdf':
      return { type, ...(await extractPdf(bytes)) };
    case 'xlsx':
      return { type, ...(await extractXlsx(bytes)) };
  }
}

/** Reads a stream whole, refusing it as soon as it passes maxBytes. */
export async function readAll(stream: AsyncIterable<Uint8Array>, maxBytes: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > maxBytes) throw new FileTooLargeError(maxBytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

const CHARSET_IN_CONTENT_TYPE = /charset\s*=\s*["']?([\w.:-]+)/i;
const CHARSET_IN_META = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i;

/** HTML bytes to text: the charset the server or the page declares, else UTF-8 (or Windows-1252). */
export function decodeHtml(bytes: Uint8Array, contentType: string): string {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 2048)).toString('latin1');
  const label = CHARSET_IN_CONTENT_TYPE.exec(contentType)?.[1] ?? CHARSET_IN_META.exec(head)?.[1];
  const bom = bytes[0] === 0xef || bytes[0] === 0xff || bytes[0] === 0xfe;
  if (label && !bom) {
    try {
      return new TextDecoder(label).decode(bytes);
    } catch {
      // an unknown label: fall through to the usual guess
    }
  }
  return decodeText(bytes);
}

async function extractFromUrl(url: string, options: FetchUrlOptions | undefined): Promise<ExtractedText> {
  const page = await fetchUrl(url, options);
  const mime = page.contentType.split(';')[0].trim().toLowerCase();
  if (page.bytes.length === 0) return { type: 'html', text: '', url: page.url };
  if (mime === 'text/html' || mime === 'application/xhtml+xml') {
    return { type: 'html', ...extractHtml(decodeHtml(page.bytes, page.contentType)), url: page.url };
  }
  if (mime === 'text/plain') return { type: 'txt', text: decodeText(page.bytes), url: page.url };
  // a linked document (a PDF, a .docx ...) is read by what its bytes and its path say it is
  const name = new URL(page.url).pathname.split('/').pop() || undefined;
  const extracted = await extractFromBytes(page.bytes, extensionOf(name) ? name : undefined);
  return { ...extracted, url: page.url };
}

/** The text of a document, whichever way it was given. */
export async function extractText(input: DocumentInput, options: ExtractOptions = {}): Promise<ExtractedText> {
  switch (input.kind) {
    case 'text':
      return { type: 'txt', text: input.text };
    case 'bytes':
      return extractFromBytes(input.bytes, input.fileName);
    case 'stream':
      return extractFromBytes(
        await readAll(input.stream, options.maxBytes ?? LIMITS.wizardMaxUploadBytes),
        input.fileName,
      );
    case 'url':
      return extractFromUrl(input.url, options.fetch);
  }
}
