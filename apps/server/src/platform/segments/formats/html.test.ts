import { load } from 'cheerio';
import { isTag } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { extract, merge } from '../index';
import { mapText } from '../test-helpers';

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="windows-1252">
  <title>Our   shop</title>
  <meta name="description" content="Hand-made cups and plates.">
  <meta property="og:image" content="https://example.com/cup.png">
  <style>p { color: red; }</style>
</head>
<body>
  <h1 class="hero">Welcome to <em>our</em> shop!</h1>
  <p>We make <b>cups. <i>Fine</i> plates</b> too, see
     <a href="/catalogue?x=1&amp;y=2" title="The whole catalogue" class="link">our catalogue</a>.<br>
     Ask us <img src="mail.png" alt="An envelope"> any time.</p>
  <ul>
    <li>Cups<ul><li>Big ones</li></ul></li>
    <li translate="no">ACME-3000</li>
  </ul>
  <table><tr><th>Item</th><td>12.50</td></tr></table>
  <form><input type="text" placeholder="Your e-mail"><input type="submit" value="Send it"><textarea placeholder="Your message">Typed text</textarea></form>
  <pre>Keep   these
  spaces.</pre>
  <script>document.title = "Not text";</script>
  <!-- a comment -->
</body>
</html>`;

const upper = (text: string) => text.toUpperCase();

/** The page's elements in order, each with the names of its attributes. */
function structure(html: string): string[] {
  const $ = load(html);
  return $('*')
    .toArray()
    .filter(isTag)
    .map((el) => `${el.name}${Object.keys(el.attribs).length ? ` ${Object.keys(el.attribs).join(' ')}` : ''}`);
}

describe('web pages as segments', () => {
  it('reads blocks as sentences with inline elements as tags, and the attributes people read', async () => {
    const { segments } = await extract(Buffer.from(PAGE), 'html', 'en');
    expect(segments.map((s) => [s.id, s.source, s.context])).toEqual([
      ['b1.1', 'Our shop', 'title'],
      ['a1.1', 'Hand-made cups and plates.', 'meta content'],
      ['b2.1', 'Welcome to <pc id="1">our</pc> shop!', 'h1'],
      ['b3.1', 'We make <pc id="1">cups.</pc>', 'p'],
      ['b3.2', '<pc id="1"><pc id="2">Fine</pc> plates</pc> too, see <pc id="3">our catalogue</pc>.', 'p'],
      ['b3.3', 'Ask us <ph id="1"/> any time.', 'p'],
      ['a2.1', 'The whole catalogue', 'a title'],
      ['a3.1', 'An envelope', 'img alt'],
      ['b4.1', 'Cups', 'li'],
      ['b5.1', 'Big ones', 'li'],
      ['b6.1', 'Item', 'th'],
      ['a4.1', 'Your e-mail', 'input placeholder'],
      ['a5.1', 'Send it', 'input value'],
      ['a6.1', 'Your message', 'textarea placeholder'],
      // preformatted text keeps its spaces; its line ends end sentences
      ['b8.1', 'Keep   these', 'pre'],
      ['b8.2', 'spaces.', 'pre'],
    ]);
    const link = segments.find((s) => s.id === 'b3.2')!;
    expect(link.tags).toEqual({
      1: { kind: 'pc', type: 'fmt', subType: 'xlf:b' },
      2: { kind: 'pc', type: 'fmt', subType: 'xlf:i' },
      3: { kind: 'pc', type: 'link', disp: '/catalogue?x=1&y=2' },
    });
    expect(segments.find((s) => s.id === 'b3.3')!.tags['1']).toEqual({ kind: 'ph', type: 'image', disp: 'mail.png' });
  });

  it('an identity translation gives back the same page', async () => {
    const file = Buffer.from(PAGE);
    const { segments } = await extract(file, 'html', 'en');
    const same = await merge(file, 'html', 'en', new Map(segments.map((s) => [s.id, s.source])));
    expect(same.toString()).toBe(PAGE);
  });

  it('a change lands in the right places and keeps elements, attributes and what is not text', async () => {
    const file = Buffer.from(PAGE);
    const { segments } = await extract(file, 'html', 'en');
    const merged = (
      await merge(file, 'html', 'en', new Map(segments.map((s) => [s.id, mapText(s.source, upper)])), {
        targetLang: 'de',
      })
    ).toString();
    // the same elements with the same attributes in the same order, but for one: the bold stretch
    // over two sentences is two bold elements now, one in each sentence
    const before = structure(PAGE);
    before.splice(before.indexOf('b'), 0, 'b');
    expect(structure(merged)).toEqual(before);
    const $ = load(merged);
    expect($('title').text()).toBe('OUR SHOP');
    expect($('html').attr('lang')).toBe('de');
    expect($('meta[name=description]').attr('content')).toBe('HAND-MADE CUPS AND PLATES.');
    expect($('meta[charset]').attr('charset')).toBe('utf-8');
    expect($('h1').html()).toBe('WELCOME TO <em>OUR</em> SHOP!');
    expect($('a').attr('href')).toBe('/catalogue?x=1&y=2');
    expect($('a').attr('title')).toBe('THE WHOLE CATALOGUE');
    expect($('a').attr('class')).toBe('link');
    expect($('img').attr('alt')).toBe('AN ENVELOPE');
    expect($('li[translate=no]').text()).toBe('ACME-3000');
    expect($('td').text()).toBe('12.50');
    expect($('textarea').text()).toBe('Typed text');
    expect($('textarea').attr('placeholder')).toBe('YOUR MESSAGE');
    expect($('pre').text()).toBe('KEEP   THESE\n  SPACES.');
    expect($('script').html()).toBe('document.title = "Not text";');
    expect(merged).toContain('<!-- a comment -->');
    expect((await extract(Buffer.from(merged), 'html', 'en')).segments.map((s) => s.source)).toEqual(
      segments.map((s) => mapText(s.source, upper)),
    );
  });

  it('a translation may reorder and nest tags differently; the link keeps its address', async () => {
    const file = Buffer.from(PAGE);
    const merged = (
      await merge(
        file,
        'html',
        'en',
        new Map([['b3.2', 'Siehe <pc id="3">unseren Katalog</pc> für <pc id="1">Teller, <pc id="2">feine</pc></pc>.']]),
      )
    ).toString();
    const $ = load(merged);
    expect($('p').html()).toContain(
      '<b>cups.</b> Siehe <a href="/catalogue?x=1&amp;y=2" title="The whole catalogue" class="link">unseren Katalog</a> für <b>Teller, <i>feine</i></b>.<br>',
    );
  });

  it('reads a fragment without adding a page around it', async () => {
    const fragment = Buffer.from('<p>Hello <strong>world</strong>.</p>');
    const merged = await merge(fragment, 'html', 'en', new Map([['b1.1', 'Hallo <pc id="1">Welt</pc>.']]));
    expect(merged.toString()).toBe('<p>Hallo <strong>Welt</strong>.</p>');
  });

  it('keeps an XHTML page well-formed XML', async () => {
    const page =
      '<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Page</title></head>' +
      '<body><p>One line.<br/>Two <img src="a.png" alt="Picture"/> lines.</p></body></html>';
    const { segments } = await extract(Buffer.from(page), 'html', 'en');
    const merged = await merge(
      Buffer.from(page),
      'html',
      'en',
      new Map(segments.map((s) => [s.id, mapText(s.source, upper)])),
    );
    expect(merged.toString()).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title>PAGE</title></head>' +
        '<body><p>ONE LINE.<br/>TWO <img src="a.png" alt="PICTURE"/> LINES.</p></body></html>',
    );
  });
});
