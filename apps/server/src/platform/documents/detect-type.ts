import { DocumentError } from './errors';

export const DOCUMENT_TYPES = ['txt', 'docx', 'pdf', 'xlsx', 'html', 'srt'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

const EXTENSIONS: Record<string, DocumentType> = {
  txt: 'txt',
  text: 'txt',
  md: 'txt',
  docx: 'docx',
  pdf: 'pdf',
  xlsx: 'xlsx',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  srt: 'srt',
};

/** Binary formats people try to upload that we recognise and refuse by name. */
const REFUSED_MAGIC: number[][] = [
  [0xd0, 0xcf, 0x11, 0xe0], // legacy Office (.doc, .xls, .ppt)
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0x52, 0x61, 0x72, 0x21], // RAR
  [0x1f, 0x8b], // gzip
  [0x37, 0x7a, 0xbc, 0xaf], // 7z
  [0x7b, 0x5c, 0x72, 0x74, 0x66], // RTF ({\rtf)
];

export function extensionOf(fileName: string | undefined): string {
  if (!fileName) return '';
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

function startsWith(bytes: Uint8Array, magic: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + magic.length) return false;
  return magic.every((b, i) => bytes[offset + i] === b);
}

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

function isPdf(bytes: Uint8Array, fromName: DocumentType | undefined): boolean {
  if (startsWith(bytes, PDF_MAGIC)) return true;
  // readers accept the header anywhere in the first 1024 bytes; we do so only for a file named .pdf
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024));
  return fromName === 'pdf' && head.indexOf('%PDF-') >= 0;
}

/** A zip is a docx or an xlsx by the part names it holds (names are stored uncompressed). */
function officeTypeOfZip(bytes: Uint8Array): DocumentType | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (buffer.indexOf('word/document.xml') >= 0) return 'docx';
  if (buffer.indexOf('xl/workbook.xml') >= 0) return 'xlsx';
  return null;
}

function looksLikeHtml(head: string): boolean {
  return /^\s*(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html[\s>]|head[\s>]|body[\s>])/i.test(head);
}

function looksLikeSrt(head: string): boolean {
  return /^\s*\d+\s*\r?\n\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}\s*-->/.test(head);
}

function looksBinary(bytes: Uint8Array): boolean {
  // UTF-16 text has NUL bytes too, but we only get here without a BOM; real text has no NUL
  const end = Math.min(bytes.length, 8192);
  for (let i = 0; i < end; i++) if (bytes[i] === 0) return true;
  return false;
}

function hasUtf16Bom(bytes: Uint8Array): boolean {
  return startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff]);
}

/**
 * The type of a file from its first bytes and its name. The bytes win where they are clear (a PDF
 * named .docx is read as a PDF); the name decides between the text formats.
 */
export function detectType(bytes: Uint8Array, fileName?: string): DocumentType {
  if (bytes.length === 0) throw new DocumentError('empty-file');
  const fromName = EXTENSIONS[extensionOf(fileName)];
  if (isPdf(bytes, fromName)) return 'pdf';
  if (startsWith(bytes, ZIP_MAGIC)) {
    const office = officeTypeOfZip(bytes);
    if (office) return office;
    throw new DocumentError('unsupported-type', `zip without a Word or Excel part (${fileName ?? 'no name'})`);
  }
  if (REFUSED_MAGIC.some((magic) => startsWith(bytes, magic))) {
    throw new DocumentError('unsupported-type', `binary format (${fileName ?? 'no name'})`);
  }
  if (fromName === 'docx' || fromName === 'xlsx' || fromName === 'pdf') {
    throw new DocumentError('unreadable', `${fromName} name but not its content`);
  }
  if (!hasUtf16Bom(bytes) && looksBinary(bytes)) {
    throw new DocumentError('unsupported-type', `binary content (${fileName ?? 'no name'})`);
  }
  if (fromName) return fromName;
  if (extensionOf(fileName) !== '') throw new DocumentError('unsupported-type', `extension .${extensionOf(fileName)}`);
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 2048)).toString('utf8');
  if (looksLikeHtml(head)) return 'html';
  if (looksLikeSrt(head.replace(/^\uFEFF/, ''))) return 'srt';
  return 'txt';
}
