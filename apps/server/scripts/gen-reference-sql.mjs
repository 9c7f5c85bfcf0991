// Writes the reference-data migration (languages, expertise, countries, currencies, acl groups,
// ui features). Run once when the lists change, then commit the SQL: migrations are the source.
// Usage: node scripts/gen-reference-sql.mjs > src/db/migrations/<file>.sql
const langName = new Intl.DisplayNames(['en'], { type: 'language' });
const regionName = new Intl.DisplayNames(['en'], { type: 'region' });

// [ISO 639 / BCP 47 code, flag country]
const LANGS = [
  ['en-US', 'US'],
  ['en-GB', 'GB'],
  ['es', 'ES'],
  ['es-419', 'MX'],
  ['fr', 'FR'],
  ['fr-CA', 'CA'],
  ['de', 'DE'],
  ['it', 'IT'],
  ['pt-PT', 'PT'],
  ['pt-BR', 'BR'],
  ['nl', 'NL'],
  ['sv', 'SE'],
  ['da', 'DK'],
  ['nb', 'NO'],
  ['fi', 'FI'],
  ['is', 'IS'],
  ['pl', 'PL'],
  ['cs', 'CZ'],
  ['sk', 'SK'],
  ['hu', 'HU'],
  ['ro', 'RO'],
  ['bg', 'BG'],
  ['el', 'GR'],
  ['ru', 'RU'],
  ['uk', 'UA'],
  ['be', 'BY'],
  ['sr', 'RS'],
  ['hr', 'HR'],
  ['bs', 'BA'],
  ['sl', 'SI'],
  ['mk', 'MK'],
  ['sq', 'AL'],
  ['lt', 'LT'],
  ['lv', 'LV'],
  ['et', 'EE'],
  ['ga', 'IE'],
  ['cy', 'GB'],
  ['mt', 'MT'],
  ['ca', 'ES'],
  ['eu', 'ES'],
  ['gl', 'ES'],
  ['lb', 'LU'],
  ['tr', 'TR'],
  ['az', 'AZ'],
  ['ka', 'GE'],
  ['hy', 'AM'],
  ['kk', 'KZ'],
  ['uz', 'UZ'],
  ['ky', 'KG'],
  ['tg', 'TJ'],
  ['tk', 'TM'],
  ['mn', 'MN'],
  ['ar', 'SA'],
  ['he', 'IL'],
  ['fa', 'IR'],
  ['ur', 'PK'],
  ['ps', 'AF'],
  ['ku', 'IQ'],
  ['hi', 'IN'],
  ['bn', 'BD'],
  ['pa', 'IN'],
  ['gu', 'IN'],
  ['mr', 'IN'],
  ['ta', 'IN'],
  ['te', 'IN'],
  ['kn', 'IN'],
  ['ml', 'IN'],
  ['or', 'IN'],
  ['as', 'IN'],
  ['ne', 'NP'],
  ['si', 'LK'],
  ['my', 'MM'],
  ['th', 'TH'],
  ['lo', 'LA'],
  ['km', 'KH'],
  ['vi', 'VN'],
  ['ms', 'MY'],
  ['id', 'ID'],
  ['jv', 'ID'],
  ['su', 'ID'],
  ['zh-Hans', 'CN'],
  ['zh-Hant', 'TW'],
  ['yue', 'HK'],
  ['ja', 'JP'],
  ['ko', 'KR'],
  ['sw', 'KE'],
  ['am', 'ET'],
  ['ti', 'ER'],
  ['om', 'ET'],
  ['so', 'SO'],
  ['ha', 'NG'],
  ['yo', 'NG'],
  ['ig', 'NG'],
  ['zu', 'ZA'],
  ['xh', 'ZA'],
  ['af', 'ZA'],
  ['st', 'LS'],
  ['tn', 'BW'],
  ['sn', 'ZW'],
  ['rw', 'RW'],
  ['mg', 'MG'],
  ['ln', 'CD'],
  ['wo', 'SN'],
  ['ht', 'HT'],
  ['mi', 'NZ'],
  ['sm', 'WS'],
  ['to', 'TO'],
  ['fj', 'FJ'],
  ['haw', 'US'],
  ['eo', 'UN'],
  ['la', 'VA'],
  ['yi', 'IL'],
  ['dv', 'MV'],
  ['bo', 'CN'],
  ['ug', 'CN'],
  ['fil', 'PH'],
];

const EXPERTISE = [
  'General',
  'Legal',
  'Medical',
  'Technical',
  'Financial',
  'Marketing',
  'Business',
  'IT & Software',
  'Gaming',
  'E-commerce',
  'Tourism & Travel',
  'Literature & Publishing',
  'Academic',
  'Patents',
  'Pharmaceutical',
  'Engineering',
  'Automotive',
  'Energy',
  'Life Sciences',
  'Entertainment & Media',
  'Social Media',
  'Fashion',
  'Food & Beverage',
  'Government',
  'Certificates & Documents',
];

