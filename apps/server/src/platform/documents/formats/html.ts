import { load } from 'cheerio';

// The text a visitor sees on a page, plus the page title and the alt, title and placeholder
// attributes: these are shown to people (tooltips, image descriptions, form hints) and get
// translated with the page. Scripts, styles, noscript and template content are not text.

const NOT_TEXT = 'script, style, noscript, template, head > :not(title)';
const ATTRIBUTES = ['alt', 'title', 'placeholder'] as const;
/** Elements that sit inside a line of text: no word boundary at their edges ("un<b>believ</b>able"). */
const INLINE = [
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'font',
  'i',
  'ins',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
  'wbr',
].join(', ');

export function extractHtml(html: string): { text: string } {
  const $ = load(html);
  $(NOT_TEXT).remove();
  const parts: string[] = [$('title').first().text()];
  for (const name of ATTRIBUTES) {
    $(`[${name}]`).each((_, element) => {
      parts.push($(element).attr(name) ?? '');
    });
  }
  $('title').remove();
  // every element that is not inline ends a word, even where the markup has no space (<p>a</p><p>b</p>)
  $('body *')
    .not(INLINE)
    .each((_, element) => {
      $(element).before(' ').after(' ');
    });
  parts.push($('body').text());
  return { text: parts.join('\n') };
}
