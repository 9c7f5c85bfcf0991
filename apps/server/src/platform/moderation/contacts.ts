import { type CountryCode, isValidPhoneNumber } from 'libphonenumber-js/max';

// Contact-detail detectors of the moderation engine: e-mail addresses, phone numbers, messenger
// handles and links that would take work off the platform, including the usual obfuscations
// ("name at gmail dot com", "name [at] gmail [dot] com", digits spelled out). Numbers that are not
// phone numbers (prices, dates, times, percentages, word counts, ids) are masked out first; a digit
// run left is a phone only when it is a valid number: an international one (+ or 00) anywhere, a
// national one in one of the regions checked (libphonenumber's full metadata; ADR 0048).

export type ContactKind = 'email' | 'phone' | 'messenger' | 'link';

export interface ContactHit {
  kind: ContactKind;
  match: string;
}

export interface ContactOptions {
  /** hosts that are never flagged as links (the platform's own) */
  allowedHosts?: readonly string[];
  /** regions whose national numbers count too (the author's country), besides PHONE_REGIONS */
  phoneRegions?: readonly string[];
}

/**
 * The regions whose national numbers (written without +) are recognised in any message: the
 * platform's main markets. A run of digits valid only elsewhere (an order number that happens to
 * fit some country's plan) is not taken for a phone.
 */
export const PHONE_REGIONS: readonly CountryCode[] = [
  'US',
  'CA',
  'GB',
  'IE',
  'DE',
  'FR',
  'ES',
  'IT',
  'NL',
  'PL',
  'PT',
  'BR',
  'MX',
  'RU',
  'UA',
  'CN',
  'JP',
  'IN',
];

const TLDS =
  'com|net|org|info|biz|io|co|me|app|dev|ai|ru|de|uk|fr|es|it|nl|pl|ua|by|kz|cn|jp|kr|br|in|us|ca|au|ch|at|be|se|no|dk|fi|cz|pt|gr|tr|il|mx|ar|cl|ro|hu|bg|sk|lt|lv|ee|ie|nz|za|xyz|online|site|store|shop|link|page|ly|gl|to|tv|cc|su|рф|eu|asia|pro|top|club|email|mail|ws';
/** "@" with spaces around it, or "at" in brackets */
const AT_MARKED = String.raw`(?:\s*@\s*|\s*[[({<]\s*(?:at|@|arroba|собака)\s*[\])}>]\s*)`;
/** "at" as a word: only with a dot written out after it ("look at example.org" is a link, not an address) */
const AT_WORD = String.raw`(?:\s+(?:at|arroba|собака|собачка)\s+)`;
const AT = `(?:${AT_MARKED}|${AT_WORD})`;
const DOT_WORD = String.raw`(?:\s*[[({<]\s*(?:dot|\.|punto|point|punkt|точка)\s*[\])}>]\s*|\s+(?:dot|punto|point|punkt|точка)\s+)`;
const DOT = String.raw`(?:\s*\.\s*|${DOT_WORD})`;
// both end where the run ends: no backtracking into a shorter run (linear time on long messages)
const LABEL = String.raw`[\p{L}\p{N}][\p{L}\p{N}_-]*(?![\p{L}\p{N}_-])`;
const LOCAL = String.raw`[\p{L}\p{N}][\p{L}\p{N}._%+-]*(?![\p{L}\p{N}._%+-])`;
const MAIL_PROVIDERS =
  'gmail|googlemail|yahoo|hotmail|outlook|live|icloud|yandex|protonmail|proton|aol|gmx|qq|163|mail\\.ru';

