import { LIMITS, ORDER_TEXTS } from '@parlance/shared';
import { FileTooLargeError } from '../storage';
import { countCharacters, countWords, WordCounter } from './count-words';
import { StreamingTextDecoder } from './decode-text';
import { type DocumentType, detectType } from './detect-type';
import { type DocumentInput, type ExtractOptions, extractFromBytes, extractText } from './extract-text';

export interface DocumentAnalysis {
  type: DocumentType;
  words: number;
  /** characters without whitespace */
  characters: number;
  /** PDF page count */
  pages?: number;
  /** workbook sheet count */
  sheets?: number;
  /** the page address after redirects, for a URL */
  url?: string;
  /**
   * No countable text (a scanned PDF, an image-only document, an empty page): the wizard shows
   * `message` and lets the customer type the count.
   */
  needsManualCount: boolean;
  message?: string;
}

export interface AnalyzeOptions extends ExtractOptions {
  /** guides word breaking for Thai, Lao, Khmer and Myanmar */
  locale?: string;
}

/** Bytes looked at before deciding how to read a stream. */
const HEAD_BYTES = 8192;

function result(type: DocumentType, words: number, characters: number, extra: Partial<DocumentAnalysis>) {
  const analysis: DocumentAnalysis = { type, words, characters, ...extra, needsManualCount: words === 0 };
  if (words === 0) analysis.message = ORDER_TEXTS.cannotCountWords;
  return analysis;
}

/** Reads the start of a stream; answers the bytes read and the iterator to go on with. */
async function readHead(stream: AsyncIterable<Uint8Array>) {
  const iterator = stream[Symbol.asyncIterator]();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (size < HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    size += next.value.length;
  }
  return { head: Buffer.concat(chunks, size), iterator, done };
}

const isZipOrPdf = (head: Uint8Array) =>
  (head[0] === 0x50 && head[1] === 0x4b) || (head[0] === 0x25 && head[1] === 0x50 && head[2] === 0x44);

/**
 * A streamed file. Plain text is counted as it streams (a 200 MB .txt is never held whole); the
 * other formats need the whole file and are read into memory up to the size limit.
 */
async function analyzeStream(
  stream: AsyncIterable<Uint8Array>,
  fileName: string | undefined,
  options: AnalyzeOptions,
): Promise<DocumentAnalysis> {
  const maxBytes = options.maxBytes ?? LIMITS.wizardMaxUploadBytes;
  const { head, iterator, done } = await readHead(stream);
  try {
    return await analyzeRest(head, iterator, done, fileName, maxBytes, options.locale);
  } finally {
    // stops the source when we stopped early (too large, unreadable)
    await iterator.return?.();
  }
}

async function analyzeRest(
  head: Buffer,
  iterator: AsyncIterator<Uint8Array>,
  done: boolean,
  fileName: string | undefined,
  maxBytes: number,
  locale: string | undefined,
): Promise<DocumentAnalysis> {
  let size = head.length;
  if (size > maxBytes) throw new FileTooLargeError(maxBytes);
  const plainText = !done && !isZipOrPdf(head) && detectType(head, fileName) === 'txt';
  if (!plainText) {
    const chunks: Uint8Array[] = [head];
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      size += next.value.length;
      if (size > maxBytes) throw new FileTooLargeError(maxBytes);
      chunks.push(next.value);
    }
    return analyzeExtracted(await extractFromBytes(Buffer.concat(chunks, size), fileName), locale);
  }
  const decoder = new StreamingTextDecoder();
  const counter = new WordCounter(locale);
  counter.push(decoder.write(head));
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
    size += next.value.length;
    if (size > maxBytes) throw new FileTooLargeError(maxBytes);
    counter.push(decoder.write(next.value));
  }
  counter.push(decoder.end());
  const { words, characters } = counter.finish();
  return result('txt', words, characters, {});
}

function analyzeExtracted(
  extracted: Awaited<ReturnType<typeof extractText>>,
  locale: string | undefined,
): DocumentAnalysis {
  const { type, text, ...extra } = extracted;
  return result(type, countWords(text, locale), countCharacters(text), extra);
}

/** Words and characters of a file, pasted text or web page, with the type and page or sheet count. */
export async function analyzeDocument(input: DocumentInput, options: AnalyzeOptions = {}): Promise<DocumentAnalysis> {
  if (input.kind === 'stream') return analyzeStream(input.stream, input.fileName, options);
  return analyzeExtracted(await extractText(input, options), options.locale);
}
