// Translator leveling (ADR 0083): the level 1..5 a
// translator's earnings share follows, computed from five parameters over a rolling window.
// Pure: the server gathers the parameters from the database, this decides the level.

/** The rolling window the parameters are measured over. */
export const LEVELING_WINDOW_DAYS = 180;
/** Below this many completed projects in the window there is not enough evidence: the level stays. */
export const LEVELING_MIN_PROJECTS = 3;
/** A customer rating at or below this, or a review score below LEVELING_LOW_SCORE, affects the level. */
export const LEVELING_LOW_RATING = 3;
export const LEVELING_LOW_SCORE = 800;
/** The scheduler recomputes every translator's level this often. */
export const LEVELING_RECOMPUTE_MS = 6 * 60 * 60 * 1000;

export const LEVELING_PARAMS = ['rating', 'reviewScore', 'onTime', 'volume', 'disputesLost'] as const;
export type LevelingParam = (typeof LEVELING_PARAMS)[number];

export const LEVELING_PARAM_LABELS: Record<LevelingParam, string> = {
  rating: 'Average customer rating',
  reviewScore: 'Average QA / LL review score',
  onTime: 'Delivered on time',
  volume: 'Words completed',
  disputesLost: 'Disputes lost',
};

/** The measured values; null: nothing to measure in the window (no ratings, reviews or deliveries). */
export interface LevelingInput {
  /** 1..5 stars, average of the ratings received */
  rating: number | null;
  /** 0..1000, average of the QA and LL review scores */
  reviewScore: number | null;
  /** 0..100, percent of deliveries made by their deadline */
  onTime: number | null;
  /** words of the projects completed */
  volume: number;
  /** disputes the admin resolved against the translator (refund or partial pay) */
  disputesLost: number;
  /** completed projects in the window (the evidence) */
  completedProjects: number;
}

interface Threshold {
  rating: number;
  reviewScore: number;
  onTime: number;
  volume: number;
  /** at most */
  disputesLost: number;
}

/** What each level needs (level 1 needs nothing): every one of the five, at the same time. */
export const LEVEL_THRESHOLDS: Record<2 | 3 | 4 | 5, Threshold> = {
  2: { rating: 3.5, reviewScore: 700, onTime: 70, volume: 2_000, disputesLost: 3 },
  3: { rating: 4.0, reviewScore: 800, onTime: 80, volume: 8_000, disputesLost: 2 },
  4: { rating: 4.4, reviewScore: 880, onTime: 90, volume: 30_000, disputesLost: 1 },
  5: { rating: 4.7, reviewScore: 940, onTime: 95, volume: 80_000, disputesLost: 0 },
};

export const MIN_LEVEL = 1;
/**
 * Expert work: urgent (expedited) projects are offered only from this level up, to translators whose
 * record shows they deliver on time (matching.ts levelAllowsSql; ADR 0083).
 */
export const EXPERT_PROJECT_MIN_LEVEL = 2;
export const MAX_LEVEL = 5;

/** Whether one parameter meets the threshold of `level` (a value that could not be measured does not). */
export function meetsThreshold(param: LevelingParam, input: LevelingInput, level: 2 | 3 | 4 | 5): boolean {
  const t = LEVEL_THRESHOLDS[level];
  switch (param) {
    case 'disputesLost':
      return input.disputesLost <= t.disputesLost;
    case 'volume':
      return input.volume >= t.volume;
    default: {
      const value = input[param];
      return value !== null && value >= t[param];
    }
  }
}

/** The highest level whose five thresholds are all met; 1 when none is. */
export function levelOf(input: LevelingInput): number {
  let level = MIN_LEVEL;
  for (const next of [2, 3, 4, 5] as const) {
    if (!LEVELING_PARAMS.every((p) => meetsThreshold(p, input, next))) break;
    level = next;
  }
  return level;
}

/**
 * The level to store: the formula's when there is enough evidence, otherwise the current one
 * (a new translator keeps level 1; a level an admin set stays until the work speaks).
 */
export function nextStoredLevel(current: number, input: LevelingInput): number {
  if (input.completedProjects < LEVELING_MIN_PROJECTS) return current;
  return levelOf(input);
}

export interface LevelingParamState {
  key: LevelingParam;
  label: string;
  value: number | null;
  /** the threshold of the next level (null at level 5) */
  nextThreshold: number | null;
  /** whether it meets the next level's threshold (true at level 5) */
  meetsNext: boolean;
}

/** Each parameter beside the next level's threshold: what the dashboard shows. */
export function levelingParams(input: LevelingInput, level: number): LevelingParamState[] {
  const next = level >= MAX_LEVEL ? null : ((Math.max(MIN_LEVEL, level) + 1) as 2 | 3 | 4 | 5);
  return LEVELING_PARAMS.map((key) => ({
    key,
    label: LEVELING_PARAM_LABELS[key],
    value: input[key],
    nextThreshold: next ? LEVEL_THRESHOLDS[next][key] : null,
    meetsNext: next ? meetsThreshold(key, input, next) : true,
  }));
}