export const EMAIL_PLAIN = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;
export const EMAIL_OBFUSCATED = new RegExp(
  String.raw`(?<![\p{L}\p{N}])${LOCAL}(?:${DOT}${LABEL})*${AT_MARKED}${LABEL}(?:${DOT}${LABEL})*${DOT}(?:${TLDS})(?![\p{L}\p{N}])`,
  'gu',
);
export const EMAIL_AT_WORD = new RegExp(
  String.raw`(?<![\p{L}\p{N}])${LOCAL}(?:${DOT}${LABEL})*${AT_WORD}${LABEL}(?:${DOT}${LABEL})*${DOT_WORD}(?:${TLDS})(?![\p{L}\p{N}])`,
  'gu',
);
export const EMAIL_PROVIDER_ONLY = new RegExp(
  String.raw`(?<![\p{L}\p{N}])${LOCAL}${AT}(?:${MAIL_PROVIDERS})(?:${DOT}(?:${TLDS}))*(?![\p{L}\p{N}])`,
  'gu',
);

export // cheap tests that skip the costly patterns on the usual message
const HAS_MARKED_AT = /@|[[({<]\s*(?:at|arroba|собака)\s*[\])}>]/u;
const HAS_WORD_DOT = /(?:^|[\s[({<])(?:dot|punto|point|punkt|точка|\.)\s*(?:[\])}>]|\s)/u;
const HAS_PROVIDER = new RegExp(MAIL_PROVIDERS, 'u');

const URL_SCHEME = /\b(?:https?|hxxps?|ftp):\/\/[^\s<>"']+/gu;
export const URL_WWW = /\bwww\d?\.[^\s<>"']+\.[^\s<>"']+/gu;
export const BARE_DOMAIN = new RegExp(
  String.raw`(?<![\p{L}\p{N}@.])(?:${LABEL}\.)+(?:${TLDS})(?![\p{L}\p{N}]|\.[\p{L}\p{N}])(?:/[^\s<>"']*)?`,
  'gu',
);
export const DOMAIN_OBFUSCATED = new RegExp(
  String.raw`(?<![\p{L}\p{N}])${LABEL}(?:\s*[[({]\s*(?:dot|\.)\s*[\])}]\s*|\s+dot\s+)(?:${TLDS})(?![\p{L}\p{N}])`,
  'gu',
);
/** words that look like domains but are product names */
const NOT_DOMAINS = new Set(['asp.net', 'vb.net', 'ado.net', 'node.js', 'vue.js', 'next.js', 'e.g', 'i.e']);

export const MESSENGER_LINK =
  /\b(?:t\.me|telegram\.(?:me|dog)|wa\.me|api\.whatsapp\.com|chat\.whatsapp\.com|viber:\/\/|skype:|discord\.gg|line\.me|m\.me)[^\s]*/gu;
export const MESSENGER_NAME =
  /(?<![\p{L}\p{N}])(?:telegram|telegramm|телеграмм?|телеграм\p{L}*|телег[аеу]|whats\s?app|watsapp|whatsap|вотсап\p{L}*|ватсап\p{L}*|вацап\p{L}*|skype|скайп\p{L}*|viber|вайбер\p{L}*|wechat|weixin|kakao\s?talk|discord|icq|zalo|line\s+id|signal\s+(?:me|app|number)|facebook\s+messenger|fb\s+messenger)(?![\p{L}\p{N}])|微信|カカオトーク|카톡|카카오톡/gu;
export const HANDLE = /(?<![\p{L}\p{N}_.@])@[\p{L}_][\p{L}\p{N}_.]{2,31}(?<!\.)/gu;

/** Digits of other scripts (Arabic-Indic, Persian, Devanagari, Bengali, Thai) as ASCII digits. */
const DIGIT_BLOCKS = [0x0660, 0x06f0, 0x0966, 0x09e6, 0x0e50];
function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f\u09e6-\u09ef\u0e50-\u0e59]/g, (c) => {
    const code = c.codePointAt(0) ?? 0;
    const base = DIGIT_BLOCKS.find((b) => code >= b && code <= b + 9) ?? code;
    return String(code - base);
  });
}

