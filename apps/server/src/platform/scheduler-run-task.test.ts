import { describe, expect, it } from 'vitest';
import { TestClock } from '../test/harness';
import { createScheduler } from './scheduler';

// runTask: one task now, for work a request has just created (a paid machine-translation order),
// without running the other tasks or moving their timetable, and never beside a run in progress.

describe('scheduler.runTask', () => {
  it('runs only the named task, due or not, after the run in progress', async () => {
    const clock = new TestClock();
    const scheduler = createScheduler(clock);
    const ran: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    scheduler.add({
      name: 'slow',
      everyMs: 60_000,
      run: async () => {
        ran.push('slow');
        await gate;
        return 1;
      },
    });
    scheduler.add({
      name: 'quick',
      everyMs: 60_000,
      run: async () => {
        ran.push('quick');
        return 2;
      },
    });
    const first = scheduler.runOnce();
    const now = scheduler.runTask('quick');
    await new Promise((resolve) => setTimeout(resolve, 10));
    // the run in progress holds the slow task: runTask waits for it
    expect(ran).toEqual(['slow']);
    release();
    expect(await first).toEqual({ changed: { slow: 1, quick: 2 }, failed: {} });
    expect(await now).toEqual({ changed: { quick: 2 }, failed: {} });
    expect(ran).toEqual(['slow', 'quick', 'quick']);
    // runTask did not move the timetable: neither task is due again within the minute
    expect(await scheduler.runOnce()).toEqual({ changed: {}, failed: {} });
  });
});
