import { MT_BATCH } from '../../platform/mt';
import { type MarkupToken, escapeMarkup, parseMarkup } from '../../platform/segments/inline';

// How a segment's inline tags survive machine translation (ADR 0108, ADR 0113). A segment with
// tags goes to an engine that keeps markup (DeepL with tag_handling xml, LibreTranslate's html
// format, a language model told to keep them) whole, as its XLIFF inline markup, so that a
// formatted word is translated inside its sentence; the answer is taken only when it holds
// exactly the source's tags, well formed. When it does not (a tag dropped, doubled or broken),
// or for an engine that keeps no markup, the segment goes again as the runs of text between its
// tags, each run translated on its own, and comes back with every tag exactly where the source
// had it: the target always fits the source's tags. An untagged segment is one run: a sentence.

const LETTER = /\p{L}/u;

/** Consecutive text tokens as one (parseMarkup splits text at entities). */
function joined(tokens: MarkupToken[]): MarkupToken[] {
  const out: MarkupToken[] = [];
  for (const token of tokens) {
    const last = out[out.length - 1];
    if (token.t === 'text' && last?.t === 'text') last.text += token.text;
    else out.push(token.t === 'text' ? { ...token } : token);
  }
  return out;
}

interface Run {
  lead: string;
  core: string;
  trail: string;
  /** index into the texts sent to the engine; -1: kept as it is (no letter) */
  sent: number;
}

/** A segment's runs of text to send, and how to put the translations back. */
export function runsOf(markup: string, texts: string[]): { tokens: MarkupToken[]; runs: Map<number, Run> } {
  const tokens = joined(parseMarkup(markup).tokens);
  const runs = new Map<number, Run>();
  tokens.forEach((token, index) => {
    if (token.t !== 'text') return;
    const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(token.text) ?? ['', '', token.text, ''];
    const run: Run = { lead: m[1], core: m[2], trail: m[3], sent: -1 };
    if (LETTER.test(run.core)) {
      run.sent = texts.length;
      texts.push(run.core);
    }
    runs.set(index, run);
  });
  return { tokens, runs };
}

/** The target markup: the source's tags in place, each run of text replaced by its translation. */
export function rebuild(tokens: MarkupToken[], runs: Map<number, Run>, translated: string[]): string {
  return tokens
    .map((token, index) => {
      if (token.t === 'open') return `<pc id="${token.id}">`;
      if (token.t === 'close') return '</pc>';
      if (token.t === 'ph') return `<ph id="${token.id}"/>`;
      const run = runs.get(index);
      if (!run) return escapeMarkup(token.text);
      const core = run.sent >= 0 ? (translated[run.sent] ?? run.core) : run.core;
      return escapeMarkup(`${run.lead}${core.trim()}${run.trail}`);
    })
    .join('');
}

/** A tag as compared between source and target: kind and id (closing tags by count). */
const tagsOf = (tokens: MarkupToken[]) =>
  tokens
    .filter((t) => t.t !== 'text')
    .map((t) => (t.t === 'close' ? 'close' : `${t.t}:${t.id}`))
    .sort();

/** HTML engines write an empty element as a pair: `<ph id="1"></ph>` is the source's `<ph id="1"/>`. */
const asXliff = (markup: string) => markup.replace(/<ph(\s+id="[^"]*")\s*><\/ph\s*>/g, '<ph$1/>');

/** The engine's tagged answer as target markup, or null when its tags are not the source's. */
export function fittingTarget(source: string, answer: string): string | null {
  const target = asXliff(answer.trim());
  const parsed = parseMarkup(target);
  if (parsed.problems.length > 0) return null;
  // every opened pc closed, in order
  let depth = 0;
  for (const t of parsed.tokens) {
    if (t.t === 'open') depth += 1;
    if (t.t === 'close') depth -= 1;
    if (depth < 0) return null;
  }
  if (depth !== 0) return null;
  const want = tagsOf(parseMarkup(source).tokens);
  const got = tagsOf(parsed.tokens);
  return want.length === got.length && want.every((tag, i) => tag === got[i]) ? target : null;
}

const hasTags = (markup: string) => parseMarkup(markup).tokens.some((t) => t.t !== 'text');

async function inBatches(texts: string[], translate: (texts: string[]) => Promise<string[]>): Promise<string[]> {
  const out: string[] = [];
  for (let at = 0; at < texts.length; at += MT_BATCH) out.push(...(await translate(texts.slice(at, at + MT_BATCH))));
  return out;
}

/**
 * Translates segments given as markup, calling `translate` with at most MT_BATCH plain texts at a
 * time; answers the target markup of each, in order. With `translateTagged` (an engine that keeps
 * markup), segments with tags are sent whole first; those whose answer does not fit go as runs.
 */
export async function translateMarkup(
  sources: string[],
  translate: (texts: string[]) => Promise<string[]>,
  translateTagged?: (markup: string[]) => Promise<string[]>,
): Promise<string[]> {
  const targets: (string | null)[] = sources.map(() => null);
  if (translateTagged) {
    const tagged = sources.flatMap((source, i) => (hasTags(source) ? [i] : []));
    const answers = await inBatches(
      tagged.map((i) => sources[i]),
      translateTagged,
    );
    tagged.forEach((i, k) => {
      targets[i] = answers[k] === undefined ? null : fittingTarget(sources[i], answers[k]);
    });
  }
  const texts: string[] = [];
  const parsed = sources.map((source, i) => (targets[i] === null ? runsOf(source, texts) : null));
  const translated = await inBatches(texts, translate);
  return parsed.map((p, i) => targets[i] ?? (p ? rebuild(p.tokens, p.runs, translated) : ''));
}
