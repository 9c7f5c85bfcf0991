import type { Clock } from './clock';
import { newTaskId, withLogFields } from './log-context';

// The server's timed work (ADR 0029). Tasks find what is due by
// scanning the database state, never by remembering timers, so a restart neither misses nor
// repeats a move: a task that ran before the crash left its rows changed, and one that did not
// finds them still due. `runOnce` is what the interval calls and what tests call with a TestClock.

export interface ScheduledTask {
  name: string;
  /** how often at most (0: on every run) */
  everyMs: number;
  /** does its work as of `now`; answers how many things it changed */
  run(now: Date): Promise<number>;
}

export interface SchedulerRun {
  /** task name -> what it changed; tasks that were not due, or that another instance was running, are left out */
  changed: Record<string, number>;
  /** task name -> error message */
  failed: Record<string, string>;
}

export interface Scheduler {
  add(task: ScheduledTask): void;
  /** runs every due task once, one after the other; concurrent calls wait for the running one */
  runOnce(): Promise<SchedulerRun>;
  /** runs one task now, due or not (after the run in progress, never beside it); work a request just created */
  runTask(name: string): Promise<SchedulerRun>;
  /** starts the interval (main.ts); a run never overlaps the previous one */
  start(intervalMs: number): void;
  /**
   * Stops the interval; no run starts afterwards. Waits for the run in progress, at most `waitMs`
   * (a stopping server lets the tick finish its task); answers whether it finished in time.
   */
  stop(waitMs?: number): Promise<boolean>;
}

/**
 * Runs `run` only when no other server instance on the database runs the task of that name now;
 * answers null when one does (the task is skipped this time: the other instance does its work).
 */
/** Told how each task run ended (platform/metrics.ts counts them); 'skipped': another instance held it. */
export interface SchedulerObserver {
  taskDone(task: string, outcome: 'ok' | 'failed' | 'skipped', seconds: number): void;
}

export type TaskLock = <T>(name: string, run: () => Promise<T>) => Promise<T | null>;

/** One process alone: its runs never overlap anyway. */
export const inProcessLock: TaskLock = (_name, run) => run();

export function createScheduler(
  clock: Clock,
  log: (message: string, err?: unknown) => void = () => {},
  lock: TaskLock = inProcessLock,
  observer?: SchedulerObserver,
): Scheduler {
  const tasks: ScheduledTask[] = [];
  const lastRun = new Map<string, number>();
  let running: Promise<SchedulerRun> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  async function runDue(only?: string): Promise<SchedulerRun> {
    const result: SchedulerRun = { changed: {}, failed: {} };
    for (const task of tasks) {
      if (stopped) break;
      const now = clock.now();
      if (only !== undefined) {
        if (task.name !== only) continue;
      } else {
        const last = lastRun.get(task.name);
        if (last !== undefined && now.getTime() - last < task.everyMs) continue;
        lastRun.set(task.name, now.getTime());
      }
      const started = performance.now();
      // every line the task logs (through the app's logger) names the task and this run of it
      const fields = { task: task.name, taskId: newTaskId() };
      try {
        const changed = await withLogFields(fields, () => lock(task.name, () => task.run(now)));
        if (changed !== null) result.changed[task.name] = changed;
        observer?.taskDone(task.name, changed === null ? 'skipped' : 'ok', (performance.now() - started) / 1000);
      } catch (err) {
        result.failed[task.name] = err instanceof Error ? err.message : String(err);
        withLogFields(fields, () => log(`scheduled task ${task.name} failed`, err));
        observer?.taskDone(task.name, 'failed', (performance.now() - started) / 1000);
      }
    }
    return result;
  }

  async function runExclusive(work: () => Promise<SchedulerRun>): Promise<SchedulerRun> {
    // wait for the run in progress; its failure was reported to its own caller
    while (running) await running.catch(() => undefined);
    running = work();
    try {
      return await running;
    } finally {
      running = null;
    }
  }

  const scheduler: Scheduler = {
    add(task) {
      if (tasks.some((t) => t.name === task.name)) throw new Error(`scheduled task ${task.name} exists`);
      tasks.push(task);
    },
    runOnce: () => runExclusive(() => runDue()),
    runTask: (name) => runExclusive(() => runDue(name)),
    start(intervalMs) {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        scheduler.runOnce().catch((err) => log('scheduler run failed', err));
      }, intervalMs);
      timer.unref();
    },
    async stop(waitMs = 0) {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      const inProgress = running;
      if (!inProgress) return true;
      let bound: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        inProgress.then(
          () => true,
          () => true,
        ),
        new Promise<boolean>((resolve) => {
          bound = setTimeout(() => resolve(false), waitMs);
        }),
      ]);
      clearTimeout(bound);
      return finished;
    },
  };
  return scheduler;
}
