import { z } from 'zod';
import { MAX_DB_INT } from './validation';

// Probation (spec 2 sections 3, 7, 9; docs/decisions.md, "Probation"). A translator who joined less
// than max_years ago is on probation until they have completed PROBATION_GRADUATION.projects
// translation jobs with an average customer rating of at least min_rating (unrated jobs count as
// meeting it). Translators listed in excluded_translators are never on probation. While on
// probation, matching offers only projects whose word count is within [min_wordcount,
// max_wordcount], whose type is one of project_types (all types when empty), and never projects of
// excluded_clients. cat_vendors names CAT tools (as in the profile's software list): while it is not
// empty, a translator on probation is offered projects only when their profile lists one of them
// (compared case-insensitively).

export const PROBATION_DEFAULTS = {
  min_rating: 1,
  min_wordcount: 10,
  max_wordcount: null,
  max_years: 1,
  cat_vendors: [],
  excluded_clients: [],
  excluded_translators: [],
  project_types: [],
} as const;

export const PROBATION_GRADUATION = { projects: 5 } as const;

export const PROBATION_TEXTS = {
  onProbation: 'You are on probation',
  notOnProbation: 'You are not on probation',
  explain:
    'While on probation you are offered smaller projects of selected types. You leave probation after completing {projects} projects with an average rating of at least {rating}, or on {date}.',
  maxBelowMin: 'The maximum word count must not be below the minimum',
  saved: 'Probation parameters saved',
} as const;

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

export interface ProbationTranslator {
  id: number;
  joinedAt: Date;
  completedProjects: number;
  /** null when none of the completed projects is rated */
  averageRating: number | null;
}

export interface ProbationState {
  onProbation: boolean;
  /** when probation ends at the latest (joining + max_years) */
  endsAt: string;
  completedProjects: number;
  projectsNeeded: number;
  minRating: number;
}

/** The end of probation by time: joining plus max_years. */
export function probationEndsAt(joinedAt: Date, maxYears: number): Date {
  const end = new Date(joinedAt);
  end.setUTCFullYear(end.getUTCFullYear() + maxYears);
  return end;
}

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
