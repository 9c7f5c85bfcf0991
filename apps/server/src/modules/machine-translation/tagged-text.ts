import { MT_BATCH } from '../../platform/mt';
import { type MarkupToken, escapeMarkup, parseMarkup } from '../../platform/segments/inline';

// How a segment's inline tags survive machine translation (ADR 0108). The engines take plain text,
// and not every engine keeps markup (LibreTranslate does not promise to; a language model may drop
// or duplicate a tag). So a segment goes to the engine as the runs of text between its tags, each
// run translated on its own, and comes back with every tag exactly where the source had it. The
// target always fits the source's tags (merge never refuses it); the price is that a formatted
// word is translated apart from its sentence. An untagged segment is one run: a whole sentence.

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

/**
 * Translates segments given as markup, calling `translate` with at most MT_BATCH plain texts at a
 * time; answers the target markup of each, in order.
 */
export async function translateMarkup(
  sources: string[],
  translate: (texts: string[]) => Promise<string[]>,
): Promise<string[]> {
  const texts: string[] = [];
  const parsed = sources.map((source) => runsOf(source, texts));
  const translated: string[] = [];
  for (let at = 0; at < texts.length; at += MT_BATCH) {
    translated.push(...(await translate(texts.slice(at, at + MT_BATCH))));
  }
  return parsed.map(({ tokens, runs }) => rebuild(tokens, runs, translated));
}
