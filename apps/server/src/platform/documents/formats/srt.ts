// The spoken text of SubRip subtitles: cue numbers, timings and formatting tags are not words.

const TIMING = /^\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}\s*-->\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}/;
const CUE_NUMBER = /^\s*\d+\s*$/;
/** <i>, </font>, {\an8}, {\i1}: formatting, not text */
const TAGS = /<\/?[a-z][^>]*>|\{\\[^}]*\}/gi;

export function extractSrt(source: string): { text: string } {
  const lines = source.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (TIMING.test(line)) continue;
    // a number is a cue number only when a timing line follows it; "42" as a subtitle counts
    if (CUE_NUMBER.test(line) && i + 1 < lines.length && TIMING.test(lines[i + 1])) continue;
    kept.push(line.replace(TAGS, ' '));
  }
  return { text: kept.join('\n') };
}
