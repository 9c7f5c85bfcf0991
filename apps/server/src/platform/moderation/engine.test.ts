import { describe, expect, it } from 'vitest';
import { checkMessage } from './engine';
import { compileVocabulary } from './vocabulary';

const vocabulary = compileVocabulary([
  { language: 'English', word: 'idiot' },
  { language: 'English', word: 'ass' },
  { language: 'English', word: 'pay outside' },
  { language: 'English', word: "don't pay" },
  { language: 'German', word: 'Scheiße' },
  { language: 'German', word: 'Dummkopf' },
  { language: 'Russian', word: 'дурак' },
  { language: 'Spanish', word: 'idiota' },
  { language: 'French', word: 'connard' },
  { language: 'Turkish', word: 'İSTANBUL' },
  { language: 'Greek', word: 'ΒΛΆΚΑΣ' },
  { language: 'Chinese', word: '傻瓜' },
  { language: 'Chinese', word: '私下交易' },
  { language: 'Japanese', word: 'バカ' },
  { language: 'Thai', word: 'โง่' },
]);

type Row = [language: string | null, text: string, expected: string[]];

/** Each row: the message, its language, and the reasons expected ("type:match"); [] is not flagged. */
const FLAGGED: Row[] = [
  // vocabulary, whole words, case folded
  ['English', 'You are an IDIOT, honestly.', ['word:idiot']],
  ['English', 'Kiss my ass!', ['word:ass']],
  ['English', 'Let us pay   outside the site', ['word:pay outside']],
  ['English', "Don't pay them, ok?", ["word:don't pay"]],
  ['German', 'So eine SCHEISSE, du Dummkopf', ['word:Scheiße', 'word:Dummkopf']],
  ['Russian', 'Ты ДУРАК.', ['word:дурак']],
  ['Spanish', '¡Eres un idiota!', ['word:idiota']],
  ['French', "C'est un connard.", ['word:connard']],
  ['Turkish', 'istanbul çok güzel', ['word:İSTANBUL']],
  ['Greek', 'είσαι βλάκας', ['word:ΒΛΆΚΑΣ']],
  ['Chinese', '你是傻瓜吗？', ['word:傻瓜']],
  ['Chinese', '我们可以私下交易吗', ['word:私下交易']],
  ['Japanese', 'このバカやろう', ['word:バカ']],
  ['Thai', 'คุณเป็นคนโง่มาก', ['word:โง่']],
  [['English', 'German'] as unknown as string, 'Du bist ein Dummkopf', ['word:Dummkopf']],
  // e-mail addresses, plain and obfuscated
  ['English', 'Write to john.smith@gmail.com please', ['email:john.smith@gmail.com']],
  ['English', 'my mail: john.smith at gmail dot com', ['email:john.smith at gmail dot com']],
  ['English', 'reach me: john [at] gmail [dot] com', ['email:john [at] gmail [dot] com']],
  ['English', 'maria(at)yahoo(dot)co(dot)uk', ['email:maria(at)yahoo(dot)co(dot)uk']],
  ['English', 'j.doe @ outlook . com', ['email:j.doe @ outlook . com']],
  ['English', 'contact anna at gmail', ['email:anna at gmail']],
  ['Russian', 'пишите ivan собака yandex точка ru', ['email:ivan собака yandex точка ru']],
  ['German', 'Meine Adresse: MÜLLER@WEB.DE', ['email:müller@web.de']],
  // phone numbers
  ['English', 'Call me at +1 (415) 555-1234 tomorrow', ['phone:+1 (415) 555-1234']],
  ['English', 'my number is 415.555.1234', ['phone:415.555.1234']],
  ['English', 'ring 4155551234', ['phone:4155551234']],
  ['German', 'Tel. 030/1234567', ['phone:030/1234567']],
  ['French', 'Appelez le 06 12 34 56 78', ['phone:06 12 34 56 78']],
  ['Russian', 'звоните +7 999 123-45-67', ['phone:+7 999 123-45-67']],
  ['Spanish', 'Mi móvil: 0034 612 345 678', ['phone:0034 612 345 678']],
  ['Chinese', '我的电话是13812345678', ['phone:13812345678']],
  ['English', 'text me: +٤٤٧٩١١١٢٣٤٥٦', ['phone:+447911123456']],
  [
    'English',
    'four one five, five five five, one two three four',
    ['phone:four one five, five five five, one two three four'],
  ],
  ['English', 'call four 1 five 555 12 34', ['phone:four 1 five 555 12 34']],
  ['English', 'nine one seven double five one two three four', ['phone:nine one seven double five one two three four']],
  [
    'Spanish',
    'seis uno dos tres cuatro cinco seis siete ocho',
    ['phone:seis uno dos tres cuatro cinco seis siete ocho'],
  ],
  [
    'Russian',
    'мой номер восемь девять ноль три один два три четыре пять',
    ['phone:восемь девять ноль три один два три четыре пять'],
  ],
  ['Chinese', '电话一三八一二三四五六七八', ['phone:一三八一二三四五六七八']],
  // messengers and handles
  ['English', "Let's continue on WhatsApp", ['messenger:whatsapp']],
  ['English', 'add me on skype: john.smith77', ['messenger:skype']],
  ['English', 'my telegram is @johnny_translator', ['messenger:telegram', 'messenger:@johnny_translator']],
  ['English', 'ping me on t.me/johnny', ['messenger:t.me/johnny']],
  ['English', 'wa.me/4915112345678', ['messenger:wa.me/4915112345678']],
  ['Russian', 'напишите в телеграм', ['messenger:телеграм']],
  ['Chinese', '加我微信吧', ['messenger:微信']],
  // links
  ['English', 'see https://example.com/files?id=3', ['link:https://example.com/files?id=3']],
  ['English', 'my portfolio: www.my-translations.net', ['link:www.my-translations.net']],
  ['English', 'visit translatorjohn.com for rates', ['link:translatorjohn.com']],
  ['English', 'check mysite dot com', ['link:mysite dot com']],
  ['English', 'download from example[.]org', ['link:example[.]org']],
  ['English', 'look at example.org', ['link:example.org']],
];

