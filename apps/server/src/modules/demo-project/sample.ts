import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEMO_PROJECT_GUIDES, type DemoProject, type DemoProjectStep, type ProjectStatus } from '@parlance/shared';
import { countWords } from '../../platform/documents/count-words';
import { extractFromBytes } from '../../platform/documents/extract-text';

// The sample project of /project/demo (ADR 0099): fixed words, dates relative to now (so it always
// reads as a recent order), and files read from the server's assets. The word count is the sample
// source files' own count, made as an order makes it.

const ASSETS = join(import.meta.dirname, '../../../assets/demo-project');

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

interface SampleFile {
  name: string;
  context: 'source' | 'translation';
  mime: string;
  /** hours after the order when the file was added */
  atHour: number;
}

export const SAMPLE_FILES: readonly SampleFile[] = [
  { name: 'welcome-letter-en.docx', context: 'source', mime: DOCX, atHour: 0 },
  { name: 'glossary-en.txt', context: 'source', mime: 'text/plain; charset=utf-8', atHour: 0 },
  { name: 'welcome-letter-de.docx', context: 'translation', mime: DOCX, atHour: 50 },
  { name: 'glossary-de.txt', context: 'translation', mime: 'text/plain; charset=utf-8', atHour: 50 },
];

const TRANSLATOR = 'Lena H. (sample translator)';

/** The timeline: each step with its hour after the order and the status move it made. */
const STEPS: readonly {
  step: DemoProjectStep;
  atHour: number;
  action: string;
  from: ProjectStatus | null;
  to: ProjectStatus;
  actor: string | null;
}[] = [
  { step: 'ordered', atHour: 0, action: 'create', from: null, to: 'PENDING', actor: 'You' },
  { step: 'assigned', atHour: 0.75, action: 'take', from: 'PENDING', to: 'IN_PROGRESS', actor: TRANSLATOR },
  { step: 'started', atHour: 2, action: 'start', from: 'IN_PROGRESS', to: 'IN_PROGRESS', actor: TRANSLATOR },
  { step: 'delivered', atHour: 50, action: 'deliver', from: 'IN_PROGRESS', to: 'READY', actor: TRANSLATOR },
  { step: 'approved', atHour: 70, action: 'approve', from: 'READY', to: 'COMPLETED', actor: 'You' },
];

/** The sample was ordered this long before now: delivered and approved a few days ago. */
const ORDERED_AGO_HOURS = 6 * 24;
const DEADLINE_HOURS = 72;

/** A sample file by its name (the only names served), with its bytes. */
export async function sampleFile(name: string): Promise<(SampleFile & { bytes: Buffer }) | null> {
  const file = SAMPLE_FILES.find((f) => f.name === name);
  if (!file) return null;
  return { ...file, bytes: await cachedBytes(file.name) };
}

const bytesCache = new Map<string, Promise<Buffer>>();
function cachedBytes(name: string): Promise<Buffer> {
  let bytes = bytesCache.get(name);
  if (!bytes) {
    bytes = readFile(join(ASSETS, name));
    bytesCache.set(name, bytes);
    bytes.catch(() => bytesCache.delete(name));
  }
  return bytes;
}

let wordCount: Promise<number> | null = null;
/** Words of the source files, as the wizard counts an upload. */
function sourceWords(): Promise<number> {
  wordCount ??= (async () => {
    let total = 0;
    for (const f of SAMPLE_FILES.filter((x) => x.context === 'source')) {
      const { text } = await extractFromBytes(await cachedBytes(f.name), f.name);
      total += countWords(text, 'en');
    }
    return total;
  })();
  return wordCount;
}

export async function sampleProject(now: Date, filesBase: string): Promise<DemoProject> {
  // whole minutes: the page reads like a real order's times
  const ordered = Math.floor(now.getTime() / 60_000) * 60_000 - ORDERED_AGO_HOURS * 3_600_000;
  const at = (hours: number) => new Date(ordered + Math.round(hours * 60) * 60_000).toISOString();
  const files = await Promise.all(
    SAMPLE_FILES.map(async (f) => ({
      name: f.name,
      context: f.context,
      mime: f.mime.split(';')[0],
      size: (await cachedBytes(f.name)).length,
      createdAt: at(f.atHour),
      url: `${filesBase}/${f.name}`,
      downloadUrl: `${filesBase}/${f.name}?download=1`,
    })),
  );
  return {
    sample: true,
    title: 'Welcome letter for e-bike buyers',
    status: 'COMPLETED',
    typeName: 'Translation',
    sourceLanguage: 'English',
    targetLanguage: 'German',
    expertise: 'Marketing & consumer products',
    wordCount: await sourceWords(),
    brief:
      'A short welcome letter packed with every new bike, and its glossary. Friendly tone, formal “Sie”; keep the brand and model names in English.',
    createdAt: at(0),
    deadline: at(DEADLINE_HOURS),
    deliveredAt: at(50),
    completedAt: at(70),
    translatorName: TRANSLATOR,
    files,
    events: STEPS.map((s, i) => ({
      id: i + 1,
      step: s.step,
      fromStatus: s.from,
      toStatus: s.to,
      action: s.action,
      actorName: s.actor,
      note: null,
      createdAt: at(s.atHour),
      guide: DEMO_PROJECT_GUIDES[s.step],
    })),
  };
}
