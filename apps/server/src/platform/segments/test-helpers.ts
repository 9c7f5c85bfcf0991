import { escapeMarkup, parseMarkup } from './inline';

/** A "translation" made by changing the text of a segment and keeping its tags where they are. */
export function mapText(markup: string, change: (text: string) => string): string {
  return parseMarkup(markup)
    .tokens.map((token) => {
      if (token.t === 'text') return escapeMarkup(change(token.text));
      if (token.t === 'open') return `<pc id="${token.id}">`;
      if (token.t === 'close') return '</pc>';
      return `<ph id="${token.id}"/>`;
    })
    .join('');
}