const NOT_FLAGGED: Row[] = [
  ['English', 'Hello! Could you please send the final files by Friday?', []],
  ['English', 'This is a classic class assignment about bass guitars.', []],
  ['English', 'The price is $1,250.00 for 12,500 words.', []],
  ['English', 'Total: 1 250 000 words, budget 3 400 EUR', []],
  ['English', 'Deadline 2024-05-12 at 14:30, or 12/05/2024 10:00-12:00.', []],
  ['German', 'Liefertermin 12.05.2024, 15 % Rabatt, 2.500 Wörter', []],
  ['French', 'Le prix est de 1 250 € pour 10 000 mots, livraison le 15/06/2025 à 9h30.', []],
  ['Spanish', 'Son 3.500 palabras y el 20% de descuento, entrega el 01-07-2025.', []],
  ['Russian', 'Срок 10.06.2025, объём 12 000 слов, скидка 15%', []],
  ['English', 'Project #1234567 and order no. 98765432 are done', []],
  ['English', 'Invoice 2024001 was paid; the 2023-2024 report is attached', []],
  ['English', 'We translated 1,234,567 words in 2023.', []],
  ['English', 'Between 10000 and 20000 words, at 0.08 USD per word', []],
  ['English', 'I am at the office until 17:45, see you at 9', []],
  ['English', 'The file is report.docx, the app is built with ASP.NET and Node.js', []],
  ['English', 'One or two questions about chapter three', []],
  ['English', 'Please use the glossary at /project/1234 instead', []],
  ['Chinese', '我们明天见，价格是¥12,000。', []],
  ['Japanese', '締め切りは2025年5月12日です。よろしくお願いします。', []],
  ['Thai', 'ขอบคุณมากครับ ส่งงานวันที่ 12/05/2025', []],
  ['English', 'Version 2.3.1 of the style guide, IP 192.168.10.200', []],
  ['English', 'signal words and a line break', []],
  ['German', 'Das ist ein Dummkopfbeispiel', []],
  [null, 'Gesamt 12 345,67 €', []],
];

