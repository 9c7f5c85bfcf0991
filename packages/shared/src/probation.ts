// Probation (spec 2 sections 3, 7, 9; ADR 0065). A translator who joined less
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