// code, symbol, name, units per 1 USD (reference rates; admins can update them)
const CURRENCIES = [
  ['USD', '$', 'US Dollar', 1],
  ['EUR', '€', 'Euro', 0.92],
  ['NIS', '₪', 'Israeli New Shekel', 3.7],
  ['GBP', '£', 'British Pound', 0.79],
  ['CHF', '₣', 'Swiss Franc', 0.88],
  ['CAD', 'CA$', 'Canadian Dollar', 1.37],
  ['AUD', 'A$', 'Australian Dollar', 1.52],
];

const ACL = [
  ['role.admin', 'Full back-office access'],
  ['role.customer', 'Customer'],
  ['role.translator', 'Translator'],
  ['role.model-training-expert', 'Model-training expert (reduced translator menu)'],
  ['role.language-manager', 'Language manager dashboard'],
  ['role.certified-translator', 'Certified translator (Community)'],
];

const FEATURES = [
  ['wizard-step-upload', 'Wizard: upload content step', 1],
  ['wizard-step-languages', 'Wizard: languages step', 1],
  ['wizard-step-expertise', 'Wizard: expertise step', 1],
  ['wizard-step-brief', 'Wizard: brief step', 1],
  ['wizard-step-plans', 'Wizard: plans step', 1],
  ['blend-talk', 'Team chat', 1],
];

const q = (s) => `'${String(s).replace(/'/g, "''")}'`;
const slugify = (s) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const out = [];
const seen = new Set();
const langRows = LANGS.map(([code, flag]) => {
  let name = langName.of(code);
  if (code === 'zh-Hans') name = 'Chinese (Simplified)';
  if (code === 'zh-Hant') name = 'Chinese (Traditional)';
  if (code === 'es-419') name = 'Spanish (Latin America)';
  const slug = slugify(name);
  if (seen.has(slug)) throw new Error(`duplicate language slug ${slug}`);
  seen.add(slug);
  return `(${q(slug)}, ${q(name)}, ${q(code)}, ${q(flag)})`;
});
out.push(`INSERT INTO "languages" ("slug", "name", "iso", "flag") VALUES\n${langRows.join(',\n')};`);
out.push(
  `INSERT INTO "expertises" ("slug", "name", "sort_order") VALUES\n${EXPERTISE.map((n, i) => `(${q(slugify(n))}, ${q(n)}, ${i})`).join(',\n')};`,
);
const codes = [];
// pseudo-regions and withdrawn codes that Intl still names (they would duplicate a current country)
const pseudo = new Set([
  'EU',
  'EZ',
  'UN',
  'ZZ',
  'QO',
  'XA',
  'XB',
  'AC',
  'CP',
  'CQ',
  'DG',
  'EA',
  'IC',
  'TA',
  'XK',
  'AN',
  'BU',
  'CS',
  'DD',
  'DY',
  'FX',
  'HV',
  'NH',
  'RH',
  'SU',
  'TP',
  'UK',
  'VD',
  'YD',
  'YU',
  'ZR',
]);
for (let a = 65; a <= 90; a++)
  for (let b = 65; b <= 90; b++) {
    const c = String.fromCharCode(a, b);
    const n = regionName.of(c);
    if (n && n !== c && !pseudo.has(c)) codes.push(`(${q(c)}, ${q(n)})`);
  }
out.push(`INSERT INTO "countries" ("code", "name") VALUES\n${codes.join(',\n')};`);
out.push(
  `INSERT INTO "currencies" ("code", "symbol", "name", "rate_micros") VALUES\n${CURRENCIES.map(([c, s, n, r]) => `(${q(c)}, ${q(s)}, ${q(n)}, ${Math.round(r * 1e6)})`).join(',\n')};`,
);
out.push(
  `INSERT INTO "acl_groups" ("name", "description") VALUES\n${ACL.map(([n, d]) => `(${q(n)}, ${q(d)})`).join(',\n')};`,
);
out.push(
  `INSERT INTO "ui_features" ("uuid", "name", "status", "config") VALUES\n${FEATURES.map(([u, n, s]) => `(${q(u)}, ${q(n)}, ${s}, '{"enabled": true}')`).join(',\n')};`,
);
process.stdout.write(
  `-- Reference data, written by scripts/gen-reference-sql.mjs\n${out.join('\n--> statement-breakpoint\n')}\n`,
);
console.error(`${langRows.length} languages, ${codes.length} countries`);