function describeReasons(text: string, language: string | null): string[] {
  return checkMessage({ text, language }, vocabulary).reasons.map((r) => `${r.type}:${r.match}`);
}

describe('the moderation engine flags', () => {
  it.each(FLAGGED)('[%s] %s', (language, text, expected) => {
    const reasons = describeReasons(text, language);
    expect(reasons).toEqual(expected);
    expect(checkMessage({ text, language }, vocabulary).flagged).toBe(true);
  });
});

describe('the moderation engine lets through', () => {
  it.each(NOT_FLAGGED)('[%s] %s', (language, text) => {
    expect(describeReasons(text, language)).toEqual([]);
  });
});

describe('phone numbers are numbers valid for a country, not runs of digits', () => {
  it.each([
    ['+44 20 7946 0958', 'phone:+44 20 7946 0958'],
    ['(212) 555-0123', 'phone:(212) 555-0123'],
    ['212.555.0123', 'phone:212.555.0123'],
    ['+1-212-555-0123', 'phone:+1-212-555-0123'],
    ['0044 7911 123456', 'phone:0044 7911 123456'],
    ['07911 123456', 'phone:07911 123456'],
    ['+49 30 901820', 'phone:+49 30 901820'],
    ['+33 6 12 34 56 78', 'phone:+33 6 12 34 56 78'],
    ['8 (916) 123-45-67', 'phone:8 (916) 123-45-67'],
  ])('holds %s', (number, expected) => {
    expect(describeReasons(`Call me on ${number} tonight`, 'English')).toEqual([expected]);
  });

  it.each([
    'Live test 1795872721636',
    'order 1795872721636 is paid',
    'the book is ISBN 9780306406157',
    'ticket 20241128 is closed',
    'delivered on 28.11.2026 at 14:30',
    'it costs 1234567 credits in total',
    'batch 1234567890123 of the import',
    '+1 000 000 0000 is not a number',
  ])('lets through "%s"', (text) => {
    expect(describeReasons(text, 'English')).toEqual([]);
  });

  it("counts the national numbers of the author's country too", () => {
    // thirteen digits that fit Austria's numbering plan only
    const text = 'ruf mich an: 1795872721636';
    expect(describeReasons(text, null)).toEqual([]);
    const verdict = checkMessage({ text, language: null }, vocabulary, { phoneRegions: ['at'] });
    expect(verdict.reasons.map((r) => `${r.type}:${r.match}`)).toEqual(['phone:1795872721636']);
  });
});

describe('vocabulary languages', () => {
  it("checks only the message's languages, and every language for null", () => {
    expect(describeReasons('Du Dummkopf', 'English')).toEqual([]);
    expect(describeReasons('Du Dummkopf', null)).toEqual(['word:Dummkopf']);
    expect(describeReasons('Du Dummkopf', 'german')).toEqual(['word:Dummkopf']);
    expect(describeReasons('idiot', 'Klingon')).toEqual([]);
  });

  it('matches words on boundaries, not inside other words', () => {
    expect(describeReasons('assessment', 'English')).toEqual([]);
    expect(describeReasons('ass-kicking', 'English')).toEqual(['word:ass']);
    expect(describeReasons('ｉｄｉｏｔ', 'English')).toEqual(['word:idiot']);
  });

  it('lets the platform own links through', () => {
    const verdict = checkMessage({ text: 'see https://parlance.test/project/3', language: null }, vocabulary, {
      allowedHosts: ['parlance.test'],
    });
    expect(verdict.flagged).toBe(false);
  });

  it('an empty vocabulary still checks contact details', () => {
    const empty = compileVocabulary([]);
    expect(checkMessage({ text: 'idiot', language: 'English' }, empty).flagged).toBe(false);
    expect(checkMessage({ text: 'a@b.com', language: 'English' }, empty).flagged).toBe(true);
  });
});