const NUMBER = String.raw`\d{1,3}(?:[ ,.'\u00a0\u202f]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d+)?`;
const CURRENCY = String.raw`[$€£¥₪₽₹₣]|(?:usd|eur|gbp|chf|cad|aud|nis|ils|rub|jpy|cny|ca\$|a\$)(?![\p{L}])`;
const UNIT = String.raw`(?:words?|wörter|wort|mots?|palabras?|parole|palavras?|слов\p{L}*|字|単語|pages?|seiten|páginas?|страниц\p{L}*|chars?|characters?|zeichen|caractères|символ\p{L}*|credits?|dollars?|euros?|cents?|days?|tage?n?|jours?|días?|дн\p{L}*|hours?|hrs?|stunden?|heures?|horas?|час\p{L}*|minutes?|mins?|minuten|segments?|lines?|files?|documents?|projects?|percent|prozent|pour\s?cent|por\s?ciento|процент\p{L}*|%)(?![\p{L}])`;

/** Number shapes that are not phone numbers, masked before the phone search. */
export const NOT_PHONES: RegExp[] = [
  // money: $1,250.00, € 99, 1 250 €, 300 EUR
  new RegExp(String.raw`(?:${CURRENCY})\s?(?:${NUMBER})`, 'gu'),
  new RegExp(String.raw`(?<!\d)(?:${NUMBER})\s?(?:${CURRENCY})`, 'gu'),
  // counts and ranges with a unit: 12,500 words, 10 000-12 000 words, 15%, 3 days
  new RegExp(String.raw`(?<!\d)(?:${NUMBER})(?:\s?[-–]\s?(?:${NUMBER}))?\s?${UNIT}`, 'gu'),
  // year ranges: 2023-2024
  /(?<!\d)(?:19|20)\d{2}\s?[-–/]\s?(?:19|20)?\d{2}(?!\d)/gu,
  // ids: #123456, project 1234567, order no. 12345678, invoice nr 2024001
  /(?:#|№)\s?\d+|(?<![\p{L}])(?:project|projects|order|invoice|ticket|job|id|ref|proyecto|projet|projekt|auftrag|rechnung|заказ|проект|счёт|счет)\s*(?:#|no\.?|nr\.?|№|id)?\s*:?\s*\d+/gu,
  // thousands with commas: 1,250,000
  /(?<!\d)\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d,])/gu,
];

export const ISO_DATE = /(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/gu;
export const DAY_MONTH_YEAR = /(?<!\d)(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})(?!\d)/gu;
export const TIME = /(?<!\d)([01]?\d|2[0-4])[:h]([0-5]\d)(?::[0-5]\d)?(?!\d)/gu;

export const PHONE_CANDIDATE =
  /(?<![\p{N}_])(?:\+\s?|00)?(?:\(\d{1,5}\)\s?|\d)(?:[ .\-\u00a0/]?(?:\(\d{1,5}\)|\d))+(?![\p{N}_])/gu;
/** a letter of a spaced script next to digits makes them a code ("INV2024000123"), not a phone */
const LETTER = /\p{L}/u;
const UNSPACED_LETTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Hangul}]/u;
const isSpacedLetter = (c: string) => LETTER.test(c) && !UNSPACED_LETTER.test(c);
/** seven or more Chinese numerals in a row */
export const CJK_DIGIT_RUN = /[〇零一幺二两三四五六七八九]{7,}/gu;

function maskWith(text: string, pattern: RegExp, keep?: (m: RegExpMatchArray) => boolean): string {
  return text.replace(pattern, (...args) => {
    const m = args[0] as string;
    if (keep) {
      const groups = args.slice(1, -2) as string[];
      const arr = Object.assign([m, ...groups], { index: 0, input: '' }) as RegExpMatchArray;
      if (keep(arr)) return m;
    }
    return ' '.repeat(m.length);
  });
}

