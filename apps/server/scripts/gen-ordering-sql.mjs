// Writes the ordering reference data (prices, VAT, option surcharges, language and expertise tiers).
// Run once when the data changes, then commit the SQL: migrations are the source.
// Usage: node scripts/gen-ordering-sql.mjs > src/db/migrations/0005_ordering-data.sql

// credits per word (1 credit = 0.01 USD) for a general text in a common pair
const BASE = {
  translation: 8,
  'seo-translation': 10,
  'urgent-translation': 11,
  proofreading: 3,
  'translation-editing': 12,
  transcription: 6,
  'website-localization': 10,
  'enterprise-quality': 15,
  'mtpe-full': 5,
  'machine-translation': 1,
  'excel-translation': 8,
  'excel-combo': 9,
  'standard-translation': 7,
  dtp: 4,
  'post-editing': 4,
  'human-post-editing': 5,
  'ai-translation': 2,
  'human-review': 3,
  combo: 9,
};
const EXPERTISE_FACTOR = { 1: 1, 2: 1.25 };
const PAIR_FACTOR = { 1: 1, 2: 1.2, 3: 1.5 };
const MINIMUM = 1000; // $10 per target language
const DAYS = { 'urgent-translation': 1, 'machine-translation': 1, 'ai-translation': 1 };

const q = (s) => `'${String(s).replace(/'/g, "''")}'`;
const rows = [];
for (const [type, credits] of Object.entries(BASE))
  for (const e of [1, 2])
    for (const p of [1, 2, 3]) {
      const milli = Math.round(credits * 1000 * EXPERTISE_FACTOR[e] * PAIR_FACTOR[p]);
      rows.push(`(${q(type)}, ${e}, ${p}, ${milli}, ${MINIMUM}, ${DAYS[type] ?? 1})`);
    }

// EU standard rates, and a few others, in basis points
const VAT = {
  AT: 2000,
  BE: 2100,
  BG: 2000,
  HR: 2500,
  CY: 1900,
  CZ: 2100,
  DK: 2500,
  EE: 2200,
  FI: 2550,
  FR: 2000,
  DE: 1900,
  GR: 2400,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LV: 2100,
  LT: 2100,
  LU: 1700,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 1900,
  SK: 2300,
  SI: 2200,
  ES: 2100,
  SE: 2500,
  GB: 2000,
  NO: 2500,
  CH: 810,
  IL: 1800,
  AU: 1000,
  NZ: 1500,
};

const OPTIONS = [
  ['proofreading', 'Proofreading by a second linguist', 5000, 0],
  ['expedite', 'Urgent delivery', 2500, 0],
  ['certificate', 'Certificate of translation accuracy', 0, 2500],
];

// less common (2) and rare (3) languages by ISO code; everything else is tier 1
const TIER2 = [
  'bg',
  'cs',
  'sk',
  'hu',
  'ro',
  'hr',
  'sr',
  'sl',
  'lt',
  'lv',
  'et',
  'fi',
  'is',
  'el',
  'uk',
  'he',
  'fa',
  'ur',
  'bn',
  'pa',
  'ta',
  'te',
  'mr',
  'gu',
  'kn',
  'ml',
  'th',
  'vi',
  'ms',
  'id',
  'fil',
  'sw',
  'af',
  'ca',
  'ka',
  'hy',
  'az',
  'kk',
  'mk',
  'sq',
  'bs',
  'be',
  'ga',
  'cy',
  'mt',
  'lb',
  'eu',
  'gl',
];
const TIER3 = [
  'am',
  'ti',
  'om',
  'so',
  'ha',
  'yo',
  'ig',
  'zu',
  'xh',
  'st',
  'tn',
  'sn',
  'rw',
  'mg',
  'ln',
  'wo',
  'ht',
  'mi',
  'sm',
  'to',
  'fj',
  'haw',
  'eo',
  'la',
  'yi',
  'dv',
  'bo',
  'ug',
  'ps',
  'ku',
  'ky',
  'tg',
  'tk',
  'mn',
  'lo',
  'km',
  'my',
  'si',
  'ne',
  'or',
  'as',
  'jv',
  'su',
  'yue',
  'uz',
];
const SPECIALISED = [
  'legal',
  'medical',
  'technical',
  'financial',
  'patents',
  'pharmaceutical',
  'life-sciences',
  'engineering',
  'certificates-documents',
  'automotive',
  'energy',
];

const out = [
  `INSERT INTO "prices" ("project_type", "expertise_tier", "pair_tier", "millicredits_per_word", "minimum_credits", "days_per_2000_words") VALUES\n${rows.join(',\n')};`,
  `INSERT INTO "vat_rates" ("country", "basis_points") VALUES\n${Object.entries(VAT)
    .map(([c, b]) => `(${q(c)}, ${b})`)
    .join(',\n')};`,
  `INSERT INTO "order_options" ("slug", "name", "basis_points", "flat_credits") VALUES\n${OPTIONS.map(([s, n, b, f]) => `(${q(s)}, ${q(n)}, ${b}, ${f})`).join(',\n')};`,
  `UPDATE "languages" SET "price_tier" = 2 WHERE split_part("iso", '-', 1) IN (${TIER2.map(q).join(', ')});`,
  `UPDATE "languages" SET "price_tier" = 3 WHERE split_part("iso", '-', 1) IN (${TIER3.map(q).join(', ')});`,
  `UPDATE "expertises" SET "price_tier" = 2 WHERE "slug" IN (${SPECIALISED.map(q).join(', ')});`,
];
process.stdout.write(
  `-- Ordering reference data, written by scripts/gen-ordering-sql.mjs\n${out.join('\n--> statement-breakpoint\n')}\n`,
);
