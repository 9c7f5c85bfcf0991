import { z } from './zod';
import {
  PROBATION_GRADUATION,
  PROBATION_TEXTS,
  probationEndsAt,
  type ProbationState,
  type ProbationTranslator,
} from './probation';
import { MAX_DB_INT } from './validation';

// The zod schemas of probation.ts, apart from its constants and texts so that a page reading only
// those does not load zod.

const idList = z
  .array(
    z
      .union([z.number(), z.string()])
      .transform((v) => Number(v))
      .pipe(z.number().int().min(1).max(MAX_DB_INT)),
  )
  .max(1000)
  .default([]);
const nameList = z.array(z.string().trim().min(1).max(100)).max(200).default([]);

/** GET|POST api/2/admin/probation/params */
export const probationParamsSchema = z
  .object({
    min_rating: z.coerce.number({ error: 'Enter the minimum rating (1 to 5)' }).int().min(1).max(5),
    min_wordcount: z.coerce.number({ error: 'Enter the minimum word count' }).int().min(0).max(10_000_000),
    max_wordcount: z
      .union([z.literal(''), z.null(), z.coerce.number().int().min(1).max(10_000_000)])
      .transform((v) => (v === '' ? null : v))
      .default(null),
    max_years: z.coerce.number({ error: 'Enter the number of years' }).int().min(0).max(50),
    cat_vendors: nameList,
    excluded_clients: idList,
    excluded_translators: idList,
    project_types: nameList,
  })
  .superRefine((v, ctx) => {
    if (v.max_wordcount !== null && v.max_wordcount < v.min_wordcount)
      ctx.addIssue({ code: 'custom', path: ['max_wordcount'], message: PROBATION_TEXTS.maxBelowMin });
  });
export type ProbationParams = z.infer<typeof probationParamsSchema>;

export function probationState(t: ProbationTranslator, p: ProbationParams, now: Date): ProbationState {
  const endsAt = probationEndsAt(t.joinedAt, p.max_years);
  const graduated =
    t.completedProjects >= PROBATION_GRADUATION.projects &&
    (t.averageRating === null || t.averageRating >= p.min_rating);
  const onProbation = now < endsAt && !p.excluded_translators.includes(t.id) && !graduated;
  return {
    onProbation,
    endsAt: endsAt.toISOString(),
    completedProjects: t.completedProjects,
    projectsNeeded: PROBATION_GRADUATION.projects,
    minRating: p.min_rating,
  };
}

/** May a translator on probation be offered this project? */
export function projectFitsProbation(
  project: { wordCount: number; type: string; customerId: number },
  p: ProbationParams,
): boolean {
  if (project.wordCount < p.min_wordcount) return false;
  if (p.max_wordcount !== null && project.wordCount > p.max_wordcount) return false;
  if (p.project_types.length > 0 && !p.project_types.includes(project.type)) return false;
  return !p.excluded_clients.includes(project.customerId);
}

/** Does a translator on probation work with one of the CAT tools of cat_vendors (any, when empty)? */
export function translatorFitsProbation(translator: { software: readonly string[] }, p: ProbationParams): boolean {
  if (p.cat_vendors.length === 0) return true;
  const tools = new Set(translator.software.map((s) => s.toLowerCase()));
  return p.cat_vendors.some((v) => tools.has(v.toLowerCase()));
}

export const probationStateSchema = z.object({
  onProbation: z.boolean(),
  endsAt: z.string(),
  completedProjects: z.number(),
  projectsNeeded: z.number(),
  minRating: z.number(),
});