const validYear = (y: string) => y.length === 2 || (Number(y) >= 1900 && Number(y) <= 2100);
const validDayMonth = (a: number, b: number) =>
  (a >= 1 && a <= 31 && b >= 1 && b <= 12) || (a >= 1 && a <= 12 && b >= 1 && b <= 31);

/** Masks dates, times, prices, percentages, counts and ids so that their digits are not read as phones. */
function maskNonPhones(text: string): string {
  let out = maskWith(text, ISO_DATE, (m) => !(validYear(m[1]) && Number(m[2]) <= 12 && Number(m[3]) <= 31));
  out = maskWith(out, DAY_MONTH_YEAR, (m) => !(validYear(m[3]) && validDayMonth(Number(m[1]), Number(m[2]))));
  out = maskWith(out, TIME);
  for (const pattern of NOT_PHONES) out = maskWith(out, pattern);
  return out;
}

/** Is this digit run a valid phone number: international anywhere, national in one of `regions`? */
function isPhoneNumber(candidate: string, regions: readonly CountryCode[]): boolean {
  const digits = candidate.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return false;
  // an IP address or a version number
  if (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(candidate)) return false;
  const international = candidate.replace(/^00\s?/, '+');
  if (international.startsWith('+')) return isValidPhoneNumber(international);
  return regions.some((region) => isValidPhoneNumber(candidate, region));
}

const KNOWN_REGIONS = new Set<string>(PHONE_REGIONS);
function regionsOf(extra: readonly string[] | undefined): readonly CountryCode[] {
  const more = (extra ?? []).map((r) => r.toUpperCase()).filter((r) => /^[A-Z]{2}$/.test(r) && !KNOWN_REGIONS.has(r));
  return more.length === 0 ? PHONE_REGIONS : [...PHONE_REGIONS, ...(more as CountryCode[])];
}

const SPELLED: Record<string, string> = {};
for (const [digit, words] of Object.entries({
  0: 'zero oh o nought cero zéro zero null ноль нуль nul',
  1: 'one uno una un une eins ein um один одна',
  2: 'two dos deux zwei zwo due dois два две',
  3: 'three tres trois drei tre três три',
  4: 'four cuatro quatre vier quattro quatro четыре',
  5: 'five cinco cinq fünf funf cinque пять',
  6: 'six seis sechs sei шесть',
  7: 'seven siete sept sieben sette sete семь',
  8: 'eight ocho huit acht otto oito восемь',
  9: 'nine nueve neuf neun nove девять',
})) {
  for (const word of words.split(' ')) SPELLED[word] = digit;
}
const MULTIPLIERS: Record<string, number> = { double: 2, triple: 3 };
const CJK_DIGITS: Record<string, string> = {
  〇: '0',
  零: '0',
  一: '1',
  幺: '1',
  二: '2',
  两: '2',
  三: '3',
  四: '4',
  五: '5',
  六: '6',
  七: '7',
  八: '8',
  九: '9',
};

/**
 * Phone numbers written with words: "four one five, five five five, one two three four", "double
 * five", mixed with digit groups ("four 1 five 555 1234"), and runs of Chinese numerals. At least
 * 7 digits, 2 of them spelled.
 */
function spelledPhones(folded: string): string[] {
  const found: string[] = [];
  const tokens = [...folded.matchAll(/[\p{L}\p{N}]+/gu)];
  let digits = '';
  let spelled = 0;
  let start = -1;
  let end = -1;
  let multiplier = 1;
  const flush = () => {
    if (digits.length >= 7 && spelled >= 2) found.push(folded.slice(start, end));
    digits = '';
    spelled = 0;
    start = -1;
    multiplier = 1;
  };
  for (const token of tokens) {
    const word = token[0];
    const at = token.index ?? 0;
    // words in a run are separated by spaces and punctuation only, not by a sentence
    if (start >= 0 && /[\n;:!?]|\s{3,}/.test(folded.slice(end, at))) flush();
    let value: string | null = null;
    if (/^\d+$/.test(word)) value = word;
    else if (SPELLED[word] !== undefined) value = SPELLED[word];
    else if ([...word].every((c) => CJK_DIGITS[c] !== undefined)) value = [...word].map((c) => CJK_DIGITS[c]).join('');
    if (value === null) {
      if (MULTIPLIERS[word] !== undefined) {
        if (start < 0) start = at;
        end = at + word.length;
        multiplier = MULTIPLIERS[word];
        continue;
      }
      flush();
      continue;
    }
    if (start < 0) start = at;
    end = at + word.length;
    if (!/^\d+$/.test(word)) spelled += value.length * multiplier;
    digits += value.repeat(multiplier);
    multiplier = 1;
  }
  flush();
  return found;
}

