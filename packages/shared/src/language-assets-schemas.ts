import { z } from './zod';
import { languageSchema } from './api';

// The answers of the language-asset calls (terminology, translation memory, glossary files, the
// translator groups that share a memory), apart from language-assets.ts so that a page reading only
// its constants and texts does not load zod. The types of language-assets.ts are inferred here.

const ok = z.literal('OK');

export const languageRefSchema = z.object({ slug: z.string(), name: z.string(), iso: z.string() });

export const terminologySetSchema = z.object({
  id: z.number(),
  srcLang: languageRefSchema,
  tarLang: languageRefSchema,
  fileName: z.string(),
  format: z.enum(['csv', 'xlsx', 'tbx']),
  termCount: z.number(),
  createdAt: z.string(),
});

export const terminologyTermSchema = z.object({ source: z.string(), target: z.string(), note: z.string() });

export const tmLanguageSchema = z.object({ code: z.string(), name: z.string(), segments: z.number() });

export const tmImportSchema = z.object({
  id: z.number(),
  fileName: z.string(),
  unitCount: z.number(),
  languages: z.array(z.string()),
  createdAt: z.string(),
});

export const tmSearchHitSchema = z.object({
  importId: z.number(),
  unitNo: z.number(),
  variants: z.array(z.object({ lang: z.string(), text: z.string() })),
});

export const glossaryFileSchema = z.object({
  id: z.number(),
  fileName: z.string(),
  sizeBytes: z.number(),
  createdAt: z.string(),
  downloadUrl: z.string(),
});

export const sharedMemoryMemberSchema = z.object({ id: z.number(), name: z.string(), email: z.string() });

export const sharedMemoryGroupSchema = z.object({
  id: z.number(),
  name: z.string(),
  createdAt: z.string(),
  users: z.array(sharedMemoryMemberSchema),
});

/** A page of a list: its rows and how many there are in all. */
const pageOf = <T extends z.ZodType>(row: T) => z.object({ status: ok, results: z.array(row), totalCount: z.number() });
/** A change that answers a message and, where it made or changed something, that thing. */
const doneWith = <T extends z.ZodType>(results: T) => z.object({ status: ok, message: z.string(), results });

export const LANGUAGE_ASSET_ANSWERS = {
  languages: z.object({ status: ok, results: z.array(languageSchema) }),
  terminologyList: pageOf(terminologySetSchema),
  terminology: z.object({
    status: ok,
    results: z.object({ set: terminologySetSchema, terms: z.array(terminologyTermSchema), totalCount: z.number() }),
  }),
  terminologyImported: doneWith(terminologySetSchema),
  terminologyDeleted: z.object({ status: ok, message: z.string(), deleted: z.number() }),
  tmxImported: doneWith(tmImportSchema),
  tmLanguages: z.object({ status: ok, results: z.array(tmLanguageSchema) }),
  tmImports: pageOf(tmImportSchema),
  tmSearch: z.object({ status: ok, results: z.array(tmSearchHitSchema) }),
  glossaryList: pageOf(glossaryFileSchema),
  glossaryUploaded: doneWith(glossaryFileSchema),
  /** a deletion: the message only */
  deleted: z.object({ status: ok, message: z.string() }),
  accountMap: z.object({
    status: ok,
    results: z.object({ id: z.number(), groups: z.array(sharedMemoryGroupSchema) }),
  }),
  group: z.object({ status: ok, results: sharedMemoryGroupSchema }),
  groupChanged: doneWith(sharedMemoryGroupSchema),
  projectMemory: z.object({
    status: ok,
    results: z.object({ available: z.boolean(), languages: z.array(tmLanguageSchema), downloadUrl: z.string() }),
  }),
} as const;

export type LanguageRef = z.infer<typeof languageRefSchema>;
export type TerminologySet = z.infer<typeof terminologySetSchema>;
export type TerminologyTerm = z.infer<typeof terminologyTermSchema>;
export type TmLanguage = z.infer<typeof tmLanguageSchema>;
export type TmImport = z.infer<typeof tmImportSchema>;
export type TmSearchHit = z.infer<typeof tmSearchHitSchema>;
export type GlossaryFile = z.infer<typeof glossaryFileSchema>;
export type SharedMemoryMember = z.infer<typeof sharedMemoryMemberSchema>;
export type SharedMemoryGroup = z.infer<typeof sharedMemoryGroupSchema>;
