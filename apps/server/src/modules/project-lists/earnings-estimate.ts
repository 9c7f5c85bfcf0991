import { editorEarnings, translatorEarnings } from '../projects/work-rules';

// What an open job would earn the translator asking (ADR 0028).
// The real earnings are fixed when the job is taken, by the same rules (modules/projects/work-rules.ts):
// the translator's share grows with the level; the editor's share is flat.

export type JobKind = 'translation' | 'editing';

/** Credits a translator of `level` would earn on a job of a project priced `priceCredits`. */
export function estimateEarnings(priceCredits: number, level: number, job: JobKind = 'translation'): number {
  return job === 'editing' ? editorEarnings(priceCredits) : translatorEarnings(priceCredits, level);
}
