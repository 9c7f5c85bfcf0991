import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { mtJobs, projects } from '../../db/schema';
import { MT_BATCH, MtError } from '../../platform/mt';
import type { Scheduler } from '../../platform/scheduler';
import { SegmentError } from '../../platform/segments';
import type { Services } from '../../platform/services';
import { type MtTaskDeps, mtTaskDeps } from './deps';
import { type MtSetup, setupOf, translateWithSetup } from './engine-choice';
import { finishJob, failJob } from './finish';
import { keyOf, type SourceFile, sourceFilesOf } from './source-files';

// The machine-translation task (ADR 0108): every scheduler run, under the task lock, it takes the
// due jobs one by one, translates the segments not yet translated in batches of MT_BATCH, saving
// each batch's translations and progress before the next, and finishes the job when all are done
// (finish.ts: the delivery of a machine-only project, the draft of a post-editing one). A restart
// finds the job still due and goes on from the last saved batch; a retryable engine failure waits
// and tries again, a bounded number of times.

export const MT_TASK = 'machine-translation.run';
/** Tries of an engine that fails with a retryable error, before the job fails for good. */
export const MT_MAX_ATTEMPTS = 5;
/** The wait before try n+1: 30 s, 1, 2, 4 minutes ... at most 30 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 30 * 60_000);
}

export interface MtRunLimits {
  /** stop after this many batches (tests: a stop half-way); the job stays due */
  maxBatches?: number;
  /** stop taking new batches after this long (a big job does not hold the scheduler's run) */
  budgetMs?: number;
}

type JobRow = typeof mtJobs.$inferSelect;

/** Translates the due jobs; answers how many batches or finishes it made. */
export async function runMtJobs(deps: MtTaskDeps, now: Date, limits: MtRunLimits = {}): Promise<number> {
  const due = await deps.db
    .select()
    .from(mtJobs)
    .where(and(inArray(mtJobs.state, ['queued', 'running']), lte(mtJobs.nextAttemptAt, now)))
    .orderBy(asc(mtJobs.nextAttemptAt), asc(mtJobs.id))
    .limit(20);
  const started = Date.now();
  const budget = {
    batches: limits.maxBatches ?? Number.POSITIVE_INFINITY,
    until: started + (limits.budgetMs ?? 60_000),
  };
  let changed = 0;
  for (const job of due) {
    if (budget.batches <= 0 || Date.now() > budget.until) break;
    changed += await runJob(deps, job, now, budget);
  }
  return changed;
}

async function runJob(
  deps: MtTaskDeps,
  job: JobRow,
  now: Date,
  budget: { batches: number; until: number },
): Promise<number> {
  const [project] = await deps.db.select().from(projects).where(eq(projects.id, job.projectId));
  if (!project || project.status === 'CANCELLED' || project.status === 'COMPLETED') {
    await closeJob(deps, job.id, now, 'The project was closed before the machine translation ended.');
    return 1;
  }
  let setup: MtSetup;
  let files: SourceFile[];
  try {
    setup = await setupOf(deps.db, deps.mt, project);
    files = await sourceFilesOf(deps.db, deps.storage, project, setup.source.iso, deps.fetchPage);
    if (files.length === 0) throw new MtError('The order has no file to translate.', false);
  } catch (error) {
    return failed(deps, job, now, error);
  }
  const translations = { ...job.translations };
  const pending = files.flatMap((file) =>
    file.segments
      .filter((s) => translations[keyOf(file.id, s.id)] === undefined)
      .map((s) => ({ key: keyOf(file.id, s.id), segment: s })),
  );
  const all = files.flatMap((f) => f.segments);
  const totals = { segmentsTotal: all.length, wordsTotal: all.reduce((n, s) => n + s.words, 0) };
  let changed = 0;
  for (let at = 0; at < pending.length; at += MT_BATCH) {
    if (budget.batches <= 0 || Date.now() > budget.until) return changed;
    const batch = pending.slice(at, at + MT_BATCH);
    let targets: string[];
    try {
      targets = await translateWithSetup(
        setup,
        batch.map((b) => b.segment.source),
      );
    } catch (error) {
      return changed + (await failed(deps, job, now, error));
    }
    const saved: Record<string, string> = {};
    batch.forEach((b, i) => {
      saved[b.key] = targets[i];
      translations[b.key] = targets[i];
    });
    const done = all.length - pending.length + at + batch.length;
    await deps.db
      .update(mtJobs)
      .set({
        state: 'running',
        engine: setup.engine.slug,
        translations: sql`${mtJobs.translations} || ${JSON.stringify(saved)}::jsonb`,
        segmentsDone: done,
        wordsDone: wordsOf(files, translations),
        ...totals,
        updatedAt: new Date(),
      })
      .where(and(eq(mtJobs.id, job.id), inArray(mtJobs.state, ['queued', 'running'])));
    budget.batches -= 1;
    changed += 1;
  }
  try {
    await finishJob(deps, { ...job, ...totals, engine: setup.engine.slug }, project, files, translations, setup, now);
  } catch (error) {
    return changed + (await failed(deps, job, now, error));
  }
  return changed + 1;
}

function wordsOf(files: SourceFile[], translations: Record<string, string>): number {
  let words = 0;
  for (const f of files)
    for (const s of f.segments) if (translations[keyOf(f.id, s.id)] !== undefined) words += s.words;
  return words;
}

/** A failure: tried again later when it may pass and tries are left, otherwise the job fails for good. */
async function failed(deps: MtTaskDeps, job: JobRow, now: Date, error: unknown): Promise<number> {
  const message = error instanceof Error ? error.message : String(error);
  // an engine that says so, or trouble of our own (storage, database) may pass; a file that cannot merge will not
  const retryable = error instanceof MtError ? error.retryable : !(error instanceof SegmentError);
  const attempts = job.attempts + 1;
  if (retryable && attempts < MT_MAX_ATTEMPTS) {
    await deps.db
      .update(mtJobs)
      .set({
        attempts,
        lastError: message,
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
        updatedAt: new Date(),
      })
      .where(eq(mtJobs.id, job.id));
    deps.logger.warn({ err: error, projectId: job.projectId, attempts }, 'machine translation will be tried again');
    return 1;
  }
  deps.logger.error({ err: error, projectId: job.projectId }, 'machine translation failed');
  await failJob(deps, { ...job, attempts }, message, now);
  return 1;
}

async function closeJob(deps: MtTaskDeps, jobId: number, now: Date, note: string): Promise<void> {
  await deps.db
    .update(mtJobs)
    .set({ state: 'done', lastError: note, finishedAt: now, updatedAt: new Date() })
    .where(eq(mtJobs.id, jobId));
}

/** The scheduler's task: on every run (its runs never overlap, and on PostgreSQL one instance runs it). */
export function addMachineTranslationTask(scheduler: Scheduler, services: Services): void {
  const deps = mtTaskDeps(services);
  scheduler.add({ name: MT_TASK, everyMs: 0, run: (now) => runMtJobs(deps, now) });
}

/** After a payment: the task now, so a paid MT order starts at once rather than at the next tick. */
export function startMachineTranslation(services: Pick<Services, 'scheduler' | 'logger'>): void {
  void services.scheduler
    .runTask(MT_TASK)
    .catch((err) => services.logger.warn({ err }, 'machine translation run failed'));
}
