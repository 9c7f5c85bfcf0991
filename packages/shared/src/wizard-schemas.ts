import { z } from './zod';
import { PROJECT_TYPE_SLUGS } from './project-types';
import { ENTRY_TYPES, MATERIALS_OPTIONS, MT_FORMALITY, PURCHASE_ORDER_STATUSES, WORD_COUNT_SOURCES } from './wizard';

// The zod schemas of wizard.ts, apart from its constants and texts so that a page reading only
// those does not load zod.

/** A form field that means true or false ('1', 'true', 'on', 'yes' / '0', 'false', 'off', 'no', ''). */
export const formBoolean = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  if (/^(1|true|on|yes)$/i.test(value)) return true;
  if (/^(0|false|off|no|)$/i.test(value)) return false;
  return value;
}, z.boolean());

function parseJsonString(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** The machine-translation choice for one target language of an order. */
export const mtPairChoiceSchema = z.object({
  engine: z.string().max(50),
  formality: z.enum(MT_FORMALITY).default('default'),
  glossary: z.boolean().default(false),
});
export type MtPairChoice = z.infer<typeof mtPairChoiceSchema>;

/** An array field that a form sends once (a string) or repeated (an array). */
const formArray = z.preprocess((value) => (typeof value === 'string' ? [value] : value), z.array(z.string()));

export const purchaseOrderFileSchema = z.object({
  id: z.number(),
  fileName: z.string(),
  mime: z.string(),
  sizeBytes: z.number(),
  /** counted words of a source file; null for reference files */
  words: z.number().nullable(),
  context: z.enum(['source', 'reference']),
  createdAt: z.string(),
});
export type PurchaseOrderFile = z.infer<typeof purchaseOrderFileSchema>;

export const purchaseOrderSchema = z.object({
  pid: z.string(),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  /** true while the order belongs to a guest (window shopping) */
  isGuest: z.boolean(),
  type: z.string(),
  name: z.string().nullable(),
  source_language: z.string().nullable(),
  target_languages: z.array(z.string()),
  expertise: z.string().nullable(),
  wordCount: z.number(),
  wordCountSource: z.enum(WORD_COUNT_SOURCES).nullable(),
  entryType: z.enum(ENTRY_TYPES).nullable(),
  materialsOption: z.enum(MATERIALS_OPTIONS).nullable(),
  pastedText: z.string().nullable(),
  url: z.string().nullable(),
  needProofreading: z.boolean(),
  expedite: z.boolean(),
  certificate: z.boolean(),
  brief: z.string().nullable(),
  translationCategory: z.string().nullable(),
  mtParams: z.record(z.string(), z.unknown()),
  step: z.string().nullable(),
  quotedCredits: z.number().nullable(),
  files: z.array(purchaseOrderFileSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PurchaseOrder = z.infer<typeof purchaseOrderSchema>;

/** Fields of POST /api/2/po (create) and POST /api/2/po/{pid} (update); only the fields sent change. */
export const purchaseOrderUpdateSchema = z.object({
  type: z.enum(PROJECT_TYPE_SLUGS).optional(),
  name: z.string().trim().max(200).optional(),
  source_language: z.string().trim().max(100).optional(),
  target_languages: formArray.optional(),
  expertise: z.string().trim().max(100).optional(),
  needProofreading: formBoolean.optional(),
  materialsOption: z.string().optional(),
  entryType: z.string().optional(),
  /** typed by the customer when the content cannot be counted (or there is none: materialsOption count) */
  wordCount: z.coerce.number().int().min(0).max(100_000_000).optional(),
  step: z.string().trim().max(50).optional(),
  /** MT plans: the choice per target language (JSON; a form sends it as a JSON string) */
  mtParams: z
    .preprocess(
      parseJsonString,
      z.record(
        z.string(),
        z.lazy(() => mtPairChoiceSchema),
      ),
    )
    .optional(),
});
export type PurchaseOrderUpdate = z.infer<typeof purchaseOrderUpdateSchema>;

export const uploadedFileSchema = purchaseOrderFileSchema.extend({
  /** no countable text: the wizard shows `message` and lets the customer type the count */
  needsManualCount: z.boolean(),
  message: z.string().optional(),
});

/** Answer of POST /ajax/filepicker/fileUploaded. */
export const fileUploadedAnswerSchema = z.object({
  status: z.literal('OK'),
  files: z.array(uploadedFileSchema),
  /** the order's count after the upload: the sum of its source files */
  wordCount: z.number(),
  wordCountSource: z.enum(WORD_COUNT_SOURCES).nullable(),
  needsManualCount: z.boolean(),
  message: z.string().optional(),
});
export type FileUploadedAnswer = z.infer<typeof fileUploadedAnswerSchema>;

/** Answer of POST /wizard/updateText. */
export const updateTextAnswerSchema = z.object({
  status: z.literal('OK'),
  wordCount: z.number(),
  characters: z.number(),
  entryType: z.enum(['paste', 'url']),
  url: z.string().nullable(),
  needsManualCount: z.boolean(),
  message: z.string().optional(),
});
export type UpdateTextAnswer = z.infer<typeof updateTextAnswerSchema>;

export const mtPairParamsSchema = z.object({
  source_language: z.string(),
  target_language: z.string(),
  /** the connected engines that translate the pair, each with what it can be asked for */
  engines: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      /** the engine can be asked for formal or informal address in the target language */
      formality: z.boolean(),
      /** the engine can be told the customer's terms */
      glossary: z.boolean(),
    }),
  ),
  /** one of the engines offers formal and informal address in the target language (de, fr, es ...) */
  formality: z.boolean(),
  /** one of the engines takes the customer's terms */
  glossary: z.boolean(),
});

/** Answer of GET /api/2/wizard/mt-available-params. */
export const mtAvailableParamsSchema = z.object({
  /** false when the order's project type does not use machine translation */
  available: z.boolean(),
  pairs: z.array(mtPairParamsSchema),
});
export type MtAvailableParams = z.infer<typeof mtAvailableParamsSchema>;
