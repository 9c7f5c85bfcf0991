// Files as segments and back: the library under the translator's workbench.
//
//   const { segments } = await extract(file, 'docx', 'en');
//   // segments[1] = { id: 'p2.1', source: 'The year was <pc id="1">good.</pc>', tags: { 1: { kind: 'pc',
//   //   type: 'fmt', subType: 'xlf:b' } }, context: 'paragraph', words: 4 }
//   const translated = await merge(file, 'docx', 'en', new Map([['p2.1', 'Das Jahr war <pc id="1">gut.</pc>']]));
//
// - extract() reads a file (txt, docx, xlsx, html, srt, pdf) into sentences, split by Intl.Segmenter
//   for the source language, in reading order. Formatting inside a sentence is XLIFF 2.1 inline
//   markup: <pc id> around formatted words, <ph id/> for objects; `tags` says what each one is.
//   Sentences with no letter (numbers, codes only) are not segments.
// - merge() takes the same original file (it is the skeleton: nothing else needs storing) and
//   targets by segment id, in the same markup with the same tag ids (moved and nested as the
//   language needs), and gives back a file of the same format, a PDF as a Word document. Blocks
//   whose segments did not change keep their bytes. A target whose tags do not fit, or an id the
//   file does not have, is refused with every problem listed (SegmentError, 422).
// - Ids are stable for the same file: "<where the block is>.<sentence number>".
// - exportXliff()/importXliff() carry a job's segments to a CAT tool and back.
// ADR 0106 has the model, the per-format rules and what a merge does not keep.
import { detectType } from '../documents/detect-type';
import { SegmentError } from './errors';
import { mergeBlock, splitBlock, toTree } from './inline';
import type { ExtractedSegments, Segment, SegmentedDocument, SegmentFormat } from './model';
import { openDocx } from './formats/docx';
import { openHtml } from './formats/html';
import { openPdf } from './formats/pdf';
import { openSrt } from './formats/srt';
import { openTxt } from './formats/txt';
import { openXlsx } from './formats/xlsx';

export { SegmentError } from './errors';
export {
  exportXliff,
  type ImportedTarget,
  importXliff,
  readXliff,
  SEGMENT_STATES,
  type SegmentState,
  type XliffJob,
  type XliffReading,
  type XliffSegment,
} from './xliff';
export { checkTags, parseMarkup, plainText } from './inline';
export { SEGMENT_FORMATS, type ExtractedSegments, type Segment, type SegmentFormat, type TagInfo } from './model';

/** Opens the file as its format and hands the document to `use`, whatever its codes' data. */
async function withDocument<R>(
  file: Uint8Array,
  format: SegmentFormat,
  use: <T>(doc: SegmentedDocument<T>) => R | Promise<R>,
): Promise<R> {
  switch (format) {
    case 'txt':
      return use(openTxt(file));
    case 'srt':
      return use(openSrt(file));
    case 'html':
      return use(openHtml(file));
    case 'docx':
      return use(await openDocx(file));
    case 'xlsx':
      return use(await openXlsx(file));
    case 'pdf':
      return use(await openPdf(file));
  }
}

/** The format of an uploaded file, by its bytes and name, as the wizard detects it. */
export function detectFormat(file: Uint8Array, fileName?: string): SegmentFormat {
  return detectType(file, fileName);
}

const OUTPUT: Record<SegmentFormat, ExtractedSegments['output']> = {
  txt: 'txt',
  srt: 'srt',
  html: 'html',
  docx: 'docx',
  xlsx: 'xlsx',
  pdf: 'docx',
};

/** The file's sentences to translate, in reading order, with ids that are the same every time. */
export async function extract(file: Uint8Array, format: SegmentFormat, sourceLang: string): Promise<ExtractedSegments> {
  const segments = await withDocument(file, format, (doc) => segmentsOf(doc, sourceLang));
  return { format, output: OUTPUT[format], segments };
}

function segmentsOf<T>(doc: SegmentedDocument<T>, sourceLang: string): Segment[] {
  const segments: Segment[] = [];
  for (const block of doc.blocks) {
    for (const piece of splitBlock(block, sourceLang, doc.describer)) {
      if (piece.kind === 'segment') segments.push(piece.segment);
    }
  }
  return segments;
}

export interface MergeOptions {
  /** the translation's language, written where the format declares one (an HTML page's lang, Word's proofing language) */
  targetLang?: string;
}

/**
 * The file with each translated segment in place of its source (segments without a translation
 * keep theirs). Targets use the source's tags; a target whose tags do not fit, or an id the file
 * does not have, is refused with every problem listed.
 */
export async function merge(
  file: Uint8Array,
  format: SegmentFormat,
  sourceLang: string,
  translations: ReadonlyMap<string, string>,
  options: MergeOptions = {},
): Promise<Buffer> {
  return withDocument(file, format, (doc) => mergeInto(doc, sourceLang, translations, options));
}

function mergeInto<T>(
  doc: SegmentedDocument<T>,
  sourceLang: string,
  translations: ReadonlyMap<string, string>,
  options: MergeOptions,
): Promise<Buffer> {
  if (options.targetLang) doc.setLanguage?.(options.targetLang, sourceLang);
  const known = new Set<string>();
  const problems: string[] = [];
  doc.blocks.forEach((block, index) => {
    const pieces = splitBlock(block, sourceLang, doc.describer);
    let changed = false;
    for (const piece of pieces) {
      if (piece.kind !== 'segment') continue;
      known.add(piece.segment.id);
      const target = translations.get(piece.segment.id);
      if (target !== undefined && target !== piece.segment.source) changed = true;
    }
    // a block whose segments all stay as they were is not written again: it keeps every byte
    if (!changed) return;
    try {
      doc.replace(index, toTree(mergeBlock(pieces, translations)));
    } catch (error) {
      if (error instanceof SegmentError) problems.push(...error.list);
      else throw error;
    }
  });
  for (const id of translations.keys()) if (!known.has(id)) problems.push(`this file has no segment ${id}`);
  if (problems.length > 0) throw new SegmentError('bad-translation', problems);
  return doc.save();
}
