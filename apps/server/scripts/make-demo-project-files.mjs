// Writes the sample files of /project/demo (apps/server/assets/demo-project/): a short letter as
// a Word document and a glossary as plain text, in English (the source) and German (the
// translation). Run once with `node apps/server/scripts/make-demo-project-files.mjs`; the files
// are committed, so the server serves them without this script.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import JSZip from 'jszip';

const OUT = join(import.meta.dirname, '../assets/demo-project');

const LETTER = {
  en: [
    'Welcome to Lakeside Cycles',
    'Thank you for choosing the Trail 5 e-bike. Before your first ride, charge the battery fully: this takes about four hours.',
    'Check the tyre pressure every week and keep the chain clean and lightly oiled. Your dealer offers a free first service after 500 kilometres.',
    'If you have a question, write to support@lakeside-cycles.example or call us on weekdays from 9 am to 5 pm.',
    'Enjoy the ride!',
  ],
  de: [
    'Willkommen bei Lakeside Cycles',
    'Vielen Dank, dass Sie sich für das E-Bike Trail 5 entschieden haben. Laden Sie den Akku vor der ersten Fahrt vollständig auf: Das dauert etwa vier Stunden.',
    'Prüfen Sie jede Woche den Reifendruck und halten Sie die Kette sauber und leicht geölt. Ihr Händler bietet nach 500 Kilometern eine kostenlose Erstinspektion an.',
    'Bei Fragen schreiben Sie an support@lakeside-cycles.example oder rufen Sie uns werktags von 9 bis 17 Uhr an.',
    'Gute Fahrt!',
  ],
};

const GLOSSARY = {
  en: 'Glossary: Lakeside Cycles\n\ne-bike\nbattery\ncharge\ntyre pressure\nchain\nfirst service\ndealer\n',
  de: 'Glossar: Lakeside Cycles\n\ne-bike = E-Bike\nbattery = Akku\ncharge = laden\ntyre pressure = Reifendruck\nchain = Kette\nfirst service = Erstinspektion\ndealer = Händler\n',
};

const escapeXml = (s) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

async function docx(paragraphs, lang) {
  const zip = new JSZip();
  const date = new Date('2026-01-01T00:00:00Z');
  const add = (name, text) => zip.file(name, text, { date });
  add(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  add(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  const body = paragraphs
    .map((p, i) =>
      i === 0
        ? `<w:p><w:r><w:rPr><w:b/><w:sz w:val="32"/><w:lang w:val="${lang}"/></w:rPr><w:t>${escapeXml(p)}</w:t></w:r></w:p>`
        : `<w:p><w:r><w:rPr><w:lang w:val="${lang}"/></w:rPr><w:t xml:space="preserve">${escapeXml(p)}</w:t></w:r></w:p>`,
    )
    .join('');
  add(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}<w:sectPr/></w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

writeFileSync(join(OUT, 'welcome-letter-en.docx'), await docx(LETTER.en, 'en-GB'));
writeFileSync(join(OUT, 'welcome-letter-de.docx'), await docx(LETTER.de, 'de-DE'));
writeFileSync(join(OUT, 'glossary-en.txt'), GLOSSARY.en);
writeFileSync(join(OUT, 'glossary-de.txt'), GLOSSARY.de);
