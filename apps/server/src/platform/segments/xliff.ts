import { SegmentError } from './errors';
import { checkTags, escapeMarkup, parseMarkup } from './inline';
import type { TagInfo } from './model';
import { childElements, escapeXml, isElement, parseXml, TEXT_NODE, type XElement, type XNode } from './xml-dom';

// A job's segments as an XLIFF 2.1 file, so that a translator can work in their own CAT tool
// (memoQ, Trados, OmegaT), and the same file taken back. One unit per segment, its id the segment
// id; the segment's tags are XLIFF's own <pc> and <ph> with the same ids, marked canDelete="no"
// so that tools keep them. A file is taken back only whole: it must be for this job and this
// language pair, name only this job's segments, and keep each segment's tags.

export const XLIFF_NS = 'urn:oasis:names:tc:xliff:document:2.0';
export const SEGMENT_STATES = ['initial', 'translated', 'reviewed', 'final'] as const;
export type SegmentState = (typeof SEGMENT_STATES)[number];

export interface XliffJob {
  /** the job the file is for: written as the <file> id and checked on the way back */
  jobId: string;
  srcLang: string;
  trgLang: string;
  /** the original file's name, for the translator's tool to show */
  fileName?: string;
}

export interface XliffSegment {
  id: string;
  source: string;
  tags: Record<string, TagInfo>;
  context?: string;
  target?: string;
  state?: SegmentState;
}

export interface ImportedTarget {
  target: string;
  state: SegmentState;
}

const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language' });

function languageName(code: string): string {
  try {
    return LANGUAGE_NAMES.of(code) ?? code;
  } catch {
    return code;
  }
}

function fileId(jobId: string): string {
  return `job-${jobId.replace(/[^\w.-]/g, '_')}`;
}

// XML 1.0 cannot hold these characters; XLIFF writes them as <cp hex="..."/>
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function xmlText(text: string): string {
  return escapeXml(text).replace(
    NOT_XML,
    (c) => `<cp hex="${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}"/>`,
  );
}

