import { z } from 'zod';
import { DEMO_PROJECT_STEPS } from './demo-project';
import { PROJECT_STATUSES } from './projects';

// The answer of GET /api/2/projects/demo (demo-project.ts has the sample's texts; the schemas stay
// apart so that a page that only links to the sample does not load zod for it).

export const demoProjectFileSchema = z.object({
  /** the file's name: also its address under /api/2/projects/demo/files/ */
  name: z.string(),
  context: z.enum(['source', 'translation']),
  mime: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
  /** opens the file (plain text shows in the browser) */
  url: z.string(),
  /** downloads it under its name */
  downloadUrl: z.string(),
});
export type DemoProjectFile = z.infer<typeof demoProjectFileSchema>;

export const demoProjectSchema = z.object({
  /** always true: the page labels everything as a sample */
  sample: z.literal(true),
  title: z.string(),
  status: z.enum(PROJECT_STATUSES),
  typeName: z.string(),
  sourceLanguage: z.string(),
  targetLanguage: z.string(),
  expertise: z.string(),
  /** counted from the sample source files as an order would count them */
  wordCount: z.number().int(),
  brief: z.string(),
  createdAt: z.string(),
  deadline: z.string(),
  deliveredAt: z.string(),
  completedAt: z.string(),
  translatorName: z.string(),
  files: z.array(demoProjectFileSchema),
  /** the timeline, oldest first, in the project page's event shape, each with its guidance */
  events: z.array(
    z.object({
      id: z.number().int(),
      step: z.enum(DEMO_PROJECT_STEPS),
      fromStatus: z.enum(PROJECT_STATUSES).nullable(),
      toStatus: z.enum(PROJECT_STATUSES),
      action: z.string(),
      actorName: z.string().nullable(),
      note: z.string().nullable(),
      createdAt: z.string(),
      guide: z.string(),
    }),
  ),
});
export type DemoProject = z.infer<typeof demoProjectSchema>;
