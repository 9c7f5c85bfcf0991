/** The formats the wizard counts; a PDF is read as text and delivered as a Word document. */
export const SEGMENT_FORMATS = ['txt', 'docx', 'xlsx', 'html', 'srt', 'pdf'] as const;
export type SegmentFormat = (typeof SEGMENT_FORMATS)[number];

/** XLIFF 2.1's kinds of inline code: a paired code (<pc>) or a standalone one (<ph>). */
export interface TagInfo {
  kind: 'pc' | 'ph';
  /** XLIFF type: fmt (formatting), link, image, ui, quote, other */
  type?: 'fmt' | 'ui' | 'quote' | 'link' | 'image' | 'other';
  /** XLIFF subType, e.g. xlf:b, xlf:i, xlf:u, xlf:lb */
  subType?: string;
  /** a short text a tool shows for the code (a link's address, an image's name) */
  disp?: string;
  /** the text the code stands for in plain text (a line break's "\n") */
  equiv?: string;
}

/**
 * One sentence to translate. `source` is XLIFF 2.1 inline markup: text with &, < and > escaped,
 * `<pc id="n">…</pc>` around formatted text and `<ph id="n"/>` for an object in the text; `tags`
 * says what each code is. A target is written in the same markup with the same tag ids.
 */
export interface Segment {
  /** stable for the same file: where the sentence is (block key and sentence number) */
  id: string;
  source: string;
  tags: Record<string, TagInfo>;
  /** where it is, in a translator's words: "Heading1", "Sheet1!B2", "cue 12, 00:01:02,000" */
  context: string;
  /** its words, counted as the wizard counts them (tags are not words) */
  words: number;
}

export interface ExtractedSegments {
  format: SegmentFormat;
  /** the format merge writes: the same, except a PDF comes back as docx */
  output: 'txt' | 'docx' | 'xlsx' | 'html' | 'srt';
  segments: Segment[];
}

/** A file opened for segmenting: its blocks in reading order, and how to write changed blocks back. */
export interface SegmentedDocument<T> {
  blocks: Block<T>[];
  describer: CodeDescriber<T>;
  /** puts a block's new content in place of the old (by index in blocks) */
  replace(index: number, content: InlineNode<T>[]): void;
  /** declares the language of the text written back, where the format has a place for it */
  setLanguage?(target: string, source: string): void;
  save(): Promise<Buffer>;
}

// The inline-tag model every format shares (see inline.ts for how blocks become segments).

export type Token<T> = { t: 'text'; text: string } | { t: 'open'; data: T } | { t: 'close' } | { t: 'ph'; data: T };

export type InlineNode<T> =
  | { t: 'text'; text: string }
  | { t: 'ph'; data: T }
  | { t: 'pc'; data: T; children: InlineNode<T>[] };

/** How a format describes its codes to the shared model. */
export interface CodeDescriber<T> {
  /** XLIFF type/subType/disp/equiv of a code, shown to the translator and written to XLIFF */
  describe(data: T): Omit<TagInfo, 'kind'>;
  /** what the sentence splitter reads for a standalone code (default: U+FFFC, an object) */
  splitterText?(data: T): string;
}

/** A block as a format reads it: where it is (key, for ids), what it is (context), and its tokens. */
export interface Block<T> {
  key: string;
  context: string;
  tokens: Token<T>[];
}