function hostOf(link: string): string {
  const m = /^(?:[a-z]+:\/\/)?([^/\s:?#]+)/iu.exec(link);
  return (m?.[1] ?? '').replace(/^www\d?\./, '');
}

/** The contact details found in an already case-folded text. */
export function findContacts(folded: string, options: ContactOptions = {}): ContactHit[] {
  const hits: ContactHit[] = [];
  const seen = new Set<string>();
  const add = (kind: ContactKind, match: string) => {
    const clean = match.trim().replace(/[.,;:!?)]+$/u, '');
    const id = `${kind}:${clean}`;
    if (seen.has(id)) return;
    seen.add(id);
    hits.push({ kind, match: clean });
  };
  const allowed = new Set((options.allowedHosts ?? []).map((h) => h.toLowerCase().replace(/^www\./, '')));
  let text = asciiDigits(folded);

  for (const pattern of [MESSENGER_LINK]) {
    text = maskWith(text, pattern, (m) => {
      add('messenger', m[0]);
      return false;
    });
  }
  const markedAt = HAS_MARKED_AT.test(text);
  const wordDot = HAS_WORD_DOT.test(text);
  const emailPatterns = [
    markedAt ? EMAIL_PLAIN : null,
    markedAt ? EMAIL_OBFUSCATED : null,
    wordDot ? EMAIL_AT_WORD : null,
    HAS_PROVIDER.test(text) ? EMAIL_PROVIDER_ONLY : null,
  ];
  for (const pattern of emailPatterns) {
    if (!pattern) continue;
    text = maskWith(text, pattern, (m) => {
      add('email', m[0]);
      return false;
    });
  }
  for (const pattern of [URL_SCHEME, URL_WWW, BARE_DOMAIN, wordDot ? DOMAIN_OBFUSCATED : null]) {
    if (!pattern) continue;
    text = maskWith(text, pattern, (m) => {
      const link = m[0];
      if (NOT_DOMAINS.has(link) || allowed.has(hostOf(link))) return true;
      add('link', link);
      return false;
    });
  }
  for (const m of text.matchAll(MESSENGER_NAME)) add('messenger', m[0]);
  for (const m of text.matchAll(HANDLE)) add('messenger', m[0]);

  const numbers = maskNonPhones(text);
  const regions = regionsOf(options.phoneRegions);
  for (const m of numbers.matchAll(PHONE_CANDIDATE)) {
    const at = m.index ?? 0;
    const before = numbers[at - 1] ?? ' ';
    const after = numbers[at + m[0].length] ?? ' ';
    if (isSpacedLetter(before) || isSpacedLetter(after)) continue;
    if (isPhoneNumber(m[0].trim(), regions)) add('phone', m[0]);
  }
  for (const spelled of spelledPhones(text)) add('phone', spelled);
  for (const m of text.matchAll(CJK_DIGIT_RUN)) add('phone', m[0]);
  // a phone inside a longer one ("555 12 34" of "four 1 five 555 12 34") is the same phone
  return hits.filter(
    (hit) => !hits.some((other) => other !== hit && other.kind === hit.kind && other.match.includes(hit.match)),
  );
}