function codeAttributes(info: TagInfo | undefined): string {
  if (!info) return '';
  const pairs: [string, string | undefined][] =
    info.kind === 'pc'
      ? [
          ['canDelete', 'no'],
          ['type', info.type],
          ['subType', info.type ? info.subType : undefined],
          ['dispStart', info.disp],
        ]
      : [
          ['canDelete', 'no'],
          ['type', info.type],
          ['subType', info.type ? info.subType : undefined],
          ['disp', info.disp],
          ['equiv', info.equiv],
        ];
  return pairs
    .filter((pair): pair is [string, string] => pair[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeXml(value).replace(/\n/g, '&#10;').replace(/\t/g, '&#9;')}"`)
    .join('');
}

/** Segment markup as XLIFF inline content, each code with what it is. */
function inlineXml(markup: string, tags: Record<string, TagInfo>): string {
  return parseMarkup(markup)
    .tokens.map((token) => {
      if (token.t === 'text') return xmlText(token.text);
      if (token.t === 'close') return '</pc>';
      const attributes = codeAttributes(tags[token.id]);
      return token.t === 'open' ? `<pc id="${token.id}"${attributes}>` : `<ph id="${token.id}"${attributes}/>`;
    })
    .join('');
}

function spaceAttribute(text: string): string {
  return /\s\s|[\t\n\r]|^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
}

/** The job's segments as an XLIFF 2.1 document. */
export function exportXliff(job: XliffJob, segments: XliffSegment[]): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<xliff xmlns="${XLIFF_NS}" version="2.1" srcLang="${escapeXml(job.srcLang)}" trgLang="${escapeXml(job.trgLang)}">`,
    `  <file id="${fileId(job.jobId)}"${job.fileName ? ` original="${escapeXml(job.fileName)}"` : ''}>`,
  ];
  for (const segment of segments) {
    const hasTarget = segment.target !== undefined && segment.target !== '';
    // XLIFF: a segment without a target can only be in its initial state
    const state = hasTarget ? (segment.state ?? 'translated') : 'initial';
    lines.push(`    <unit id="${escapeXml(segment.id)}">`);
    if (segment.context) {
      lines.push(`      <notes><note category="context">${xmlText(segment.context)}</note></notes>`);
    }
    lines.push(`      <segment state="${state}">`);
    lines.push(`        <source${spaceAttribute(segment.source)}>${inlineXml(segment.source, segment.tags)}</source>`);
    if (hasTarget) {
      lines.push(
        `        <target${spaceAttribute(segment.target!)}>${inlineXml(segment.target!, segment.tags)}</target>`,
      );
    }
    lines.push('      </segment>', '    </unit>');
  }
  lines.push('  </file>', '</xliff>', '');
  return lines.join('\n');
}

function sameLanguage(a: string, b: string): boolean {
  const norm = (code: string) => code.trim().replace(/_/g, '-').toLowerCase();
  const [x, y] = [norm(a), norm(b)];
  // "de" and "de-DE" name the same language; "de-AT" and "de-CH" do not
  return x === y || x.split('-')[0] === y || y.split('-')[0] === x;
}

function xliffElements(node: XNode, name: string): XElement[] {
  const out: XElement[] = [];
  const visit = (at: XNode) => {
    for (const child of childElements(at)) {
      if (child.namespaceURI !== XLIFF_NS) continue;
      if (child.localName === name) out.push(child);
      else visit(child);
    }
  };
  visit(node);
  return out;
}

/** A <target>'s content as segment markup; codes this model does not have are problems. */
function targetMarkup(node: XNode, problems: string[]): string {
  let out = '';
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === TEXT_NODE || child.nodeType === 4) {
      out += escapeMarkup(child.data ?? '');
      continue;
    }
    if (!isElement(child)) continue;
    const name = child.namespaceURI === XLIFF_NS ? child.localName : null;
    if (name === 'pc')
      out += `<pc id="${escapeXml(child.getAttribute('id') ?? '')}">${targetMarkup(child, problems)}</pc>`;
    else if (name === 'ph') out += `<ph id="${escapeXml(child.getAttribute('id') ?? '')}"/>`;
    else if (name === 'cp')
      out += escapeMarkup(String.fromCodePoint(Number.parseInt(child.getAttribute('hex') ?? '20', 16)));
    // an annotation (a comment, a term) marks words but is no part of them
    else if (name === 'mrk') out += targetMarkup(child, problems);
    else if (name === 'sc' || name === 'ec' || name === 'sm' || name === 'em') {
      problems.push(`it splits a tag into start and end codes (<${name}>); keep each tag whole around its words`);
    } else problems.push(`it has a <${child.localName ?? child.nodeName}> element where only text and tags belong`);
  }
  return out;
}

const STATE_ORDER: Record<SegmentState, number> = { initial: 0, translated: 1, reviewed: 2, final: 3 };

/** An XLIFF file read against a job: the targets that fit, and what is wrong with the rest. */
export interface XliffReading {
  /** the targets whose tags fit their segment, by segment id */
  targets: Map<string, ImportedTarget>;
  /** every problem, in the file's order: units of no segment of the job, and targets that do not fit */
  problems: string[];
  /** the units (or a <file>) that belong to no segment of this job */
  foreign: string[];
}

/**
 * The targets of an XLIFF file that a translator brings back, by segment id. Units without a
 * target are left out. Nothing is taken unless the whole file fits the job: every problem is
 * listed at once, so the translator can fix the file in one go.
 */
export function importXliff(
  xml: string,
  job: XliffJob,
  segments: Pick<XliffSegment, 'id' | 'tags'>[],
): Map<string, ImportedTarget> {
  const reading = readXliff(xml, job, segments);
  if (reading.foreign.length > 0 && reading.problems.length === 0) {
    throw new SegmentError('bad-xliff', `it belongs to another job (${reading.foreign[0]})`);
  }
  if (reading.problems.length > 0) throw new SegmentError('bad-xliff', reading.problems);
  return reading.targets;
}

/**
 * An XLIFF file read unit by unit, for an editor that takes the targets that fit and lists the
 * others: only a file that is no XLIFF 2 or for another language pair is refused outright.
 */
export function readXliff(xml: string, job: XliffJob, segments: Pick<XliffSegment, 'id' | 'tags'>[]): XliffReading {
  let doc: ReturnType<typeof parseXml>;
  try {
    doc = parseXml(xml.replace(/^\uFEFF/, ''), 'the XLIFF file');
  } catch {
    throw new SegmentError('bad-xliff', 'it is not well-formed XML');
  }
  const root = doc.documentElement;
  if (root.localName !== 'xliff' || root.namespaceURI !== XLIFF_NS) {
    const version = root.getAttribute('version');
    throw new SegmentError(
      'bad-xliff',
      version?.startsWith('1')
        ? `it is XLIFF ${version}; export XLIFF 2.0 or 2.1 from your tool`
        : 'it is not an XLIFF 2 file',
    );
  }
  const srcLang = root.getAttribute('srcLang') ?? '';
  const trgLang = root.getAttribute('trgLang') ?? '';
  if (!sameLanguage(srcLang, job.srcLang) || !sameLanguage(trgLang, job.trgLang)) {
    throw new SegmentError(
      'bad-xliff',
      `it is for ${languageName(srcLang)} to ${trgLang ? languageName(trgLang) : 'no target language'}, and this job is ${languageName(job.srcLang)} to ${languageName(job.trgLang)}`,
    );
  }
  const files = xliffElements(root, 'file');
  const foreignFiles = files.map((file) => file.getAttribute('id') ?? '').filter((id) => id !== fileId(job.jobId));
  if (foreignFiles.length > 0) return { targets: new Map(), problems: [], foreign: foreignFiles };

  const known = new Map(segments.map((segment) => [segment.id, segment]));
  const problems: string[] = [];
  const foreign: string[] = [];
  const seen = new Set<string>();
  const out = new Map<string, ImportedTarget>();
  for (const unit of files.flatMap((file) => xliffElements(file, 'unit'))) {
    const id = unit.getAttribute('id') ?? '';
    const segment = known.get(id);
    if (!segment) {
      problems.push(`unit ${id} is not a segment of this job`);
      foreign.push(id);
      continue;
    }
    if (seen.has(id)) {
      problems.push(`unit ${id} appears twice`);
      continue;
    }
    seen.add(id);
    // a tool may have split the unit into several segments: their targets join up again
    const parts = childElements(unit).filter(
      (el) => el.namespaceURI === XLIFF_NS && (el.localName === 'segment' || el.localName === 'ignorable'),
    );
    const unitProblems: string[] = [];
    let markup = '';
    let anyTarget = false;
    let state: SegmentState = 'final';
    for (const part of parts) {
      const target = childElements(part).find((el) => el.namespaceURI === XLIFF_NS && el.localName === 'target');
      const source = childElements(part).find((el) => el.namespaceURI === XLIFF_NS && el.localName === 'source');
      if (part.localName === 'segment') {
        const given = (part.getAttribute('state') ?? 'initial') as SegmentState;
        if (!(given in STATE_ORDER)) unitProblems.push(`its state "${given}" is none of ${SEGMENT_STATES.join(', ')}`);
        else if (STATE_ORDER[given] < STATE_ORDER[state]) state = given;
      }
      if (target) anyTarget = true;
      const content = target ?? (part.localName === 'ignorable' ? source : undefined);
      if (content) markup += targetMarkup(content, unitProblems);
    }
    // tools write an empty <target/> for a segment nobody translated yet: that is no translation
    if (!anyTarget || markup.trim() === '') continue;
    if (unitProblems.length === 0) {
      const parsed = parseMarkup(markup);
      unitProblems.push(...parsed.problems, ...checkTags(parsed.tokens, segment.tags));
    }
    if (unitProblems.length > 0) problems.push(...unitProblems.map((problem) => `unit ${id}: ${problem}`));
    else out.set(id, { target: markup, state });
  }
  return { targets: out, problems, foreign };
}
